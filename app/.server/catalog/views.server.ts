import { formatPrice } from "~/lib/money";
import { lowStockLabel } from "~/models/availability";
import type {
  CatalogCollection,
  CatalogImage,
  CatalogProduct,
  CollectionLink,
  ImageView,
  PriceView,
  ProductCardView,
} from "~/models/catalog";
import { ALL_PRODUCTS_COLLECTION_ID } from "./params.server";
import { CARD, responsiveImage, type ImageLayout } from "../wix/media.server";

/** The view models built from the app's catalog model (pure, whichever catalog version answered). */

export function priceView(price: { amount: number; discounted: number } | undefined, currency: string, from = false): PriceView {
  const amount = price?.amount ?? 0;
  const discounted = price?.discounted ?? amount;
  return {
    current: formatPrice(discounted, currency),
    ...(discounted < amount ? { regular: formatPrice(amount, currency) } : {}),
    ...(from ? { from: true } : {}),
  };
}

export function imageView(image: CatalogImage | undefined, fallbackAlt: string, layout: ImageLayout = CARD): ImageView | undefined {
  const drawn = responsiveImage(image?.src, layout);
  return drawn && { ...drawn, alt: image?.alt || fallbackAlt };
}

export function toProductCard(p: CatalogProduct): ProductCardView {
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    ...(p.ribbon ? { ribbon: p.ribbon } : {}),
    image: imageView(p.images[0], p.name),
    price: priceView(p.price, p.price.currency, p.priceVaries),
    inStock: p.inStock,
    ...(lowStockLabel(p.stockLeft) ? { lowStock: lowStockLabel(p.stockLeft)! } : {}),
  };
}

export function toCollectionLinks(raw: CatalogCollection[]): CollectionLink[] {
  return raw
    .filter((c) => c.id && c.slug && c.id !== ALL_PRODUCTS_COLLECTION_ID)
    .map((c) => ({ id: c.id, slug: c.slug, name: c.name || c.slug }));
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
