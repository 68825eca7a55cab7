// ecom current cart (catalog V1 items) through the real @wix/ecom SDK.
import { describe, expect, it } from "vitest";
import {
  cents,
  isWix,
  makeClient,
  productBySlug,
  productRef,
  rejection,
  SHIPPING_ADDRESS,
  STORES_APP_ID,
  usePlatform,
  type Client,
} from "./harness";

usePlatform();

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** Outcome of getCurrentCart for a caller with no cart: the platform must always answer the same way. */
async function noCartOutcome(client: Client): Promise<"error" | "empty"> {
  try {
    const cart = await client.currentCart.getCurrentCart();
    expect(cart?.lineItems ?? []).toEqual([]);
    return "empty";
  } catch (e) {
    const err = e as { details?: { applicationError?: { code?: unknown } } };
    expect(err.details?.applicationError?.code).toBe("OWNED_CART_NOT_FOUND");
    return "error";
  }
}

async function cartWith(client: Client, slug: string, quantity = 1, options?: Record<string, string>) {
  const product = await productBySlug(client, slug);
  const { cart } = await client.currentCart.addToCurrentCart({ lineItems: [{ ...productRef(product._id, options), quantity }] });
  return { cart: cart!, product };
}

// A product that is available and simple on both targets: the seed's book, or the first in-stock product on Wix.
async function simpleProductSlug(client: Client): Promise<string> {
  if (!isWix) return "livre-typescript";
  const res = await client.products.queryProducts().limit(100).find();
  const p = res.items.find((x) => x.stock?.inStock && !x.manageVariants && (x.productOptions ?? []).length === 0);
  if (!p?.slug) throw new Error("no simple in-stock product on the Wix site");
  return p.slug;
}

