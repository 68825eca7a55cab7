import { data } from "react-router";
import { catalogClient } from "./commerce.server";
import { cachedCatalogRead, refreshedCatalogRead } from "./catalog-cache.server";
import { failedLoader } from "./wix-errors.server";
import { sanitizeDescription } from "./html.server";
import { buildProductIndex, type ProductIndex } from "~/lib/product-search";
import { formatPrice } from "~/lib/money";
import { imageUrl } from "~/lib/media";
import {
  DEFAULT_SORT,
  SORT_OPTIONS,
  type Availability,
  optionFieldKey,
  type CatalogPageData,
  type CollectionLink,
  type ImageView,
  type OptionView,
  type PriceView,
  type ProductCardView,
  type ProductPageData,
  type Selection,
  type SortKey,
} from "~/models/catalog";

export { DEFAULT_SORT, SORT_OPTIONS, optionFieldKey };
export type { CatalogPageData, CollectionLink, PriceView, ProductCardView, ProductPageData, Selection, SortKey };

/**
 * Catalog queries (Wix Stores catalog V1 through the request's SDK client) and
 * the view models the catalog, collection and product pages render. The list
 * pages share one query path (`loadCatalogPage`) so /products and
 * /collections/:slug can never drift apart.
 */

export const PAGE_SIZE = 50;
/** Longest search text sent to the platform: enough for any product name. */
export const MAX_SEARCH_LENGTH = 100;
/** Wix's built-in "All Products" collection: the catalog link already stands for it. */
const ALL_PRODUCTS_COLLECTION_ID = "00000000-000000-000000-000000000001";

// ---------------------------------------------------------------- parsing (pure)

/** An unknown sort value is not an error: the list simply uses the default order. */
export function parseSort(raw: string | null | undefined): SortKey {
  return SORT_OPTIONS.some((o) => o.value === raw) ? (raw as SortKey) : DEFAULT_SORT;
}

/** `?page=`: absent means 1; anything but a positive integer is null (the caller answers 404). */
export function parsePage(raw: string | null | undefined): number | null {
  if (raw === null || raw === undefined) return 1;
  if (!/^[1-9]\d{0,5}$/.test(raw)) return null;
  return Number(raw);
}

/** Search text: control characters dropped, spaces collapsed, bounded. */
export function parseSearch(raw: string | null | undefined): string {
  if (!raw) return "";
  return raw
    .replace(/[\u0000-\u001F\u007F]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, MAX_SEARCH_LENGTH);
}

export function pageCountOf(total: number): number {
  return Math.max(1, Math.ceil(total / PAGE_SIZE));
}

// ---------------------------------------------------------------- SDK shapes (the parts we read)

interface SdkImage {
  url?: string | null;
  width?: number | null;
  height?: number | null;
  altText?: string | null;
}
interface SdkMediaItem {
  image?: SdkImage | null;
  mediaType?: string | null;
  title?: string | null;
}
interface SdkPriceData {
  currency?: string | null;
  price?: number | null;
  discountedPrice?: number | null;
}
export interface SdkChoice {
  value?: string | null;
  description?: string | null;
  inStock?: boolean | null;
  visible?: boolean | null;
}
export interface SdkOption {
  optionType?: string | null;
  name?: string | null;
  choices?: SdkChoice[] | null;
}
export interface SdkVariant {
  _id?: string | null;
  choices?: Record<string, string> | null;
  variant?: { priceData?: SdkPriceData | null; visible?: boolean | null } | null;
  stock?: { inStock?: boolean | null; quantity?: number | null } | null;
}
export interface SdkProduct {
  _id?: string | null;
  slug?: string | null;
  name?: string | null;
  description?: string | null;
  ribbon?: string | null;
  brand?: string | null;
  priceData?: SdkPriceData | null;
  price?: SdkPriceData | null;
  priceRange?: { minValue?: number | null; maxValue?: number | null } | null;
  stock?: { inStock?: boolean | null; inventoryStatus?: string | null } | null;
  media?: { mainMedia?: SdkMediaItem | null; items?: SdkMediaItem[] | null } | null;
  productOptions?: SdkOption[] | null;
  manageVariants?: boolean | null;
  variants?: SdkVariant[] | null;
  collectionIds?: string[] | null;
  lastUpdated?: Date | string | null;
}
interface SdkCollection {
  _id?: string | null;
  slug?: string | null;
  name?: string | null;
  description?: string | null;
}

