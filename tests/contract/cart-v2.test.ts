// ecom Cart V2 (`currentCartV2`, `cartV2`) through the real @wix/ecom SDK: every call the platform answers, its
// refusals with the codes of the SDK's typings, the same carts as Cart V1, the hosted checkout of a V2 cart.
import { describe, expect, it } from "vitest";
import { ApiKeyStrategy, AppStrategy, createClient } from "@wix/sdk";
import { cartV2, currentCartV2 } from "@wix/ecom";
import { EMBEDDED_CLIENT_ID } from "../../platform/index";
import {
  ALEX,
  APP_ORIGIN,
  Browser,
  CALLBACKS,
  cents,
  type Client,
  isWix,
  loginThroughHostedPage,
  makeClient,
  ON_DELIVERY,
  OWNER_TOKEN,
  pageText,
  payOnHostedPage,
  productBySlug,
  productRef,
  rejection,
  STORES_APP_ID,
  usePlatformCapturingWebhooks,
} from "./harness";

const API_KEY = "cart-v2-api-key-0123456789abcdef";
const SITE_ID = "cart-v2-site";
const { ctx, received } = usePlatformCapturingWebhooks({ apiKey: API_KEY, siteId: SITE_ID });
const admin = () => createClient({ modules: { cartV2 }, auth: ApiKeyStrategy({ apiKey: API_KEY, siteId: SITE_ID }) });

const ADDRESS = { addressLine1: "12 rue des Lilas", city: "Lyon", postalCode: "69003", country: "FR" };

async function item(client: Client, slug: string, quantity = 1, options?: Record<string, string>) {
  const p = await productBySlug(client, slug);
  return { catalogReference: productRef(p._id, options).catalogReference, quantity };
}

async function cartWith(client: Client, slug: string, quantity = 1, options?: Record<string, string>) {
  const { cart } = await client.currentCartV2.addLineItemsToCurrentCart({ catalogItems: [await item(client, slug, quantity, options)] });
  return cart!;
}

const code = (e: { details?: { applicationError?: { code?: unknown } } }) => e.details?.applicationError?.code;
const data = (e: { details?: { applicationError?: { data?: unknown } } }) => e.details?.applicationError?.data as Record<string, unknown>;

/** A checkout-ready cart: a book, the buyer, the delivery address and the standard delivery. */
async function readyCart(client: Client, slug = "livre-typescript") {
  await cartWith(client, slug, 1);
  await client.currentCartV2.updateCurrentCart({
    customerInfo: { firstName: "Camille", lastName: "Martin", email: "acheteur@exemple.fr" },
    deliveryInfo: { address: ADDRESS },
    paymentInfo: { billingAddress: ADDRESS },
  });
  const { cart } = await client.currentCartV2.setDeliveryMethodForCurrentCart({ code: "standard" });
  return cart!;
}