describe("current cart", () => {
  it("getCurrentCart without a cart answers consistently (OWNED_CART_NOT_FOUND or an empty cart)", async () => {
    const fresh = await noCartOutcome(makeClient());
    const client = makeClient();
    await cartWith(client, await simpleProductSlug(client));
    await client.currentCart.deleteCurrentCart();
    expect(await noCartOutcome(client)).toBe(fresh);
  });

  it("addToCurrentCart returns { cart } with SDK-shaped line items", async () => {
    const client = makeClient();
    const slug = await simpleProductSlug(client);
    const { cart, product } = await cartWith(client, slug, 2);
    expect(typeof cart._id).toBe("string");
    expect(cart).not.toHaveProperty("id");
    expect(cart._createdDate).toBeInstanceOf(Date);
    expect(cart._updatedDate).toBeInstanceOf(Date);
    expect(cart.currency).toBe(isWix ? cart.currency : "EUR");
    expect(typeof cart.buyerInfo?.visitorId).toBe("string");
    expect(cart.lineItems).toHaveLength(1);
    const line = cart.lineItems![0]!;
    expect(typeof line._id).toBe("string");
    expect(line.quantity).toBe(2);
    expect(line.catalogReference?.catalogItemId).toBe(product._id);
    expect(line.catalogReference?.appId).toBe(STORES_APP_ID);
    expect(line.productName?.original).toBe(product.name);
    expect(line.price?.amount).toMatch(DECIMAL);
    expect(cents(line.price?.amount)).toBe(Math.round(product.priceData!.discountedPrice! * 100));
    expect(typeof line.price?.formattedAmount).toBe("string");
    expect(line.availability?.status).toBe("AVAILABLE");
    expect(line.itemType?.preset).toBe(product.productType === "digital" ? "DIGITAL" : "PHYSICAL");
    // Images on cart lines are transformed by the SDK into wix:image:// strings.
    expect(line.image).toMatch(/^wix:image:\/\/v1\//);
    // Page URLs ({relativePath, url} on the wire) become plain strings.
    expect(typeof line.url).toBe("string");
  });

  it("getCurrentCart returns the cart itself (unwrapped) with the same lines", async () => {
    const client = makeClient();
    const { cart } = await cartWith(client, await simpleProductSlug(client), 1);
    const got = await client.currentCart.getCurrentCart();
    expect(got._id).toBe(cart._id);
    expect(got.lineItems!.map((l) => l._id)).toEqual(cart.lineItems!.map((l) => l._id));
  });

  it("merges the same item with the same options into one line", async () => {
    const client = makeClient();
    const slug = await simpleProductSlug(client);
    await cartWith(client, slug, 1);
    const { cart } = await cartWith(client, slug, 2);
    expect(cart.lineItems).toHaveLength(1);
    expect(cart.lineItems![0]!.quantity).toBe(3);
  });

  it("treats empty catalogReference options like no options when merging (the app sends options: {})", async () => {
    const client = makeClient();
    const slug = await simpleProductSlug(client);
    const product = await productBySlug(client, slug);
    await client.currentCart.addToCurrentCart({
      lineItems: [{ catalogReference: { appId: STORES_APP_ID, catalogItemId: product._id, options: {} }, quantity: 1 }],
    });
    const { cart } = await cartWith(client, slug, 1);
    expect(cart.lineItems).toHaveLength(1);
    expect(cart.lineItems![0]!.quantity).toBe(2);
  });

  it("updateCurrentCartLineItemQuantity changes a line's quantity", async () => {
    const client = makeClient();
    const { cart } = await cartWith(client, await simpleProductSlug(client), 1);
    const lineId = cart.lineItems![0]!._id!;
    const res = await client.currentCart.updateCurrentCartLineItemQuantity([{ _id: lineId, quantity: 4 }]);
    expect(res.cart?.lineItems!.find((l) => l._id === lineId)?.quantity).toBe(4);
  });

  it("removeLineItemsFromCurrentCart removes only the given lines", async () => {
    const client = makeClient();
    const slug = await simpleProductSlug(client);
    const first = await cartWith(client, slug, 1);
    const other = isWix ? slug : "mug-isotherme";
    const { cart } = await cartWith(client, other, 1);
    if (other === slug) return; // one product only on Wix: nothing more to compare
    expect(cart.lineItems).toHaveLength(2);
    const keep = cart.lineItems!.find((l) => l._id !== first.cart.lineItems![0]!._id)!;
    const res = await client.currentCart.removeLineItemsFromCurrentCart([first.cart.lineItems![0]!._id!]);
    expect(res.cart?.lineItems!.map((l) => l._id)).toEqual([keep._id]);
  });

  it("updateCurrentCart sets a buyer note and returns the cart (unwrapped)", async () => {
    const client = makeClient();
    await cartWith(client, await simpleProductSlug(client), 1);
    const cart = await client.currentCart.updateCurrentCart({ cartInfo: { buyerNote: "Merci d'emballer en cadeau" } });
    expect(cart.buyerNote).toBe("Merci d'emballer en cadeau");
    expect((await client.currentCart.getCurrentCart()).buyerNote).toBe("Merci d'emballer en cadeau");
  });

  it("deleteCurrentCart resolves and leaves no cart", async () => {
    const client = makeClient();
    const fresh = await noCartOutcome(makeClient());
    await cartWith(client, await simpleProductSlug(client), 1);
    await expect(client.currentCart.deleteCurrentCart()).resolves.toBeUndefined();
    expect(await noCartOutcome(client)).toBe(fresh);
  });

  it("keeps one cart per caller: another visitor does not see it", async () => {
    const a = makeClient();
    const b = makeClient();
    const { cart } = await cartWith(a, await simpleProductSlug(a), 1);
    try {
      const other = await b.currentCart.getCurrentCart();
      expect(other._id).not.toBe(cart._id);
      expect(other.lineItems ?? []).toEqual([]);
    } catch (e) {
      expect((e as { details?: { applicationError?: { code?: unknown } } }).details?.applicationError?.code).toBe("OWNED_CART_NOT_FOUND");
    }
  });
});

describe.skipIf(isWix)("current cart with the demo catalog (embedded platform)", () => {
  it("adds variants by their options, with the variant's price, and keeps different options on separate lines", async () => {
    const client = makeClient();
    await cartWith(client, "t-shirt-typescript", 1, { Taille: "XL", Couleur: "Noir" });
    const { cart } = await cartWith(client, "t-shirt-typescript", 1, { Taille: "S", Couleur: "Noir" });
    expect(cart.lineItems).toHaveLength(2);
    const xl = cart.lineItems!.find((l) => cents(l.price?.amount) === 2700);
    const s = cart.lineItems!.find((l) => cents(l.price?.amount) === 2500);
    expect(xl).toBeDefined();
    expect(s).toBeDefined();
    const again = await cartWith(client, "t-shirt-typescript", 2, { Taille: "XL", Couleur: "Noir" });
    expect(again.cart.lineItems).toHaveLength(2);
    expect(again.cart.lineItems!.find((l) => l._id === xl!._id)?.quantity).toBe(3);
    // The chosen options are described on the line (colour with its code).
    const names = JSON.stringify(xl!.descriptionLines);
    expect(names).toContain("Taille");
    expect(names).toContain("XL");
    expect(names).toContain("#1f2937");
  });

  it("prices discounted products at their discounted price", async () => {
    const client = makeClient();
    const { cart } = await cartWith(client, "livre-devops", 1);
    expect(cart.lineItems![0]!.price?.amount).toMatch(DECIMAL);
    expect(cents(cart.lineItems![0]!.price?.amount)).toBe(3300);
    expect(cart.taxIncludedInPrices).toBe(true);
  });

  it("applies coupon BIENVENUE10 and removes it", async () => {
    const client = makeClient();
    await cartWith(client, "livre-typescript", 1);
    const cart = await client.currentCart.updateCurrentCart({ couponCode: "BIENVENUE10" });
    const coupon = cart.appliedDiscounts?.find((d) => d.coupon)?.coupon;
    expect(coupon?.code).toBe("BIENVENUE10");
    expect(typeof coupon?._id).toBe("string");
    const totals = await client.currentCart.estimateCurrentCartTotals({});
    expect(cents(totals.priceSummary?.discount?.amount)).toBe(390);

    const removed = await client.currentCart.removeCouponFromCurrentCart();
    expect(removed.cart?.appliedDiscounts?.some((d) => d.coupon) ?? false).toBe(false);
    const after = await client.currentCart.estimateCurrentCartTotals({});
    expect(cents(after.priceSummary?.discount?.amount ?? "0")).toBe(0);
  });

  it("refuses an unknown coupon with the checkout typings' ERROR_COUPON_DOES_NOT_EXIST", async () => {
    const client = makeClient();
    await cartWith(client, "livre-typescript", 1);
    const e = await rejection(() => client.currentCart.updateCurrentCart({ couponCode: "FAUXCODE" }));
    expect(e.details?.applicationError?.code).toBe("ERROR_COUPON_DOES_NOT_EXIST");
    const cart = await client.currentCart.getCurrentCart();
    expect(cart.appliedDiscounts?.some((d) => d.coupon) ?? false).toBe(false);
  });

  it("estimates totals: subtotal − discount + shipping = total, VAT included, decimal strings", async () => {
    const client = makeClient();
    await cartWith(client, "livre-typescript", 2); // 2 × 39.00
    await cartWith(client, "mug-it-works", 1); // 14.00 − 20 % = 11.20
    await client.currentCart.updateCurrentCart({ couponCode: "BIENVENUE10" });
    const res = await client.currentCart.estimateCurrentCartTotals({
      selectedShippingOption: { code: "standard" },
      shippingAddress: SHIPPING_ADDRESS,
    });
    const s = res.priceSummary!;
    for (const k of ["subtotal", "discount", "shipping", "tax", "total"] as const) expect(s[k]?.amount).toMatch(DECIMAL);
    expect(cents(s.subtotal?.amount) - cents(s.discount?.amount) + cents(s.shipping?.amount)).toBe(cents(s.total?.amount));
    expect(cents(s.shipping?.amount)).toBe(490);
    expect(cents(s.total?.amount)).toBe(8518); // 89.20 − 8.92 + 4.90
    // Prices include VAT, by product: the books at 5.5 %, the mug at 20 %, the delivery at the highest rate it carries.
    const vat = (gross: number, rate: number) => Math.round((gross * rate) / (100 + rate));
    expect(cents(s.tax?.amount)).toBe(vat(7800 - 780, 5.5) + vat(1120 - 112, 20) + vat(490, 20));
    expect(res.calculatedLineItems?.map((l) => l.pricesBreakdown?.taxDetails?.taxRate)).toEqual(["0.055", "0.2"]);
    expect(res.currency).toBe("EUR");
    expect(res.cart?.lineItems).toHaveLength(2);
  });

  it("lists both shipping options with their prices and honours the chosen one", async () => {
    const client = makeClient();
    await cartWith(client, "livre-typescript", 1);
    const res = await client.currentCart.estimateCurrentCartTotals({
      selectedShippingOption: { code: "pickup" },
      shippingAddress: SHIPPING_ADDRESS,
    });
    const options = (res.shippingInfo?.carrierServiceOptions ?? []).flatMap((c) => c.shippingOptions ?? []);
    const byTitle = new Map(options.map((o) => [o.title, o]));
    expect(cents(byTitle.get("Livraison standard")?.cost?.price?.amount)).toBe(490);
    expect(cents(byTitle.get("Retrait sur place")?.cost?.price?.amount)).toBe(0);
    expect(byTitle.get("Livraison standard")?.code).toBe("standard");
    expect(cents(res.priceSummary?.shipping?.amount ?? "0")).toBe(0);
    expect(cents(res.priceSummary?.total?.amount)).toBe(3900);
  });

  it("createCheckoutFromCurrentCart returns { checkoutId } of a checkout holding the cart", async () => {
    const client = makeClient();
    await cartWith(client, "livre-typescript", 2);
    const res = await client.currentCart.createCheckoutFromCurrentCart({
      channelType: "WEB",
      email: "acheteur@exemple.fr",
      shippingAddress: SHIPPING_ADDRESS,
      selectedShippingOption: { code: "standard" },
    });
    expect(typeof res.checkoutId).toBe("string");
    const checkout = await client.checkout.getCheckout(res.checkoutId!);
    expect(checkout._id).toBe(res.checkoutId);
    expect(checkout.lineItems).toHaveLength(1);
    expect(checkout.lineItems![0]!.quantity).toBe(2);
    expect(cents(checkout.priceSummary?.total?.amount)).toBe(7800 + 490);
  });

  it("flags an out-of-stock item on its line and refuses to check it out", async () => {
    const client = makeClient();
    const product = await productBySlug(client, "livre-securite");
    let added: Awaited<ReturnType<Client["currentCart"]["addToCurrentCart"]>> | undefined;
    try {
      added = await client.currentCart.addToCurrentCart({ lineItems: [{ ...productRef(product._id), quantity: 1 }] });
    } catch (e) {
      // Refusing the add outright is also acceptable, with an application error.
      expect(typeof (e as { details?: { applicationError?: { code?: unknown } } }).details?.applicationError?.code).toBe("string");
      return;
    }
    const line = added.cart!.lineItems!.find((l) => l.catalogReference?.catalogItemId === product._id)!;
    expect(line.availability?.status).toBe("NOT_AVAILABLE");
    const totals = await client.currentCart.estimateCurrentCartTotals({});
    const violation = totals.violations?.find((v) => v.target?.lineItem?._id === line._id);
    expect(violation?.severity).toBe("ERROR");
    expect(JSON.stringify(violation)).toContain("REMOVE_LINE_ITEM");
    await expect(client.currentCart.createCheckoutFromCurrentCart({ channelType: "WEB", email: "acheteur@exemple.fr" })).rejects.toThrow();
  });

  it("accepts a variant reference by variantId (catalog V1 options form)", async () => {
    const client = makeClient();
    const product = await productBySlug(client, "t-shirt-typescript");
    const variant = product.variants?.find((v) => v.choices?.Taille === "XL" && v.choices?.Couleur === "Noir");
    expect(variant?._id).toBeTruthy();
    const { cart } = await client.currentCart.addToCurrentCart({
      lineItems: [
        {
          catalogReference: { appId: STORES_APP_ID, catalogItemId: product._id, options: { variantId: variant!._id } },
          quantity: 1,
        },
      ],
    });
    expect(cents(cart!.lineItems![0]!.price?.amount)).toBe(2700);
  });
  it("flags a quantity above the stock as PARTIALLY_AVAILABLE and refuses to check it out", async () => {
    const client = makeClient();
    const { cart } = await cartWith(client, "sticker-edition-limitee", 3);
    const line = cart.lineItems![0]!;
    expect(line.availability?.status).toBe("PARTIALLY_AVAILABLE");
    expect(line.availability?.quantityAvailable).toBe(1);
    await expect(client.currentCart.createCheckoutFromCurrentCart({ channelType: "WEB", email: "acheteur@exemple.fr" })).rejects.toThrow();
    await client.currentCart.updateCurrentCartLineItemQuantity([{ _id: line._id!, quantity: 1 }]);
    const ok = await client.currentCart.createCheckoutFromCurrentCart({ channelType: "WEB", email: "acheteur@exemple.fr" });
    expect(typeof ok.checkoutId).toBe("string");
  });

  it("createCheckoutFromCurrentCart without a cart is refused", async () => {
    const client = makeClient();
    await expect(client.currentCart.createCheckoutFromCurrentCart({ channelType: "WEB" })).rejects.toThrow();
  });

  it("updates the totals when quantities change", async () => {
    const client = makeClient();
    const { cart } = await cartWith(client, "livre-sql", 1);
    const before = await client.currentCart.estimateCurrentCartTotals({});
    expect(cents(before.priceSummary?.subtotal?.amount)).toBe(3200);
    await client.currentCart.updateCurrentCartLineItemQuantity([{ _id: cart.lineItems![0]!._id!, quantity: 3 }]);
    const after = await client.currentCart.estimateCurrentCartTotals({});
    expect(cents(after.priceSummary?.subtotal?.amount)).toBe(9600);
    expect(after.calculatedLineItems?.[0]?.lineItemId).toBe(cart.lineItems![0]!._id);
  });
});
