import { cachedCatalogRead, refreshedCatalogRead } from "./cache.server";
import { mapLoaderErrors as sdk } from "../wix/errors.server";
import { buildProductIndex, type ProductIndex } from "~/lib/product-search";
import {
  compareForSort,
  type CatalogCollection,
  type CatalogPageData,
  type CatalogProduct,
  type CollectionLink,
  type SortFacts,
  type SortKey,
} from "~/models/catalog";
import { ALL_PRODUCTS_COLLECTION_ID, PAGE_SIZE, pageCountOf, parseSearch } from "./params.server";
import { notFound } from "~/lib/http";
import { plainText, toProductCard } from "./views.server";
import { catalog } from "./reader.server";

/** The catalog reads shared by every request (the catalog cache), and search over them. */

/** Every collection (at most 100), from the shared catalog cache. */
export function allCollections(): Promise<CatalogCollection[]> {
  return cachedCatalogRead("collections", () => sdk(() => catalog.collections()));
}

/** Largest catalog read for the search index (Wix pages of 100). */
const MAX_INDEXED_PRODUCTS = 20_000;

/**
 * Every product, shared by all requests. Re-read in the background at most every 30 s: a search never waits for
 * the whole catalog again once it was read (at 10,000 products that read took seconds and stalled every search
 * meanwhile: bench/FINDINGS.md, the scale measurements).
 */
export function allProducts(): Promise<CatalogProduct[]> {
  return refreshedCatalogRead("all-products", 30_000, async (previous?: CatalogProduct[]) => {
    if (previous && (await unchangedSince(previous))) return previous;
    return sdk(() => catalog.all(MAX_INDEXED_PRODUCTS));
  });
}

/**
 * One small read instead of re-reading every product: the same count and the same latest update mean no product
 * was added, removed or changed (an update moves its last change; a removal or an addition moves the count).
 */
async function unchangedSince(previous: CatalogProduct[]): Promise<boolean> {
  const latest = await sdk(() => catalog.latest());
  const previousLatest = previous.reduce((max, p) => Math.max(max, p.updatedAt), 0);
  return latest.count === previous.length && latest.updatedAt === previousLatest;
}

let built:
  | {
      products: CatalogProduct[];
      collections: CatalogCollection[];
      byId: Map<string, CatalogProduct>;
      signature: string;
      index: ProductIndex;
    }
  | undefined;

/** What the index depends on: each product's id and last update, and the collection names. */
function catalogSignature(products: CatalogProduct[], collections: CatalogCollection[]): string {
  const parts = products.map((p) => `${p.id}@${p.updatedAt}`);
  for (const c of collections) parts.push(`${c.id}=${c.name}`);
  return parts.join("|");
}

/**
 * The search index of the current catalog. Checked on each new read of the product
 * list (the cache refreshes it at most every 30 s) and rebuilt only when a product
 * was added, changed or removed, or a collection renamed: the 10,000-product build
 * takes about half a second (bench/search.bench.ts), too long to repeat for nothing.
 */
export async function productIndex(): Promise<{
  products: CatalogProduct[];
  byId: Map<string, CatalogProduct>;
  index: ProductIndex;
}> {
  const [products, collections] = await Promise.all([allProducts(), allCollections()]);
  if (built?.products === products && built.collections === collections) return built;
  const signature = catalogSignature(products, collections);
  // Looked up by id on every search: built once per catalog read, not per request (10,000 entries).
  const byId = new Map(products.map((p) => [p.id, p]));
  if (built?.signature === signature) {
    built = { ...built, products, collections, byId };
    return built;
  }
  const names = new Map(collections.filter((c) => c.id !== ALL_PRODUCTS_COLLECTION_ID).map((c) => [c.id, c.name]));
  built = {
    products,
    collections,
    byId,
    signature,
    index: buildProductIndex(
      products
        .filter((p) => p.id)
        .map((p) => ({
          id: p.id,
          name: p.name,
          description: plainText(p.descriptionHtml, 5000),
          brand: p.brand ?? "",
          category: p.collectionIds.map((id) => names.get(id) ?? "").join(" "),
        })),
    ),
  };
  return built;
}

/** The facts the model's ordering rule reads (models/catalog.ts `compareForSort`): the price paid, after the discount. */
const sortFacts = (p: CatalogProduct): SortFacts => ({ paid: p.price.discounted, name: p.name, updated: p.updatedAt });

/** `products` in the order of `sort` (the model's rule), or as they are for "pertinence". */
function inOrder(products: CatalogProduct[], sort: SortKey): CatalogProduct[] {
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
  const found = await cachedCatalogRead(
    `search|${collection?.id ?? ""}|${sort}|${q}`,
    () => (q ? rankedSearch(q, sort, collection?.id) : sortedList(sort, collection?.id)),
    { local: true },
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

async function rankedSearch(q: string, sort: SortKey, collectionId: string | undefined): Promise<CatalogProduct[]> {
  const { byId, index } = await productIndex();
  const found = index
    .search(q)
    .map((id) => byId.get(id))
    .filter((p): p is CatalogProduct => !!p && (!collectionId || p.collectionIds.includes(collectionId)));
  return inOrder(found, sort);
}

/** Every product (of a collection), in the order of `sort`: the lists whose order the platform cannot give. */
async function sortedList(sort: SortKey, collectionId: string | undefined): Promise<CatalogProduct[]> {
  const { products } = await productIndex();
  return inOrder(
    products.filter((p) => !collectionId || p.collectionIds.includes(collectionId)),
    sort,
  );
}

/** Up to 6 product names for the search box's suggestions. */
export async function searchSuggestions(raw: string | null): Promise<string[]> {
  const q = parseSearch(raw);
  if (q.length < 2) return [];
  return (await productIndex()).index.suggest(q, 6);
}
