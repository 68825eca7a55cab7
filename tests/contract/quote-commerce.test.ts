// The quote flow's Wix calls through the real SDK on the site's API key: Wix Data items (the quote's records), Draft
// Orders (a priced order built by the merchant, then an order), Order Payment Requests (a deposit and a balance paid on
// the hosted page, expiry, void) and the redirect session that sends a client to pay one with the site's callbacks.
import { describe, expect, it } from "vitest";
import { ApiKeyStrategy, createClient } from "@wix/sdk";
import { items } from "@wix/data";
import { products } from "@wix/stores";
import { draftOrders, orderPaymentRequests, orders, orderTransactions } from "@wix/ecom";
import {
  APP_ORIGIN,
  Browser,
  cardFill,
  DEMO,
  isWix,
  loginThroughHostedPage,
  makeClient,
  quoteDraftOrder,
  rejection,
  STORES_APP_ID,
  usePlatform,
} from "./harness";

const API_KEY = "contract-api-key-0123456789abcdef";
const ctx = usePlatform({ apiKey: API_KEY });
const admin = () =>
  createClient({
    modules: { items, draftOrders, orderPaymentRequests, orders, orderTransactions },
    auth: ApiKeyStrategy({ apiKey: API_KEY, siteId: "" }),
  });

const code = (e: { details?: { applicationError?: { code?: unknown } } }) => e.details?.applicationError?.code;

/** A draft of 5 days at 780 € (VAT included), a 10 % discount and 54,60 € of travel costs, billed to a French company. */
async function draft() {
  const { calculatedDraftOrder } = await admin().draftOrders.createDraftOrder({
    draftOrder: quoteDraftOrder("Développement", 5, "claire@exemple.fr"),
  });
  return calculatedDraftOrder!.draftOrder!;
}

describe.skipIf(isWix)("Wix Data items on the site's API key", () => {
  it("inserts, reads, replaces and queries items; an id taken is WDE0074, a missing one reads null", async () => {
    const data = admin().items;
    await data.insert("Quotes", { _id: "D-2026-0001-v1", number: "D-2026-0001", version: 1, status: "DRAFT" });
    await data.insert("Quotes", { _id: "D-2026-0002-v1", number: "D-2026-0002", version: 1, status: "SENT" });
    const taken = await rejection(() => data.insert("Quotes", { _id: "D-2026-0001-v1", number: "x" }));
    expect(code(taken)).toBe("WDE0074");
    expect(await data.get("Quotes", "D-2026-0009-v1")).toBeNull();
    await data.update("Quotes", { _id: "D-2026-0001-v1", number: "D-2026-0001", version: 1, status: "SENT" });
    expect(await data.get("Quotes", "D-2026-0001-v1")).toMatchObject({ status: "SENT", _id: "D-2026-0001-v1" });
    const sent = await data.query("Quotes").eq("status", "SENT").descending("number").find();
    expect(sent.items.map((i) => i.number)).toEqual(["D-2026-0002", "D-2026-0001"]);
  });

  it("an item added to SiteEmails is e-mailed by the site's automation", async () => {
    await admin().items.insert("SiteEmails", {
      to: "claire@exemple.fr",
      subject: "Votre devis D-2026-0001",
      text: "Bonjour",
      links: [{ label: "Voir le devis", url: `${APP_ORIGIN}/devis?jeton=x` }],
    });
    const mail = ctx.platform.outbox().find((m) => m.subject === "Votre devis D-2026-0001");
    expect(mail).toMatchObject({ to: "claire@exemple.fr", kind: "site-automation", links: [{ label: "Voir le devis" }] });
  });

  it("refuses visitors, unknown collections", async () => {
    const visitor = createClient({ modules: { items }, auth: ApiKeyStrategy({ apiKey: "not-the-key-0123456789abcdef", siteId: "" }) });
    expect(code(await rejection(() => visitor.items.get("Quotes", "x")))).toMatch(/UNAUTHENTICATED|PERMISSION_DENIED/);
    expect(code(await rejection(() => admin().items.insert("Nope", { a: 1 })))).toBe("WDE0025");
  });
});

