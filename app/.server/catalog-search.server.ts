import { catalogClient } from "./commerce-session.server";
import { cachedCatalogRead } from "./catalog-cache.server";
import { mapLoaderErrors as sdk } from "./wix-errors.server";
import { buildProductIndex, type ProductIndex } from "~/lib/product-search";
import type { CatalogPageData, CollectionLink, SortKey } from "~/models/catalog";
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

/** Every product (the catalog cache keeps them 30 s, shared by all requests). */
function allProducts(): Promise<SdkProduct[]> {
  return cachedCatalogRead("all-products", async () => {
    const wix = await catalogClient();
    const items: SdkProduct[] = [];
    for (let skip = 0; skip < MAX_INDEXED_PRODUCTS; skip += 100) {
      const found = await sdk(() => wix.products.queryProducts().limit(100).skip(skip).find());
      items.push(...(found.items as SdkProduct[]));
      if (found.items.length < 100) break;
    }
    return items;
  });
}

let built: { products: SdkProduct[]; signature: string; index: ProductIndex } | undefined;

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
export async function productIndex(): Promise<{ products: SdkProduct[]; index: ProductIndex }> {
  const [products, collections] = await Promise.all([allProducts(), allCollections()]);
  if (built?.products === products) return built;
  const signature = catalogSignature(products, collections);
  if (built?.signature === signature) {
    built = { ...built, products };
    return built;
  }
  const names = new Map(collections.filter((c) => c._id !== ALL_PRODUCTS_COLLECTION_ID).map((c) => [c._id, c.name ?? ""]));
  built = {
    products,
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

const paid = (p: SdkProduct) => productPriceData(p)?.discountedPrice ?? productPriceData(p)?.price ?? 0;
const updated = (p: SdkProduct) => (p.lastUpdated ? new Date(p.lastUpdated).getTime() : 0);

/** Search results: ranked by relevance, or in the chosen order; inside a collection when on its page. */
export async function searchPage(input: {
  q: string;
  sort: SortKey;
  page: number;
  collections: CollectionLink[];
  collection?: CatalogPageData["collection"];
}): Promise<CatalogPageData> {
  const { q, sort, page, collections, collection } = input;
  const { products, index } = await productIndex();
  const byId = new Map(products.map((p) => [p._id, p]));
  let found = index
    .search(q)
    .map((id) => byId.get(id))
    .filter((p): p is SdkProduct => !!p && (!collection || !!p.collectionIds?.includes(collection.id)));
  if (sort === "prix-croissant") found = found.toSorted((a, b) => paid(a) - paid(b));
  else if (sort === "prix-decroissant") found = found.toSorted((a, b) => paid(b) - paid(a));
  else if (sort === "nom") found = found.toSorted((a, b) => (a.name ?? "").localeCompare(b.name ?? "", "fr"));
  else if (sort === "nouveautes") found = found.toSorted((a, b) => updated(b) - updated(a));
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

/** Up to 6 product names for the search box's suggestions. */
export async function searchSuggestions(raw: string | null): Promise<string[]> {
  const q = parseSearch(raw);
  if (q.length < 2) return [];
  return (await productIndex()).index.suggest(q, 6);
}