describe.skipIf(isWix)("Cart V2: the current cart", () => {
  it("a coupon this customer used up is refused on add: INVALID_COUPON_STATUS, reason MAX_USAGE_PER_CUSTOMER_EXCEEDED", async () => {
    // The welcome code is once per customer, a member (docs/decisions/0028, 0057).
    const { client: first } = await loginThroughHostedPage(ctx.platform, ALEX);
    await cartWith(first, "livre-react", 1);
    await first.currentCartV2.updateCurrentCart({
      customerInfo: { firstName: "Alex", lastName: "Durand", email: ALEX.email },
      deliveryInfo: { address: ADDRESS },
      paymentInfo: { billingAddress: ADDRESS },
    });
    await first.currentCartV2.addCouponToCurrentCart({ code: "BIENVENUE10" });
    const { cart } = await first.currentCartV2.setDeliveryMethodForCurrentCart({ code: "standard" });
    const { checkoutUrl } = await first.cartV2.getCheckoutUrl(cart!._id!);
    expect((await payOnHostedPage(ctx.platform, checkoutUrl!)).location).toContain("orderId=");

    const { client: second } = await loginThroughHostedPage(ctx.platform, ALEX);
    await cartWith(second, "livre-react", 1);
    const refused = await rejection(() => second.currentCartV2.addCouponToCurrentCart({ code: "BIENVENUE10" }));
    expect(code(refused)).toBe("INVALID_COUPON_STATUS");
    expect(data(refused)).toMatchObject({ couponCode: "BIENVENUE10", reason: "MAX_USAGE_PER_CUSTOMER_EXCEEDED" });
  });

  it("a guest whose cart holds an e-mail is refused the once-per-customer code, whatever the address", async () => {
    const guest = makeClient();
    await cartWith(guest, "livre-react", 1);
    await guest.currentCartV2.updateCurrentCart({ customerInfo: { email: "jamais.venu@exemple.fr" } });
    const refused = await rejection(() => guest.currentCartV2.addCouponToCurrentCart({ code: "BIENVENUE10" }));
    expect(data(refused)).toMatchObject({ couponCode: "BIENVENUE10", reason: "MAX_USAGE_PER_CUSTOMER_EXCEEDED" });
  });

  it("addLineItemsToCurrentCart creates the cart and answers Wix's V2 line shape", async () => {
    const client = makeClient();
    const p = await productBySlug(client, "livre-typescript");
    const cart = await cartWith(client, "livre-typescript", 2);
    expect(cart._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(cart.currentCart).toBe(true);
    expect(cart.orderPlaced).toBe(false);
    expect(cart.revision).toMatch(/^\d+$/);
    expect(cart._createdDate).toBeInstanceOf(Date);
    const line = cart.lineItems![0]!;
    expect(line.source?.catalogReference).toEqual({ catalogItemId: p._id, appId: STORES_APP_ID });
    expect(line.quantityInfo).toMatchObject({ requestedQuantity: 2, confirmedQuantity: 2, availableQuantity: 10, fixedQuantity: false });
    expect(line.pricing?.unitPrice?.amount).toBe("39.00");
    expect(line.pricing?.totalPrice?.amount).toBe("78.00");
    expect(line.status).toBe("IN_STOCK");
    expect(line.name?.original).toBe(p.name);
    expect(line.attributes?.image).toMatch(/^wix:image:\/\/v1\//);
    expect(line.attributes?.url).toBe(`${APP_ORIGIN}/product-page/livre-typescript`);
    expect(cart.subtotal?.amount).toBe("78.00");
    expect(cart.taxInfo?.pricesIncludeTax).toBe(true);
    expect(cart.businessInfo?.currencyCode).toBe("EUR");
  });

  it("adding the same item again merges it into its line, and every change raises the revision", async () => {
    const client = makeClient();
    const first = await cartWith(client, "t-shirt-devops", 1, { Taille: "M" });
    const second = await cartWith(client, "t-shirt-devops", 2, { Taille: "M" });
    expect(second.lineItems!).toHaveLength(1);
    expect(second.lineItems![0]!.quantityInfo?.requestedQuantity).toBe(3);
    expect(second.lineItems![0]!.attributes?.descriptionLines?.[0]?.name?.original).toBe("Taille");
    expect(Number(second.revision)).toBeGreaterThan(Number(first.revision));
  });

  it("getCurrentCart without a cart, and after deleteCurrentCart, answers 404 CURRENT_CART_NOT_FOUND", async () => {
    const client = makeClient();
    expect(code(await rejection(() => client.currentCartV2.getCurrentCart()))).toBe("CURRENT_CART_NOT_FOUND");
    await cartWith(client, "livre-typescript");
    await client.currentCartV2.deleteCurrentCart();
    const err = await rejection(() => client.currentCartV2.getCurrentCart());
    expect(code(err)).toBe("CURRENT_CART_NOT_FOUND");
    expect((err as { details?: { applicationError?: unknown } }).details?.applicationError).toMatchObject({
      code: "CURRENT_CART_NOT_FOUND",
    });
  });

  it("is the same cart as Cart V1: lines, quantities and coupon written by either API are read by the other", async () => {
    const client = makeClient();
    const p = await productBySlug(client, "livre-typescript");
    const { cart: v1 } = await client.currentCart.addToCurrentCart({ lineItems: [{ ...productRef(p._id), quantity: 1 }] });
    await client.currentCart.updateCurrentCart({ couponCode: "BIENVENUE10" });
    const { cart } = await client.currentCartV2.getCurrentCart();
    expect(cart!._id).toBe(v1!._id);
    expect(cart!.lineItems![0]!._id).toBe(v1!.lineItems![0]!._id);
    expect(cart!.coupons?.[0]?.code).toBe("BIENVENUE10");
    await client.currentCartV2.updateLineItemsInCurrentCart({
      lineItems: [{ lineItemId: cart!.lineItems![0]!._id!, quantity: { newQuantity: 4 } }],
    });
    const back = await client.currentCart.getCurrentCart();
    expect(back.lineItems![0]!.quantity).toBe(4);
  });

  it("createCurrentCart gives a new current cart; the previous one stays readable by id, no longer current", async () => {
    const client = makeClient();
    const old = await cartWith(client, "livre-typescript");
    const { cart } = await client.currentCartV2.createCurrentCart({ catalogItems: [await item(client, "mug-it-works", 1)] });
    expect(cart!._id).not.toBe(old._id);
    expect((await client.currentCartV2.getCurrentCart()).cart!._id).toBe(cart!._id);
    const previous = await client.cartV2.getCart(old._id!);
    expect(previous.currentCart).toBe(false);
    expect(previous.lineItems).toHaveLength(1);
  });
});

describe.skipIf(isWix)("Cart V2: line items and their refusals", () => {
  it("updateLineItemsInCurrentCart sets a quantity; removeLineItemsFromCurrentCart removes the line", async () => {
    const client = makeClient();
    const cart = await cartWith(client, "livre-typescript", 1);
    const id = cart.lineItems![0]!._id!;
    const { cart: updated } = await client.currentCartV2.updateLineItemsInCurrentCart({
      lineItems: [{ lineItemId: id, quantity: { newQuantity: 3 } }],
    });
    expect(updated!.lineItems![0]!.quantityInfo?.requestedQuantity).toBe(3);
    const { cart: emptied } = await client.currentCartV2.removeLineItemsFromCurrentCart([id]);
    expect(emptied!.lineItems).toEqual([]);
  });

  it("an unknown product or an unknown variant: ITEM_NOT_FOUND_IN_CATALOG naming the reference", async () => {
    const client = makeClient();
    const unknown = await rejection(() =>
      client.currentCartV2.addLineItemsToCurrentCart({
        catalogItems: [{ catalogReference: { catalogItemId: "prod-inexistant", appId: STORES_APP_ID }, quantity: 1 }],
      }),
    );
    expect(code(unknown)).toBe("ITEM_NOT_FOUND_IN_CATALOG");
    expect(data(unknown).invalidItems).toEqual([{ catalogReference: { catalogItemId: "prod-inexistant", appId: STORES_APP_ID } }]);
    const variant = await rejection(async () =>
      client.currentCartV2.addLineItemsToCurrentCart({ catalogItems: [await item(client, "t-shirt-devops", 1, { Taille: "XXXL" })] }),
    );
    expect(code(variant)).toBe("ITEM_NOT_FOUND_IN_CATALOG");
  });

  it("more than the stock, counting what the cart holds: INSUFFICIENT_INVENTORY with the quantities", async () => {
    const client = makeClient();
    await cartWith(client, "livre-typescript", 8);
    const err = await rejection(async () =>
      client.currentCartV2.addLineItemsToCurrentCart({ catalogItems: [await item(client, "livre-typescript", 3)] }),
    );
    expect(code(err)).toBe("INSUFFICIENT_INVENTORY");
    expect(data(err).invalidItems).toMatchObject([{ requestedQuantity: 11, availableQuantity: 10 }]);
    const { cart } = await client.currentCartV2.getCurrentCart();
    const update = await rejection(() =>
      client.currentCartV2.updateLineItemsInCurrentCart({
        lineItems: [{ lineItemId: cart!.lineItems![0]!._id!, quantity: { newQuantity: 12 } }],
      }),
    );
    expect(code(update)).toBe("INSUFFICIENT_INVENTORY");
    expect(data(update).invalidItems).toEqual([
      { id: { lineItemId: cart!.lineItems![0]!._id }, requestedQuantity: 12, availableQuantity: 10 },
    ]);
    expect((await client.currentCartV2.getCurrentCart()).cart!.lineItems![0]!.quantityInfo?.requestedQuantity).toBe(8);
  });

  it("nothing to add, custom items, price overrides, bad quantities: refused before anything changes", async () => {
    const client = makeClient();
    expect(code(await rejection(() => client.currentCartV2.addLineItemsToCurrentCart({ catalogItems: [] })))).toBe("NO_LINE_ITEMS_TO_ADD");
    const custom = await rejection(() =>
      client.currentCartV2.addLineItemsToCurrentCart({
        customItems: [
          { name: { original: "x" }, quantityInfo: { requestedQuantity: 1 }, pricing: { price: { amount: "0.01" } }, attributes: {} },
        ],
      } as never),
    );
    // The SDK names the fields from its own arguments (`options.` before the wire's path).
    expect(custom.details?.validationError?.fieldViolations?.[0]?.field).toBe("options.customItems");
    const override = await rejection(async () =>
      client.currentCartV2.addLineItemsToCurrentCart({
        catalogItems: [{ ...(await item(client, "livre-typescript")), catalogOverrideFields: { salePrice: "0.01" } }],
      }),
    );
    expect(override.details?.validationError?.fieldViolations?.[0]?.field).toBe("options.catalogItems[0].catalogOverrideFields");
    const zero = await rejection(async () =>
      client.currentCartV2.addLineItemsToCurrentCart({ catalogItems: [await item(client, "livre-typescript", 0)] }),
    );
    expect(zero.details?.validationError?.fieldViolations?.[0]?.field).toBe("options.catalogItems[0].quantity");
    expect(code(await rejection(() => client.currentCartV2.getCurrentCart()))).toBe("CURRENT_CART_NOT_FOUND");
  });

  it("update and remove name unknown, repeated or empty lines: LINE_ITEM_NOT_FOUND_IN_CART, DUPLICATE_LINE_ITEM_UPDATES, EMPTY_LINE_ITEM_UPDATES", async () => {
    const client = makeClient();
    const cart = await cartWith(client, "livre-typescript");
    const id = cart.lineItems![0]!._id!;
    const gone = "00000000-0000-4000-8000-000000000000";
    const removed = await rejection(() => client.currentCartV2.removeLineItemsFromCurrentCart([gone]));
    expect(code(removed)).toBe("LINE_ITEM_NOT_FOUND_IN_CART");
    expect(data(removed).lineItemIds).toEqual([gone]);
    const unknown = await rejection(() =>
      client.currentCartV2.updateLineItemsInCurrentCart({ lineItems: [{ lineItemId: gone, quantity: { newQuantity: 2 } }] }),
    );
    expect(code(unknown)).toBe("LINE_ITEM_NOT_FOUND_IN_CART");
    const dupe = await rejection(() =>
      client.currentCartV2.updateLineItemsInCurrentCart({
        lineItems: [
          { lineItemId: id, quantity: { newQuantity: 2 } },
          { lineItemId: id, quantity: { newQuantity: 3 } },
        ],
      }),
    );
    expect(code(dupe)).toBe("DUPLICATE_LINE_ITEM_UPDATES");
    expect(data(dupe).duplicateLineItemIds).toEqual([id]);
    const empty = await rejection(() => client.currentCartV2.updateLineItemsInCurrentCart({ lineItems: [{ lineItemId: id }] }));
    expect(code(empty)).toBe("EMPTY_LINE_ITEM_UPDATES");
  });

  it("a line sold out after it was added: OUT_OF_STOCK, availableQuantity 0 and a LINE_ITEMS_OUT_OF_STOCK violation", async () => {
    const late = makeClient();
    const cart = await cartWith(late, "sticker-edition-limitee", 1);
    const quick = makeClient();
    await readyCart(quick, "sticker-edition-limitee");
    const { checkoutUrl } = await quick.cartV2.getCheckoutUrl((await quick.currentCartV2.getCurrentCart()).cart!._id!);
    await payOnHostedPage(ctx.platform, checkoutUrl!);
    const { cart: now, summary } = await late.currentCartV2.estimateCurrentCart({ calculateDelivery: true, calculateTax: true });
    const line = now!.lineItems![0]!;
    expect(line.status).toBe("OUT_OF_STOCK");
    expect(line.quantityInfo).toMatchObject({ requestedQuantity: 1, availableQuantity: 0 });
    expect(summary!.violations).toEqual([
      expect.objectContaining({
        code: "LINE_ITEMS_OUT_OF_STOCK",
        severity: "ERROR",
        lineItemsOutOfStockData: { lineItemIds: [cart.lineItems![0]!._id], allLineItemsOutOfStock: true },
      }),
    ]);
  });
});

describe.skipIf(isWix)("Cart V2: coupon, delivery, buyer details, totals", () => {
  it("addCouponToCurrentCart applies BIENVENUE10 (a cart-subtotal discount); removeCouponFromCurrentCart takes its id", async () => {
    const client = makeClient();
    await cartWith(client, "livre-typescript", 2);
    const { cart } = await client.currentCartV2.addCouponToCurrentCart({ code: "bienvenue10" });
    const coupon = cart!.coupons![0]!;
    expect(coupon.code).toBe("BIENVENUE10");
    const { summary } = await client.currentCartV2.estimateCurrentCart({ calculateTax: true });
    expect(summary!.priceSummary?.discount?.amount).toBe("7.80");
    expect(summary!.discounts).toEqual([
      expect.objectContaining({ scope: "CART_SUBTOTAL", source: { sourceType: "COUPON", couponCode: "BIENVENUE10" } }),
    ]);
    expect(summary!.priceSummary?.total?.amount).toBe("70.20");
    const { cart: without } = await client.currentCartV2.removeCouponFromCurrentCart(coupon._id!);
    expect(without!.coupons).toEqual([]);
  });

  it("coupon refusals: INVALID_COUPON_CODE (unknown), COUPON_ALREADY_EXISTS, COUPON_NOT_FOUND_IN_CART", async () => {
    const client = makeClient();
    await cartWith(client, "livre-typescript");
    const invalid = await rejection(() => client.currentCartV2.addCouponToCurrentCart({ code: "INCONNU" }));
    expect(code(invalid)).toBe("INVALID_COUPON_CODE");
    expect(data(invalid)).toEqual({ couponCode: "INCONNU" });
    await client.currentCartV2.addCouponToCurrentCart({ code: "BIENVENUE10" });
    expect(code(await rejection(() => client.currentCartV2.addCouponToCurrentCart({ code: "BIENVENUE10" })))).toBe("COUPON_ALREADY_EXISTS");
    const notInCart = await rejection(() => client.currentCartV2.removeCouponFromCurrentCart("00000000-0000-4000-8000-000000000000"));
    expect(code(notInCart)).toBe("COUPON_NOT_FOUND_IN_CART");
  });

  it("setDeliveryMethodForCurrentCart: the method is on the cart and in the estimate; unknown codes and all-digital carts are refused", async () => {
    const client = makeClient();
    await cartWith(client, "livre-typescript", 1);
    const { cart } = await client.currentCartV2.setDeliveryMethodForCurrentCart({ code: "pickup" });
    expect(cart!.deliveryInfo?.method).toMatchObject({ code: "pickup", pickup: true });
    const { summary } = await client.currentCartV2.estimateCurrentCart({ calculateDelivery: true });
    expect(summary!.deliverySummary?.method?.code).toBe("pickup");
    expect(summary!.priceSummary?.delivery?.amount).toBe("0.00");
    const unknown = await rejection(() => client.currentCartV2.setDeliveryMethodForCurrentCart({ code: "teleportation" }));
    expect(code(unknown)).toBe("DELIVERY_METHOD_NOT_FOUND");
    expect(data(unknown)).toMatchObject({ code: "teleportation" });
    const { cart: none } = await client.currentCartV2.removeDeliveryMethodFromCurrentCart();
    expect(none!.deliveryInfo?.method).toBeUndefined();

    const digital = makeClient();
    await cartWith(digital, "formation-node", 1);
    expect(code(await rejection(() => digital.currentCartV2.setDeliveryMethodForCurrentCart({ code: "standard" })))).toBe(
      "DELIVERY_METHOD_MISSING_LINE_ITEMS",
    );
  });

  it("updateCurrentCart writes the buyer, the delivery and billing addresses and the note; a stale revision is refused", async () => {
    const client = makeClient();
    const before = await cartWith(client, "livre-typescript");
    const { cart } = await client.currentCartV2.updateCurrentCart({
      revision: before.revision,
      note: "Sonner deux fois",
      customerInfo: { firstName: "Camille", lastName: "Martin", company: "Atelier SAS", email: "acheteur@exemple.fr" },
      deliveryInfo: { address: ADDRESS },
      paymentInfo: { billingAddress: { ...ADDRESS, city: "Paris", postalCode: "75011" }, billingContact: { company: "Atelier SAS" } },
    });
    expect(cart!.note).toBe("Sonner deux fois");
    expect(cart!.customerInfo).toMatchObject({
      firstName: "Camille",
      lastName: "Martin",
      company: "Atelier SAS",
      email: "acheteur@exemple.fr",
    });
    expect(cart!.deliveryInfo?.address).toMatchObject({ addressLine1: "12 rue des Lilas", city: "Lyon", country: "FR" });
    expect(cart!.paymentInfo?.billingAddress).toMatchObject({ city: "Paris", postalCode: "75011" });
    const stale = await rejection(() => client.currentCartV2.updateCurrentCart({ revision: before.revision, note: "trop tard" }));
    expect(code(stale)).toBe("CART_REVISION_MISMATCH");
    expect(data(stale)).toEqual({ expectedRevision: before.revision, currentRevision: cart!.revision });
    const email = await rejection(() => client.currentCartV2.updateCurrentCart({ customerInfo: { email: "pas-une-adresse" } }));
    expect(email.details?.validationError?.fieldViolations?.[0]?.field).toBe("cart.customerInfo.email");
    const country = await rejection(() =>
      client.currentCartV2.updateCurrentCart({ deliveryInfo: { address: { ...ADDRESS, country: "France" } } }),
    );
    expect(code(country)).toBe("INVALID_ADDRESS_FORMAT");
  });

  it("estimateCurrentCart adds delivery and tax only when asked; calculateCurrentCart has everything; VAT is included, so priceSummary.tax is 0", async () => {
    const client = makeClient();
    await cartWith(client, "livre-typescript", 2);
    const bare = (await client.currentCartV2.estimateCurrentCart({})).summary!;
    expect(bare.priceSummary?.total?.amount).toBe("78.00");
    expect(bare.deliverySummary).toBeUndefined();
    expect(bare.taxSummary?.taxes).toEqual([]);
    const full = (await client.currentCartV2.calculateCurrentCart()).summary!;
    expect(full.priceSummary?.delivery?.amount).toBe("4.90");
    expect(full.priceSummary?.total?.amount).toBe("82.90");
    expect(full.priceSummary?.tax?.amount).toBe("0.00");
    expect(full.taxSummary?.pricesIncludeTax).toBe(true);
    // Books are taxed at 5.5 %, and so is the delivery that carries only books.
    const vat = full.taxSummary!.taxes![0]!;
    expect(full.taxSummary!.taxes).toHaveLength(1);
    expect(vat.name?.translated).toBe("TVA 5,5 %");
    expect(cents(vat.amount?.amount) + cents(vat.taxableAmount?.amount)).toBe(8290);
    expect(cents(vat.amount?.amount)).toBe(Math.round((7800 * 5.5) / 105.5) + Math.round((490 * 5.5) / 105.5));
    expect(full.taxSummary?.lineItemTaxes?.[0]?.rate).toBe("0.055");
    expect(full.cartRevision).toBe((await client.currentCartV2.refreshCurrentCart()).cart!.revision);
    expect(full.violations).toEqual([]);
  });

  it("an empty cart's summary has the EMPTY_CART violation", async () => {
    const client = makeClient();
    const cart = await cartWith(client, "livre-typescript");
    await client.currentCartV2.removeLineItemsFromCurrentCart([cart.lineItems![0]!._id!]);
    const { summary } = await client.currentCartV2.estimateCurrentCart({});
    expect(summary!.violations).toEqual([expect.objectContaining({ code: "EMPTY_CART", scope: "GLOBAL", severity: "ERROR" })]);
  });
});

describe.skipIf(isWix)("Cart V2: carts by id, the hosted checkout and place order", () => {
  it("cartV2 by id: the buyer reads and changes their cart; another visitor gets 404", async () => {
    const client = makeClient();
    const cart = await cartWith(client, "livre-typescript");
    const { cart: more } = await client.cartV2.addLineItems(cart._id!, { catalogItems: [await item(client, "mug-it-works", 1)] });
    expect(more!.lineItems).toHaveLength(2);
    expect((await client.cartV2.getCart(cart._id!)).lineItems).toHaveLength(2);
    const other = makeClient();
    expect(code(await rejection(() => other.cartV2.getCart(cart._id!)))).toBe("OWNED_CART_NOT_FOUND");
    expect(code(await rejection(() => other.cartV2.addCoupon(cart._id!, { code: "BIENVENUE10" })))).toBe("OWNED_CART_NOT_FOUND");
  });

  it("getCheckoutUrl leads to the payment page; paying places the order and the cart becomes orderPlaced", async () => {
    const client = makeClient();
    const cart = await readyCart(client);
    const { checkoutUrl } = await client.cartV2.getCheckoutUrl(cart._id!);
    expect(checkoutUrl).toMatch(/^http:\/\/localhost:3000\/_platform\/checkout\?session=/);
    const paid = await payOnHostedPage(ctx.platform, checkoutUrl!);
    const orderId = new URL(paid.location!).searchParams.get("orderId")!;
    const order = await client.orders.getOrder(orderId);
    expect(order.paymentStatus).toBe("PAID");
    expect(order.buyerInfo?.email).toBe("acheteur@exemple.fr");
    expect(order.shippingInfo?.code).toBe("standard");
    expect(order.purchaseFlowId).toBe(cart.purchaseFlowId);
    const placed = await client.cartV2.getCart(cart._id!);
    expect(placed).toMatchObject({ orderPlaced: true, orderId, currentCart: false });
    expect(code(await rejection(() => client.currentCartV2.getCurrentCart()))).toBe("CURRENT_CART_NOT_FOUND");
    const again = await rejection(() => client.cartV2.addCoupon(cart._id!, { code: "BIENVENUE10" }));
    expect(code(again)).toBe("CART_ALREADY_ORDERED");
    expect(data(again)).toEqual({ cartId: cart._id, orderId });
    // Cart V1 sees no cart any more, as after a V1 checkout.
    expect(code(await rejection(() => client.currentCart.getCurrentCart()))).toBe("OWNED_CART_NOT_FOUND");
  });

  it("a redirect session naming the V2 cart's id returns to the thank-you page; pay on delivery waits for the buyer's confirmation", async () => {
    const client = makeClient();
    const cart = await readyCart(client);
    const { redirectSession } = await client.redirects.createRedirectSession({
      ecomCheckout: { checkoutId: cart._id! },
      callbacks: CALLBACKS,
    });
    const paid = await payOnHostedPage(ctx.platform, redirectSession!.fullUrl!, ON_DELIVERY);
    const back = new URL(paid.location!);
    expect(`${back.origin}${back.pathname}`).toBe(CALLBACKS.thankYouPageUrl);
    const orderId = back.searchParams.get("orderId")!;
    const order = await client.orders.getOrder(orderId);
    expect(order.paymentStatus).toBe("NOT_PAID");
    // The buyer confirms from the e-mail (docs/decisions/0027): the order of a V2 cart is then approved too.
    expect(order.status).toBe("INITIALIZED");
    const mail = ctx.platform
      .outbox()
      .filter((m) => m.to === order.buyerInfo?.email && m.links.some((l) => /confirm/i.test(l.url)))
      .at(-1);
    const link = mail!.links.find((l) => /confirm/i.test(l.url))!.url;
    const browser = new Browser(ctx.platform);
    const page = await browser.get(link);
    const confirmed = await browser.submit(link, page.html, "Confirmer ma commande", () => undefined);
    expect(pageText(await confirmed.text())).toContain("Commande confirmée");
    expect((await client.orders.getOrder(orderId)).status).toBe("APPROVED");
  });

  it("the payment page refuses a V2 cart without a delivery method, in French, and takes no payment", async () => {
    const client = makeClient();
    const cart = await cartWith(client, "livre-typescript");
    const { checkoutUrl } = await client.cartV2.getCheckoutUrl(cart._id!);
    const page = await ctx.platform.fetch(new Request(checkoutUrl!));
    const html = await page.text();
    expect(html).toContain("Choisissez un mode de livraison");
    expect(html).not.toContain("Numéro de carte");
  });

  it("placeOrder is the site's call: a visitor gets PERMISSION_DENIED; the API key places an order awaiting payment", async () => {
    const client = makeClient();
    const cart = await readyCart(client);
    expect(code(await rejection(() => client.cartV2.placeOrder(cart._id!)))).toBe("PERMISSION_DENIED");
    const placed = await admin().cartV2.placeOrder(cart._id!);
    expect(placed).toMatchObject({ orderId: expect.any(String), completed: false });
    const order = await client.orders.getOrder(placed.orderId!);
    expect(order.paymentStatus).toBe("NOT_PAID");
    const again = await rejection(() => admin().cartV2.placeOrder(cart._id!));
    expect(code(again)).toBe("CART_ALREADY_ORDERED");
  });

  it("placeOrder refusals: EMPTY_CART, MISSING_DELIVERY_METHOD, MISSING_DELIVERY_ADDRESS, LINE_ITEMS_OUT_OF_STOCK", async () => {
    const empty = makeClient();
    const e = await cartWith(empty, "livre-typescript");
    await empty.currentCartV2.removeLineItemsFromCurrentCart([e.lineItems![0]!._id!]);
    expect(code(await rejection(() => admin().cartV2.placeOrder(e._id!)))).toBe("EMPTY_CART");
    const noMethod = makeClient();
    const m = await cartWith(noMethod, "livre-typescript");
    expect(code(await rejection(() => admin().cartV2.placeOrder(m._id!)))).toBe("MISSING_DELIVERY_METHOD");
    await noMethod.currentCartV2.setDeliveryMethodForCurrentCart({ code: "standard" });
    expect(code(await rejection(() => admin().cartV2.placeOrder(m._id!)))).toBe("MISSING_DELIVERY_ADDRESS");
    // A pickup needs no address.
    await noMethod.currentCartV2.setDeliveryMethodForCurrentCart({ code: "pickup" });
    expect((await admin().cartV2.placeOrder(m._id!)).orderId).toEqual(expect.any(String));

    const late = makeClient();
    const l = await cartWith(late, "mug-isotherme", 1);
    const stock = await productBySlug(late, "mug-isotherme");
    const available = stock.stock?.quantity ?? 0;
    const rival = makeClient();
    await cartWith(rival, "mug-isotherme", available);
    await rival.currentCartV2.setDeliveryMethodForCurrentCart({ code: "pickup" });
    await admin().cartV2.placeOrder((await rival.currentCartV2.getCurrentCart()).cart!._id!);
    await late.currentCartV2.setDeliveryMethodForCurrentCart({ code: "pickup" });
    const sold = await rejection(() => admin().cartV2.placeOrder(l._id!));
    expect(code(sold)).toBe("LINE_ITEMS_OUT_OF_STOCK");
    expect(data(sold)).toEqual({ lineItemIds: [l.lineItems![0]!._id], allLineItemsOutOfStock: true });
  });

  it("Cart V2 events reach the SDK's typed handlers: created, updated, calculated and deleted, with the V2 cart", async () => {
    while ((await ctx.platform.flushWebhooks()) > 0);
    received.length = 0;
    const client = makeClient();
    const cart = await cartWith(client, "livre-typescript");
    await client.currentCartV2.updateLineItemsInCurrentCart({
      lineItems: [{ lineItemId: cart.lineItems![0]!._id!, quantity: { newQuantity: 2 } }],
    });
    await client.currentCartV2.calculateCurrentCart();
    await client.currentCartV2.deleteCurrentCart();
    while ((await ctx.platform.flushWebhooks()) > 0);
    const app = createClient({
      auth: AppStrategy({ appId: EMBEDDED_CLIENT_ID, publicKey: ctx.platform.webhookPublicKey() }),
      modules: { currentCartV2 },
    });
    const got: Array<{ kind: string; event: Record<string, any> }> = [];
    const on = (kind: string) => (event: unknown) => void got.push({ kind, event: event as Record<string, any> });
    app.currentCartV2.onCartCreated(on("created"));
    app.currentCartV2.onCartUpdated(on("updated"));
    app.currentCartV2.onCartCalculated(on("calculated"));
    app.currentCartV2.onCartDeleted(on("deleted"));
    for (const jwt of received) await app.webhooks.process(jwt, { expectedEvents: [] }).catch(() => undefined);
    const of = (kind: string) => got.filter((g) => g.kind === kind && g.event.metadata.entityId === cart._id);
    expect(of("created")[0]!.event.entity).toMatchObject({ _id: cart._id, lineItems: [expect.objectContaining({ status: "IN_STOCK" })] });
    expect(of("created")[0]!.event.metadata).toMatchObject({ entityFqdn: "wix.ecom.v2.cart", slug: "created" });
    expect(of("updated").at(-1)!.event.entity.lineItems[0].quantityInfo.requestedQuantity).toBe(2);
    expect(of("calculated")[0]!.event.data).toMatchObject({ cartId: cart._id, priceSummary: { total: { amount: "82.90" } } });
    expect(of("deleted")[0]!.event.entity._id).toBe(cart._id);
  });
});

describe.skipIf(isWix)("delivery solutions: the options a V2 cart may be given", () => {
  it("lists the site's options with their price, pickup and the lines they carry; nothing for digital items", async () => {
    const client = makeClient();
    const cart = await cartWith(client, "livre-typescript");
    await client.cartV2.addLineItems(cart._id!, { catalogItems: [await item(client, "formation-node", 1)] });
    const lines = (await client.currentCartV2.getCurrentCart()).cart!.lineItems!;
    const items = lines.map((l) => ({ _id: l._id!, quantity: 1, catalogReference: l.source!.catalogReference! }));
    const { deliverySolutions } = await client.deliverySolutions.getDeliverySolutions(items, {
      destination: { country: "FR" },
      currency: "EUR",
    });
    expect(deliverySolutions!.map((s) => [s.code, s.title, s.cost?.deliveryPrice?.amount, !!s.logistics?.pickupDetails])).toEqual([
      ["standard", "Livraison standard", "4.90", false],
      ["pickup", "Retrait sur place", "0.00", true],
    ]);
    expect(deliverySolutions![0]!.deliveryAllocations![0]!.applicableLineItems?.lineItemIds).toEqual([lines[0]!._id]);
    expect(deliverySolutions![0]!.partial).toBe(true);
    // The code and carrier it names are what Set Delivery Method takes.
    const { cart: set } = await client.currentCartV2.setDeliveryMethodForCurrentCart({
      code: deliverySolutions![1]!.deliveryReference!.code!,
      appId: deliverySolutions![1]!.deliveryReference!.appId,
    });
    expect(set!.deliveryInfo?.method).toMatchObject({ code: "pickup", appId: deliverySolutions![1]!.deliveryReference!.appId });
    const digital = await client.deliverySolutions.getDeliverySolutions([items[1]!], { destination: { country: "FR" }, currency: "EUR" });
    expect(digital.deliverySolutions).toEqual([]);
  });
});

describe.skipIf(isWix)("the platform's record of the API calls it answered", () => {
  it("lists each answered call as METHOD /path, in order; /_platform/api-log serves it to the owner only", async () => {
    const client = makeClient();
    await cartWith(client, "livre-typescript");
    await client.currentCartV2.estimateCurrentCart({});
    const calls = ctx.platform.apiLog();
    const tail = calls.slice(calls.lastIndexOf("POST /ecom/v2/carts/current/add-line-items"));
    expect(tail).toEqual(["POST /ecom/v2/carts/current/add-line-items", "POST /ecom/v2/carts/current/estimate"]);
    const owner = await ctx.platform.fetch(new Request(`${APP_ORIGIN}/_platform/api-log?token=${OWNER_TOKEN}`));
    expect(((await owner.json()) as { calls: string[] }).calls.slice(-2)).toEqual(tail);
    const stranger = await ctx.platform.fetch(new Request(`${APP_ORIGIN}/_platform/api-log?token=faux`));
    expect(stranger.status).toBe(403);
  });
});
