// Replay of a public headless storefront written by others: the Jay framework's Wix Stores and Wix Cart plugins for
// Catalog V3 and Cart V1, https://github.com/jay-framework/wix at commit 5226a01b0fdca671120efb6e7638ffc352f10af9
// (packages/wix-stores/lib: actions/stores-actions.ts, components/category-list.ts, components/category-page.ts,
// components/product-page.ts, contexts/wix-stores-context.ts; packages/wix-cart/lib: contexts/cart-helpers.ts,
// contexts/wix-cart-context.ts). Each step is the SDK call that code makes, with its own arguments (its price filters
// are numeric strings, its search asks for price buckets and a COUNT_DISTINCT); the plugins' code is not copied here.
import { describe, expect, it } from "vitest";
import { createClient, OAuthStrategy } from "@wix/sdk";
import { productsV3 } from "@wix/stores";
import { categories } from "@wix/categories";
import { currentCart } from "@wix/ecom";
import { clientId, isWix, rejection, usePlatform } from "./harness";

usePlatform({ catalogVersion: "V3_CATALOG" });

const WIX_STORES_APP_ID = "215238eb-22a5-4c36-9e7b-e7c08025e04e";
const STORES_TREE = { appNamespace: "@wix/stores" };
/** stores-actions.ts: the price buckets of the search (0, 20, 40, 100, … 100000, then 100000 and up). */
const BOUNDARIES = [0, 20, 40, 100, 200, 400, 1000, 2000, 4000, 10000, 20000, 40000, 100000];
const PRICE_BUCKETS = [...BOUNDARIES.slice(0, -1).map((from, i) => ({ from, to: BOUNDARIES[i + 1] })), { from: 100000 }];
/** category-page.ts */
const PAGE_SIZE = 20;

async function storefront() {
  const client = createClient({ modules: { products: productsV3, categories, currentCart }, auth: OAuthStrategy({ clientId }) });
  client.auth.setTokens(await client.auth.generateVisitorTokens());
  return client;
}
type Storefront = Awaited<ReturnType<typeof storefront>>;

/** searchProducts (stores-actions.ts) for a query, filters and sort, as the plugin builds the request. */
function search(
  c: Storefront,
  input: { query?: string; minPrice?: number; maxPrice?: number; inStockOnly?: boolean; categoryIds?: string[]; sortBy?: "price_asc" },
) {
  const conditions: Record<string, unknown>[] = [{ visible: { $eq: true } }];
  if (input.minPrice) conditions.push({ "actualPriceRange.minValue.amount": { $gte: String(input.minPrice) } });
  if (input.maxPrice) conditions.push({ "actualPriceRange.minValue.amount": { $lte: String(input.maxPrice) } });
  if (input.inStockOnly) conditions.push({ "inventory.availabilityStatus": { $eq: "IN_STOCK" } });
  if (input.categoryIds?.length)
    conditions.push({ "allCategoriesInfo.categories": { $matchItems: input.categoryIds.map((id) => ({ id: { $eq: id } })) } });
  const filter = conditions.length === 1 ? conditions[0] : { $and: conditions };
  const query = input.query?.trim();
  return c.products.searchProducts(
    {
      filter,
      sort: input.sortBy === "price_asc" ? [{ fieldName: "actualPriceRange.minValue.amount", order: "ASC" }] : undefined,
      cursorPaging: { limit: 12 },
      search: query ? { expression: query, fields: ["name", "description"] } : undefined,
      aggregations: [
        { fieldPath: "slug", name: "total-count", type: "SCALAR", scalar: { type: "COUNT_DISTINCT" } },
        { fieldPath: "actualPriceRange.minValue.amount", name: "price-buckets", type: "RANGE", range: { buckets: PRICE_BUCKETS } },
        { fieldPath: "actualPriceRange.minValue.amount", name: "min-price", type: "SCALAR", scalar: { type: "MIN" } },
        { fieldPath: "actualPriceRange.minValue.amount", name: "max-price", type: "SCALAR", scalar: { type: "MAX" } },
      ],
    } as never,
    { fields: ["CURRENCY", "VARIANT_OPTION_CHOICE_NAMES"] },
  );
}

const price = (p: { actualPriceRange?: { minValue?: { amount?: string } } }) => Number(p.actualPriceRange?.minValue?.amount);

