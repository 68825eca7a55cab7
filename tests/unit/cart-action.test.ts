import { describe, expect, it } from "vitest";
import { usePlatform, APP_ORIGIN, isWix, makeClient } from "../support/platform";
import { CartBrowser, flash } from "../support/cart-route";
import { Commerce } from "~/.server/wix/commerce.server";

/**
 * The cart route's action and loader, run the way React Router runs them (the
 * commerce middleware first), against the embedded platform: the session and
 * flash cookies travel between calls like a browser's.
 */
usePlatform();

/** A cart with one book, through the platform's own add-to-cart (the product page is not this test's subject). */
async function browserWithBook() {
  const browser = new CartBrowser();
  const first = await browser.cart();
  expect(first.cart).toBeNull();
  // Seed through the cart service; the browser keeps the session it got.
  const commerce = await Commerce.fromRequest(new Request(APP_ORIGIN, { headers: { Cookie: browser.cookieHeader() } }));
  const wix = await commerce.client();
  const { items } = await wix.products.queryProducts().eq("slug", "livre-typescript").find();
  await commerce.cart.add({ productId: items[0]!._id!, quantity: 1 });
  const cookie = await commerce.pendingCookie();
  if (cookie) browser.remember(new Response(null, { headers: { "Set-Cookie": cookie } }));
  const { cart } = await browser.cart();
  return { browser, lineId: cart!.lines[0]!.id };
}

function isRedirectToCart(result: unknown) {
  return result instanceof Response && result.status === 303 && result.headers.get("Location") === "/cart";
}

describe.skipIf(isWix)("cart action", () => {
  it("refuses a bad quantity with a 400 beside the line, keeping what was typed; nothing changes", async () => {
    const { browser, lineId } = await browserWithBook();
    const result = (await browser.post({ intent: "update", lineId, quantity: "1.5" })) as { data: unknown; init: ResponseInit };
    expect(result.init.status).toBe(400);
    expect(result.data).toEqual({
      fieldErrors: { quantity: "La quantité doit être un nombre entier." },
      values: { intent: "update", lineId, quantity: "1.5" },
    });
    expect((await browser.cart()).cart!.lines[0]!.quantity).toBe(1);
  });

  it("updates a quantity and answers 303 to /cart with a notification", async () => {
    const { browser, lineId } = await browserWithBook();
    const result = await browser.post({ intent: "update", lineId, quantity: "4", cartDelta: "3" });
    expect(isRedirectToCart(result)).toBe(true);
    expect(flash(result)).toMatchObject({ type: "success", title: "Quantité mise à jour" });
    const { cart, totals } = await browser.cart();
    expect(cart!.lines[0]!.quantity).toBe(4);
    expect(totals!.subtotal.amount).toBe("156.00");
  });

  it("refuses a line that is not in the caller's cart", async () => {
    const { browser } = await browserWithBook();
    const other = await browserWithBook();
    const result = await browser.post({ intent: "remove", lineId: other.lineId });
    expect(isRedirectToCart(result)).toBe(true);
    expect(flash(result)).toMatchObject({ type: "error", title: "Cet article n'est plus dans votre panier." });
    expect((await other.browser.cart()).cart!.lines).toHaveLength(1);
    expect((await browser.cart()).cart!.lines).toHaveLength(1);
  });

  it("applies and removes a coupon; an unknown coupon is an error beside the field, the code kept", async () => {
    const { browser } = await browserWithBook();
    expect(isRedirectToCart(await browser.post({ intent: "coupon", code: " BIENVENUE10 " }))).toBe(true);
    let state = await browser.cart();
    expect(state.cart!.couponCode).toBe("BIENVENUE10");
    expect(state.totals!.discount.amount).toBe("3.90");
    expect(isRedirectToCart(await browser.post({ intent: "remove-coupon" }))).toBe(true);
    state = await browser.cart();
    expect(state.cart!.couponCode).toBeUndefined();
    const unknown = (await browser.post({ intent: "coupon", code: "PASUNCODE" })) as { data: unknown; init: ResponseInit };
    expect(unknown.init.status).toBe(400);
    expect(unknown.data).toMatchObject({
      fieldErrors: { code: "Ce code promo n'existe pas ou n'est plus valable." },
      values: { code: "PASUNCODE" },
    });
    expect((await browser.cart()).cart!.couponCode).toBeUndefined();
  });

  it("one coupon per Cart V2: a refused code leaves the coupon the cart had, and says why beside the field", async () => {
    const { browser } = await browserWithBook();
    await browser.post({ intent: "coupon", code: "BIENVENUE10" });
    const refused = (await browser.post({ intent: "coupon", code: "PASUNCODE" })) as { data: unknown; init: ResponseInit };
    expect(refused.init.status).toBe(400);
    expect(refused.data).toMatchObject({ fieldErrors: { code: "Ce code promo n'existe pas ou n'est plus valable." } });
    expect((await browser.cart()).cart!.couponCode).toBe("BIENVENUE10");
    // The same code again changes nothing and is not an error.
    expect(isRedirectToCart(await browser.post({ intent: "coupon", code: "bienvenue10" }))).toBe(true);
    expect((await browser.cart()).cart!.couponCode).toBe("BIENVENUE10");
  });

  it("adding more than the stock left, counting the cart, is refused beside the quantity with what the cart holds (Cart V2's availableQuantity)", async () => {
    const { browser, lineId } = await browserWithBook();
    expect(isRedirectToCart(await browser.post({ intent: "update", lineId, quantity: "10" }))).toBe(true);
    const { cart } = await browser.cart();
    const added = (await browser.post({ intent: "add", productId: cart!.lines[0]!.productId, quantity: "1", redirectTo: "/cart" })) as {
      data: unknown;
      init: ResponseInit;
    };
    expect(added.init.status).toBe(400);
    expect(added.data).toMatchObject({
      fieldErrors: { quantity: "Il n'en reste que 10, déjà dans votre panier." },
    });
    expect((await browser.cart()).cart!.lines[0]!.quantity).toBe(10);
  });

  it("removes the last line: the cart page is empty", async () => {
    const { browser, lineId } = await browserWithBook();
    expect(isRedirectToCart(await browser.post({ intent: "remove", lineId }))).toBe(true);
    expect((await browser.cart()).cart).toBeNull();
  });
});