describe.skipIf(isWix)("Draft Orders", () => {
  it("prices custom lines, an applied discount and a taxable fee with the site's VAT", async () => {
    const d = await draft();
    expect(d.status).toBe("DRAFT");
    expect(d.priceSummary?.subtotal?.amount).toBe("3900.00");
    expect(d.priceSummary?.discount?.amount).toBe("390.00");
    expect(d.priceSummary?.totalAdditionalFees?.amount).toBe("54.60");
    expect(d.priceSummary?.total?.amount).toBe("3564.60");
    expect(d.priceSummary?.tax?.amount).toBe("594.10");
  });

  it("adds a catalog line at its catalog price", async () => {
    const d = await draft();
    const product = await firstService();
    const { calculatedDraftOrder } = await admin().draftOrders.addLineItemsToDraftOrder(d._id!, {
      catalogLineItems: [{ catalogReference: { catalogItemId: product, appId: STORES_APP_ID }, quantity: 1 }],
    });
    expect(calculatedDraftOrder?.draftOrder?.lineItems).toHaveLength(2);
  });

  it("refuses bad lines as Wix's validation errors, a discount with both amount and percentage, an unknown draft", async () => {
    const bad = await rejection(() =>
      admin().draftOrders.createDraftOrder({
        draftOrder: { customLineItems: [{ productName: { original: "" }, price: { amount: "-1" }, quantity: 0 }] },
      }),
    );
    expect(bad.message).toMatch(/productName\.original.*|price\.amount/);
    const both = await rejection(() =>
      admin().draftOrders.createDraftOrder({
        draftOrder: { discounts: [{ percentage: "10", priceAmount: { amount: "5" }, discountType: "GLOBAL" }] },
      }),
    );
    expect(both.message).toMatch(/exactly one of priceAmount and percentage/);
    expect(code(await rejection(() => admin().draftOrders.getDraftOrder("00000000-0000-4000-8000-000000000000")))).toBe(
      "DRAFT_ORDER_DOES_NOT_EXIST",
    );
  });

  it("creates an approved, unpaid order from the draft once; the committed draft cannot be deleted", async () => {
    const d = await draft();
    const made = await admin().draftOrders.createOrderFromDraft(d._id!, {
      createSettings: { notifications: { sendNotificationToBuyer: false, sendNotificationsToBusiness: false } },
    });
    expect(made.createdOrder).toMatchObject({ status: "APPROVED", paymentStatus: "NOT_PAID" });
    expect(made.createdOrder?.priceSummary?.total?.amount).toBe("3564.60");
    expect(made.committedDraftOrder?.status).toBe("COMMITTED");
    expect(code(await rejection(() => admin().draftOrders.createOrderFromDraft(d._id!, {})))).toBe("DRAFT_ORDER_ALREADY_COMMITTED");
    expect(code(await rejection(() => admin().draftOrders.deleteDraftOrder(d._id!)))).toBe("DRAFT_ORDER_CANNOT_BE_DELETED");
  });

  it("a draft without a billing address cannot be taxed into an order; a deleted draft is gone", async () => {
    const { calculatedDraftOrder } = await admin().draftOrders.createDraftOrder({
      draftOrder: { customLineItems: [{ productName: { original: "Audit" }, price: { amount: "100.00" }, quantity: 1 }] },
    });
    const id = calculatedDraftOrder!.draftOrder!._id!;
    expect(code(await rejection(() => admin().draftOrders.createOrderFromDraft(id, {})))).toBe(
      "BILLING_ADDRESS_REQUIRED_FOR_TAX_CALCULATION",
    );
    await admin().draftOrders.deleteDraftOrder(id);
    expect(code(await rejection(() => admin().draftOrders.getDraftOrder(id)))).toBe("DRAFT_ORDER_DOES_NOT_EXIST");
  });

  it("is refused to a visitor's token", async () => {
    const visitor = makeClient();
    const v = createClient({ modules: { draftOrders }, auth: visitor.auth });
    expect(code(await rejection(() => v.draftOrders.getDraftOrder("x")))).toBe("PERMISSION_DENIED");
  });
});

/** A catalog product (the contract platform runs Catalog V1). */
async function firstService(): Promise<string> {
  const c = createClient({ modules: { products }, auth: ApiKeyStrategy({ apiKey: API_KEY, siteId: "" }) });
  const r = await c.products.queryProducts().limit(1).find();
  expect(r.items[0]?._id).toBeTruthy();
  return r.items[0]!._id!;
}

