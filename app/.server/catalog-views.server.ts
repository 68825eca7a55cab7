import { formatPrice } from "~/lib/money";
import { lowStockLabel } from "~/models/availability";
import { imageUrl } from "~/lib/media";
import type { CollectionLink, ImageView, PriceView, ProductCardView } from "~/models/catalog";
import { ALL_PRODUCTS_COLLECTION_ID } from "./catalog-params.server";

/** The parts of Wix Stores' catalog V1 shapes we read, and the view models built from them (pure). */

// ---------------------------------------------------------------- SDK shapes (the parts we read)

export interface SdkImage {
  url?: string | null;
  width?: number | null;
  height?: number | null;
  altText?: string | null;
}
export interface SdkMediaItem {
  image?: SdkImage | null;
  mediaType?: string | null;
  title?: string | null;
}
export interface SdkPriceData {
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
  stock?: { inStock?: boolean | null; inventoryStatus?: string | null; quantity?: number | null } | null;
  media?: { mainMedia?: SdkMediaItem | null; items?: SdkMediaItem[] | null } | null;
  productOptions?: SdkOption[] | null;
  manageVariants?: boolean | null;
  variants?: SdkVariant[] | null;
  collectionIds?: string[] | null;
  lastUpdated?: Date | string | null;
}
export interface SdkCollection {
  _id?: string | null;
  slug?: string | null;
  name?: string | null;
  description?: string | null;
}

// ---------------------------------------------------------------- view models (pure)

export function priceView(priceData: SdkPriceData | null | undefined, from = false): PriceView {
  const currency = priceData?.currency || "EUR";
  const price = priceData?.price ?? 0;
  const discounted = priceData?.discountedPrice ?? price;
  return {
    current: formatPrice(discounted, currency),
    ...(discounted < price ? { regular: formatPrice(price, currency) } : {}),
    ...(from ? { from: true } : {}),
  };
}

export function imageView(item: SdkMediaItem | null | undefined, fallbackAlt: string): ImageView | undefined {
  const url = imageUrl(item?.image?.url);
  if (!url) return undefined;
  return {
    url,
    alt: item?.image?.altText || item?.title || fallbackAlt,
    width: item?.image?.width || 800,
    height: item?.image?.height || 800,
  };
}

export function productPriceData(p: SdkProduct): SdkPriceData | null | undefined {
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
    ...(lowStockLabel(p.stock?.quantity ?? undefined) ? { lowStock: lowStockLabel(p.stock?.quantity ?? undefined)! } : {}),
  };
}

export function toCollectionLinks(raw: SdkCollection[]): CollectionLink[] {
  return raw
    .filter((c) => c._id && c.slug && c._id !== ALL_PRODUCTS_COLLECTION_ID)
    .map((c) => ({ id: c._id!, slug: c.slug!, name: c.name ?? c.slug! }));
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