// ---------------------------------------------------------------- view models (pure)

function priceView(priceData: SdkPriceData | null | undefined, from = false): PriceView {
  const currency = priceData?.currency || "EUR";
  const price = priceData?.price ?? 0;
  const discounted = priceData?.discountedPrice ?? price;
  return {
    current: formatPrice(discounted, currency),
    ...(discounted < price ? { regular: formatPrice(price, currency) } : {}),
    ...(from ? { from: true } : {}),
  };
}

function imageView(item: SdkMediaItem | null | undefined, fallbackAlt: string): ImageView | undefined {
  const url = imageUrl(item?.image?.url);
  if (!url) return undefined;
  return {
    url,
    alt: item?.image?.altText || item?.title || fallbackAlt,
    width: item?.image?.width || 800,
    height: item?.image?.height || 800,
  };
}

function productPriceData(p: SdkProduct): SdkPriceData | null | undefined {
  return p.priceData ?? p.price;
}

export function isProductInStock(p: SdkProduct): boolean {
  if (p.stock?.inventoryStatus === "OUT_OF_STOCK") return false;
  return p.stock?.inStock !== false;
}

export function toProductCard(p: SdkProduct): ProductCardView {
  const name = p.name ?? "";
  const range = p.priceRange;
  const varies = !!range && range.minValue != null && range.maxValue != null && range.minValue !== range.maxValue;
  return {
    id: p._id ?? "",
    slug: p.slug ?? "",
    name,
    ...(p.ribbon ? { ribbon: p.ribbon } : {}),
    image: imageView(p.media?.mainMedia ?? p.media?.items?.[0], name),
    price: priceView(productPriceData(p), varies),
    inStock: isProductInStock(p),
  };
}

export function toCollectionLinks(raw: SdkCollection[]): CollectionLink[] {
  return raw
    .filter((c) => c._id && c.slug && c._id !== ALL_PRODUCTS_COLLECTION_ID)
    .map((c) => ({ id: c._id!, slug: c.slug!, name: c.name ?? c.slug! }));
}

// ---------------------------------------------------------------- variant resolution (pure)

const isColor = (value: string) => /^#[0-9a-f]{3,8}$/i.test(value) || /^(rgb|hsl)a?\(/i.test(value);

function optionsOf(p: SdkProduct): SdkOption[] {
  return (p.productOptions ?? []).filter((o) => o.name && (o.choices?.length ?? 0) > 0);
}

export function hasOptions(p: SdkProduct): boolean {
  return optionsOf(p).length > 0;
}

function variantInStock(v: SdkVariant): boolean {
  return v.stock?.inStock !== false && v.variant?.visible !== false;
}

function matches(v: SdkVariant, chosen: Record<string, string>): boolean {
  return Object.entries(chosen).every(([name, description]) => v.choices?.[name] === description);
}

/**
 * What the query string (`?Taille=M&Couleur=Noir`, option names as keys) selects
 * on a product: each value is matched on the choice's description (what the URL
 * carries) or its value; unknown values count as not chosen. Gives the variant,
 * its price with the discount applied, and whether it can be added to the cart.
 */