describe.skipIf(isWix)("a visitor's Cart V1 cart at the switch to Cart V2", () => {
  it("is the cart the app shows and changes: its lines, quantities and coupon are kept", async () => {
    const browser = new CartBrowser();
    await browser.cart();
    // Before the switch: the visitor's cart was made through Cart V1, with their own tokens.
    const commerce = await Commerce.fromRequest(new Request(APP_ORIGIN, { headers: { Cookie: browser.cookieHeader() } }));
    const v1 = makeClient((await commerce.client()).auth.getTokens());
    const { items } = await v1.products.queryProducts().eq("slug", "livre-typescript").find();
    const { cart: old } = await v1.currentCart.addToCurrentCart({
      lineItems: [{ catalogReference: { appId: "215238eb-22a5-4c36-9e7b-e7c08025e04e", catalogItemId: items[0]!._id! }, quantity: 2 }],
    });
    await v1.currentCart.updateCurrentCart({ couponCode: "BIENVENUE10" });
    const cookie = await commerce.pendingCookie();
    if (cookie) browser.remember(new Response(null, { headers: { "Set-Cookie": cookie } }));
    // After: the app (Cart V2 only) finds it whole, and changes it.
    const { cart, totals } = await browser.cart();
    expect(cart).toMatchObject({ id: old!._id, couponCode: "BIENVENUE10", itemCount: 2 });
    expect(totals!.discount.amount).toBe("7.80");
    expect(isRedirectToCart(await browser.post({ intent: "update", lineId: cart!.lines[0]!.id, quantity: "3" }))).toBe(true);
    expect((await v1.currentCart.getCurrentCart()).lineItems![0]!.quantity).toBe(3);
  });
});
