import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { clearCatalogCache, forgetCatalogCopies } from "~/.server/catalog/cache.server";
import { loadCatalogPage, loadProductPage } from "~/.server/catalog/catalog.server";
import { THROTTLED_MESSAGE } from "~/.server/wix/throttle.server";
import { Commerce } from "~/.server/wix/commerce.server";
import { TEST_RATE_LIMIT_PER_MINUTE } from "../support/demo";
import { CartBrowser, flash } from "../support/cart-route";
import { APP_ORIGIN, useEmbeddedPlatform } from "../support/platform";

/**
 * The app when Wix throttles the site (its API budget spent: 429 on every call): the embedded platform's own budget,
 * spent for real, under the app's own handlers and the cart route. Catalog pages come from the last copy the app
 * read, a refused add says so in French and leaves the cart as it was, and nothing is a 500.
 */
const embedded = useEmbeddedPlatform({ catalogVersion: "V3_CATALOG" }, { getAppOrigin: () => APP_ORIGIN });

/** Spends the site's whole budget: from now on every call answers 429 until `unthrottle`. */
async function throttle() {
  embedded.platform.setRateLimit(1);
  await fetch("https://www.wixapis.com/stores/v3/provision/version");
  expect((await fetch("https://www.wixapis.com/stores/v3/provision/version")).status).toBe(429);
}
const unthrottle = () => embedded.platform.setRateLimit(TEST_RATE_LIMIT_PER_MINUTE);

afterEach(unthrottle);
beforeAll(() => forgetCatalogCopies());

/** What a loader threw (an error screen), or a failure when it answered. */
async function screenOf(read: () => Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await read();
  } catch (thrown) {
    const t = thrown as { init?: ResponseInit | null; data?: { message?: string } };
    return { status: t.init?.status ?? 0, message: t.data?.message ?? "" };
  }
  throw new Error("expected an error screen, the read answered");
}

describe("Wix throttling the site", () => {
  it("a catalog page read before is served from its last copy, even once a catalog event emptied the cache", async () => {
    const url = new URL(`${APP_ORIGIN}/products`);
    const before = await loadCatalogPage(url);
    const product = await loadProductPage("livre-typescript", new URL(`${APP_ORIGIN}/products/livre-typescript`));
    await throttle();
    clearCatalogCache();
    const during = await loadCatalogPage(url);
    expect(during.products.map((p) => p.slug)).toEqual(before.products.map((p) => p.slug));
    expect(during.total).toBe(before.total);
    const page = await loadProductPage("livre-typescript", new URL(`${APP_ORIGIN}/products/livre-typescript`));
    expect(page.product).toEqual(product.product);
  });

  it("a page never read before is the French 503 screen, not a system error", async () => {
    await throttle();
    const screen = await screenOf(() => loadProductPage("livre-devops", new URL(`${APP_ORIGIN}/products/livre-devops`)));
    expect(screen).toEqual({ status: 503, message: THROTTLED_MESSAGE });
  });

  it("a refused add to the cart is a French notification, and the cart stays as it was", async () => {
    const browser = new CartBrowser();
    await browser.cart();
    const commerce = await Commerce.fromRequest(new Request(APP_ORIGIN, { headers: { Cookie: browser.cookieHeader() } }));
    const book = await commerce.catalog.product("livre-typescript");
    await commerce.cart.add({ productId: book.id, quantity: 2 });
    const cookie = await commerce.pendingCookie();
    if (cookie) browser.remember(new Response(null, { headers: { "Set-Cookie": cookie } }));
    const other = await commerce.catalog.product("livre-devops");
    const before = (await browser.cart()).cart!;

    await throttle();
    const added = await browser.post({ intent: "add", productId: other.id, quantity: "1", redirectTo: "/products/livre-devops" });
    expect(added).toBeInstanceOf(Response);
    expect((added as Response).status).toBe(303);
    expect((added as Response).headers.get("location")).toBe("/products/livre-devops");
    expect(flash(added)).toMatchObject({ type: "error", title: THROTTLED_MESSAGE });
    // The cart page itself cannot be read meanwhile: the same words on the error screen.
    expect(await screenOf(() => browser.cart())).toEqual({ status: 503, message: THROTTLED_MESSAGE });

    unthrottle();
    const after = (await browser.cart()).cart!;
    expect(after.lines.map((l) => [l.productId, l.quantity])).toEqual(before.lines.map((l) => [l.productId, l.quantity]));
    expect(after.lines).toHaveLength(1);
  });

  it("a new visitor's first cart change, when not even tokens can be had, is the same notification", async () => {
    const browser = new CartBrowser();
    const other = await (await Commerce.fromRequest(new Request(APP_ORIGIN))).catalog.product("livre-devops");
    await throttle();
    const added = await browser.post({ intent: "add", productId: other.id, quantity: "1", redirectTo: "/products/livre-devops" });
    expect(flash(added)).toMatchObject({ type: "error", title: THROTTLED_MESSAGE });
  });
});