async function order() {
  const d = await draft();
  const made = await admin().draftOrders.createOrderFromDraft(d._id!, {
    createSettings: { notifications: { sendNotificationToBuyer: false, sendNotificationsToBusiness: false } },
  });
  return made.createdOrder!;
}

/** Pays a request on its hosted page with the test card, as a browser would; follows the hosted pages' redirects. */
async function payOnPage(url: string) {
  const browser = new Browser(ctx.platform);
  const page = await browser.get(url);
  expect(page.res.status).toBe(200);
  const res = await browser.submit(url, page.html, /^Payer/, (name) =>
    name === "cardNumber"
      ? "4242 4242 4242 4242"
      : name === "expiry"
        ? "12/40"
        : name === "cvc"
          ? "123"
          : name === "holder"
            ? "Claire Martin"
            : undefined,
  );
  return browser.followToExit(res, url);
}

describe.skipIf(isWix)("Order Payment Requests (Developer Preview)", () => {
  it("a deposit then the balance, paid on the hosted page: PARTIALLY_PAID, then PAID, one payment each", async () => {
    const o = await order();
    const opr = admin().orderPaymentRequests;
    const deposit = await opr.createOrderPaymentRequest({
      orderPaymentRequest: {
        orderId: o._id!,
        amount: { amount: "1069.38" },
        title: "Acompte",
        source: { externalId: "D-2026-0001-v1-acompte" },
      },
    });
    expect(deposit).toMatchObject({ status: "UNPAID", orderId: o._id, amount: { amount: "1069.38" } });
    const { orderPaymentRequestUrl } = await opr.getOrderPaymentRequestUrl(deposit._id!);
    expect(orderPaymentRequestUrl!.length).toBeLessThanOrEqual(100);
    // No thank-you page to go back to: the page itself (a GET after the POST) says the request is paid.
    const done = await payOnPage(orderPaymentRequestUrl!);
    expect(done.res.status).toBe(200);
    expect(done.html).toContain("déjà réglée");
    expect((await opr.getOrderPaymentRequest(deposit._id!)).status).toBe("PAID");
    expect((await admin().orders.getOrder(o._id!)).paymentStatus).toBe("PARTIALLY_PAID");
    const over = await rejection(() =>
      opr.createOrderPaymentRequest({ orderPaymentRequest: { orderId: o._id!, amount: { amount: "3000.00" }, title: "Trop" } }),
    );
    expect(over.message).toMatch(/must not exceed the order's balance/);
    const balance = await opr.createOrderPaymentRequest({
      orderPaymentRequest: { orderId: o._id!, amount: { amount: "2495.22" }, title: "Solde" },
    });
    const session = await makeClient().redirects.createRedirectSession({
      ecomOrderPaymentRequest: { paymentRequestId: balance._id! },
      callbacks: { thankYouPageUrl: `${APP_ORIGIN}/devis/merci`, postFlowUrl: `${APP_ORIGIN}/devis` },
    });
    const paid = await payOnPage(session.redirectSession!.fullUrl!);
    expect(paid.location).toBe(`${APP_ORIGIN}/devis/merci?orderId=${o._id}`);
    const after = await admin().orders.getOrder(o._id!);
    expect(after.paymentStatus).toBe("PAID");
    expect(after.balanceSummary?.balance?.amount).toBe("0.00");
    const { orderTransactions: tx } = await admin().orderTransactions.listTransactionsForSingleOrder(o._id!);
    expect(tx?.payments?.map((p) => p.amount?.amount)).toEqual(["1069.38", "2495.22"]);
    const byOrder = await opr.queryOrderPaymentRequests().eq("orderId", o._id!).find();
    expect(byOrder.items.map((r) => r.status)).toEqual(["PAID", "PAID"]);
  });

  it("a request past its expiry is EXPIRED and its page takes no payment; a voided one says so; a paid one cannot be voided", async () => {
    const o = await order();
    const opr = admin().orderPaymentRequests;
    const late = await opr.createOrderPaymentRequest({
      orderPaymentRequest: { orderId: o._id!, amount: { amount: "100.00" }, title: "Acompte", expirationDate: new Date(Date.now() - 1000) },
    });
    expect(late.status).toBe("EXPIRED");
    const page = await new Browser(ctx.platform).get((await opr.getOrderPaymentRequestUrl(late._id!)).orderPaymentRequestUrl!);
    expect(page.html).toContain("a expiré");
    expect(page.html).not.toContain("Numéro de carte");
    expect(code(await rejection(() => opr.voidOrderPaymentRequest(late._id!)))).toBe("CANNOT_VOID_EXPIRED_ORDER_PAYMENT_REQUEST");
    const open = await opr.createOrderPaymentRequest({
      orderPaymentRequest: { orderId: o._id!, amount: { amount: "100.00" }, title: "Acompte" },
    });
    await opr.voidOrderPaymentRequest(open._id!);
    await opr.voidOrderPaymentRequest(open._id!);
    expect((await opr.getOrderPaymentRequest(open._id!)).status).toBe("VOIDED");
    const paid = await opr.createOrderPaymentRequest({
      orderPaymentRequest: { orderId: o._id!, amount: { amount: "100.00" }, title: "Acompte" },
    });
    await payOnPage((await opr.getOrderPaymentRequestUrl(paid._id!)).orderPaymentRequestUrl!);
    expect(code(await rejection(() => opr.voidOrderPaymentRequest(paid._id!)))).toBe("CANNOT_VOID_PAID_ORDER_PAYMENT_REQUEST");
  });

  it("a declined card pays nothing; an unknown request is ORDER_PAYMENT_REQUEST_NOT_FOUND", async () => {
    const o = await order();
    const opr = admin().orderPaymentRequests;
    const r = await opr.createOrderPaymentRequest({
      orderPaymentRequest: { orderId: o._id!, amount: { amount: "100.00" }, title: "Acompte" },
    });
    const url = (await opr.getOrderPaymentRequestUrl(r._id!)).orderPaymentRequestUrl!;
    const browser = new Browser(ctx.platform);
    const page = await browser.get(url);
    const res = await browser.submit(url, page.html, /^Payer/, cardFill("4000 0000 0000 0002"));
    expect(res.status).toBe(303);
    expect((await browser.followToExit(res, url)).html).toContain("Paiement refusé");
    expect((await opr.getOrderPaymentRequest(r._id!)).status).toBe("UNPAID");
    expect(code(await rejection(() => opr.getOrderPaymentRequest("00000000-0000-4000-8000-000000000000")))).toBe(
      "ORDER_PAYMENT_REQUEST_NOT_FOUND",
    );
  });
});

describe.skipIf(isWix)("the quote flow's calls are the site's API key's alone", () => {
  it("refuses every one of them to a visitor's token and to a member's, as app-identity methods", async () => {
    const { tokens } = await loginThroughHostedPage(ctx.platform, DEMO);
    for (const auth of [makeClient().auth, makeClient(tokens).auth]) {
      const c = createClient({ modules: { items, draftOrders, orderPaymentRequests }, auth });
      const calls: Array<() => Promise<unknown>> = [
        () => c.items.get("Quotes", "D-2026-0001-v1"),
        () => c.items.query("Quotes").find(),
        () => c.items.insert("SiteEmails", { to: "claire@exemple.fr", subject: "Votre devis" }),
        () => c.items.update("QuoteAnswers", { _id: "D-2026-0001-v1", decision: "ACCEPTED" }),
        () => c.draftOrders.createDraftOrder({ draftOrder: {} }),
        () => c.draftOrders.getDraftOrder("x"),
        () => c.draftOrders.createOrderFromDraft("x"),
        () => c.draftOrders.deleteDraftOrder("x"),
        () =>
          c.orderPaymentRequests.createOrderPaymentRequest({ orderPaymentRequest: { orderId: "x", amount: { amount: "1" }, title: "t" } }),
        () => c.orderPaymentRequests.getOrderPaymentRequest("x"),
        () => c.orderPaymentRequests.getOrderPaymentRequestUrl("x"),
        () => c.orderPaymentRequests.voidOrderPaymentRequest("x"),
        () => c.orderPaymentRequests.queryOrderPaymentRequests().find(),
      ];
      for (const call of calls) expect(code(await rejection(call))).toBe("PERMISSION_DENIED");
    }
  });
});
