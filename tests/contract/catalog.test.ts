// Catalog V1 (products, collections) through the real @wix/stores SDK.
import { describe, expect, it } from "vitest";
import { APP_ORIGIN, isWix, makeClient, productBySlug, seed, seedProduct, usePlatform } from "./harness";

const ctx = usePlatform();
const client = makeClient();
const frCompare = (a: string, b: string) => a.localeCompare(b, "fr", { sensitivity: "base" });

async function collectionId(slug: string): Promise<string> {
  const { collection } = await client.collections.getCollectionBySlug(slug);
  if (!collection?._id) throw new Error(`collection ${slug} not found`);
  return collection._id;
}

/** Wraps the global fetch to record the SDK's requests made while `fn` runs. */
async function recordRequests<T>(fn: () => Promise<T>): Promise<{ result: T; requests: Array<{ method: string; url: string }> }> {
  const requests: Array<{ method: string; url: string }> = [];
  const previous = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : undefined;
    requests.push({ method: (init?.method ?? req?.method ?? "GET").toUpperCase(), url: req?.url ?? String(input) });
    return previous(input, init);
  }) as typeof fetch;
  try {
    return { result: await fn(), requests };
  } finally {
    globalThis.fetch = previous;
  }
}

describe("products.queryProducts", () => {
  it("returns SDK-shaped products: renamed _id, Date fields, numeric V1 prices, plain media objects", async () => {
    const res = await client.products.queryProducts().limit(10).find();
    expect(res.items.length).toBeGreaterThan(0);
    expect(res.items.length).toBeLessThanOrEqual(10);
    for (const p of res.items) {
      expect(typeof p._id).toBe("string");
      expect(p).not.toHaveProperty("id");
      expect(p._createdDate).toBeInstanceOf(Date);
      expect(p.lastUpdated).toBeInstanceOf(Date);
      expect(typeof p.name).toBe("string");
      expect(typeof p.slug).toBe("string");
      expect(["physical", "digital"]).toContain(p.productType);
      expect(typeof p.priceData?.price).toBe("number");
      expect(p.priceData?.currency).toMatch(/^[A-Z]{3}$/);
      // V1 product media are not image-transformed: plain objects with a URL.
      expect(typeof p.media?.mainMedia?.image?.url).toBe("string");
      expect(Array.isArray(p.collectionIds)).toBe(true);
    }
  });

  it("pages with offset paging: totalCount, hasNext() and next()", async () => {
    const first = await client.products.queryProducts().limit(50).find();
    expect(typeof first.totalCount).toBe("number");
    const total = first.totalCount ?? 0;
    expect(first.items.length).toBe(Math.min(50, total));
    expect(first.hasNext()).toBe(total > 50);
    if (!first.hasNext()) return;
    const second = await first.next();
    expect(second.items.length).toBe(Math.min(50, total - 50));
    const firstIds = new Set(first.items.map((p) => p._id));
    for (const p of second.items) expect(firstIds.has(p._id)).toBe(false);
    expect(second.hasPrev()).toBe(true);
  });

  it("filters by collection with hasSome('collectionIds')", async () => {
    const livres = await collectionId("livres");
    const res = await client.products.queryProducts().hasSome("collectionIds", [livres]).limit(100).find();
    expect(res.items.length).toBeGreaterThan(0);
    for (const p of res.items) expect(p.collectionIds).toContain(livres);
    if (!isWix) expect(res.totalCount).toBe(seed.products.filter((p) => p.collections.includes("livres")).length);
  });

  it("filters by name with startsWith and contains", async () => {
    const starts = await client.products.queryProducts().startsWith("name", "Formation").limit(100).find();
    expect(starts.items.length).toBeGreaterThan(0);
    for (const p of starts.items) expect(p.name?.toLowerCase().startsWith("formation")).toBe(true);

    // The runtime query builder has contains(); the catalog V1 typings leave it out.
    const base = client.products.queryProducts();
    const builder = base as typeof base & { contains(field: string, value: string): typeof base };
    const contains = await builder.contains("name", "TypeScript").limit(100).find();
    expect(contains.items.length).toBeGreaterThan(0);
    for (const p of contains.items) expect(p.name?.toLowerCase()).toContain("typescript");

    if (!isWix) {
      expect(starts.totalCount).toBe(seed.products.filter((p) => p.name.toLowerCase().startsWith("formation")).length);
      expect(contains.totalCount).toBe(seed.products.filter((p) => p.name.toLowerCase().includes("typescript")).length);
    }
  });

  it("filters by price range (ge/lt on priceData.price) and by productType", async () => {
    const res = await client.products.queryProducts().ge("priceData.price", 20).lt("priceData.price", 40).limit(100).find();
    expect(res.items.length).toBeGreaterThan(0);
    for (const p of res.items) {
      expect(p.priceData!.price!).toBeGreaterThanOrEqual(20);
      expect(p.priceData!.price!).toBeLessThan(40);
    }
    const digital = await client.products.queryProducts().eq("productType", "digital").limit(100).find();
    for (const p of digital.items) expect(p.productType).toBe("digital");
    if (!isWix) {
      expect(res.totalCount).toBe(seed.products.filter((p) => p.price >= 20 && p.price < 40).length);
      expect(digital.totalCount).toBe(seed.products.filter((p) => p.productType === "digital").length);
    }
  });

  it("finds one product by slug with eq('slug')", async () => {
    const any = (await client.products.queryProducts().limit(1).find()).items[0];
    const slug = isWix ? any!.slug! : "audit-si";
    const res = await client.products.queryProducts().eq("slug", slug).find();
    expect(res.items).toHaveLength(1);
    expect(res.items[0]!.slug).toBe(slug);
    const none = await client.products.queryProducts().eq("slug", "ce-produit-n-existe-pas").find();
    expect(none.items).toEqual([]);
    expect(none.totalCount).toBe(0);
    expect(none.hasNext()).toBe(false);
  });

  it("sorts by price, both directions", async () => {
    const asc = await client.products.queryProducts().ascending("price").limit(100).find();
    const ascPrices = asc.items.map((p) => p.priceData!.price!);
    expect(ascPrices.length).toBeGreaterThan(1);
    expect(ascPrices).toEqual([...ascPrices].sort((a, b) => a - b));
    const desc = await client.products.queryProducts().descending("price").limit(100).find();
    const descPrices = desc.items.map((p) => p.priceData!.price!);
    expect(descPrices).toEqual([...descPrices].sort((a, b) => b - a));
    expect(descPrices[0]).toBe(Math.max(...ascPrices));
  });

  it("sorts by name (French, case- and accent-insensitive order)", async () => {
    const res = await client.products.queryProducts().ascending("name").limit(100).find();
    const names = res.items.map((p) => p.name!);
    expect(names.length).toBeGreaterThan(1);
    for (let i = 1; i < names.length; i++) expect(frCompare(names[i - 1]!, names[i]!)).toBeLessThanOrEqual(0);
  });

  it("combines a filter, a sort and paging (skip/limit)", async () => {
    const livres = await collectionId("livres");
    const all = await client.products.queryProducts().hasSome("collectionIds", [livres]).ascending("price").limit(100).find();
    const page = await client.products.queryProducts().hasSome("collectionIds", [livres]).ascending("price").skip(2).limit(3).find();
    expect(page.items.map((p) => p._id)).toEqual(all.items.slice(2, 5).map((p) => p._id));
    expect(page.totalCount).toBe(all.totalCount);
  });

  it("answers a long .in('_id', [150 ids]) query through the SDK's POST fallback", async () => {
    const known = (await client.products.queryProducts().limit(50).find()).items.map((p) => p._id!);
    const fake = Array.from({ length: 150 - known.length }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);
    const ids = [...known, ...fake];
    expect(ids).toHaveLength(150);
    const { result, requests } = await recordRequests(() => client.products.queryProducts().in("_id", ids).limit(100).find());
    const query = requests.filter((r) => r.url.includes("/products/query-platformized"));
    expect(query.length).toBe(1);
    expect(query[0]!.method).toBe("POST");
    expect(result.items.map((p) => p._id).sort()).toEqual([...known].sort());
    expect(result.totalCount).toBe(known.length);
  });
});

