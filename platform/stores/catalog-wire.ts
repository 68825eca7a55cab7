// Stores catalog V1 on the wire: products, variants, media and collections as the SDK reads them.
import type { Ctx } from "../core/context";
import { currency, formatMoney, imageInfo, mediaId, mediaUrl } from "../core/context";
import {
  ALL_PRODUCTS_COLLECTION_ID,
  DEFAULT_VARIANT_ID,
  availableQuantity,
  cachedProductWires,
  discountedCents,
  isInStock,
  stableId,
  variantBaseCents,
  type ProductRec,
  type VariantRec,
} from "./catalog-store";

/** Every visible product in wire shape (the hidden ones too for the site's API key), cached per revision and origin. */
export function allProductWires(ctx: Ctx, appOrigin: string, withHidden = false): ReturnType<typeof productWire>[] {
  return cachedProductWires(productWire, ctx, appOrigin, (p) => productWire(ctx, p, appOrigin), withHidden);
}

export function priceData(cur: string, baseCents: number, discCents: number) {
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

export function variantWire(p: ProductRec, v: VariantRec, cur: string) {
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
    // A GUID like every Wix id (V1 answers one inventory item per product).
    inventoryItemId: stableId("inventory", p.id),
    discount: { type: p.discountType, value: p.discountType === "NONE" ? 0 : p.discountValue },
    collectionIds: p.collectionIds,
    variants,
    lastUpdated: p.lastUpdated,
    createdDate: p.createdDate,
    seoData: { tags: [] },
  };
}

export interface CollectionRow {
  id: string;
  slug: string;
  name: string;
  description: string;
  image: string | null;
  position: number;
  visible: number;
}

export function collectionWire(ctx: Ctx, c: CollectionRow, appOrigin: string) {
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
