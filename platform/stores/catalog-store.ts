// The Stores catalog's data, whichever version the site runs: product and collection rows, the catalog's revision,
// stock and price rules. The V1 wire (catalog-wire.ts), the V3 wire (v3/) and the cart's pricing all read it.
import { createHash } from "node:crypto";
import type { CatalogVersion, Ctx } from "../core/context";
import { asObject } from "../core/http";

export interface OptionChoice {
  value: string;
  description: string;
}
export interface ProductOption {
  optionType: "drop_down" | "color";
  name: string;
  choices: OptionChoice[];
}
export interface VariantRec {
  id: string;
  choices: Record<string, string>;
  priceCents: number | null;
  quantity: number | null;
  sku: string;
}
export interface ProductRec {
  id: string;
  slug: string;
  name: string;
  productType: "physical" | "digital";
  description: string;
  sku: string;
  brand: string | null;
  ribbon: string;
  priceCents: number;
  discountType: "NONE" | "PERCENT" | "AMOUNT";
  discountValue: number;
  weight: number | null;
  media: string[];
  trackInventory: boolean;
  quantity: number | null;
  inStock: boolean;
  options: ProductOption[];
  numericId: number;
  visible: boolean;
  createdDate: string;
  lastUpdated: string;
  collectionIds: string[];
  variants: VariantRec[];
  /** Wix's taxGroupId: null for the site's default group. */
  taxGroupId: string | null;
}

export const DEFAULT_VARIANT_ID = "00000000-0000-0000-0000-000000000000";

/** A GUID-shaped id that stays the same for the same parts, so a reset keeps the ids carts and tests refer to. */
export function stableId(...parts: string[]): string {
  const h = createHash("sha1").update(parts.join("|")).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/** A variant's id: the product and its choices (sorted by option name). */
export function variantId(productId: string, choices: Record<string, string>): string {
  const keys = Object.keys(choices).sort();
  return stableId(productId, keys.map((k) => `${k}=${choices[k]}`).join("&"));
}

/**
 * Catalog V3 gives every product at least one variant: a product without options has one, with a GUID of its own
 * (V1 names it DEFAULT_VARIANT_ID instead). Carts on a V3 site reference it in `options.variantId`.
 */
export function soleVariantId(productId: string): string {
  return variantId(productId, {});
}

interface ProductRow {
  id: string;
  tax_group_id: string | null;
  slug: string;
  name: string;
  product_type: string;
  description: string;
  sku: string;
  brand: string | null;
  ribbon: string;
  price_cents: number;
  discount_type: string;
  discount_value: number;
  weight: number | null;
  media: string;
  track_inventory: number;
  quantity: number | null;
  in_stock: number;
  options: string;
  numeric_id: number;
  visible: number;
  created_date: string;
  last_updated: string;
}

/**
 * Every real Wix Stores site has this collection: it holds every product and is in every product's
 * `collectionIds` (first). It is not stored: added when products and collections are read.
 */
export const ALL_PRODUCTS_COLLECTION_ID = "00000000-000000-000000-000000000001";
export const ALL_PRODUCTS_ROW = {
  id: ALL_PRODUCTS_COLLECTION_ID,
  slug: "all-products",
  name: "All Products",
  description: "",
  image: null,
  position: -1,
  visible: 1,
};

function rowToRec(ctx: Ctx, r: ProductRow): ProductRec {
  const collectionIds = [
    ALL_PRODUCTS_COLLECTION_ID,
    ...(ctx.db.prepare("SELECT collection_id FROM product_collections WHERE product_id = ?").all(r.id) as { collection_id: string }[]).map(
      (x) => x.collection_id,
    ),
  ];
  const variants = (
    ctx.db.prepare("SELECT * FROM variants WHERE product_id = ? ORDER BY position").all(r.id) as {
      id: string;
      choices: string;
      price_cents: number | null;
      quantity: number | null;
      sku: string;
    }[]
  ).map((v) => ({ id: v.id, choices: JSON.parse(v.choices), priceCents: v.price_cents, quantity: v.quantity, sku: v.sku }));
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    productType: r.product_type === "digital" ? "digital" : "physical",
    description: r.description,
    sku: r.sku,
    brand: r.brand,
    ribbon: r.ribbon,
    priceCents: r.price_cents,
    discountType: (["PERCENT", "AMOUNT"].includes(r.discount_type) ? r.discount_type : "NONE") as ProductRec["discountType"],
    discountValue: r.discount_value,
    weight: r.weight,
    media: JSON.parse(r.media),
    trackInventory: !!r.track_inventory,
    quantity: r.quantity,
    inStock: !!r.in_stock,
    options: JSON.parse(r.options),
    numericId: r.numeric_id,
    visible: !!r.visible,
    createdDate: r.created_date,
    lastUpdated: r.last_updated,
    collectionIds,
    variants,
    taxGroupId: r.tax_group_id ?? null,
  };
}

export function loadProduct(ctx: Ctx, id: string): ProductRec | null {
  const r = ctx.db.prepare("SELECT * FROM products WHERE id = ?").get(id) as ProductRow | undefined;
  return r ? rowToRec(ctx, r) : null;
}