describe("products: single product calls", () => {
  it("getProduct returns { product } with renamed keys and dates", async () => {
    const some = (await client.products.queryProducts().limit(1).find()).items[0]!;
    const { product } = await client.products.getProduct(some._id!);
    expect(product?._id).toBe(some._id);
    expect(product).not.toHaveProperty("id");
    expect(product?.name).toBe(some.name);
    expect(product?._createdDate).toBeInstanceOf(Date);
    expect(product?.lastUpdated).toBeInstanceOf(Date);
    expect(typeof product?.description).toBe("string");
  });

  it("getCollectionBySlug on the products module returns { collection }", async () => {
    const { collection } = await client.products.getCollectionBySlug("goodies");
    expect(collection?.slug).toBe("goodies");
    expect(typeof collection?._id).toBe("string");
  });
});

describe.skipIf(isWix)("seeded catalog (embedded platform)", () => {
  it("holds the whole demo catalog", async () => {
    const res = await client.products.queryProducts().limit(1).find();
    expect(res.totalCount).toBe(seed.products.length);
    expect(seed.products.length).toBeGreaterThanOrEqual(60);
  });

  it("pages through all 62 products with next() and no duplicates", async () => {
    let page = await client.products.queryProducts().limit(50).find();
    const ids = page.items.map((p) => p._id);
    expect(page.hasNext()).toBe(true);
    page = await page.next();
    ids.push(...page.items.map((p) => p._id));
    expect(page.hasNext()).toBe(false);
    expect(new Set(ids).size).toBe(seed.products.length);
  });

  it("maps a seeded digital product: price, ribbon, description, sku, collection, stock", async () => {
    const s = seedProduct("audit-si");
    const p = await productBySlug(client, "audit-si");
    const conseil = await collectionId("conseil");
    expect(p.name).toBe(s.name);
    expect(p.productType).toBe("digital");
    expect(p.priceData?.price).toBe(1200);
    expect(p.priceData?.discountedPrice).toBe(1200);
    expect(p.priceData?.currency).toBe("EUR");
    expect(p.ribbon).toBe("Best-seller");
    expect(p.description).toContain("<p>");
    expect(p.sku).toBe("CONS-001");
    expect(p.collectionIds).toContain(conseil);
    expect(p.discount?.type).toBe("NONE");
    expect(p.stock?.inStock).toBe(true);
  });

  it("applies PERCENT and AMOUNT discounts to discountedPrice", async () => {
    const percent = await productBySlug(client, "audit-performance-web");
    expect(percent.discount).toMatchObject({ type: "PERCENT", value: 15 });
    expect(percent.priceData?.price).toBe(800);
    expect(percent.priceData?.discountedPrice).toBe(680);
    expect(percent.ribbon).toBe("Promo");

    const amount = await productBySlug(client, "livre-devops");
    expect(amount.discount).toMatchObject({ type: "AMOUNT", value: 5 });
    expect(amount.priceData?.price).toBe(38);
    expect(amount.priceData?.discountedPrice).toBe(33);
  });

  it("reports physical products' weight and tracked stock", async () => {
    const book = await productBySlug(client, "livre-typescript");
    expect(book.productType).toBe("physical");
    expect(book.weight).toBe(0.6);
    expect(book.stock?.trackInventory).toBe(true);
    expect(book.stock?.quantity).toBe(seedProduct("livre-typescript").stock.quantity);
    expect(book.stock?.inventoryStatus).toBe("IN_STOCK");
  });

  it("marks out-of-stock products", async () => {
    const tracked = await productBySlug(client, "livre-securite");
    expect(tracked.stock?.inStock).toBe(false);
    expect(tracked.stock?.quantity).toBe(0);
    expect(tracked.stock?.inventoryStatus).toBe("OUT_OF_STOCK");
    const untracked = await productBySlug(client, "gourde");
    expect(untracked.stock?.inStock).toBe(false);
    expect(untracked.stock?.inventoryStatus).toBe("OUT_OF_STOCK");
  });

  it("exposes drop_down and color options and every variant with its own price and stock", async () => {
    const p = await productBySlug(client, "t-shirt-typescript");
    const taille = p.productOptions?.find((o) => o.name === "Taille");
    const couleur = p.productOptions?.find((o) => o.name === "Couleur");
    expect(taille?.optionType).toBe("drop_down");
    expect(taille?.choices?.map((c) => c.description)).toEqual(["S", "M", "L", "XL"]);
    expect(couleur?.optionType).toBe("color");
    expect(couleur?.choices?.find((c) => c.description === "Noir")?.value).toBe("#1f2937");
    expect(p.manageVariants).toBe(true);
    expect(p.variants).toHaveLength(8);
    const xl = p.variants?.find((v) => v.choices?.Taille === "XL" && v.choices?.Couleur === "Noir");
    expect(xl?.variant?.priceData?.price).toBe(27);
    const mBlanc = p.variants?.find((v) => v.choices?.Taille === "M" && v.choices?.Couleur === "Blanc");
    expect(mBlanc?.stock?.inStock).toBe(false);
    expect(mBlanc?.stock?.quantity).toBe(0);
    expect(typeof mBlanc?._id).toBe("string");
    expect(p.stock?.inventoryStatus).toBe("PARTIALLY_OUT_OF_STOCK");
  });

  it("lists several media for some products, served as real image files", async () => {
    const p = await productBySlug(client, "audit-si");
    expect(p.media?.items).toHaveLength(3);
    expect(p.media?.mainMedia?.image?.url).toBe(p.media?.items?.[0]?.image?.url);
    expect(p.media?.mainMedia?.mediaType).toBe("image");
    for (const item of p.media?.items ?? []) {
      const url = new URL(item.image!.url!, APP_ORIGIN);
      expect(url.pathname).toMatch(/^\/_platform\/media\//);
      // Photos as a shop uploads them: at least 1600 px on the long side, served as uploaded (a JPEG).
      expect(Math.max(item.image!.width!, item.image!.height!)).toBeGreaterThanOrEqual(1600);
      expect(item._id).toBe(url.pathname.slice("/_platform/media/".length).replaceAll("/", "__"));
      const res = await ctx.platform.fetch(new Request(url));
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/jpeg");
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.subarray(0, 2).toString("hex")).toBe("ffd8");
      expect(bytes.length).toBeGreaterThan(300_000);
    }
  });

  it("answers 404 for a media file that does not exist", async () => {
    const res = await ctx.platform.fetch(new Request(`${APP_ORIGIN}/_platform/media/products/absent.svg`));
    expect(res.status).toBe(404);
  });

  it("getProductOptionsAvailability: full selection gives the variant's price and stock", async () => {
    const p = await productBySlug(client, "t-shirt-typescript");
    const xl = await client.products.getProductOptionsAvailability(p._id, { Taille: "XL", Couleur: "Noir" });
    expect(xl.selectedVariant?.price?.price).toBe(27);
    expect(xl.selectedVariant?.inStock).toBe(true);
    expect(xl.availableForPurchase).toBe(true);
    const out = await client.products.getProductOptionsAvailability(p._id, { Taille: "M", Couleur: "Blanc" });
    expect(out.selectedVariant?.inStock).toBe(false);
    expect(out.availableForPurchase).toBe(false);
  });

  it("getProductOptionsAvailability: partial selection is not purchasable and flags unavailable choices", async () => {
    const p = await productBySlug(client, "t-shirt-typescript");
    const res = await client.products.getProductOptionsAvailability(p._id, { Taille: "M" });
    expect(res.availableForPurchase).toBe(false);
    const couleur = res.productOptions?.find((o) => o.name === "Couleur");
    expect(couleur?.choices?.find((c) => c.description === "Blanc")?.inStock).toBe(false);
    expect(couleur?.choices?.find((c) => c.description === "Noir")?.inStock).toBe(true);
  });

  it("queryProductVariants: all variants, or those matching some choices", async () => {
    const p = await productBySlug(client, "t-shirt-typescript");
    const all = await client.products.queryProductVariants(p._id);
    expect(all.variants).toHaveLength(8);
    expect(all.totalResults).toBe(8);
    const m = await client.products.queryProductVariants(p._id, { choices: { Taille: "M" } });
    expect(m.variants!).toHaveLength(2);
    for (const v of m.variants!) {
      expect(v.choices?.Taille).toBe("M");
      expect(v.variant?.priceData?.price).toBe(25);
      expect(typeof v._id).toBe("string");
    }
  });

  it("gives training variants (Format Inter/Intra) different prices, whatever the session date", async () => {
    const p = await productBySlug(client, "formation-react");
    const session = "16 et 17 mars 2027";
    const intra = await client.products.getProductOptionsAvailability(p._id, { Format: "Intra", Session: session });
    const inter = await client.products.getProductOptionsAvailability(p._id, { Format: "Inter", Session: session });
    expect(inter.selectedVariant?.price?.price).toBe(1600);
    expect(intra.selectedVariant?.price?.price).toBe(4800);
  });
});

