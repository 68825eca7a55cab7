// Shapes a real Wix site answers that the app can see (platform/README.md, "Fidelity to real Wix"), through the real SDK. Each expectation comes from
// the installed SDK's typings (cited) or the Wix documentation; embedded-only parts say why.
import { describe, expect, it } from "vitest";
import { orderTransactions } from "@wix/ecom";
import { createClient, OAuthStrategy } from "@wix/sdk";
import {
  clientId,
  DEMO,
  isWix,
  loginThroughHostedPage,
  makeClient,
  payOnHostedPage,
  productBySlug,
  productRef,
  rawApi,
  checkoutToPaymentPage,
  usePlatform,
  type Client,
} from "./harness";

const ctx = usePlatform();

const ALL_PRODUCTS = "00000000-000000-000000-000000000001";

async function cartWithTshirt(client: Client) {
  const p = await productBySlug(client, "t-shirt-typescript");
  const options = { Taille: "M", Couleur: "Noir" };
  const { cart } = await client.currentCart.addToCurrentCart({ lineItems: [{ ...productRef(p._id, options), quantity: 1 }] });
  return { cart: cart!, product: p, options };
}

describe("catalog: the All Products collection", () => {
  it("is in every product's collectionIds and answers getCollection", async () => {
    const client = makeClient();
    const res = await client.products.queryProducts().limit(100).find();
    expect(res.items.length).toBeGreaterThan(0);
    for (const p of res.items) expect(p.collectionIds).toContain(ALL_PRODUCTS);
    const all = await client.collections.getCollection(ALL_PRODUCTS);
    expect(all._id).toBe(ALL_PRODUCTS);
    expect(all.numberOfProducts).toBe(res.totalCount);
    const listed = await client.collections.queryCollections().limit(100).find();
    expect(listed.items.map((c) => c._id)).toContain(ALL_PRODUCTS);
  });
});

