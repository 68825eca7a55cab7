// Stores Catalog V3 through the real SDK (@wix/stores productsV3, readOnlyVariantsV3, inventoryItemsV3,
// catalogVersioning; @wix/categories categories) on a V3 site, the carts that reference V3 variants, the V3 domain
// events, and Wix's refusal of each catalog's calls on a site of the other version.
import { describe, expect, it } from "vitest";
import { ApiKeyStrategy, AppStrategy, createClient, OAuthStrategy } from "@wix/sdk";
import { catalogVersioning, collections, inventoryItemsV3, products, productsV3, readOnlyVariantsV3 } from "@wix/stores";
import { categories } from "@wix/categories";
import { currentCart, orders } from "@wix/ecom";
import { redirects } from "@wix/redirects";
import {
  APP_ORIGIN,
  cartToPaymentPage,
  clientId,
  payOnHostedPage,
  rawApi,
  rejection,
  seed,
  seedProduct,
  STORES_APP_ID,
  usePlatformCapturingWebhooks,
} from "./harness";
import { seedId } from "../../platform/seed/seed-ids";

const API_KEY = "contract-v3-api-key-0123456789abcdef";
const SITE_ID = "contract-v3-site";
const { ctx, received: events } = usePlatformCapturingWebhooks({ catalogVersion: "V3_CATALOG", apiKey: API_KEY, siteId: SITE_ID });

const STORES_TREE = { appNamespace: "@wix/stores" };

function v3Client() {
  return createClient({
    modules: {
      catalogVersioning,
      productsV3,
      readOnlyVariantsV3,
      inventoryItemsV3,
      categories,
      products,
      collections,
      currentCart,
      redirects,
    },
    auth: OAuthStrategy({ clientId }),
  });
}
const client = v3Client();
const owner = createClient({ modules: { orders }, auth: ApiKeyStrategy({ apiKey: API_KEY, siteId: SITE_ID }) });

const idOf = (slug: string) => seedProduct(slug).id;
const optioned = seed.products.filter((p) => p.options?.length);
/** Variants of a product, as the SDK returns them (every product has at least one). */
async function variantsOf(productId: string) {
  return (await client.readOnlyVariantsV3.queryVariants().eq("productData.productId", productId).limit(100).find()).items;
}
/** The variant whose choices (option name → choice name) are these. */
async function variantWith(productId: string, choices: Record<string, string>) {
  const found = (await variantsOf(productId)).find((v) =>
    Object.entries(choices).every(([option, choice]) =>
      v.optionChoices?.some((c) => c.optionChoiceNames?.optionName === option && c.optionChoiceNames?.choiceName === choice),
    ),
  );
  if (!found) throw new Error(`no variant ${JSON.stringify(choices)} of ${productId}`);
  return found;
}
const refOf = (productId: string, variantId: string) => ({ appId: STORES_APP_ID, catalogItemId: productId, options: { variantId } });

describe("catalogVersioning.getCatalogVersion", () => {
  it("answers the site's version", async () => {
    expect(await client.catalogVersioning.getCatalogVersion()).toEqual({ catalogVersion: "V3_CATALOG" });
  });
});

