// VAT by product and delivery by region through the real @wix/ecom SDK (docs/decisions/0082-vat-by-product.md): the
// demo site's tax groups (products 20 %, books 5.5 %, services 20 %) and tax regions (the EU at France's rates, none
// elsewhere), its delivery regions (France 4,90 €, the EU 9,90 €, the rest of the world 19,90 €).
import { describe, expect, it } from "vitest";
import { ApiKeyStrategy, createClient } from "@wix/sdk";
import { cartV2, orders } from "@wix/ecom";
import { cents, isWix, makeClient, productBySlug, productRef, rejection, usePlatformCapturingWebhooks, type Client } from "./harness";

const API_KEY = "vat-delivery-api-key-0123456789abcdef";
const SITE_ID = "vat-delivery-site";
usePlatformCapturingWebhooks({ apiKey: API_KEY, siteId: SITE_ID });
const admin = () => createClient({ modules: { cartV2, orders }, auth: ApiKeyStrategy({ apiKey: API_KEY, siteId: SITE_ID }) });

const vat = (gross: number, rate: number) => Math.round((gross * rate) / (100 + rate));

async function item(client: Client, slug: string, quantity = 1) {
  const p = await productBySlug(client, slug);
  return { catalogReference: productRef(p._id).catalogReference, quantity };
}

/** A book (39 €), a mug (11,20 €) and an audit (a service), shipped to `country` by the standard delivery. */
async function cartTo(client: Client, country: string) {
  await client.currentCartV2.addLineItemsToCurrentCart({
    catalogItems: [await item(client, "livre-typescript"), await item(client, "mug-it-works"), await item(client, "audit-si")],
  });
  const address = { addressLine1: "1 Main Street", city: "Ville", postalCode: "12345", country };
  await client.currentCartV2.updateCurrentCart({
    customerInfo: { firstName: "Ana", lastName: "Lima", email: "ana@exemple.fr" },
    deliveryInfo: { address, method: { code: "standard" } },
    paymentInfo: { billingAddress: address },
  });
  return (await client.currentCartV2.calculateCurrentCart()).summary!;
}

describe.skipIf(isWix)("VAT by product and destination, delivery by region", () => {
  it("France: each product's rate, the delivery at the highest rate of the goods it carries", async () => {
    const client = makeClient();
    const summary = await cartTo(client, "FR");
    const audit = cents(summary.lineItems![2]!.totalPrice?.amount);
    expect(summary.priceSummary?.delivery?.amount).toBe("4.90");
    expect(summary.taxSummary?.taxes?.map((t) => [t.name?.translated, cents(t.amount?.amount)])).toEqual([
      ["TVA 20 %", vat(1120, 20) + vat(audit, 20) + vat(490, 20)],
      ["TVA 5,5 %", vat(3900, 5.5)],
    ]);
    expect(summary.taxSummary?.lineItemTaxes?.map((t) => t.rate)).toEqual(["0.055", "0.2", "0.2"]);
    expect(summary.taxSummary?.totalExempt?.amount).toBe("0.00");
  });

  it("the EU: France's rates (distance sales) and the EU delivery, 9,90 €", async () => {
    const summary = await cartTo(makeClient(), "BE");
    expect(summary.priceSummary?.delivery?.amount).toBe("9.90");
    expect(summary.taxSummary?.taxes?.map((t) => t.name?.translated)).toEqual(["TVA 20 %", "TVA 5,5 %"]);
    expect(summary.taxSummary?.deliveryTax?.amount).toBe((vat(990, 20) / 100).toFixed(2));
  });

  it("outside the EU: goods and their delivery without VAT, the service still at 20 %; prices unchanged", async () => {
    const client = makeClient();
    const summary = await cartTo(client, "JP");
    const audit = cents(summary.lineItems![2]!.totalPrice?.amount);
    expect(summary.priceSummary?.subtotal?.amount).toBe(((3900 + 1120 + audit) / 100).toFixed(2));
    expect(summary.priceSummary?.delivery?.amount).toBe("19.90");
    expect(summary.taxSummary?.taxes?.map((t) => [t.name?.translated, cents(t.amount?.amount)])).toEqual([["TVA 20 %", vat(audit, 20)]]);
    expect(cents(summary.taxSummary?.totalExempt?.amount)).toBe(3900 + 1120 + 1990);
    expect(summary.taxSummary?.lineItemTaxes?.map((t) => t.rate)).toEqual(["0", "0", "0.2"]);

    // The order keeps it: its rates collected, each line's rate, the delivery untaxed.
    const { cart } = await client.currentCartV2.getCurrentCart();
    const { orderId } = await admin().cartV2.placeOrder(cart!._id!);
    const order = await admin().orders.getOrder(orderId!);
    expect(order.taxInfo?.taxBreakdown?.map((b) => [b.taxName, b.rate, b.jurisdiction])).toEqual([["TVA 20 %", "0.2", "JP"]]);
    expect(order.lineItems?.map((l) => l.taxDetails?.taxRate)).toEqual(["0", "0", "0.2"]);
    expect(order.shippingInfo?.cost?.taxDetails?.totalTax?.amount).toBe("0.00");
    expect(order.shippingInfo?.logistics?.deliveryTime).toBe("7 à 15 jours ouvrés");
  });

  it("a pickup is taxed where the shop is, whatever the buyer's country", async () => {
    const client = makeClient();
    await cartTo(client, "JP");
    await client.currentCartV2.updateCurrentCart({ deliveryInfo: { address: null as never, method: { code: "pickup" } } });
    const summary = (await client.currentCartV2.calculateCurrentCart()).summary!;
    expect(summary.priceSummary?.delivery?.amount).toBe("0.00");
    expect(summary.taxSummary?.taxes?.map((t) => t.name?.translated)).toEqual(["TVA 20 %", "TVA 5,5 %"]);
  });

  it("delivery solutions follow the destination's region; a country that is not an ISO code is refused", async () => {
    const client = makeClient();
    const { cart } = await client.currentCartV2.addLineItemsToCurrentCart({ catalogItems: [await item(client, "livre-typescript")] });
    const items = cart!.lineItems!.map((l) => ({ _id: l._id!, quantity: 1, catalogReference: l.source!.catalogReference! }));
    const offer = async (country: string) =>
      (await client.deliverySolutions.getDeliverySolutions(items, { destination: { country }, currency: "EUR" })).deliverySolutions!;
    const standard = async (country: string) => (await offer(country)).find((s) => s.code === "standard")!;
    expect([(await standard("FR")).cost?.deliveryPrice?.amount, (await standard("FR")).logistics?.deliveryTime]).toEqual([
      "4.90",
      "3 à 5 jours ouvrés",
    ]);
    expect((await standard("DE")).cost?.deliveryPrice?.amount).toBe("9.90");
    const japan = await standard("JP");
    expect([japan.cost?.deliveryPrice?.amount, japan.logistics?.deliveryTime]).toEqual(["19.90", "7 à 15 jours ouvrés"]);
    expect(japan.deliveryAllocations?.[0]?.deliveryRegion?.name).toBe("Reste du monde");
    const refused = await rejection(() => offer("Japon"));
    expect(refused.details?.validationError?.fieldViolations?.[0]?.field).toMatch(/destination\.country$/);
  });
});
