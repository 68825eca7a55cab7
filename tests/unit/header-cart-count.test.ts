import { afterEach, describe, expect, it, vi } from "vitest";
import { useEmbeddedPlatform } from "../support/platform";
import { Commerce } from "~/.server/wix/commerce.server";

/**
 * The header's cart count lives in the session cookie (decision 0066): every page of a visitor with a cart showed it
 * after a call to Wix, a round trip before the first byte. Each cart action and cart read keeps it; a checkout or
 * another identity makes it unknown, and the next page reads the cart once.
 */
useEmbeddedPlatform({}, { getAppOrigin: () => "http://localhost:3000" });
afterEach(() => vi.restoreAllMocks());

const ORIGIN = "http://localhost:3000";

/** The Wix calls made meanwhile, as "METHOD /path" (`only`: those whose path contains it). */
function wixCalls(only = ""): string[] {
  const calls: string[] = [];
  const real = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.hostname.endsWith("wixapis.com") && url.pathname.includes(only))
      calls.push(`${init?.method ?? (input instanceof Request ? input.method : "GET")} ${url.pathname}`);
    return real(input, init);
  });
  return calls;
}

/** A request to `path` carrying the session cookie a previous answer set. */
async function nextRequest(path: string, cookie: string | null) {
  const value = cookie?.split(";")[0];
  return Commerce.fromRequest(new Request(ORIGIN + path, { headers: value ? { Cookie: value } : {} }));
}

async function someProductId(): Promise<string> {
  const reader = new Commerce(new Request(ORIGIN), null);
  const { items } = await (await reader.client()).products.queryProducts().limit(1).find();
  return items[0]!._id!;
}

describe("the header's cart count", () => {
  it("shows what an add left in the session on the next page, without a call", async () => {
    const productId = await someProductId();
    const adding = await nextRequest("/products/x", null);
    await adding.cart.add({ productId, quantity: 2 });
    const cookie = await adding.pendingCookie();
    expect(cookie).toBeTruthy();

    const page = await nextRequest("/", cookie);
    const calls = wixCalls();
    expect(await page.cart.headerCount()).toEqual({ count: 2, lines: [] });
    expect(calls).toEqual([]);
  });

  it("comes from the cart itself on the cart page, with its lines, and refreshes the kept count", async () => {
    const productId = await someProductId();
    const adding = await nextRequest("/products/x", null);
    const added = await adding.cart.add({ productId, quantity: 1 });
    const first = await adding.pendingCookie();
    // Changed elsewhere (another device of the same visitor): the kept count is 1, the cart holds 4.
    const elsewhere = await nextRequest("/cart", first);
    await elsewhere.cart.updateLine(added.lines[0]!.id, 4);

    const cartPage = await nextRequest("/cart", first);
    // The cart's calls (its lines' product links may need a catalog read, shared by everyone).
    const calls = wixCalls("/ecom/");
    // The page's loader and the header's count, as React Router runs them: at once, one call for both.
    const [header, page] = await Promise.all([cartPage.cart.headerCount(), cartPage.cart.withTotals()]);
    expect(header).toEqual({ count: 4, lines: [{ id: added.lines[0]!.id, quantity: 4 }] });
    expect(page?.cart.itemCount).toBe(4);
    expect(await cartPage.cart.estimate()).toEqual(page?.totals);
    expect(calls).toEqual(["POST /ecom/v2/carts/current/estimate"]);
    const refreshed = await cartPage.pendingCookie();
    expect(await (await nextRequest("/", refreshed)).cart.headerCount()).toEqual({ count: 4, lines: [] });
  });

  it("is read again after a checkout went out: paying turns the cart into an order", async () => {
    const productId = await someProductId();
    const adding = await nextRequest("/products/x", null);
    await adding.cart.add({ productId, quantity: 1 });
    const checkingOut = await nextRequest("/checkout", await adding.pendingCookie());
    await checkingOut.cart.changing(async () => undefined);

    const after = await nextRequest("/checkout/complete", await checkingOut.pendingCookie());
    const calls = wixCalls("/ecom/");
    expect(await after.cart.headerCount()).toEqual({ count: 1, lines: [expect.objectContaining({ quantity: 1 })] });
    expect(calls).toEqual(["GET /ecom/v2/carts/current"]);
  });

  it("is 0 without any call for a browser that has no session yet", async () => {
    const calls = wixCalls();
    expect(await (await nextRequest("/", null)).cart.headerCount()).toEqual({ count: 0, lines: [] });
    expect(calls).toEqual([]);
  });

  it("is unknown for another identity: a new visitor's session does not inherit it", async () => {
    const productId = await someProductId();
    const adding = await nextRequest("/products/x", null);
    await adding.cart.add({ productId, quantity: 3 });
    const page = await nextRequest("/", await adding.pendingCookie());
    expect(page.knownCartCount).toBe(3);
    page.clearTokens();
    await page.ensureTokens();
    expect(page.knownCartCount).toBeNull();
  });
});