/**
 * Catalog revision: changes whenever products or stock change (in this process or another one sharing
 * the database, since it lives in the database), so cached wire shapes are never stale.
 */
export function catalogRevision(ctx: Ctx): string {
  const rows = ctx.db.prepare("SELECT key, value FROM meta WHERE key IN ('seeded', 'catalog_rev')").all() as {
    key: string;
    value: string;
  }[];
  return rows
    .sort((a, b) => a.key.localeCompare(b.key))
    .map((r) => r.value)
    .join("|");
}

const wireCaches = new WeakMap<object, WeakMap<Ctx, { rev: string; byOrigin: Map<string, unknown[]> }>>();

/**
 * Every visible product built by `build` (a wire form), cached per catalog revision and app origin: `key` names the
 * wire form (V1's, V3's), so each has its own cache. `withHidden`: the hidden ones too (the site's API key reads them,
 * as the owner's dashboard lists them).
 */
export function cachedProductWires<T>(key: object, ctx: Ctx, appOrigin: string, build: (p: ProductRec) => T, withHidden = false): T[] {
  let caches = wireCaches.get(key);
  if (!caches) wireCaches.set(key, (caches = new WeakMap()));
  const rev = catalogRevision(ctx);
  let entry = caches.get(ctx);
  if (!entry || entry.rev !== rev) {
    entry = { rev, byOrigin: new Map() };
    caches.set(ctx, entry);
  }
  const slot = `${withHidden ? "all" : "visible"} ${appOrigin}`;
  let wires = entry.byOrigin.get(slot) as T[] | undefined;
  if (!wires) {
    wires = loadAllProducts(ctx, withHidden).map(build);
    if (entry.byOrigin.size > 16) entry.byOrigin.clear();
    entry.byOrigin.set(slot, wires);
  }
  return wires;
}

export function bumpCatalog(ctx: Ctx): void {
  ctx.db
    .prepare(
      "INSERT INTO meta (key, value) VALUES ('catalog_rev', '1') ON CONFLICT(key) DO UPDATE SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT)",
    )
    .run();
}

export function loadAllProducts(ctx: Ctx, withHidden = false): ProductRec[] {
  const rows = ctx.db.prepare(`SELECT * FROM products ${withHidden ? "" : "WHERE visible = 1"} ORDER BY numeric_id`).all() as ProductRow[];
  return rows.map((r) => rowToRec(ctx, r));
}

export function discountedCents(p: ProductRec, baseCents: number): number {
  if (p.discountType === "PERCENT") return Math.max(0, Math.round((baseCents * (100 - p.discountValue)) / 100));
  if (p.discountType === "AMOUNT") return Math.max(0, baseCents - Math.round(p.discountValue * 100));
  return baseCents;
}

export function variantBaseCents(p: ProductRec, v: VariantRec | null): number {
  return v?.priceCents ?? p.priceCents;
}

/** Units available for a product/variant, or null when the stock is not tracked. */
export function availableQuantity(p: ProductRec, v: VariantRec | null): number | null {
  if (!p.trackInventory) return null;
  if (p.options.length) return v ? Math.max(0, v.quantity ?? 0) : 0;
  return Math.max(0, p.quantity ?? 0);
}

export function isInStock(p: ProductRec, v: VariantRec | null): boolean {
  const q = availableQuantity(p, v);
  return q === null ? p.inStock : q > 0;
}

/**
 * Finds the variant a cart reference points to. V1: `{variantId}` or `{options:{Taille:"M"}}` (the choices by
 * description or value). V3: `{variantId}` only ("eCommerce Integration with Wix Stores Catalog V3": always include
 * the variantId; `options` holds modifiers there), the sole variant of a product without options included.
 */
export function resolveVariant(
  p: ProductRec,
  options: Record<string, unknown> | undefined,
  site: CatalogVersion = "V1_CATALOG",
): VariantRec | null | "invalid" {
  const variantId = typeof options?.variantId === "string" ? options.variantId : undefined;
  if (!p.options.length) {
    // V1 ignores options on a product without any; V3 accepts its sole variant's id (or none, as before).
    return site === "V3_CATALOG" && variantId !== undefined && variantId !== soleVariantId(p.id) ? "invalid" : null;
  }
  if (!options) return "invalid";
  if (variantId) return p.variants.find((v) => v.id === variantId) ?? "invalid";
  if (site === "V3_CATALOG") return "invalid";
  const chosen = asObject(options.options);
  if (!chosen) return "invalid";
  const want: Record<string, string> = {};
  for (const opt of p.options) {
    const raw = chosen[opt.name];
    if (typeof raw !== "string") return "invalid";
    // Accept the choice description ("Rouge") or its value ("#c0392b").
    const choice = opt.choices.find((c) => c.description === raw || c.value === raw);
    if (!choice) return "invalid";
    want[opt.name] = choice.description;
  }
  return p.variants.find((v) => p.options.every((o) => v.choices[o.name] === want[o.name])) ?? "invalid";
}
