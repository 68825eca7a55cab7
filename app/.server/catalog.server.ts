import { catalogClient } from "./commerce-session.server";
import { cachedCatalogRead } from "./catalog-cache.server";
import { mapLoaderErrors } from "./wix-errors.server";
import { notFound } from "~/lib/http";
import { sanitizeDescription } from "./html.server";
import {
  DEFAULT_SORT,
  SORT_OPTIONS,
  optionFieldKey,
  sortedByApp,
  type CatalogPageData,
  type CollectionLink,
  type ImageView,
  type PriceView,
  type ProductCardView,
  type ProductPageData,
  type Selection,
  type SortKey,
} from "~/models/catalog";
import { PAGE_SIZE, pageCountOf, parsePage, parseSearch, parseSort } from "./catalog-params.server";
import {
  imageView,
  isProductInStock,
  plainText,
  productPriceData,
  toCollectionLinks,
  toProductCard,
  type SdkProduct,
} from "./catalog-views.server";
import { hasOptions, resolveSelection } from "./catalog-variants.server";
import { allCollections, searchPage } from "./catalog-search.server";

export { DEFAULT_SORT, SORT_OPTIONS, optionFieldKey };
export type { CatalogPageData, CollectionLink, PriceView, ProductCardView, ProductPageData, Selection, SortKey };
export * from "./catalog-params.server";
export { checkAddToCart, resolveSelection, type AddToCartCheck } from "./catalog-variants.server";
export { isProductInStock, plainText, toCollectionLinks, toProductCard, type SdkProduct } from "./catalog-views.server";
export { productIndex, searchSuggestions } from "./catalog-search.server";

/**
 * Catalog queries (Wix Stores catalog V1 through the process's token-free client) and the pages built from them.
 * The list pages share one query path (`loadCatalogPage`) so /products and /collections/:slug can never drift apart.
 * Beside it: URL parameters (catalog-params), SDK shapes and views (catalog-views), options and variants
 * (catalog-variants), the shared raw reads and search (catalog-search).
 */

// ---------------------------------------------------------------- queries

/** SDK calls: their failures go through the one error mapping (404 screen or system error). */
const sdk = mapLoaderErrors;

export async function listCollections(): Promise<CollectionLink[]> {
  return toCollectionLinks(await allCollections());
}

/**
 * One page of the catalog, optionally inside one collection (by slug). An
 * unknown collection, a malformed page or a page past the last one is a 404.
 */
export async function loadCatalogPage(url: URL, collectionSlug?: string): Promise<CatalogPageData> {
  const page = parsePage(url.searchParams.get("page"));
  if (page === null) notFound();
  const sort = parseSort(url.searchParams.get("sort"));
  const q = parseSearch(url.searchParams.get("q"));

  const rawCollections = await allCollections();
  const collections = toCollectionLinks(rawCollections);
  let collection: CatalogPageData["collection"];
  if (collectionSlug !== undefined) {
    const raw = rawCollections.find((c) => c.slug === collectionSlug);
    if (!raw?._id) notFound();
    collection = {
      id: raw._id,
      slug: collectionSlug,
      name: raw.name ?? collectionSlug,
      ...(raw.description ? { description: raw.description } : {}),
    };
  }

  const collectionId = collection?.id;
  if (q || sortedByApp(sort)) return searchPage({ q, sort, page, collections, collection });
  const result = await cachedCatalogRead(`products|${collectionId ?? ""}|${sort}|${page}`, async () => {
    const wix = await catalogClient();
    let query = wix.products.queryProducts();
    if (collectionId) query = query.hasSome("collectionIds", [collectionId]);
    if (sort === "nom") query = query.ascending("name");
    else if (sort === "nouveautes") query = query.descending("lastUpdated");
    const found = await sdk(() =>
      query
        .limit(PAGE_SIZE)
        .skip((page - 1) * PAGE_SIZE)
        .find(),
    );
    return { items: found.items, totalCount: found.totalCount };
  });
  const total = result.totalCount ?? result.items.length;
  const pageCount = pageCountOf(total);
  if (page > pageCount) notFound();

  return {
    products: (result.items as SdkProduct[]).map(toProductCard),
    total,
    page,
    pageCount,
    q,
    sort,
    collections,
    ...(collection ? { collection } : {}),
  };
}

/** The raw product for a slug, or the 404 screen. */
export async function productBySlug(slug: string): Promise<SdkProduct> {
  const items = await cachedCatalogRead(`product|${slug}`, async () => {
    const wix = await catalogClient();
    return (await sdk(() => wix.products.queryProducts().eq("slug", slug).limit(1).find())).items;
  });
  const product = items[0] as SdkProduct | undefined;
  if (!product?._id || product.slug !== slug) notFound();
  return product;
}

/** The raw product for an id (a cart form's `productId`), or null when there is none. */
export async function productById(id: string): Promise<SdkProduct | null> {
  const items = await cachedCatalogRead(`product-id|${id}`, async () => {
    const wix = await catalogClient();
    return (await sdk(() => wix.products.queryProducts().eq("_id", id).limit(1).find())).items;
  });
  const product = items[0] as SdkProduct | undefined;
  return product?._id === id ? product : null;
}

/** `?image=` (1-based) picks the main image of the gallery; anything else shows the first. */
export function parseImageIndex(raw: string | null, count: number): number {
  const n = raw && /^[1-9]\d{0,2}$/.test(raw) ? Number(raw) : 1;
  return n <= count ? n - 1 : 0;
}

export function toProductPage(p: SdkProduct, params: URLSearchParams, collections: CollectionLink[]): ProductPageData {
  const name = p.name ?? "";
  const items = p.media?.items?.length ? p.media.items : p.media?.mainMedia ? [p.media.mainMedia] : [];
  const images = items
    .filter((m) => !m.mediaType || m.mediaType === "image")
    .map((m, i) => imageView(m, i === 0 ? name : `${name} (${i + 1})`))
    .filter((m): m is ImageView => !!m);
  const descriptionHtml = sanitizeDescription(p.description);
  const collection = collections.find((c) => p.collectionIds?.includes(c.id));
  return {
    product: {
      id: p._id ?? "",
      slug: p.slug ?? "",
      name,
      ...(p.ribbon ? { ribbon: p.ribbon } : {}),
      ...(p.brand ? { brand: p.brand } : {}),
      descriptionHtml,
      description: plainText(descriptionHtml),
      images,
      hasVariants: hasOptions(p),
      offer: {
        price: productPriceData(p)?.discountedPrice ?? productPriceData(p)?.price ?? 0,
        currency: productPriceData(p)?.currency || "EUR",
        inStock: isProductInStock(p),
      },
    },
    imageIndex: parseImageIndex(params.get("image"), images.length),
    selection: resolveSelection(p, params),
    ...(collection ? { collection } : {}),
  };
}

export async function loadProductPage(slug: string, url: URL): Promise<ProductPageData> {
  const [product, collections] = await Promise.all([productBySlug(slug), listCollections()]);
  return toProductPage(product, url.searchParams, collections);
}