describe.skipIf(isWix)("jay-framework/wix (Catalog V3, Cart V1), replayed on the embedded platform", () => {
  it("the category list and a category page: by slug, its items page by page, each product by id", async () => {
    const c = await storefront();
    // category-list.ts and loadCategoryParams: the visible categories.
    const { items: visible } = await c.categories.queryCategories({ treeReference: STORES_TREE }).eq("visible", true).find();
    expect(visible.map((cat) => cat.slug)).toContain("goodies");
    // renderSlowlyChanging: the category by slug, then its first page of items (arranged), then each product.
    const { items } = await c.categories.queryCategories({ treeReference: STORES_TREE }).eq("slug", "all-products").find();
    const category = items[0]!;
    expect(category.parentCategory?._id).toBeUndefined(); // a top-level category: no breadcrumb parents to fetch
    const first = await c.categories.listItemsInCategory(category._id!, STORES_TREE, {
      useCategoryArrangement: true,
      cursorPaging: { limit: PAGE_SIZE },
    });
    expect(first.items).toHaveLength(PAGE_SIZE);
    expect(first.items!.every((item) => item.appId === WIX_STORES_APP_ID)).toBe(true);
    const next = first.pagingMetadata!.cursors!.next!;
    expect(next).toEqual(expect.any(String));
    const second = await c.categories.listItemsInCategory(category._id!, STORES_TREE, {
      useCategoryArrangement: true,
      cursorPaging: { limit: PAGE_SIZE, cursor: next },
    });
    const ids = [...first.items!, ...second.items!].map((item) => item.catalogItemId!);
    expect(new Set(ids).size).toBe(ids.length);
    expect(second.pagingMetadata!.cursors!.prev).toEqual(expect.any(String));
    expect(ids).toHaveLength(2 * PAGE_SIZE);
    const products = await Promise.all(
      first.items!.map((item) => c.products.getProduct(item.catalogItemId!, { fields: ["CURRENCY", "VARIANT_OPTION_CHOICE_NAMES"] })),
    );
    expect(products.every((p) => p.currency === "EUR")).toBe(true);
  });

  it("the search page: price filters as numeric strings, in stock, a category, price order, buckets and counts", async () => {
    const c = await storefront();
    const { items } = await c.categories.queryCategories({ treeReference: STORES_TREE }).eq("visible", true).find();
    const goodies = items.find((cat) => cat.slug === "goodies")!;
    const all = await search(c, {});
    const totalCount = all.aggregationData!.results!.find((a) => a.name === "total-count")!.scalar!.value;
    expect(totalCount).toBe((await c.products.countProducts({ filter: { visible: { $eq: true } } })).count);
    const buckets = all.aggregationData!.results!.find((a) => a.name === "price-buckets")!.ranges!.results!;
    expect(buckets).toHaveLength(PRICE_BUCKETS.length);
    expect(buckets.reduce((sum, b) => sum + (b.count ?? 0), 0)).toBe(totalCount);
    expect(buckets.find((b) => b.from === 1000)!.count).toBeGreaterThan(0); // the trainings, 1 400 € and up

    const found = await search(c, { minPrice: 20, maxPrice: 100, inStockOnly: true, categoryIds: [goodies._id!], sortBy: "price_asc" });
    const list = found.products!;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((p) => price(p) >= 20 && price(p) <= 100 && p.inventory?.availabilityStatus === "IN_STOCK")).toBe(true);
    expect(list.map(price)).toEqual([...list.map(price)].sort((a, b) => a - b));
    const min = found.aggregationData!.results!.find((a) => a.name === "min-price")!.scalar!.value;
    const max = found.aggregationData!.results!.find((a) => a.name === "max-price")!.scalar!.value;
    expect([min, max]).toEqual([price(list[0]!), Math.max(...list.map(price))]);

    const text = await search(c, { query: "mug" });
    expect(text.products!.length).toBeGreaterThan(0);
    expect(text.products!.every((p) => /mug/i.test(p.name!))).toBe(true);
  });

  it("the product page: every slug, then one by slug with its fields, then by id for the cart", async () => {
    const c = await storefront();
    const { items } = await c.products.queryProducts().find();
    expect(items.length).toBeGreaterThan(0);
    const { product } = await c.products.getProductBySlug("sweat-capuche", {
      fields: ["INFO_SECTION", "INFO_SECTION_PLAIN_DESCRIPTION", "MEDIA_ITEMS_INFO", "PLAIN_DESCRIPTION", "CURRENCY"] as never,
    });
    expect(product!.slug).toBe("sweat-capuche");
    const byId = await c.products.getProduct(product!._id!, { fields: ["VARIANT_OPTION_CHOICE_NAMES"] });
    expect(byId.variantsInfo!.variants!.length).toBeGreaterThan(1);
  });

  it("the cart: none yet (a 404), add a variant, totals, quantity, coupon on and off, remove, clear", async () => {
    const c = await storefront();
    // getCurrentCartOrNull / estimateCurrentCartTotalsOrNull: no cart yet is a 404, read as an empty cart.
    for (const call of [() => c.currentCart.getCurrentCart(), () => c.currentCart.estimateCurrentCartTotals({})]) {
      const e = await rejection(call);
      expect((e as unknown as { details?: { applicationError?: { code?: string } } }).details?.applicationError?.code).toBe(
        "OWNED_CART_NOT_FOUND",
      );
    }
    const sweat = await c.products.getProduct((await c.products.getProductBySlug("sweat-capuche")).product!._id!, {
      fields: ["VARIANT_OPTION_CHOICE_NAMES"],
    });
    const variant = sweat.variantsInfo!.variants!.find((v) => v.inventoryStatus?.inStock)!;
    // addToCart (wix-cart-context.ts): the variant, with the modifiers and text fields it was given (none).
    const added = await c.currentCart.addToCurrentCart({
      lineItems: [
        {
          catalogReference: {
            catalogItemId: sweat._id!,
            appId: WIX_STORES_APP_ID,
            options: { variantId: variant._id, options: undefined, customTextFields: undefined },
          },
          quantity: 1,
        },
      ],
    });
    const line = added.cart!.lineItems![0]!._id!;
    const estimate = await c.currentCart.estimateCurrentCartTotals({});
    expect(estimate.cart!.lineItems).toHaveLength(1);
    const updated = await c.currentCart.updateCurrentCartLineItemQuantity([{ _id: line, quantity: 3 }]);
    expect(updated.cart!.lineItems![0]!.quantity).toBe(3);
    const coupon = await c.currentCart.updateCurrentCart({ couponCode: "BIENVENUE10" });
    expect(coupon.appliedDiscounts).toHaveLength(1);
    const removed = await c.currentCart.removeCouponFromCurrentCart();
    expect(removed.cart!.appliedDiscounts ?? []).toEqual([]);
    // updateLineItemQuantity(0) removes; clearCart removes whatever is left.
    const zero = await c.currentCart.removeLineItemsFromCurrentCart([line]);
    expect(zero.cart!.lineItems).toEqual([]);
    const cleared = await c.currentCart.getCurrentCart();
    expect(cleared.lineItems).toEqual([]);
  });
});
