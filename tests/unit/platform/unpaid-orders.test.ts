// Outside attack 3, finding 4: an anonymous visitor's pay-on-delivery order took the stock at once (up to 9,999 a
// line): one request took two products to 0. The design (docs/decisions/0027-unpaid-orders-wait-for-their-buyer.md):
// a pay-on-delivery order waits for its buyer to confirm it from the e-mail sent to the checkout address; until then
// it takes no stock, and it is cancelled after 24 hours. A buyer (canonical e-mail) holds at most 10 units of a
// product in unpaid orders: more is paid by card.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Platform } from "../../../platform/index";
import {
  APP_ORIGIN,
  Browser,
  checkoutToPaymentPage,
  makeClient,
  pageText,
  PAY,
  payOnHostedPage,
  productBySlug,
  type Client,
} from "../../contract/harness";
import { useEmbeddedPlatform } from "../../support/platform";

const ON_DELIVERY = "Commander et payer à la livraison";
const handle = useEmbeddedPlatform({}, { getAppOrigin: () => APP_ORIGIN, getClient: () => "203.0.113.60" });

afterEach(() => vi.useRealTimers());

async function stockOf(client: Client, slug: string): Promise<number> {
  return (await productBySlug(client, slug)).stock?.quantity ?? Number.NaN;
}

async function orderOnDelivery(slug: string, quantity: number, email: string) {
  const client = makeClient();
  await client.auth.generateVisitorTokens();
  const { paymentUrl } = await checkoutToPaymentPage(client, [{ slug, quantity }], { email });
  const answer = await payOnHostedPage(handle.platform, paymentUrl, ON_DELIVERY);
  return { client, answer };
}

function confirmationLink(platform: Platform, email: string): string | undefined {
  const message = platform.outbox().find((m) => m.to === email && m.links.some((l) => /confirm/i.test(l.url)));
  return message?.links.find((l) => /confirm/i.test(l.url))?.url;
}

describe("pay-on-delivery orders wait for their buyer", () => {
  it("take no stock until the buyer confirms from the e-mail, then take it", async () => {
    const reader = makeClient();
    const before = await stockOf(reader, "livre-cloud");
    const { client, answer } = await orderOnDelivery("livre-cloud", 3, "confirme@exemple.fr");
    const orderId = new URL(answer.location!).searchParams.get("orderId")!;
    expect((await client.orders.getOrder(orderId)).status).toBe("INITIALIZED");
    expect(await stockOf(reader, "livre-cloud")).toBe(before);

    const link = confirmationLink(handle.platform, "confirme@exemple.fr");
    expect(link).toBeTruthy();
    const browser = new Browser(handle.platform);
    const page = await browser.get(link!);
    expect(page.res.status).toBe(200);
    const confirmed = await browser.submit(link!, page.html, "Confirmer ma commande", () => undefined);
    expect(pageText(await confirmed.text())).toContain("Commande confirmée");
    expect((await client.orders.getOrder(orderId)).status).toBe("APPROVED");
    expect(await stockOf(reader, "livre-cloud")).toBe(before - 3);
  });

  it("one request cannot take a product's stock: past 10 units unpaid, the buyer pays by card", async () => {
    const reader = makeClient();
    const before = await stockOf(reader, "livre-sql");
    const { answer } = await orderOnDelivery("livre-sql", before, "vide-stock@exemple.fr");
    expect(answer.location).toBeUndefined();
    expect(pageText(answer.html ?? "")).toContain("payez par carte");
    expect(await stockOf(reader, "livre-sql")).toBe(before);
  });

  it("a buyer cannot stack unpaid orders past 10 units of a product, whatever the spelling of the e-mail", async () => {
    expect((await orderOnDelivery("livre-git", 6, "empile@exemple.fr")).answer.location).toContain("orderId=");
    const second = await orderOnDelivery("livre-git", 6, "EMPILE@exemple.fr.");
    expect(second.answer.location).toBeUndefined();
    expect(pageText(second.answer.html ?? "")).toContain("payez par carte");
  });

  it("an order left unconfirmed is cancelled after 24 hours", async () => {
    const { client, answer } = await orderOnDelivery("livre-devops", 2, "oublie@exemple.fr");
    const orderId = new URL(answer.location!).searchParams.get("orderId")!;
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 24 * 3600 * 1000 + 60_000);
    expect((await client.orders.getOrder(orderId)).status).toBe("CANCELED");
    const link = confirmationLink(handle.platform, "oublie@exemple.fr")!;
    const page = await new Browser(handle.platform).get(link);
    expect(pageText(page.html)).toContain("annulée");
  });

  it("a card payment still takes the stock at once", async () => {
    const reader = makeClient();
    const before = await stockOf(reader, "livre-node");
    const client = makeClient();
    await client.auth.generateVisitorTokens();
    const { paymentUrl } = await checkoutToPaymentPage(client, [{ slug: "livre-node", quantity: 12 }], { email: "carte@exemple.fr" });
    expect((await payOnHostedPage(handle.platform, paymentUrl, PAY)).location).toContain("orderId=");
    expect(await stockOf(reader, "livre-node")).toBe(before - 12);
  });
});
