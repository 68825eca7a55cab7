import { catalogClient } from "./commerce-session.server";
import { cachedCatalogRead, refreshedCatalogRead } from "./catalog-cache.server";
import { mapLoaderErrors as sdk } from "./wix-errors.server";
import { buildProductIndex, type ProductIndex } from "~/lib/product-search";
import { compareForSort, type CatalogPageData, type CollectionLink, type SortFacts, type SortKey } from "~/models/catalog";
import { ALL_PRODUCTS_COLLECTION_ID, PAGE_SIZE, pageCountOf, parseSearch } from "./catalog-params.server";
import { notFound } from "~/lib/http";
import { plainText, productPriceData, toProductCard, type SdkCollection, type SdkProduct } from "./catalog-views.server";

/** The raw catalog reads shared by every request (the catalog cache), and search over them. */

/** Every collection (at most 100), raw, from the shared catalog cache. */
export function allCollections(): Promise<SdkCollection[]> {
  return cachedCatalogRead("collections", async () => {
    const wix = await catalogClient();
    return (await sdk(() => wix.collections.queryCollections().limit(100).find())).items as SdkCollection[];
  });
}

/** Largest catalog read for the search index (Wix pages of 100). */
const MAX_INDEXED_PRODUCTS = 20_000;

/**
 * Every product, shared by all requests. Re-read in the background at most every 30 s: a search never waits for
 * the whole catalog again once it was read (at 10,000 products that read took seconds and stalled every search
 * meanwhile; bench/FINDINGS.md, round two).
 */
function allProducts(): Promise<SdkProduct[]> {
  return refreshedCatalogRead("all-products", 30_000, async (previous?: SdkProduct[]) => {
    const wix = await catalogClient();
    if (previous && (await unchangedSince(previous))) return previous;
    const items: SdkProduct[] = [];
    for (let skip = 0; skip < MAX_INDEXED_PRODUCTS; skip += 100) {
      const found = await sdk(() => wix.products.queryProducts().limit(100).skip(skip).find());
      items.push(...(found.items as SdkProduct[]));
      if (found.items.length < 100) break;
    }
    return items;
  });
}

/**
 * One small query instead of re-reading every product: the same count and the same latest update mean no product
 * was added, removed or changed (an update moves `lastUpdated`; a removal or an addition moves the count).
 */
async function unchangedSince(previous: SdkProduct[]): Promise<boolean> {
  const wix = await catalogClient();
  const newest = await sdk(() => wix.products.queryProducts().descending("lastUpdated").limit(1).find());
  const latest = (p?: SdkProduct) => (p?.lastUpdated ? new Date(p.lastUpdated).getTime() : 0);
  const previousLatest = previous.reduce((max, p) => Math.max(max, latest(p)), 0);
  return newest.totalCount === previous.length && latest(newest.items[0] as SdkProduct | undefined) === previousLatest;
}

let built:
  | {
      products: SdkProduct[];
      collections: SdkCollection[];
      byId: Map<string | null | undefined, SdkProduct>;
      signature: string;
      index: ProductIndex;
    }
  | undefined;

/** What the index depends on: each product's id and last update, and the collection names. */
function catalogSignature(products: SdkProduct[], collections: SdkCollection[]): string {
  const parts = products.map((p) => `${p._id}@${p.lastUpdated ? new Date(p.lastUpdated).getTime() : ""}`);
  for (const c of collections) parts.push(`${c._id}=${c.name}`);
  return parts.join("|");
}

/**
 * The search index of the current catalog. Checked on each new read of the product
 * list (the cache refreshes it at most every 30 s) and rebuilt only when a product
 * was added, changed or removed, or a collection renamed: the 10,000-product build
 * takes about half a second (bench/search.bench.ts), too long to repeat for nothing.
 */
export async function productIndex(): Promise<{
  products: SdkProduct[];
  byId: Map<string | null | undefined, SdkProduct>;
  index: ProductIndex;
}> {
  const [products, collections] = await Promise.all([allProducts(), allCollections()]);
  if (built?.products === products && built.collections === collections) return built;
  const signature = catalogSignature(products, collections);
  // Looked up by id on every search: built once per catalog read, not per request (10,000 entries).
  const byId = new Map(products.map((p) => [p._id, p]));
  if (built?.signature === signature) {
    built = { ...built, products, collections, byId };
    return built;
  }
  const names = new Map(collections.filter((c) => c._id !== ALL_PRODUCTS_COLLECTION_ID).map((c) => [c._id, c.name ?? ""]));
  built = {
    products,
    collections,
    byId,
    signature,
    index: buildProductIndex(
      products
        .filter((p) => p._id)
        .map((p) => ({
          id: p._id!,
          name: p.name ?? "",
          description: plainText(p.description ?? "", 5000),
          brand: p.brand ?? "",
          category: (p.collectionIds ?? []).map((id) => names.get(id) ?? "").join(" "),
        })),
    ),
  };
  return built;
}

/** The facts the model's ordering rule reads (models/catalog.ts `compareForSort`). */
const sortFacts = (p: SdkProduct): SortFacts => ({
  paid: productPriceData(p)?.discountedPrice ?? productPriceData(p)?.price ?? 0,
  name: p.name ?? "",
  updated: p.lastUpdated ? new Date(p.lastUpdated).getTime() : 0,
});

/** `products` in the order of `sort` (the model's rule), or as they are for "pertinence". */
function inOrder(products: SdkProduct[], sort: SortKey): SdkProduct[] {
  const compare = compareForSort(sort);
  return compare ? products.toSorted((a, b) => compare(sortFacts(a), sortFacts(b))) : products;
}

/**
 * Search results (ranked by relevance, or in the chosen order), or without `q` the whole list in an order only the
 * app can give (`sortedByApp`); inside a collection when on its page.
 */
export async function searchPage(input: {
  q: string;
  sort: SortKey;
  page: number;
  collections: CollectionLink[];
  collection?: CatalogPageData["collection"];
}): Promise<CatalogPageData> {
  const { q, sort, page, collections, collection } = input;
  // The ranked, filtered and sorted list of one search is kept like any catalog read (30 s): a repeated search
  // costs a page of cards, not a pass over every match of the catalog.
  const found = await cachedCatalogRead(`search|${collection?.id ?? ""}|${sort}|${q}`, () =>
    q ? rankedSearch(q, sort, collection?.id) : sortedList(sort, collection?.id),
  );
  const pageCount = pageCountOf(found.length);
  if (page > pageCount) notFound();
  return {
    products: found.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map(toProductCard),
    total: found.length,
    page,
    pageCount,
    q,
    sort,
    collections,
    ...(collection ? { collection } : {}),
  };
}

async function rankedSearch(q: string, sort: SortKey, collectionId: string | undefined): Promise<SdkProduct[]> {
  const { byId, index } = await productIndex();
  const found = index
    .search(q)
    .map((id) => byId.get(id))
    .filter((p): p is SdkProduct => !!p && (!collectionId || !!p.collectionIds?.includes(collectionId)));
  return inOrder(found, sort);
}

/** Every product (of a collection), in the order of `sort`: the lists whose order the platform cannot give. */
async function sortedList(sort: SortKey, collectionId: string | undefined): Promise<SdkProduct[]> {
  const { products } = await productIndex();
  return inOrder(
    products.filter((p) => !collectionId || !!p.collectionIds?.includes(collectionId)),
    sort,
  );
}

/** Up to 6 product names for the search box's suggestions. */
export async function searchSuggestions(raw: string | null): Promise<string[]> {
  const q = parseSearch(raw);
  if (q.length < 2) return [];
  return (await productIndex()).index.suggest(q, 6);
}