describe("productsV3.queryProducts", () => {
  it("pages the whole catalog with cursors (hasNext, next), 62 products, none twice, no variants in lists", async () => {
    let page = await client.productsV3.queryProducts().limit(25).find();
    const seen: string[] = [];
    for (;;) {
      seen.push(...page.items.map((p) => p._id!));
      for (const p of page.items) {
        expect(p.variantsInfo).toBeUndefined();
        expect(p._createdDate).toBeInstanceOf(Date);
        expect(p.actualPriceRange?.minValue?.amount).toMatch(/^\d+\.\d{2}$/);
      }
      if (!page.hasNext()) break;
      page = await page.next();
    }
    expect(seen).toHaveLength(seed.products.length);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("filters on the fields Query Products declares (slug, _id) and sorts on _updatedDate", async () => {
    const bySlug = await client.productsV3.queryProducts().eq("slug", "livre-react").find();
    expect(bySlug.items.map((p) => p._id)).toEqual([idOf("livre-react")]);
    const ids = [idOf("livre-react"), idOf("mug-cafe-code")];
    const byIds = await client.productsV3.queryProducts().in("_id", ids).find();
    expect(byIds.items.map((p) => p._id).sort()).toEqual([...ids].sort());
    const newest = await client.productsV3.queryProducts().descending("_updatedDate").limit(3).find();
    const times = newest.items.map((p) => p._updatedDate!.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("refuses a filter it does not declare (categories and prices belong to Search Products)", async () => {
    const query = client.productsV3.queryProducts() as unknown as { eq(f: string, v: unknown): { find(): Promise<unknown> } };
    const e = await rejection(() => query.eq("name", "Mug").find());
    expect(e.details?.validationError?.fieldViolations?.[0]?.description).toBe("Field 'name' is not declared as filterable");
  });
});

describe("productsV3.searchProducts and countProducts", () => {
  it("filters on a category ($matchItems), sorts on the price paid, pages with cursors; counts the same filter", async () => {
    const filter = { "allCategoriesInfo.categories": { $matchItems: [{ id: seedId("col-livres") }] } };
    const books = seed.products.filter((p) => p.collections.includes("livres"));
    const first = await client.productsV3.searchProducts(
      { filter, sort: [{ fieldName: "actualPriceRange.minValue.amount", order: "ASC" }], cursorPaging: { limit: 10 } },
      { fields: ["CURRENCY", "ALL_CATEGORIES_INFO"] },
    );
    expect(first.products).toHaveLength(10);
    expect(first.pagingMetadata?.hasNext).toBe(true);
    const rest = await client.productsV3.searchProducts({ cursorPaging: { cursor: first.pagingMetadata!.cursors!.next!, limit: 10 } });
    const all = [...first.products!, ...rest.products!];
    expect(all.map((p) => p._id).sort()).toEqual(books.map((p) => p.id).sort());
    const paid = all.map((p) => Number(p.actualPriceRange!.minValue!.amount));
    expect(paid).toEqual([...paid].sort((a, b) => a - b));
    expect(first.products![0]!.currency).toBe("EUR");
    expect(first.products![0]!.actualPriceRange?.minValue?.formattedAmount).toMatch(/€/);
    expect(first.products![0]!.allCategoriesInfo?.categories?.map((c) => c._id)).toContain(seedId("col-livres"));
    expect((await client.productsV3.countProducts({ filter })).count).toBe(books.length);
  });

  it("finds products by free text", async () => {
    const found = await client.productsV3.searchProducts({ search: { expression: "kubernetes" }, cursorPaging: { limit: 50 } });
    expect(found.products!.length).toBeGreaterThan(0);
    for (const p of found.products!) expect(p.name?.toLowerCase()).toContain("kubernetes");
  });

  it("answers the All Products category", async () => {
    expect(await client.productsV3.getAllProductsCategory()).toMatchObject({ categoryId: expect.any(String), treeReference: STORES_TREE });
  });
});

describe("productsV3.getProduct and getProductBySlug", () => {
  it("gives the product with its variants, choices, prices before and after discount, and image URIs", async () => {
    const mug = await client.productsV3.getProduct(idOf("mug-it-works"), { fields: ["CURRENCY", "PLAIN_DESCRIPTION", "URL"] });
    expect(mug.ribbon?.name).toBe("Promo");
    expect(mug.productType).toBe("PHYSICAL");
    expect(mug.url).toMatch(/\/product-page\/mug-it-works$/);
    expect(mug.plainDescription).toContain("<p>");
    expect(mug.media?.main?.image).toMatch(/^wix:image:\/\/v1\//);
    const [only] = mug.variantsInfo!.variants!;
    expect(mug.variantsInfo!.variants).toHaveLength(1);
    // 14 € with 20 % off: paid 11.20, compared with 14.00.
    expect(only!.price).toMatchObject({ actualPrice: { amount: "11.20" }, compareAtPrice: { amount: "14.00" } });

    const formation = seedProduct("formation-typescript");
    const { product } = await client.productsV3.getProductBySlug("formation-typescript", { fields: ["VARIANT_OPTION_CHOICE_NAMES"] });
    expect(product?.options?.map((o) => o.name)).toEqual(formation.options!.map((o) => o.name));
    expect(product?.variantsInfo?.variants).toHaveLength(formation.variants!.length);
    const intra = product!.variantsInfo!.variants!.find((v) => v.choices!.some((c) => c.optionChoiceNames?.choiceName === "Intra"))!;
    expect(intra.price?.actualPrice?.amount).toBe("4200.00");
    expect(product?.productType).toBe("DIGITAL");
  });

  it("answers 404 for a product that does not exist", async () => {
    const e = await rejection(() => client.productsV3.getProductBySlug("nexiste-pas"));
    expect(e.details?.applicationError?.code).toBe("PRODUCT_NOT_FOUND");
  });
});

describe("readOnlyVariantsV3", () => {
  it("lists every variant of a product by its productData.productId, and the one variant of a product without options", async () => {
    for (const p of optioned.slice(0, 3)) expect(await variantsOf(p.id)).toHaveLength(p.variants!.length);
    const [sole] = await variantsOf(idOf("livre-typescript"));
    expect(sole?.variantId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(sole?.optionChoices).toEqual([]);
    expect(sole?.productData).toMatchObject({ productId: idOf("livre-typescript"), slug: "livre-typescript", productType: "PHYSICAL" });
    const searched = await client.readOnlyVariantsV3.searchVariants({ filter: { "productData.productId": idOf("sweat-capuche") } });
    expect(searched.variants).toHaveLength(seedProduct("sweat-capuche").variants!.length);
  });
});

describe("@wix/categories on the Stores tree", () => {
  it("queries the categories (All Products and the four collections), by slug with its description, by id", async () => {
    const found = await client.categories.queryCategories({ treeReference: STORES_TREE }).exists("name", true).find();
    expect(found.items.map((c) => c.slug).sort()).toEqual(["all-products", ...seed.collections.map((c) => c.slug)].sort());
    const livres = found.items.find((c) => c.slug === "livres")!;
    expect(livres.itemCounter).toBe(seed.products.filter((p) => p.collections.includes("livres")).length);
    expect(livres.image).toMatch(/^wix:image:\/\//);
    const { category } = await client.categories.getCategoryBySlug("livres", STORES_TREE, { fields: ["DESCRIPTION"] });
    expect(category?.description).toBe((seed.collections.find((c) => c.slug === "livres") as { description?: string }).description);
    expect((await client.categories.getCategory(livres._id!, STORES_TREE)).name).toBe("Livres");
  });

  it("refuses an empty filter condition, as Wix's recipe says (a bare .find() sends filter: {})", async () => {
    const e = await rejection(() => client.categories.queryCategories({ treeReference: STORES_TREE }).find());
    expect(e.details?.applicationError?.code).toBe("INVALID_FILTER");
  });
});

describe("inventoryItemsV3", () => {
  it("one item per variant, with the variant's stock; getInventoryItem reads one", async () => {
    const shirt = seedProduct("t-shirt-devops");
    const items = (await client.inventoryItemsV3.queryInventoryItems().eq("productId", shirt.id).find()).items;
    expect(items).toHaveLength(shirt.variants!.length);
    expect(items.every((i) => i.trackQuantity && i.quantity === 12)).toBe(true);
    const item = await client.inventoryItemsV3.getInventoryItem(items[0]!._id!);
    expect(item).toMatchObject({ productId: shirt.id, variantId: items[0]!.variantId, quantity: 12 });
    const untracked = (await client.inventoryItemsV3.queryInventoryItems().eq("productId", idOf("audit-si")).find()).items;
    expect(untracked).toEqual([expect.objectContaining({ trackQuantity: false, inStock: true })]);
  });
});

describe("the cart on a V3 site", () => {
  it("takes V3 references with the variantId (the one variant of a product without options too)", async () => {
    const buyer = v3Client();
    const size = await variantWith(idOf("t-shirt-devops"), { Taille: "M" });
    const [book] = await variantsOf(idOf("livre-react"));
    const { cart } = await buyer.currentCart.addToCurrentCart({
      lineItems: [
        { catalogReference: refOf(idOf("t-shirt-devops"), size.variantId!), quantity: 2 },
        { catalogReference: refOf(idOf("livre-react"), book!.variantId!), quantity: 1 },
      ],
    });
    expect(cart?.lineItems?.map((l) => l.catalogReference?.options)).toEqual([
      { variantId: size.variantId },
      { variantId: book!.variantId },
    ]);
    expect(cart?.lineItems?.[0]?.descriptionLines?.map((d) => d.plainText?.original)).toEqual(["M"]);
    expect(cart?.lineItems?.[0]?.url).toMatch(/\/product-page\/t-shirt-devops$/);
  });

  it("refuses a V1-style reference (options by name) and an unknown variant", async () => {
    const buyer = v3Client();
    const byName = await rejection(() =>
      buyer.currentCart.addToCurrentCart({
        lineItems: [
          {
            catalogReference: { appId: STORES_APP_ID, catalogItemId: idOf("t-shirt-devops"), options: { options: { Taille: "M" } } },
            quantity: 1,
          },
        ],
      }),
    );
    expect(byName.details?.applicationError?.code).toBe("INVALID_CATALOG_OPTIONS");
    const unknown = await rejection(() =>
      buyer.currentCart.addToCurrentCart({
        lineItems: [{ catalogReference: refOf(idOf("livre-react"), "00000000-0000-0000-0000-000000000000"), quantity: 1 }],
      }),
    );
    expect(unknown.details?.applicationError?.code).toBe("INVALID_CATALOG_OPTIONS");
  });

  it("an order decrements the variant's inventory item and a cancellation with restock puts it back, with V3 events", async () => {
    const buyer = v3Client();
    const large = await variantWith(idOf("t-shirt-devops"), { Taille: "L" });
    const item = async () => (await client.inventoryItemsV3.queryInventoryItems().eq("variantId", large.variantId!).find()).items[0]!;
    const before = (await item()).quantity!;
    await buyer.currentCart.addToCurrentCart({
      lineItems: [{ catalogReference: refOf(idOf("t-shirt-devops"), large.variantId!), quantity: 3 }],
    });
    const { paymentUrl } = await cartToPaymentPage(buyer, { email: "v3@exemple.fr" });
    const paid = await payOnHostedPage(ctx.platform, paymentUrl);
    const orderId = new URL(paid.location!, APP_ORIGIN).searchParams.get("orderId")!;
    expect((await item()).quantity).toBe(before - 3);
    await owner.orders.cancelOrder(orderId, { restockAllItems: true });
    expect((await item()).quantity).toBe(before);

    await ctx.platform.flushWebhooks();
    // The SDK's typed handlers read them (AppStrategy with the platform's key): the inventory item and the product.
    const app = createClient({
      auth: AppStrategy({ appId: "embedded-demo-client", publicKey: ctx.platform.webhookPublicKey() }),
      modules: { productsV3, inventoryItemsV3 },
    });
    const items: Array<{ variantId?: string; quantity?: number }> = [];
    const updated: Array<{ _id?: string | null }> = [];
    app.inventoryItemsV3.onInventoryItemUpdated((event) => void items.push(event.entity));
    app.productsV3.onProductUpdated((event) => void updated.push(event.entity));
    // Other kinds (the buyer's cart, the order) have no handler here: the SDK refuses them, which is fine.
    for (const jwt of events) await app.webhooks.process(jwt, { expectedEvents: [] }).catch(() => undefined);
    const types = events.map((jwt) => JSON.parse(JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString()).data).eventType);
    expect(types.filter((t) => t === "wix.stores.catalog.v3.inventory_item_updated")).toHaveLength(2);
    expect(items.map((i) => [i.variantId, i.quantity])).toEqual([
      [large.variantId, before - 3],
      [large.variantId, before],
    ]);
    expect(updated.map((p) => p._id)).toEqual([idOf("t-shirt-devops"), idOf("t-shirt-devops")]);
    expect(types).not.toContain("com.wix.ecommerce.catalog.api.v1.ProductChanged");
  });
});

describe("each catalog's calls refused on a site of the other version (Wix's 428)", () => {
  it("on a V3 site: products, collections (Catalog V1)", async () => {
    for (const call of [
      () => client.products.queryProducts().find(),
      () => client.products.getProduct(idOf("livre-react")),
      () => client.collections.queryCollections().find(),
      () => client.collections.getCollectionBySlug("livres"),
    ]) {
      const e = await rejection(call);
      expect(e.details?.applicationError?.code).toBe("CATALOG_V3_CALLING_CATALOG_V1_API");
      expect(e.details?.applicationError?.description).toBe("Endpoint belongs to CATALOG_V1, but your site is using CATALOG_V3.");
    }
    const raw = await rawApi("/stores-reader/v1/products/query", { body: { query: {} } });
    expect(raw.status).toBe(428);
  });

  it("on a V1 site: productsV3, readOnlyVariantsV3, inventoryItemsV3 and categories (Catalog V3)", async () => {
    ctx.platform.setCatalogVersion("V1_CATALOG");
    try {
      expect(await client.catalogVersioning.getCatalogVersion()).toEqual({ catalogVersion: "V1_CATALOG" });
      for (const call of [
        () => client.productsV3.queryProducts().find(),
        () => client.productsV3.getProductBySlug("livre-react"),
        () => client.productsV3.searchProducts({}),
        () => client.readOnlyVariantsV3.queryVariants().find(),
        () => client.inventoryItemsV3.queryInventoryItems().find(),
        () => client.categories.queryCategories({ treeReference: STORES_TREE }).exists("name", true).find(),
        () => client.categories.getCategoryBySlug("livres", STORES_TREE),
      ]) {
        const e = await rejection(call);
        expect(e.details?.applicationError?.code).toBe("CATALOG_V1_SITE_CALLING_CATALOG_V3_API");
      }
      expect((await rawApi("/stores/v3/products/query", { body: { query: {} } })).status).toBe(428);
      // The V1 catalog answers instead.
      expect((await client.products.queryProducts().eq("slug", "livre-react").find()).items).toHaveLength(1);
    } finally {
      ctx.platform.setCatalogVersion("V3_CATALOG");
    }
  });
});
