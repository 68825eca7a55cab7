// Checkout → hosted payment page → order, and the orders API, through the real @wix/ecom and @wix/redirects SDK.
import { describe, expect, it } from "vitest";
import {
  ALEX,
  APP_ORIGIN,
  Browser,
  CALLBACKS,
  cardFill,
  cents,
  checkoutToPaymentPage,
  type Client,
  DECLINED_CARD,
  DEMO,
  GOOD_CARD,
  isWix,
  loginThroughHostedPage,
  makeClient,
  ON_DELIVERY,
  pageText,
  PAY,
  payOnHostedPage,
  productBySlug,
  productRef,
  rejection,
  SHIPPING_ADDRESS,
  usePlatform,
} from "./harness";

const ctx = usePlatform();

function orderIdFrom(location: string | undefined): string {
  expect(location, "a redirect to the thank-you page").toBeDefined();
  const url = new URL(location!);
  expect(`${url.origin}${url.pathname}`).toBe(CALLBACKS.thankYouPageUrl);
  const id = url.searchParams.get("orderId");
  expect(id).toBeTruthy();
  return id!;
}

async function stockOf(client: Client, slug: string): Promise<number> {
  const p = await productBySlug(client, slug);
  return p.stock?.quantity ?? Number.NaN;
}

async function myOrderIds(client: Client): Promise<string[]> {
  const res = await client.orders.searchOrders({ cursorPaging: { limit: 100 } });
  return (res.orders ?? []).map((o) => o._id!);
}

describe("checkout and redirect session", () => {
  it("createRedirectSession for ecomCheckout gives a URL to the payment page", async () => {
    const client = makeClient();
    const some = isWix
      ? (await client.products.queryProducts().limit(20).find()).items.find((p) => p.stock?.inStock && !p.manageVariants)!
      : await productBySlug(client, "livre-typescript");
    await client.currentCart.addToCurrentCart({ lineItems: [{ ...productRef(some._id!), quantity: 1 }] });
    const { checkoutId } = await client.currentCart.createCheckoutFromCurrentCart({ channelType: "WEB" });
    const { redirectSession } = await client.redirects.createRedirectSession({
      ecomCheckout: { checkoutId: checkoutId! },
      callbacks: CALLBACKS,
    });
    expect(typeof redirectSession?._id).toBe("string");
    expect(redirectSession).not.toHaveProperty("id");
    const url = new URL(redirectSession!.fullUrl!);
    expect(typeof redirectSession?.urlDetails?.endpoint).toBe("string");
    if (!isWix) {
      expect(url.origin).toBe(APP_ORIGIN);
      expect(url.pathname.startsWith("/_platform/")).toBe(true);
    }
  });

  it("refuses callbacks on a foreign origin", async () => {
    const client = makeClient();
    const e = await rejection(() =>
      client.redirects.createRedirectSession({
        ecomCheckout: { checkoutId: "00000000-0000-4000-8000-000000000000" },
        callbacks: { ...CALLBACKS, thankYouPageUrl: "https://pirate.example/merci" },
      }),
    );
    if (!isWix) expect(e.details?.applicationError?.code).toBe("INVALID_REDIRECT_URI");
  });
});