describe("collections", () => {
  it("queryCollections().find() lists the store's categories with renamed ids and paging", async () => {
    const res = await client.collections.queryCollections().limit(50).find();
    expect(res.items.length).toBeGreaterThan(0);
    for (const c of res.items) {
      expect(typeof c._id).toBe("string");
      expect(c).not.toHaveProperty("id");
      expect(typeof c.name).toBe("string");
    }
    expect(typeof res.totalCount).toBe("number");
    expect(res.hasNext()).toBe(false);
    if (!isWix) {
      const slugs = res.items.map((c) => c.slug);
      for (const s of seed.collections) expect(slugs).toContain(s.slug);
    }
  });

  it("getCollection returns the collection itself (unwrapped)", async () => {
    const { collection } = await client.collections.getCollectionBySlug(
      isWix ? (await client.collections.queryCollections().find()).items[0]!.slug! : "conseil",
    );
    const got = await client.collections.getCollection(collection!._id!);
    expect(got._id).toBe(collection!._id);
    expect(got.name).toBe(collection!.name);
    expect(got.slug).toBe(collection!.slug);
  });

  it.skipIf(isWix)("getCollectionBySlug returns { collection } with media and product count", async () => {
    const { collection } = await client.collections.getCollectionBySlug("livres");
    expect(collection?.name).toBe("Livres");
    expect(collection?.numberOfProducts).toBe(seed.products.filter((p) => p.collections.includes("livres")).length);
    const url = collection?.media?.mainMedia?.image?.url;
    expect(typeof url).toBe("string");
    const res = await ctx.platform.fetch(new Request(new URL(url!, APP_ORIGIN)));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
  });

  it.skipIf(isWix)("filters collections by name", async () => {
    const res = await client.collections.queryCollections().eq("name", "Formations").find();
    expect(res.items.map((c) => c.slug)).toEqual(["formations"]);
  });
});