export function resolveSelection(p: SdkProduct, params: URLSearchParams | Record<string, string>): Selection {
  const get = (name: string) => (params instanceof URLSearchParams ? params.get(name) : params[name]) ?? undefined;
  const options = optionsOf(p);
  const variants = p.variants ?? [];
  const chosen: Record<string, string> = {};
  for (const option of options) {
    const raw = get(option.name!);
    if (raw === undefined || raw === "") continue;
    const choice = option.choices!.find((c) => c.description === raw) ?? option.choices!.find((c) => c.value === raw);
    if (choice?.description) chosen[option.name!] = choice.description;
  }
  const missing = options.map((o) => o.name!).filter((name) => !(name in chosen));

  const optionViews: OptionView[] = options.map((option) => {
    const others = Object.fromEntries(Object.entries(chosen).filter(([name]) => name !== option.name));
    const type = option.optionType === "color" ? "color" : "drop_down";
    return {
      name: option.name!,
      type,
      selected: chosen[option.name!],
      choices: option
        .choices!.filter((c) => c.description && c.visible !== false)
        .map((c) => ({
          value: c.value ?? c.description!,
          description: c.description!,
          ...(type === "color" && c.value && isColor(c.value) ? { color: c.value } : {}),
          inStock: variants.length
            ? variants.some((v) => matches(v, { ...others, [option.name!]: c.description! }) && variantInStock(v))
            : c.inStock !== false,
          selected: chosen[option.name!] === c.description,
        })),
    };
  });

  const productInStock = isProductInStock(p);
  if (options.length === 0) {
    return {
      options: [],
      chosen,
      missing,
      price: priceView(productPriceData(p)),
      availability: productInStock ? { ok: true } : { ok: false, reason: "product-out-of-stock", message: "Produit en rupture de stock" },
    };
  }

  const candidates = variants.filter((v) => matches(v, chosen));
  const variant = missing.length === 0 ? candidates[0] : undefined;
  let price: PriceView;
  if (variant) {
    price = priceView(variant.variant?.priceData ?? productPriceData(p));
  } else {
    // Several variants still possible: show the lowest price they lead to, marked "from" when they differ.
    const paid = (v: SdkVariant) => v.variant?.priceData?.discountedPrice ?? v.variant?.priceData?.price;
    const priced = candidates.filter((v) => typeof paid(v) === "number");
    if (priced.length === 0) price = priceView(productPriceData(p));
    else {
      const cheapest = priced.reduce((a, b) => (paid(b)! < paid(a)! ? b : a));
      const varies = priced.some((v) => paid(v) !== paid(cheapest));
      price = priceView(cheapest.variant!.priceData, varies);
    }
  }

  const anyInStock = productInStock && (variants.length === 0 || variants.some(variantInStock));
  let availability: Availability;
  if (!anyInStock) availability = { ok: false, reason: "product-out-of-stock", message: "Produit en rupture de stock" };
  else if (missing.length > 0) availability = { ok: false, reason: "incomplete", message: `Choisissez : ${missing.join(", ")}` };
  else if (!variant || !variantInStock(variant))
    availability = { ok: false, reason: "variant-out-of-stock", message: "Cette déclinaison est en rupture de stock" };
  else availability = { ok: true };

  return {
    options: optionViews,
    chosen,
    missing,
    ...(variant?._id ? { variantId: variant._id } : {}),
    price,
    availability,
  };
}

export type AddToCartCheck =
  { ok: true; variantId?: string; chosen: Record<string, string> } | { ok: false; message: string; field?: string };

/**
 * Server-side check of an add-to-cart request against the product, from the
 * options the form submitted (never from a variant id computed for an older
 * page): each option must name one of its choices, the combination must be a
 * variant, and that variant must be in stock. Gives the French reason and the
 * option it belongs to when not.
 */
export function checkAddToCart(p: SdkProduct, submitted: (name: string) => string | undefined): AddToCartCheck {
  if (!hasOptions(p)) {
    if (!isProductInStock(p)) return { ok: false, message: "Produit en rupture de stock" };
    return { ok: true, chosen: {} };
  }
  const options = optionsOf(p);
  const chosen: Record<string, string> = {};
  const missing: string[] = [];
  for (const option of options) {
    const raw = submitted(option.name!)?.trim();
    if (!raw) {
      missing.push(option.name!);
      continue;
    }
    const choice = option.choices!.find((c) => c.visible !== false && (c.description === raw || c.value === raw));
    if (!choice?.description) {
      return {
        ok: false,
        field: optionFieldKey(option.name!),
        message: `Ce choix n'existe pas pour « ${option.name} » : choisissez dans la liste.`,
      };
    }
    chosen[option.name!] = choice.description;
  }
  if (missing.length > 0) return { ok: false, message: `Choisissez : ${missing.join(", ")}` };
  const last = optionFieldKey(options.at(-1)!.name!);
  const label = Object.entries(chosen)
    .map(([name, value]) => `${name} ${value}`)
    .join(", ");
  const variants = p.variants ?? [];
  const variant = variants.find((v) => matches(v, chosen));
  if (variants.length > 0 && !variant) {
    return { ok: false, field: last, message: `${label} n'existe pas : choisissez une autre combinaison.` };
  }
  if (!isProductInStock(p) || (variant && !variantInStock(variant))) {
    return { ok: false, field: last, message: `${label} : épuisé. Choisissez une autre déclinaison.` };
  }
  return { ok: true, chosen, ...(variant?._id ? { variantId: variant._id } : {}) };
}