describe.skipIf(isWix)("checkout details (embedded platform)", () => {
  it("getCheckout returns the checkout with transformed addresses, media and decimal prices", async () => {
    const client = makeClient();
    const { checkoutId } = await checkoutToPaymentPage(client, [{ slug: "livre-typescript", quantity: 2 }], {
      email: "lecteur@exemple.fr",
    });
    const checkout = await client.checkout.getCheckout(checkoutId);
    expect(checkout._id).toBe(checkoutId);
    expect(checkout._createdDate).toBeInstanceOf(Date);
    expect(checkout.completed).toBe(false);
    expect(checkout.currency).toBe("EUR");
    expect(checkout.buyerInfo?.email).toBe("lecteur@exemple.fr");
    expect(checkout.lineItems).toHaveLength(1);
    const line = checkout.lineItems![0]!;
    expect(line.quantity).toBe(2);
    expect(line.productName?.original).toBe("TypeScript au quotidien");
    expect(line.media).toMatch(/^wix:image:\/\/v1\//);
    expect(checkout.billingInfo?.address?.addressLine1).toBe(SHIPPING_ADDRESS.addressLine1);
    expect(checkout.shippingInfo?.shippingDestination?.address?.city).toBe("Lyon");
    expect(checkout.shippingInfo?.selectedCarrierServiceOption?.code).toBe("standard");
    expect(checkout.shippingInfo?.selectedCarrierServiceOption?.title).toBe("Livraison standard");
    const s = checkout.priceSummary!;
    expect(s.total?.amount).toMatch(/^\d+(\.\d+)?$/);
    expect(cents(s.subtotal?.amount)).toBe(7800);
    expect(cents(s.shipping?.amount)).toBe(490);
    expect(cents(s.total?.amount)).toBe(8290);
  });

  it("the payment page summarises lines, totals and addresses, in French", async () => {
    const client = makeClient();
    const { paymentUrl } = await checkoutToPaymentPage(client, [
      { slug: "livre-typescript", quantity: 1 },
      { slug: "t-shirt-typescript", quantity: 1, options: { Taille: "XL", Couleur: "Noir" } },
    ]);
    const page = await new Browser(ctx.platform).get(paymentUrl);
    expect(page.res.status).toBe(200);
    const text = pageText(page.html);
    expect(text).toContain("TypeScript au quotidien");
    expect(text).toContain("T-shirt « Typé et fier »");
    expect(text).toContain("70,90"); // 39 + 27 + 4,90
    expect(text).toContain("Lyon");
    expect(text).toContain("Payer");
    expect(text).toContain(ON_DELIVERY);
    expect(text).toMatch(/Payer [\d\s\u202f]+,\d{2}\s€ \(commande avec obligation de paiement\)/);
    expect(text).toContain("Annuler");
  });
});

describe.skipIf(isWix)("payment and orders (embedded platform)", () => {
  it("paying by card creates a PAID, APPROVED order, decrements stock, completes the checkout and clears the cart", async () => {
    const { client } = await loginThroughHostedPage(ctx.platform, DEMO);
    const before = await stockOf(client, "livre-typescript");
    const { checkoutId, paymentUrl } = await checkoutToPaymentPage(client, [
      { slug: "livre-typescript", quantity: 1 },
      { slug: "t-shirt-typescript", quantity: 1, options: { Taille: "XL", Couleur: "Noir" } },
    ]);
    const paid = await payOnHostedPage(ctx.platform, paymentUrl);
    expect(paid.status).toBe(303);
    const orderId = orderIdFrom(paid.location);

    const order = await client.orders.getOrder(orderId);
    expect(order._id).toBe(orderId);
    expect(order).not.toHaveProperty("id");
    expect(order._createdDate).toBeInstanceOf(Date);
    expect(typeof order.number).toBe("string");
    expect(order.status).toBe("APPROVED");
    expect(order.paymentStatus).toBe("PAID");
    expect(order.fulfillmentStatus).toBe("NOT_FULFILLED");
    expect(order.checkoutId).toBe(checkoutId);
    expect(order.currency).toBe("EUR");
    expect(order.lineItems).toHaveLength(2);
    const book = order.lineItems!.find((l) => l.productName?.original === "TypeScript au quotidien");
    expect(book?.quantity).toBe(1);
    expect(cents(book?.price?.amount)).toBe(3900);
    expect(book?.image).toMatch(/^wix:image:\/\/v1\//);
    const shirt = order.lineItems!.find((l) => l.productName?.original === "T-shirt « Typé et fier »");
    expect(cents(shirt?.price?.amount)).toBe(2700);
    expect(cents(order.priceSummary?.subtotal?.amount)).toBe(6600);
    expect(cents(order.priceSummary?.shipping?.amount)).toBe(490);
    expect(cents(order.priceSummary?.total?.amount)).toBe(7090);
    expect(cents(order.priceSummary?.tax?.amount)).toBeGreaterThan(0);
    expect(order.billingInfo?.address?.addressLine1).toBe(SHIPPING_ADDRESS.addressLine1);
    expect(order.shippingInfo?.title).toBe("Livraison standard");
    const { member } = await client.members.getCurrentMember();
    expect(order.buyerInfo?.memberId).toBe(member?._id);

    expect(await stockOf(client, "livre-typescript")).toBe(before - 1);
    expect((await client.checkout.getCheckout(checkoutId)).completed).toBe(true);
    try {
      const cart = await client.currentCart.getCurrentCart();
      expect(cart.lineItems ?? []).toEqual([]);
    } catch (e) {
      expect((e as { details?: { applicationError?: { code?: unknown } } }).details?.applicationError?.code).toBe("OWNED_CART_NOT_FOUND");
    }
    expect(await myOrderIds(client)).toContain(orderId);
  });

  it("a declined card creates no order, leaves stock unchanged, and the buyer can pay again", async () => {
    const client = makeClient();
    const before = await stockOf(client, "livre-react");
    const { paymentUrl } = await checkoutToPaymentPage(client, [{ slug: "livre-react", quantity: 2 }]);
    const declined = await payOnHostedPage(ctx.platform, paymentUrl, PAY, DECLINED_CARD);
    expect(declined.location).toBeUndefined();
    expect(pageText(declined.html ?? "")).toMatch(/refus/i);
    expect(await stockOf(client, "livre-react")).toBe(before);
    expect(await myOrderIds(client)).toEqual([]);

    const retry = await payOnHostedPage(ctx.platform, paymentUrl, PAY, GOOD_CARD);
    const orderId = orderIdFrom(retry.location);
    expect((await client.orders.getOrder(orderId)).paymentStatus).toBe("PAID");
    expect(await stockOf(client, "livre-react")).toBe(before - 2);
  });

  it("submitting the payment form twice creates a single order", async () => {
    const client = makeClient();
    const before = await stockOf(client, "livre-algorithmes");
    const { paymentUrl } = await checkoutToPaymentPage(client, [{ slug: "livre-algorithmes", quantity: 1 }]);
    const browser = new Browser(ctx.platform);
    const page = await browser.get(paymentUrl);
    const first = await browser.followToExit(await browser.submit(paymentUrl, page.html, PAY, cardFill(GOOD_CARD)), paymentUrl);
    const orderId = orderIdFrom(first.location);
    // The browser's back button and a second click on the same form.
    const again = await browser.followToExit(await browser.submit(paymentUrl, page.html, PAY, cardFill(GOOD_CARD)), paymentUrl);
    // The second submission lands on the same thank-you page, for the same order.
    expect(new URL(again.location!).searchParams.get("orderId")).toBe(orderId);
    expect(await myOrderIds(client)).toEqual([orderId]);
    expect(await stockOf(client, "livre-algorithmes")).toBe(before - 1);
  });

  it("'Payer à la livraison' creates a NOT_PAID order, INITIALIZED until its buyer confirms it from the e-mail, then APPROVED", async () => {
    const client = makeClient();
    const { paymentUrl } = await checkoutToPaymentPage(client, [{ slug: "livre-sql", quantity: 1 }], {
      shippingCode: "pickup",
      email: "livraison@exemple.fr",
    });
    const res = await payOnHostedPage(ctx.platform, paymentUrl, ON_DELIVERY);
    const orderId = orderIdFrom(res.location);
    // An unpaid order waits for its buyer (docs/decisions/0027-unpaid-orders-wait-for-their-buyer.md).
    expect((await client.orders.getOrder(orderId)).status).toBe("INITIALIZED");
    const link = ctx.platform.outbox().find((m) => m.to === "livraison@exemple.fr" && m.kind === "order-confirm-request")!.links[0]!.url;
    const browser = new Browser(ctx.platform);
    const page = await browser.get(link);
    await browser.submit(link, page.html, "Confirmer ma commande", () => undefined);
    const order = await client.orders.getOrder(orderId);
    expect(order.status).toBe("APPROVED");
    expect(order.paymentStatus).toBe("NOT_PAID");
    expect(cents(order.priceSummary?.shipping?.amount ?? "0")).toBe(0);
    expect(cents(order.priceSummary?.total?.amount)).toBe(3200);
  });

  it("'Annuler' returns to postFlowUrl without creating an order", async () => {
    const client = makeClient();
    const before = await stockOf(client, "livre-node");
    const { paymentUrl } = await checkoutToPaymentPage(client, [{ slug: "livre-node", quantity: 1 }]);
    const res = await payOnHostedPage(ctx.platform, paymentUrl, "Annuler");
    expect(res.location).toBe(CALLBACKS.postFlowUrl);
    expect(await myOrderIds(client)).toEqual([]);
    expect(await stockOf(client, "livre-node")).toBe(before);
  });

  it("applies the coupon to the order's totals", async () => {
    // The welcome code is once per customer, a member (docs/decisions/0057).
    const { client } = await loginThroughHostedPage(ctx.platform, DEMO);
    const book = await productBySlug(client, "livre-git");
    await client.currentCart.addToCurrentCart({ lineItems: [{ ...productRef(book._id), quantity: 1 }] });
    await client.currentCart.updateCurrentCart({ couponCode: "BIENVENUE10" });
    const { checkoutId, paymentUrl } = await checkoutToPaymentPage(client, [], { shippingCode: "pickup" });
    expect((await client.checkout.getCheckout(checkoutId)).appliedDiscounts?.[0]?.coupon?.code).toBe("BIENVENUE10");
    const res = await payOnHostedPage(ctx.platform, paymentUrl);
    const order = await client.orders.getOrder(orderIdFrom(res.location));
    expect(cents(order.priceSummary?.subtotal?.amount)).toBe(2400);
    expect(cents(order.priceSummary?.discount?.amount)).toBe(240);
    expect(cents(order.priceSummary?.total?.amount)).toBe(2160);
  });

  it("searchOrders returns the member's seeded past orders, newest first", async () => {
    const { client } = await loginThroughHostedPage(ctx.platform, DEMO);
    const res = await client.orders.searchOrders({ cursorPaging: { limit: 100 } });
    const numbers = (res.orders ?? []).map((o) => o.number);
    expect(numbers).toContain("10001");
    expect(numbers).toContain("10002");
    const seeded = res.orders!.find((o) => o.number === "10001")!;
    expect(seeded._createdDate).toBeInstanceOf(Date);
    expect(seeded._createdDate!.toISOString()).toBe("2025-09-12T09:30:00.000Z");
    expect(seeded.fulfillmentStatus).toBe("FULFILLED");
    expect(seeded.paymentStatus).toBe("PAID");
    const dates = res.orders!.map((o) => o._createdDate!.getTime());
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(typeof res.metadata?.count).toBe("number");
    const second = res.orders!.find((o) => o.number === "10002")!;
    expect(second.lineItems).toHaveLength(2);
    expect(second.lineItems!.find((l) => l.productName?.original === "T-shirt « Typé et fier »")?.quantity).toBe(2);
    expect(cents(second.priceSummary?.subtotal?.amount)).toBe(3900 + 2 * 2500);
    expect(cents(second.priceSummary?.shipping?.amount)).toBe(490);
    expect(cents(second.priceSummary?.total?.amount)).toBe(9390);
    expect(second.shippingInfo?.title).toBe("Livraison standard");
    expect(second.fulfillmentStatus).toBe("NOT_FULFILLED");
  });

  it("searchOrders with another member's memberId filter still returns only the caller's orders", async () => {
    const alex = (await loginThroughHostedPage(ctx.platform, ALEX)).client;
    const alexId = (await alex.members.getCurrentMember()).member!._id!;
    const alexOrders = await alex.orders.searchOrders({ cursorPaging: { limit: 100 } });
    expect(alexOrders.orders?.map((o) => o.number)).toContain("10003");

    const demo = (await loginThroughHostedPage(ctx.platform, DEMO)).client;
    const demoId = (await demo.members.getCurrentMember()).member!._id!;
    const res = await demo.orders.searchOrders({
      filter: { "buyerInfo.memberId": { $eq: alexId } },
      cursorPaging: { limit: 100 },
    });
    for (const o of res.orders ?? []) expect(o.buyerInfo?.memberId).toBe(demoId);
    expect((res.orders ?? []).map((o) => o.number)).not.toContain("10003");
  });

  it("getOrder of another member's order is refused", async () => {
    const alex = (await loginThroughHostedPage(ctx.platform, ALEX)).client;
    const alexOrder = (await alex.orders.searchOrders({ cursorPaging: { limit: 100 } })).orders!.find((o) => o.number === "10003")!;
    expect((await alex.orders.getOrder(alexOrder._id!)).number).toBe("10003");
    const demo = (await loginThroughHostedPage(ctx.platform, DEMO)).client;
    const e = await rejection(() => demo.orders.getOrder(alexOrder._id!));
    expect([403, 404, "NOT_FOUND", "ORDER_NOT_FOUND", "FORBIDDEN"]).toContain(e.details?.applicationError?.code);
    const visitor = makeClient();
    await expect(visitor.orders.getOrder(alexOrder._id!)).rejects.toThrow();
  });

  it("a visitor sees its own order but not other visitors'", async () => {
    const buyer = makeClient();
    const { paymentUrl } = await checkoutToPaymentPage(buyer, [{ slug: "carnet-sprint", quantity: 1 }]);
    const orderId = orderIdFrom((await payOnHostedPage(ctx.platform, paymentUrl)).location);
    expect((await buyer.orders.getOrder(orderId))._id).toBe(orderId);
    expect(await myOrderIds(buyer)).toEqual([orderId]);
    const other = makeClient();
    await expect(other.orders.getOrder(orderId)).rejects.toThrow();
    expect(await myOrderIds(other)).toEqual([]);
  });

  it("stock race: two buyers pay for the last 'sticker-edition-limitee' at once, exactly one order", async () => {
    const a = makeClient();
    const b = makeClient();
    expect(await stockOf(a, "sticker-edition-limitee")).toBe(1);
    const pa = await checkoutToPaymentPage(a, [{ slug: "sticker-edition-limitee", quantity: 1 }]);
    const pb = await checkoutToPaymentPage(b, [{ slug: "sticker-edition-limitee", quantity: 1 }]);
    const ba = new Browser(ctx.platform);
    const bb = new Browser(ctx.platform);
    const [pageA, pageB] = await Promise.all([ba.get(pa.paymentUrl), bb.get(pb.paymentUrl)]);
    expect(pageA.res.status).toBe(200);
    expect(pageB.res.status).toBe(200);
    const [ra, rb] = await Promise.all([
      ba.submit(pa.paymentUrl, pageA.html, PAY, cardFill(GOOD_CARD)),
      bb.submit(pb.paymentUrl, pageB.html, PAY, cardFill(GOOD_CARD)),
    ]);
    const [ea, eb] = await Promise.all([ba.followToExit(ra, pa.paymentUrl), bb.followToExit(rb, pb.paymentUrl)]);
    const exits = [ea, eb];
    const winners = exits.filter((x) => x.location?.startsWith(CALLBACKS.thankYouPageUrl));
    const losers = exits.filter((x) => !x.location);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(1);
    expect(pageText(losers[0]!.html ?? "")).toMatch(/stock|disponible|épuisé/i);
    const orders = [...(await myOrderIds(a)), ...(await myOrderIds(b))];
    expect(orders).toHaveLength(1);
    expect(await stockOf(a, "sticker-edition-limitee")).toBe(0);
  });
});
