import { cachedCatalogRead, knownSlug, rememberSlug } from "./cache.server";
import { catalog } from "./reader.server";
import { mapLoaderErrors } from "../wix/errors.server";
import { notFound } from "~/lib/http";
import { sanitizeDescription } from "./description-html.server";
import {
  DEFAULT_SORT,
  SORT_OPTIONS,
  optionFieldKey,
  sortedByApp,
  type CatalogPageData,
  type CatalogProduct,
  type CollectionLink,
  type GalleryImage,
  type PriceView,
  type ProductCardView,
  type ProductPageData,
  type Selection,
  type SortKey,
} from "~/models/catalog";
import { PAGE_SIZE, pageCountOf, parsePage, parseSearch, parseSort } from "./params.server";
import { imageView, plainText, toCollectionLinks, toProductCard } from "./views.server";
import { absoluteImageUrl, GALLERY, responsiveImage, THUMB } from "../wix/media.server";
import { hasOptions, resolveSelection } from "./variants.server";
import { allCollections, searchPage } from "./search.server";

export { DEFAULT_SORT, SORT_OPTIONS, optionFieldKey };
export type { CatalogPageData, CollectionLink, PriceView, ProductCardView, ProductPageData, Selection, SortKey };
export * from "./params.server";
export { checkAddToCart, resolveSelection, type AddToCartCheck } from "./variants.server";
export { plainText, toCollectionLinks, toProductCard } from "./views.server";
export { productIndex, searchSuggestions } from "./search.server";

/**
 * Catalog reads (through `catalog`, the site's reader: Stores Catalog V1 or V3, catalog/reader.server.ts) and the
 * pages built from them. The list pages share one query path (`loadCatalogPage`) so /products and /collections/:slug
 * can never drift apart. Beside it: URL parameters (catalog-params), views (catalog-views), options and variants
 * (catalog-variants), the shared reads and search (catalog-search).
 */

// ---------------------------------------------------------------- product links

/**
 * The catalog's address of each product: the cart, the checkout and the orders link their lines to `/products/<slug>`
 * from the catalog, never from the line's URL (real Wix answers its own product pages there). Known slugs come from
 * every product read; one read fetches those not seen yet. A product gone has none.
 */
export async function productPaths(ids: string[]): Promise<Map<string, string>> {
  const missing = [...new Set(ids)].filter((id) => id && knownSlug(id) === undefined).slice(0, 100);
  if (missing.length) for (const p of await sdk(() => catalog.byIds(missing))) rememberSlug(p);
  const out = new Map<string, string>();
  for (const id of ids) {
    const slug = knownSlug(id);
    if (slug) out.set(id, `/products/${slug}`);
  }
  return out;
}

/**
 * Lines (a cart's, an order's) linked to their product pages: `productIds[i]` is line i's product. A product the
 * catalog no longer has, or a catalog that cannot answer now, leaves the line without a link, never breaks the page.
 */
export async function linkToProducts<L extends { url?: string }>(lines: L[], productIds: Array<string | undefined>): Promise<L[]> {
  let paths = new Map<string, string>();
  try {
    paths = await productPaths(productIds.filter((id): id is string => !!id));
  } catch {
    // Names without links: the cart and the orders still show.
  }
  return lines.map((line, i) => {
    const { url: _lineUrl, ...rest } = line;
    const path = productIds[i] ? paths.get(productIds[i]!) : undefined;
    return (path ? { ...rest, url: path } : rest) as L;
  });
}

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
    if (!raw?.id) notFound();
    collection = {
      id: raw.id,
      slug: collectionSlug,
      name: raw.name || collectionSlug,
      ...(raw.description ? { description: raw.description } : {}),
    };
  }

  const collectionId = collection?.id;
  // Price sorts follow the price the buyer pays (decision 0031): the app orders the cached catalog itself.
  if (q || sortedByApp(sort)) return searchPage({ q, sort, page, collections, collection });
  const result = await cachedCatalogRead(`products|${collectionId ?? ""}|${sort}|${page}`, () =>
    sdk(() => catalog.page({ ...(collectionId ? { collectionId } : {}), sort, page, pageSize: PAGE_SIZE })),
  );
  result.items.forEach(rememberSlug);
  const total = result.total;
  const pageCount = pageCountOf(total);
  if (page > pageCount) notFound();

  return {
    products: result.items.map(toProductCard),
    total,
    page,
    pageCount,
    q,
    sort,
    collections,
    ...(collection ? { collection } : {}),
  };
}

/** The product for a slug (with its variants), or the 404 screen. */
export async function productBySlug(slug: string): Promise<CatalogProduct> {
  const product = await cachedCatalogRead(`product|${slug}`, () => sdk(() => catalog.bySlug(slug)));
  if (!product?.id || product.slug !== slug) notFound();
  rememberSlug(product);
  return product;
}

/** The product for an id (a cart form's `productId`, with its variants), or null when there is none. */
export async function productById(id: string): Promise<CatalogProduct | null> {
  // A product whose page was read (an add comes from it) is that read: no call of its own.
  const slug = knownSlug(id);
  if (slug) {
    const bySlug = await productBySlug(slug).catch(() => null);
    if (bySlug?.id === id) return bySlug;
  }
  const product = await cachedCatalogRead(`product-id|${id}`, () => sdk(() => catalog.byId(id)));
  if (product?.id !== id) return null;
  rememberSlug(product);
  return product;
}

/** `?image=` (1-based) picks the main image of the gallery; anything else shows the first. */
export function parseImageIndex(raw: string | null, count: number): number {
  const n = raw && /^[1-9]\d{0,2}$/.test(raw) ? Number(raw) : 1;
  return n <= count ? n - 1 : 0;
}

export function toProductPage(p: CatalogProduct, params: URLSearchParams, collections: CollectionLink[]): ProductPageData {
  const name = p.name;
  const images = p.images.flatMap((m, i): GalleryImage[] => {
    const main = imageView(m, i === 0 ? name : `${name} (${i + 1})`, GALLERY);
    const thumb = responsiveImage(m.src, THUMB);
    return main && thumb ? [{ ...main, thumb }] : [];
  });
  const socialImage = p.images[0] && absoluteImageUrl(p.images[0].src, 1200, 630);
  const descriptionHtml = sanitizeDescription(p.descriptionHtml);
  const collection = collections.find((c) => p.collectionIds.includes(c.id));
  return {
    product: {
      id: p.id,
      slug: p.slug,
      name,
      ...(p.ribbon ? { ribbon: p.ribbon } : {}),
      ...(p.brand ? { brand: p.brand } : {}),
      descriptionHtml,
      description: plainText(descriptionHtml),
      images,
      ...(socialImage ? { socialImage } : {}),
      hasVariants: hasOptions(p),
      offer: { price: p.price.discounted, currency: p.price.currency, inStock: p.inStock },
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
