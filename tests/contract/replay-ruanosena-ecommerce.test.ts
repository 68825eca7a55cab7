// Replay of a public headless storefront written by others, on a Catalog V1 site with Cart V1: a Next.js shop,
// https://github.com/ruanosena/ecommerce at commit 7ee9f3ffcad89a7be6293c56cfe520a1c80c3c8d (src/wix-api: products.ts,
// collections.ts, cart.ts, checkout.ts, orders.ts; src/lib/utils.ts findVariant). Each step is the SDK call that code
// makes, with its own arguments; the shop's code is not copied here. Wix refuses one step to a visitor, and so does
// the platform: "Buy now" (checkout.createCheckout). Not replayed: its recommendations, reviews, back-in-stock and
// media calls (services outside the shop's flow that this platform does not run).
import { describe, expect, it } from "vitest";
import { createClient, OAuthStrategy } from "@wix/sdk";
import { collections, products } from "@wix/stores";
import { checkout, currentCart, orders } from "@wix/ecom";
import { redirects } from "@wix/redirects";
import { APP_ORIGIN, buyByCard, clientId, DEMO, isWix, loginThroughHostedPage, rejection, usePlatform } from "./harness";

const ctx = usePlatform({ catalogVersion: "V1_CATALOG" });

const WIX_STORES_APP_ID = "215238eb-22a5-4c36-9e7b-e7c08025e04e";
const modules = { products, collections, currentCart, checkout, redirects, orders };

async function storefront() {
  const client = createClient({ modules, auth: OAuthStrategy({ clientId }) });
  client.auth.setTokens(await client.auth.generateVisitorTokens());
  return client;
}
type Storefront = Awaited<ReturnType<typeof storefront>>;
type Product = products.Product;

/** findVariant (src/lib/utils.ts): the managed variant whose choices are the selected options, if any. */
function findVariant(product: Product, selectedOptions: Record<string, string>) {
  if (!product.manageVariants) return null;
  return product.variants?.find((v) => Object.entries(selectedOptions).every(([k, value]) => v.choices?.[k] === value)) ?? null;
}

/** queryProducts (src/wix-api/products.ts) with the shop's filters. */
function queryProducts(
  c: Storefront,
  f: {
    q?: string;
    collectionIds?: string[];
    sort?: "last_updated" | "price_asc" | "price_desc";
    priceMin?: number;
    priceMax?: number;
    skip?: number;
    limit?: number;
  },
) {
  let query = c.products.queryProducts();
  if (f.q) query = query.startsWith("name", f.q);
  if (f.collectionIds?.length) query = query.hasSome("collectionIds", f.collectionIds);
  const sort = f.sort ?? "last_updated";
  if (sort === "price_asc") query = query.ascending("price");
  else if (sort === "price_desc") query = query.descending("price");
  else query = query.descending("lastUpdated");
  if (f.priceMin) query = query.ge("priceData.price", f.priceMin);
  if (f.priceMax) query = query.le("priceData.price", f.priceMax);
  if (f.limit) query = query.limit(f.limit);
  if (f.skip) query = query.skip(f.skip);
  return query.find();
}

/** The cart line the shop adds (addToCart / getCheckoutUrlForProduct): the variant when managed, else the options. */
function lineItem(product: Product, selectedOptions: Record<string, string>, quantity: number) {
  const variant = findVariant(product, selectedOptions);
  return {
    catalogReference: {
      appId: WIX_STORES_APP_ID,
      catalogItemId: product._id!,
      options: variant ? { variantId: variant._id } : { options: selectedOptions },
    },
    quantity,
  };
}