/** Plain text of an HTML description, for the meta description. */
export function plainText(html: string, max = 160): string {
  const text = html
    // Inline tags join their neighbours ("<strong>2 jours</strong>." is "2 jours."), block tags separate.
    .replace(/<\/?(?:strong|em|b|i|u|s|a|span|code|abbr|small|sup|sub|mark)\b[^>]*>/gi, "")
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

// ---------------------------------------------------------------- queries

function notFound(): never {
  throw data(null, { status: 404, statusText: "Not Found" });
}

/** Runs SDK calls; their failures go through the one error mapping (404 screen or system error). */
async function sdk<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    failedLoader(error);
  }
}

/** Every collection (at most 100), raw, from the shared catalog cache. */
function allCollections(): Promise<SdkCollection[]> {
  return cachedCatalogRead("collections", async () => {
    const wix = await catalogClient();
    return (await sdk(() => wix.collections.queryCollections().limit(100).find())).items as SdkCollection[];
  });
}

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
  if (q) return searchPage({ q, sort, page, collections, collection });
  const result = await cachedCatalogRead(`products|${collectionId ?? ""}|${sort}|${page}`, async () => {
    const wix = await catalogClient();
    let query = wix.products.queryProducts();
    if (collectionId) query = query.hasSome("collectionIds", [collectionId]);
    if (sort === "prix-croissant") query = query.ascending("price");
    else if (sort === "prix-decroissant") query = query.descending("price");
    else if (sort === "nom") query = query.ascending("name");
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

// ---------------------------------------------------------------- search

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

const paid = (p: SdkProduct) => productPriceData(p)?.discountedPrice ?? productPriceData(p)?.price ?? 0;
const updated = (p: SdkProduct) => (p.lastUpdated ? new Date(p.lastUpdated).getTime() : 0);

/** Search results: ranked by relevance, or in the chosen order; inside a collection when on its page. */
async function searchPage(input: {
  q: string;
  sort: SortKey;
  page: number;
  collections: CollectionLink[];
  collection?: CatalogPageData["collection"];
}): Promise<CatalogPageData> {
  const { q, sort, page, collections, collection } = input;
  // The ranked, filtered and sorted list of one search is kept like any catalog read (30 s): a repeated search
  // costs a page of cards, not a pass over every match of the catalog.
  const found = await cachedCatalogRead(`search|${collection?.id ?? ""}|${sort}|${q}`, () => rankedSearch(q, sort, collection?.id));
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
  let found = index
    .search(q)
    .map((id) => byId.get(id))
    .filter((p): p is SdkProduct => !!p && (!collectionId || !!p.collectionIds?.includes(collectionId)));
  if (sort === "prix-croissant") found = found.toSorted((a, b) => paid(a) - paid(b));
  else if (sort === "prix-decroissant") found = found.toSorted((a, b) => paid(b) - paid(a));
  else if (sort === "nom") found = found.toSorted((a, b) => (a.name ?? "").localeCompare(b.name ?? "", "fr"));
  else if (sort === "nouveautes") found = found.toSorted((a, b) => updated(b) - updated(a));
  return found;
}

/** Up to 6 product names for the search box's suggestions. */
export async function searchSuggestions(raw: string | null): Promise<string[]> {
  const q = parseSearch(raw);
  if (q.length < 2) return [];
  return (await productIndex()).index.suggest(q, 6);
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