describe.skipIf(isWix)("cart, checkout and order shapes (seeded products)", () => {
  it("cart lines: lineType + deprecated color, couponScopes, policies, originalPrice, fullPrice; options echoed as sent", async () => {
    const client = makeClient();
    const { cart, product, options } = await cartWithTshirt(client);
    const line = cart.lineItems![0]! as Record<string, any>;
    expect(line.catalogReference.options).toEqual({ options });
    const lines = line.descriptionLines as Array<Record<string, any>>;
    expect(lines.map((d) => d.lineType)).toEqual(["UNRECOGNISED", "COLOR"]);
    expect(lines[1]!.color).toBe("Noir");
    expect(lines.some((d) => "lineItemOptionType" in d)).toBe(false);
    expect(line.couponScopes).toContainEqual({ namespace: "stores", group: { name: "product", entityId: product._id } });
    expect(line.couponScopes).toContainEqual({ namespace: "stores", group: { name: "collection", entityId: ALL_PRODUCTS } });
    expect(line.policies).toEqual([]);
    expect(line.originalPrice).toMatch(/^\d+\.\d{2}$/);
    expect(line.fullPrice.amount).toBe(line.originalPrice);
    const c = cart as Record<string, any>;
    expect(c.purchaseFlowId).toMatch(/^[0-9a-f-]{36}$/);
    expect(c.discount.amount).toBe("0.00");
  });

  it("estimate-totals and checkout carry calculationErrors even when empty; the checkout says taxIncludedInPrice", async () => {
    const client = makeClient();
    await cartWithTshirt(client);
    const est = (await client.currentCart.estimateCurrentCartTotals({})) as Record<string, any>;
    expect(est.calculationErrors).toEqual({ orderValidationErrors: [] });
    const { checkoutId } = await client.currentCart.createCheckoutFromCurrentCart({
      channelType: "WEB",
      shippingAddress: { addressLine1: "1 rue de la Paix", city: "Paris", postalCode: "75002", country: "FR" },
    });
    const co = (await client.checkout.getCheckout(checkoutId!)) as Record<string, any>;
    expect(co.calculationErrors).toEqual({ orderValidationErrors: [] });
    expect(co.taxIncludedInPrice).toBe(true);
    expect("taxIncludedInPrices" in co).toBe(false);
    expect(co.createdBy.visitorId).toBe(co.buyerInfo.visitorId);
    expect(co.shippingInfo.shippingDestination.address.countryFullname).toBe("France");
    expect(co.purchaseFlowId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("orders: checkoutId, purchaseFlowId, taxInfo, createdBy, attributionSource, tags, empty buyerNote, full balanceSummary, activities' type; transactions", async () => {
    const { client } = await loginThroughHostedPage(ctx.platform, DEMO);
    const { cart } = await cartWithTshirt(client);
    const flow = (cart as Record<string, any>).purchaseFlowId as string;
    const { checkoutId, paymentUrl } = await checkoutToPaymentPage(client, []);
    const paid = await payOnHostedPage(ctx.platform, paymentUrl);
    const orderId = new URL(paid.location!).searchParams.get("orderId")!;
    const order = (await client.orders.getOrder(orderId)) as Record<string, any>;
    expect(order.checkoutId).toBe(checkoutId);
    expect(order.purchaseFlowId).toBe(flow);
    expect(order.taxInfo.totalTax.amount).toBe(order.priceSummary.tax.amount);
    expect(order.taxInfo.taxExempt).toBe(false);
    expect(order.createdBy.memberId).toBe(order.buyerInfo.memberId);
    expect(order.attributionSource).toBe("UNSPECIFIED");
    expect(order.tags).toEqual({ privateTags: { tagIds: [] }, tags: { tagIds: [] } });
    expect(order.buyerNote).toBe("");
    expect(Object.keys(order.balanceSummary).sort()).toEqual([
      "authorized",
      "balance",
      "chargeback",
      "chargebackReversal",
      "paid",
      "pending",
      "pendingRefund",
      "platformFees",
      "refunded",
      "totalMinusPlatformFees",
    ]);
    expect(order.balanceSummary.paid.amount).toBe(order.priceSummary.total.amount);
    expect(order.balanceSummary.balance.amount).toBe("0.00");
    for (const a of order.activities) {
      expect(typeof a.type).toBe("string");
      expect(a.activityType).toBeUndefined();
    }
    expect(order.lineItems[0].catalogReference.options).toEqual({ options: { Taille: "M", Couleur: "Noir" } });
    expect(order.lineItems[0].descriptionLines.map((d: { lineType: string }) => d.lineType)).toEqual(["UNRECOGNISED", "COLOR"]);

    const tx = createClient({ modules: { orderTransactions }, auth: OAuthStrategy({ clientId, tokens: client.auth.getTokens() }) });
    const { orderTransactions: t } = await tx.orderTransactions.listTransactionsForSingleOrder(orderId);
    expect(t?.orderId).toBe(orderId);
    expect(t?.payments).toHaveLength(1);
    expect(t?.payments?.[0]?.amount?.amount).toBe(order.priceSummary.total.amount);
    expect(t?.payments?.[0]?.regularPaymentDetails?.status).toBe("APPROVED");
    expect(t?.refunds).toEqual([]);
    // Someone else's order is not found.
    const stranger = createClient({ modules: { orderTransactions }, auth: OAuthStrategy({ clientId }) });
    await expect(stranger.orderTransactions.listTransactionsForSingleOrder(orderId)).rejects.toMatchObject({
      details: { applicationError: { code: "ORDER_NOT_FOUND" } },
    });
  });
});

describe.skipIf(isWix)("members fieldsets (members `Set` enum docs)", () => {
  it("PUBLIC: id, contactId, profile, statuses UNKNOWN; EXTENDED: loginEmail and the real statuses", async () => {
    const { client } = await loginThroughHostedPage(ctx.platform, DEMO);
    const pub = (await client.members.getCurrentMember({ fieldsets: ["PUBLIC"] })).member as Record<string, any>;
    expect(pub.contactId).toMatch(/^[0-9a-f-]{36}$/);
    expect([pub.status, pub.privacyStatus, pub.activityStatus]).toEqual(["UNKNOWN", "UNKNOWN", "UNKNOWN"]);
    expect(pub.loginEmail).toBeUndefined();
    const ext = (await client.members.getCurrentMember({ fieldsets: ["EXTENDED"] })).member as Record<string, any>;
    expect(ext.loginEmail).toBe(DEMO.email);
    expect(ext.status).toBe("APPROVED");
    expect(ext.activityStatus).toBe("ACTIVE");
    expect(ext.contactId).toBe(pub.contactId);
    expect(ext.contact).toBeUndefined();
    const full = (await client.members.getCurrentMember({ fieldsets: ["FULL"] })).member as Record<string, any>;
    expect(full.contact.firstName).toBe(DEMO.firstName);
  });
});

describe("oauth2/token-info", () => {
  it("answers the SDK's POST {token}", async () => {
    const client = makeClient();
    const tokens = await client.auth.generateVisitorTokens();
    const res = await rawApi("/oauth2/token-info", { body: { token: tokens.accessToken.value } });
    expect(res.status).toBe(200);
    const info = (await res.json()) as Record<string, unknown>;
    expect(info.clientId).toBe(clientId);
    expect(info.subjectType).toBe("VISITOR");
  });
});
