// Stores catalog V1 (products, variants, collections) as the SDK's `products` and `collections` modules see it.
import type { Ctx } from "./context";
import { currency, formatMoney, imageInfo, mediaId, mediaUrl } from "./context";
import type { ApiRequest, Router } from "./http";
import { asObject, fieldError, notFound, parseUntrustedJson } from "./http";
import { applySort, matchFilter, parseOffsetPaging, parseSort } from "./query";

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
}

export const DEFAULT_VARIANT_ID = "00000000-0000-0000-0000-000000000000";

interface ProductRow {
  id: string;
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
const ALL_PRODUCTS_ROW = {
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

export function bumpCatalog(ctx: Ctx): void {
  ctx.db
    .prepare(
      "INSERT INTO meta (key, value) VALUES ('catalog_rev', '1') ON CONFLICT(key) DO UPDATE SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT)",
    )
    .run();
}

const wireCache = new WeakMap<Ctx, { rev: string; byOrigin: Map<string, ReturnType<typeof productWire>[]> }>();

/** Every visible product in wire shape, cached per catalog revision and app origin. */
function allProductWires(ctx: Ctx, appOrigin: string): ReturnType<typeof productWire>[] {
  const rev = catalogRevision(ctx);
  let entry = wireCache.get(ctx);
  if (!entry || entry.rev !== rev) {
    entry = { rev, byOrigin: new Map() };
    wireCache.set(ctx, entry);
  }
  let wires = entry.byOrigin.get(appOrigin);
  if (!wires) {
    wires = loadAllProducts(ctx).map((p) => productWire(ctx, p, appOrigin));
    if (entry.byOrigin.size > 16) entry.byOrigin.clear();
    entry.byOrigin.set(appOrigin, wires);
  }
  return wires;
}

export function loadAllProducts(ctx: Ctx): ProductRec[] {
  const rows = ctx.db.prepare("SELECT * FROM products WHERE visible = 1 ORDER BY numeric_id").all() as ProductRow[];
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

/** Finds the variant a cart reference points to: `{variantId}` or `{options:{Taille:"M"}}`. */
export function resolveVariant(p: ProductRec, options: Record<string, unknown> | undefined): VariantRec | null | "invalid" {
  if (!p.options.length) return null;
  if (!options) return "invalid";
  const variantId = typeof options.variantId === "string" ? options.variantId : undefined;
  if (variantId) return p.variants.find((v) => v.id === variantId) ?? "invalid";
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

// ---------------------------------------------------------------- wire shapes

function priceData(cur: string, baseCents: number, discCents: number) {
  return {
    currency: cur,
    price: baseCents / 100,
    discountedPrice: discCents / 100,
    formatted: { price: formatMoney(baseCents, cur), discountedPrice: formatMoney(discCents, cur) },
  };
}

export function mediaItem(ctx: Ctx, appOrigin: string, rel: string, title: string) {
  const { width, height } = imageInfo(ctx, rel);
  const url = mediaUrl(appOrigin, rel);
  const format = rel.split(".").pop()?.toLowerCase() ?? "";
  return {
    id: mediaId(rel),
    image: { url, width, height, format, altText: title },
    thumbnail: { url, width, height, format, altText: title },
    mediaType: "image",
    title,
  };
}

function inventoryStatus(p: ProductRec): "IN_STOCK" | "OUT_OF_STOCK" | "PARTIALLY_OUT_OF_STOCK" {
  if (!p.trackInventory) return p.inStock ? "IN_STOCK" : "OUT_OF_STOCK";
  if (!p.options.length) return (p.quantity ?? 0) > 0 ? "IN_STOCK" : "OUT_OF_STOCK";
  const inStock = p.variants.filter((v) => (v.quantity ?? 0) > 0).length;
  if (inStock === 0) return "OUT_OF_STOCK";
  return inStock === p.variants.length ? "IN_STOCK" : "PARTIALLY_OUT_OF_STOCK";
}

function variantWire(p: ProductRec, v: VariantRec, cur: string) {
  const base = variantBaseCents(p, v);
  const pd = priceData(cur, base, discountedCents(p, base));
  const q = availableQuantity(p, v);
  return {
    id: v.id,
    choices: v.choices,
    variant: { priceData: pd, convertedPriceData: pd, weight: p.weight ?? 0, sku: v.sku || p.sku, visible: true },
    stock: { trackQuantity: p.trackInventory, ...(q !== null ? { quantity: q } : {}), inStock: isInStock(p, v) },
  };
}

export function productWire(ctx: Ctx, p: ProductRec, appOrigin: string) {
  const cur = currency(ctx);
  const disc = discountedCents(p, p.priceCents);
  const pd = priceData(cur, p.priceCents, disc);
  const items = p.media.map((m, i) => mediaItem(ctx, appOrigin, m, i === 0 ? p.name : `${p.name} (${i + 1})`));
  const basePrices = p.options.length ? p.variants.map((v) => variantBaseCents(p, v)) : [p.priceCents];
  const trackedQty = p.trackInventory
    ? p.options.length
      ? p.variants.reduce((s, v) => s + Math.max(0, v.quantity ?? 0), 0)
      : Math.max(0, p.quantity ?? 0)
    : null;
  const status = inventoryStatus(p);
  const variants = p.options.length
    ? p.variants.map((v) => variantWire(p, v, cur))
    : [variantWire(p, { id: DEFAULT_VARIANT_ID, choices: {}, priceCents: null, quantity: p.quantity, sku: p.sku }, cur)];
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    visible: p.visible,
    productType: p.productType,
    description: p.description,
    sku: p.sku,
    weight: p.weight ?? 0,
    weightRange: { minValue: p.weight ?? 0, maxValue: p.weight ?? 0 },
    stock: {
      trackInventory: p.trackInventory,
      ...(trackedQty !== null ? { quantity: trackedQty } : {}),
      inStock: status !== "OUT_OF_STOCK",
      inventoryStatus: status,
    },
    price: pd,
    priceData: pd,
    convertedPriceData: pd,
    priceRange: { minValue: Math.min(...basePrices) / 100, maxValue: Math.max(...basePrices) / 100 },
    costRange: { minValue: 0, maxValue: 0 },
    additionalInfoSections: [],
    ribbons: p.ribbon ? [{ text: p.ribbon }] : [],
    ribbon: p.ribbon,
    brand: p.brand ?? undefined,
    media: items.length ? { mainMedia: items[0], items } : { items: [] },
    customTextFields: [],
    manageVariants: p.options.length > 0,
    productOptions: p.options.map((o) => ({
      optionType: o.optionType,
      name: o.name,
      choices: o.choices.map((c) => ({
        value: c.value,
        description: c.description,
        inStock: p.variants.some((v) => v.choices[o.name] === c.description && isInStock(p, v)),
        visible: true,
      })),
    })),
    productPageUrl: { base: appOrigin, path: `/products/${p.slug}` },
    numericId: String(p.numericId),
    inventoryItemId: `inv-${p.id}`,
    discount: { type: p.discountType, value: p.discountType === "NONE" ? 0 : p.discountValue },
    collectionIds: p.collectionIds,
    variants,
    lastUpdated: p.lastUpdated,
    createdDate: p.createdDate,
    seoData: { tags: [] },
  };
}

interface CollectionRow {
  id: string;
  slug: string;
  name: string;
  description: string;
  image: string | null;
  position: number;
  visible: number;
}

function collectionWire(ctx: Ctx, c: CollectionRow, appOrigin: string) {
  const count =
    c.id === ALL_PRODUCTS_COLLECTION_ID
      ? (ctx.db.prepare("SELECT COUNT(*) AS n FROM products WHERE visible = 1").get() as { n: number }).n
      : (
          ctx.db
            .prepare(
              "SELECT COUNT(*) AS n FROM product_collections pc JOIN products p ON p.id = pc.product_id WHERE pc.collection_id = ? AND p.visible = 1",
            )
            .get(c.id) as { n: number }
        ).n;
  const main = c.image ? mediaItem(ctx, appOrigin, c.image, c.name) : undefined;
  return {
    id: c.id,
    name: c.name,
    media: main ? { mainMedia: main, items: [main] } : { items: [] },
    numberOfProducts: count,
    description: c.description,
    slug: c.slug,
    visible: !!c.visible,
  };
}

// ---------------------------------------------------------------- handlers

function queryOf(req: ApiRequest): Record<string, unknown> {
  const q = req.body.query;
  if (q === undefined) return {};
  if (typeof q === "string") {
    try {
      return asObject(parseUntrustedJson(q)) ?? {};
    } catch {
      throw fieldError("query", "is not valid JSON", "FORMAT");
    }
  }
  const o = asObject(q);
  if (!o) throw fieldError("query", "must be an object", "FORMAT");
  return o;
}

function paginate<T>(items: T[], paging: { limit: number; offset: number }) {
  const page = items.slice(paging.offset, paging.offset + paging.limit);
  return { page, metadata: { count: page.length, items: page.length, offset: paging.offset, total: items.length } };
}

const productSortAlias = (f: string) => (f === "price" ? "priceData.price" : f);

function queryProducts(ctx: Ctx, req: ApiRequest) {
  const q = queryOf(req);
  if (q.cursorPaging !== undefined) throw fieldError("query.cursorPaging", "is not supported; use paging", "FIELD_NOT_ALLOWED");
  const paging = parseOffsetPaging(q.paging);
  const sort = parseSort(q.sort);
  const all = allProductWires(ctx, req.appOrigin);
  const filtered = all.filter((p) => matchFilter(p, q.filter));
  const sorted = applySort(filtered, sort, productSortAlias);
  const { page, metadata } = paginate(sorted, paging);
  return { products: page, metadata, totalResults: metadata.total };
}

function getProductOrThrow(ctx: Ctx, id: string): ProductRec {
  const p = loadProduct(ctx, id);
  if (!p || !p.visible) throw notFound("PRODUCT_NOT_FOUND", `Produit introuvable : ${id}`, { productId: id });
  return p;
}

function optionsAvailability(ctx: Ctx, req: ApiRequest) {
  const p = getProductOrThrow(ctx, req.params.id!);
  const chosenRaw = asObject(req.body.options) ?? {};
  const chosen: Record<string, string> = {};
  for (const [name, raw] of Object.entries(chosenRaw)) {
    const opt = p.options.find((o) => o.name === name);
    if (!opt) continue;
    const choice = opt.choices.find((c) => c.description === raw || c.value === raw);
    if (choice) chosen[name] = choice.description;
  }
  const cur = currency(ctx);
  const matching = p.variants.filter((v) => Object.entries(chosen).every(([k, val]) => v.choices[k] === val));
  const complete = p.options.every((o) => chosen[o.name] !== undefined);
  const variant = !p.options.length ? null : complete ? (matching[0] ?? null) : null;
  const wire = productWire(ctx, p, req.appOrigin);
  let selectedVariant: Record<string, unknown> | undefined;
  if (!p.options.length || variant) {
    const base = variantBaseCents(p, variant);
    const pd = priceData(cur, base, discountedCents(p, base));
    const q = availableQuantity(p, variant);
    selectedVariant = {
      ...(variant ? { id: variant.id } : {}),
      price: pd,
      convertedPriceData: pd,
      weight: p.weight ?? 0,
      sku: variant?.sku || p.sku,
      ...(q !== null ? { quantity: q } : {}),
      inStock: isInStock(p, variant),
      visible: true,
    };
  }
  return {
    ...(selectedVariant ? { selectedVariant } : {}),
    media: wire.media,
    productOptions: p.options.map((o) => ({
      optionType: o.optionType,
      name: o.name,
      choices: o.choices.map((c) => {
        // A choice is in stock if some variant with it and the other chosen options is in stock.
        const others = Object.entries(chosen).filter(([k]) => k !== o.name);
        const inStock = p.variants.some(
          (v) => v.choices[o.name] === c.description && others.every(([k, val]) => v.choices[k] === val) && isInStock(p, v),
        );
        return { value: c.value, description: c.description, inStock, visible: true };
      }),
    })),
    availableForPurchase: (!p.options.length || !!variant) && isInStock(p, variant),
  };
}

function queryVariants(ctx: Ctx, req: ApiRequest) {
  const p = getProductOrThrow(ctx, req.params.id!);
  const cur = currency(ctx);
  const choices = asObject(req.body.choices) ?? {};
  const ids = Array.isArray(req.body.variantIds) ? (req.body.variantIds as unknown[]).map(String) : [];
  const paging = parseOffsetPaging(req.body.paging, 100, 100);
  const all = p.options.length ? p.variants : [{ id: DEFAULT_VARIANT_ID, choices: {}, priceCents: null, quantity: p.quantity, sku: p.sku }];
  const filtered = all.filter(
    (v) =>
      (!ids.length || ids.includes(v.id)) &&
      Object.entries(choices).every(
        ([k, val]) =>
          v.choices[k] === val || p.options.find((o) => o.name === k)?.choices.find((c) => c.value === val)?.description === v.choices[k],
      ),
  );
  const page = filtered.slice(paging.offset, paging.offset + paging.limit).map((v) => variantWire(p, v, cur));
  return { variants: page, metadata: { items: page.length, offset: paging.offset }, totalResults: filtered.length };
}

function loadCollections(ctx: Ctx): CollectionRow[] {
  return [
    ALL_PRODUCTS_ROW,
    ...(ctx.db.prepare("SELECT * FROM collections WHERE visible = 1 ORDER BY position, name").all() as CollectionRow[]),
  ];
}

function queryCollections(ctx: Ctx, req: ApiRequest) {
  const q = queryOf(req);
  const paging = parseOffsetPaging(q.paging);
  const sort = parseSort(q.sort);
  const all = loadCollections(ctx).map((c) => collectionWire(ctx, c, req.appOrigin));
  const filtered = all.filter((c) => matchFilter(c, q.filter));
  const { page, metadata } = paginate(applySort(filtered, sort), paging);
  return { collections: page, metadata, totalResults: metadata.total };
}

function collectionBy(ctx: Ctx, req: ApiRequest, field: "id" | "slug") {
  const value = req.params[field]!;
  const row =
    ALL_PRODUCTS_ROW[field] === value
      ? ALL_PRODUCTS_ROW
      : (ctx.db.prepare(`SELECT * FROM collections WHERE ${field} = ? AND visible = 1`).get(value) as CollectionRow | undefined);
  if (!row) throw notFound("COLLECTION_NOT_FOUND", `Collection introuvable : ${value}`, { [field]: value });
  return { collection: collectionWire(ctx, row, req.appOrigin) };
}

export function registerCatalog(router: Router, ctx: Ctx): void {
  const qp = (req: ApiRequest) => queryProducts(ctx, req);
  router
    .on("GET", "/stores-reader/v1/products/query-platformized", qp)
    .on("POST", "/stores-reader/v1/products/query-platformized", qp)
    .on("POST", "/stores-reader/v1/products/query", qp)
    .on("POST", "/stores/v1/products/query", qp)
    .on("GET", "/stores-reader/v1/products/:id", (req) => {
      return { product: productWire(ctx, getProductOrThrow(ctx, req.params.id!), req.appOrigin) };
    })
    .on("GET", "/stores/v1/products/:id", (req) => ({ product: productWire(ctx, getProductOrThrow(ctx, req.params.id!), req.appOrigin) }))
    .on("POST", "/stores-reader/v1/products/:id/productOptionsAvailability", (req) => optionsAvailability(ctx, req))
    .on("POST", "/stores-reader/v1/products/:id/variants/query", (req) => queryVariants(ctx, req))
    .on("GET", "/stores-reader/v1/collections/slug/:slug", (req) => collectionBy(ctx, req, "slug"))
    .on("GET", "/stores-reader/v1/collections/:id", (req) => collectionBy(ctx, req, "id"))
    .on("GET", "/v2/collections/query", (req) => queryCollections(ctx, req))
    .on("POST", "/v2/collections/query", (req) => queryCollections(ctx, req))
    .on("GET", "/v2/collections/slug/:slug", (req) => collectionBy(ctx, req, "slug"))
    .on("GET", "/v2/collections/:id", (req) => collectionBy(ctx, req, "id"))
    .on("GET", "/stores/v3/provision/version", () => ({ catalogVersion: "V1_CATALOG" }));
}