describe.skipIf(isWix)("ruanosena/ecommerce (Catalog V1, Cart V1), replayed on the embedded platform", () => {
  it("the shop page: collections, a search by name prefix, a collection, a price range, each sort, paging", async () => {
    const c = await storefront();
    // getCollections: every collection but two fixed ids of the shop's own site (absent here, so nothing is left out).
    const all = await c.collections
      .queryCollections()
      .ne("_id", "00000000-000000-000000-000000000001")
      .ne("_id", "8c66fd5e-3c06-9546-62fb-d8a02844822f")
      .find();
    const { collection: goodies } = await c.collections.getCollectionBySlug("goodies");
    expect(all.items.map((x) => x._id)).toContain(goodies!._id);

    const byName = await queryProducts(c, { q: "Mug" });
    expect(byName.items.length).toBeGreaterThan(0);
    expect(byName.items.every((p) => p.name!.startsWith("Mug"))).toBe(true);

    const ranged = await queryProducts(c, { collectionIds: [goodies!._id!], priceMin: 10, priceMax: 20, sort: "price_asc" });
    const prices = ranged.items.map((p) => p.priceData!.price!);
    expect(prices.length).toBeGreaterThan(0);
    expect(prices.every((p) => p >= 10 && p <= 20)).toBe(true);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(ranged.items.every((p) => p.collectionIds!.includes(goodies!._id!))).toBe(true);
    const desc = await queryProducts(c, { collectionIds: [goodies!._id!], sort: "price_desc" });
    expect(desc.items[0]!.priceData!.price).toBe(Math.max(...desc.items.map((p) => p.priceData!.price!)));

    const latest = await queryProducts(c, { limit: 12 });
    expect(latest.items).toHaveLength(12);
    const page2 = await queryProducts(c, { limit: 12, skip: 12 });
    expect(page2.items.map((p) => p._id).some((id) => latest.items.some((p) => p._id === id))).toBe(false);
  });

  it("the product page: by slug (visible only), by id, and the related products by id list", async () => {
    const c = await storefront();
    const { items } = await c.products.queryProducts().eq("slug", "t-shirt-typescript").limit(1).find();
    const product = items[0]!;
    expect(product.visible).toBe(true);
    const byId = await c.products.getProduct(product._id!);
    expect(byId.product!.slug).toBe("t-shirt-typescript");
    const others = await c.products
      .queryProducts()
      .in("_id", [product._id!, (await c.products.getProduct(byId.product!._id!)).product!._id!])
      .limit(4)
      .find();
    expect(others.items.map((p) => p._id)).toEqual([product._id]);
  });

  it("the cart: none yet (OWNED_CART_NOT_FOUND), add a variant and a product, quantity, remove, checkout, clear", async () => {
    const c = await storefront();
    const none = await rejection(() => c.currentCart.getCurrentCart());
    expect(none.details?.applicationError?.code).toBe("OWNED_CART_NOT_FOUND");
    const shirt = (await c.products.queryProducts().eq("slug", "t-shirt-typescript").limit(1).find()).items[0]!;
    const mug = (await c.products.queryProducts().eq("slug", "mug-it-works").limit(1).find()).items[0]!;
    const { cart } = await c.currentCart.addToCurrentCart({ lineItems: [lineItem(shirt, { Taille: "M", Couleur: "Noir" }, 1)] });
    await c.currentCart.addToCurrentCart({ lineItems: [lineItem(mug, {}, 2)] });
    const line = cart!.lineItems![0]!._id!;
    const updated = await c.currentCart.updateCurrentCartLineItemQuantity([{ _id: line, quantity: 3 }]);
    expect(updated.cart!.lineItems!.map((l) => l.quantity).sort()).toEqual([2, 3]);
    const removed = await c.currentCart.removeLineItemsFromCurrentCart([line]);
    expect(removed.cart!.lineItems).toHaveLength(1);

    // getCheckoutUrlForCurrentCart.
    const { checkoutId } = await c.currentCart.createCheckoutFromCurrentCart({ channelType: checkout.ChannelType.WEB });
    const { redirectSession } = await c.redirects.createRedirectSession({
      ecomCheckout: { checkoutId: checkoutId! },
      callbacks: { postFlowUrl: `${APP_ORIGIN}/carrinho`, thankYouPageUrl: `${APP_ORIGIN}/sucesso-finalizacao` },
    });
    expect(redirectSession!.fullUrl).toEqual(expect.any(String));

    // clearCart: deleteCurrentCart, and OWNED_CART_NOT_FOUND (no cart left) taken as done.
    await c.currentCart.deleteCurrentCart();
    const again = await rejection(() => c.currentCart.deleteCurrentCart());
    expect(again.details?.applicationError?.code).toBe("OWNED_CART_NOT_FOUND");
  });

  it("Buy now (getCheckoutUrlForProduct: checkout.createCheckout) as a visitor is refused, as Wix documents it", async () => {
    // https://dev.wix.com/docs/sdk/api-reference/ecom/checkout/create-checkout ("may require higher-level permissions"),
    // https://dev.wix.com/docs/velo/apis/wix-ecom-backend/checkout/create-checkout ("requires elevated permissions").
    const c = await storefront();
    const shirt = (await c.products.queryProducts().eq("slug", "t-shirt-typescript").limit(1).find()).items[0]!;
    const refused = await rejection(() =>
      c.checkout.createCheckout({
        channelType: checkout.ChannelType.WEB,
        lineItems: [lineItem(shirt, { Taille: "L", Couleur: "Blanc" }, 1)],
      }),
    );
    expect(refused.details?.applicationError?.code).toBe("PERMISSION_DENIED");
  });

  it("the orders page and the thank-you page: a member's orders, an order by id, an unknown id refused", async () => {
    const { client } = await loginThroughHostedPage(
      ctx.platform,
      DEMO,
      createClient({ modules, auth: OAuthStrategy({ clientId }) }) as never,
    );
    const member = client as unknown as Storefront;
    const { checkoutId, status } = await buyByCard(ctx.platform, client, [{ slug: "livre-typescript", quantity: 1 }]);
    expect(status).toBe(303);
    // getUserOrders passes `{search: {cursorPaging}}` where the SDK's searchOrders takes the search itself, so its
    // paging lands in the free-text `search.search` object and is not applied: every order of hers comes back.
    const first = await member.orders.searchOrders({ search: { cursorPaging: { limit: 2, cursor: null } } } as never);
    expect(first.orders).toHaveLength(3);
    expect(first.metadata!.hasNext).toBe(false);
    const mine = first.orders!.find((o) => o.checkoutId === checkoutId)!;
    expect((await member.orders.getOrder(mine._id!))._id).toBe(mine._id);
    const missing = await rejection(() => member.orders.getOrder("00000000-0000-4000-8000-000000000000"));
    // The shop looks for code NOT_FOUND; the platform's ORDER_NOT_FOUND is not confirmed (platform/README.md, "Shapes not
    // confirmed"), so this step's outcome on Wix is open: only the 404 is asserted.
    expect((missing as unknown as { details?: { applicationError?: { code?: string } } }).details?.applicationError?.code).toMatch(
      /NOT_FOUND$/,
    );
  });
});
