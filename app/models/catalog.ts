/**
 * Catalog view models and constants shared by the server module
 * (app/.server/catalog/catalog.server.ts builds them) and the catalog components.
 * Isomorphic: no server-only import here.
 */
import type { ResponsiveImage } from "./media";
import { acceptedQuantity } from "./quantity";

export const SORT_OPTIONS = [
  { value: "pertinence", label: "Pertinence" },
  { value: "prix-croissant", label: "Prix croissant" },
  { value: "prix-decroissant", label: "Prix décroissant" },
  { value: "nom", label: "Nom" },
  { value: "nouveautes", label: "Nouveautés" },
] as const;
export type SortKey = (typeof SORT_OPTIONS)[number]["value"];
export const DEFAULT_SORT: SortKey = "pertinence";

/** What a product is sorted on: the price the buyer pays (after the discount), its name, its last update. */
export interface SortFacts {
  paid: number;
  name: string;
  updated: number;
}

/**
 * The catalog's one ordering rule, for every list (catalog, collections, search): prices by the price the buyer pays
 * (issue 29.2: a 11,20 € discounted mug comes before 14 € items), names in French order, newest first. Null for
 * "pertinence" (the list's own order: relevance for a search, the platform's default otherwise).
 */
export function compareForSort(sort: SortKey): ((a: SortFacts, b: SortFacts) => number) | null {
  switch (sort) {
    case "prix-croissant":
      return (a, b) => a.paid - b.paid;
    case "prix-decroissant":
      return (a, b) => b.paid - a.paid;
    case "nom":
      return (a, b) => a.name.localeCompare(b.name, "fr");
    case "nouveautes":
      return (a, b) => b.updated - a.updated;
    default:
      return null;
  }
}

/**
 * Sorts the platform cannot apply by the buyer's price: Wix Stores catalog V1 sorts `price` on the price before
 * the discount, so these lists are sorted by the app over the whole (cached) catalog.
 */
export function sortedByApp(sort: SortKey): boolean {
  return sort === "prix-croissant" || sort === "prix-decroissant";
}

export interface PriceView {
  /** What the buyer pays, formatted ("1 200,00 €"). */
  current: string;
  /** The price before discount, only when a discount applies. */
  regular?: string;
  /** "À partir de": the chosen options still leave several prices. */
  from?: boolean;
}

export interface ImageView extends ResponsiveImage {
  alt: string;
}

/** A product page's image: the main view, and its thumbnail in the gallery's strip. */
export interface GalleryImage extends ImageView {
  thumb: ResponsiveImage;
}

export interface ProductCardView {
  id: string;
  slug: string;
  name: string;
  ribbon?: string;
  image?: ImageView;
  price: PriceView;
  inStock: boolean;
  /** "Plus qu'un exemplaire" when few are left (models/availability.ts). */
  lowStock?: string;
}

export interface CollectionLink {
  id: string;
  slug: string;
  name: string;
}

interface ChoiceView {
  value: string;
  description: string;
  /** CSS colour of a `color` option's swatch (its value, e.g. "#1f2937"). */
  color?: string;
  /** Some variant with this choice (and the other chosen options) can be bought. */
  inStock: boolean;
  selected: boolean;
}

/** Key of an option's error in an add-to-cart answer (prefixed: option names come from the catalog). */
export type OptionFieldKey = `option:${string}`;

export function optionFieldKey(optionName: string): OptionFieldKey {
  return `option:${optionName}`;
}

/** `?quantite=` carried by "Choisir" without scripts: the typed quantity, when it is one we accept. */
export function quantityFromUrl(search: string): string | undefined {
  const quantity = acceptedQuantity(new URLSearchParams(search).get("quantite"));
  return quantity === null ? undefined : String(quantity);
}

export interface OptionView {
  name: string;
  type: "drop_down" | "color";
  choices: ChoiceView[];
  selected?: string;
}

export type Availability =
  { ok: true } | { ok: false; reason: "product-out-of-stock" | "variant-out-of-stock" | "incomplete"; message: string };

export interface Selection {
  options: OptionView[];
  /** Chosen choice description per option name (only valid choices). */
  chosen: Record<string, string>;
  missing: string[];
  /** The variant the complete choice points to (products with options only). */
  variantId?: string;
  price: PriceView;
  availability: Availability;
  /** How many of the chosen variant (or of a product without options) are left, when the platform tracks it. */
  stockLeft?: number;
}

export interface CatalogPageData {
  products: ProductCardView[];
  total: number;
  page: number;
  pageCount: number;
  q: string;
  sort: SortKey;
  collections: CollectionLink[];
  collection?: CollectionLink & { description?: string };
}

export interface ProductPageData {
  product: {
    id: string;
    slug: string;
    name: string;
    ribbon?: string;
    brand?: string;
    descriptionHtml: string;
    description: string;
    images: GalleryImage[];
    /** og:image: the first photo at 1200 × 630 (absolute), when the product has one. */
    socialImage?: string;
    hasVariants: boolean;
    /** For search engines (schema.org Offer): the lowest price paid, its currency, whether it can be bought. */
    offer: { price: number; currency: string; inStock: boolean };
  };
  imageIndex: number;
  selection: Selection;
  collection?: CollectionLink;
}

// ---------------------------------------------------------------- the catalog's own model

/**
 * A catalog product as the app knows it, whichever Wix catalog answered: the V1 and V3 readers
 * (app/.server/catalog/reader-v1.server.ts, catalog/reader-v3.server.ts) both map to it, and everything built on the catalog
 * (cards, the product page, the add-to-cart check, search, the sitemap) reads only this.
 */
export interface CatalogProduct {
  id: string;
  slug: string;
  name: string;
  /** The description as the catalog stores it (HTML, not yet sanitized). */
  descriptionHtml: string;
  ribbon?: string;
  brand?: string;
  /** The lowest price, before (`amount`) and after (`discounted`) the discount. */
  price: { currency: string; amount: number; discounted: number };
  /** Variants sell at different prices: the card says "à partir de". */
  priceVaries: boolean;
  inStock: boolean;
  /** How many are left (all variants together), when the catalog counts them (V1 tracked stock). */
  stockLeft?: number;
  images: CatalogImage[];
  options: CatalogOption[];
  /** Empty in lists (Catalog V3 lists carry no variants); read with the product itself. */
  variants: CatalogVariant[];
  /** The cart references a variant even when there are no options (Catalog V3: every product has one). */
  lineNeedsVariant: boolean;
  /** The collections (categories) it is in, Wix's "All Products" included. */
  collectionIds: string[];
  /** Last change, in ms since the epoch (0 when unknown). */
  updatedAt: number;
}

export interface CatalogImage {
  /** As the SDK gave it: an absolute URL or a `wix:image://` URI (resolved by the views). */
  src: string;
  width?: number;
  height?: number;
  alt?: string;
}

export interface CatalogOption {
  name: string;
  type: "drop_down" | "color";
  choices: CatalogChoice[];
}

export interface CatalogChoice {
  /** What a form or a URL may carry besides the description: a colour's code, or the description itself. */
  value: string;
  description: string;
  inStock: boolean;
  visible: boolean;
}

export interface CatalogVariant {
  id: string;
  /** Choice description per option name. */
  choices: Record<string, string>;
  price?: { amount: number; discounted: number };
  inStock: boolean;
  visible: boolean;
  /** How many of this variant are left, when the catalog counts them (V1 tracked stock). */
  stockLeft?: number;
}

export interface CatalogCollection {
  id: string;
  slug: string;
  name: string;
  description?: string;
}
