import type { CatalogProduct, CatalogVariant, SortKey } from "~/models/catalog";
import { catalogClient } from "../wix/commerce-session.server";
import { timeOf, toCatalogCollection } from "./map.server";
import { knownProductId } from "./cache.server";
import { classifyWixError } from "../wix/errors.server";
import type { CatalogReader, ProductPage } from "./reader-contract.server";

/**
 * The Stores Catalog V3 reader: `productsV3` (lists through Search Products, which filters on categories and sorts on
 * price; one product with Get Product), `readOnlyVariantsV3` (a product's variants: V3 lists carry none), and the
 * Stores tree of `@wix/categories`, and `inventoryItemsV3` for how many are left (V3 product and variant reads carry
 * no quantities). Mapped to the app's catalog model. Paging is by cursor only: page N walks the
 * cursors, in as few calls as the page size allows.
 */

/** Every categories call names the Stores tree ("About the Wix Stores Catalog V3", Categories). */
const STORES_TREE = { appNamespace: "@wix/stores" };

/** The fields the app reads beyond the defaults (the typings' RequestedFields). */
const FIELDS = ["CURRENCY", "PLAIN_DESCRIPTION", "MEDIA_ITEMS_INFO", "ALL_CATEGORIES_INFO"] as const;
/**
 * One product's read: Get Product answers its variants too (`variantsInfo`, single-product reads only), with their
 * choices by name when asked (VARIANT_OPTION_CHOICE_NAMES): no Query Variants call after it.
 */
const PRODUCT_FIELDS = [...FIELDS, "VARIANT_OPTION_CHOICE_NAMES"] as const;

// ---------------------------------------------------------------- the parts of the V3 shapes we read

interface V3Amount {
  amount?: string | null;
}
interface V3Media {
  image?: string | null;
  url?: string | null;
  altText?: string | null;
  mediaType?: string | null;
}
interface V3Product {
  _id?: string | null;
  slug?: string | null;
  name?: string | null;
  plainDescription?: string | null;
  ribbon?: { name?: string | null } | null;
  brand?: { name?: string | null } | null;
  currency?: string | null;
  actualPriceRange?: { minValue?: V3Amount | null; maxValue?: V3Amount | null } | null;
  compareAtPriceRange?: { minValue?: V3Amount | null } | null;
  inventory?: { availabilityStatus?: string | null } | null;
  media?: { main?: V3Media | null; itemsInfo?: { items?: V3Media[] | null } | null } | null;
  options?: Array<{
    name?: string | null;
    optionRenderType?: string | null;
    choicesSettings?: {
      choices?: Array<{ name?: string | null; colorCode?: string | null; inStock?: boolean | null; visible?: boolean | null }> | null;
    } | null;
  }> | null;
  allCategoriesInfo?: { categories?: Array<{ _id?: string | null }> | null } | null;
  _updatedDate?: Date | string | null;
  /** Single-product reads only. */
  variantsInfo?: { variants?: V3ProductVariant[] | null } | null;
}
/** A variant inside a product (Get Product's `variantsInfo`): `choices` where the read-only variant has `optionChoices`. */
interface V3ProductVariant extends Omit<V3Variant, "optionChoices" | "variantId"> {
  choices?: V3Variant["optionChoices"];
}
interface V3Variant {
  _id?: string | null;
  variantId?: string | null;
  visible?: boolean | null;
  optionChoices?: Array<{ optionChoiceNames?: { optionName?: string | null; choiceName?: string | null } | null }> | null;
  price?: { actualPrice?: V3Amount | null; compareAtPrice?: V3Amount | null } | null;
  inventoryStatus?: { inStock?: boolean | null } | null;
}

interface V3InventoryItem {
  productId?: string | null;
  variantId?: string | null;
  trackQuantity?: boolean | null;
  quantity?: number | null;
}

// ---------------------------------------------------------------- mapping

const amountOf = (a: V3Amount | null | undefined) => {
  const n = Number(a?.amount);
  return Number.isFinite(n) ? n : undefined;
};

/** `wix:image://v1/<id>/<name>#originWidth=W&originHeight=H`: the size the SDK kept in the URI. */
function imageSize(src: string): { width?: number; height?: number } {
  const w = /originWidth=(\d+)/.exec(src)?.[1];
  const h = /originHeight=(\d+)/.exec(src)?.[1];
  return { ...(w ? { width: Number(w) } : {}), ...(h ? { height: Number(h) } : {}) };
}

function variantFromV3(v: V3Variant): CatalogVariant | null {
  const id = v.variantId ?? v._id;
  if (!id) return null;
  const choices: Record<string, string> = {};
  for (const c of v.optionChoices ?? []) {
    const names = c.optionChoiceNames;
    if (names?.optionName && names.choiceName) choices[names.optionName] = names.choiceName;
  }
  const paid = amountOf(v.price?.actualPrice);
  const before = amountOf(v.price?.compareAtPrice) ?? paid;
  return {
    id,
    choices,
    ...(paid !== undefined ? { price: { amount: before ?? paid, discounted: paid } } : {}),
    inStock: v.inventoryStatus?.inStock !== false && v.visible !== false,
    visible: v.visible !== false,
  };
}

export function fromV3(p: V3Product, variants: V3Variant[] = []): CatalogProduct {
  const min = amountOf(p.actualPriceRange?.minValue) ?? 0;
  const max = amountOf(p.actualPriceRange?.maxValue) ?? min;
  const media = p.media?.itemsInfo?.items?.length ? p.media.itemsInfo.items : p.media?.main ? [p.media.main] : [];
  const options = (p.options ?? [])
    .filter((o) => o.name && (o.choicesSettings?.choices?.length ?? 0) > 0)
    .map((o) => {
      const color = o.optionRenderType === "SWATCH_CHOICES" || o.optionRenderType === "COLOR_CHOICES";
      return {
        name: o.name!,
        type: color ? ("color" as const) : ("drop_down" as const),
        choices: (o.choicesSettings?.choices ?? [])
          .filter((c) => c.name)
          .map((c) => ({
            value: color && c.colorCode ? c.colorCode : c.name!,
            description: c.name!,
            inStock: c.inStock !== false,
            visible: c.visible !== false,
          })),
      };
    });
  return {
    id: p._id ?? "",
    slug: p.slug ?? "",
    name: p.name ?? "",
    descriptionHtml: p.plainDescription ?? "",
    ...(p.ribbon?.name ? { ribbon: p.ribbon.name } : {}),
    ...(p.brand?.name ? { brand: p.brand.name } : {}),
    price: { currency: p.currency || "EUR", amount: amountOf(p.compareAtPriceRange?.minValue) ?? min, discounted: min },
    priceVaries: min !== max,
    inStock: p.inventory?.availabilityStatus !== "OUT_OF_STOCK",
    images: media
      .filter((m) => (!m.mediaType || m.mediaType === "IMAGE") && (m.image || m.url))
      .map((m) => {
        const src = (m.image || m.url)!;
        return { src, ...imageSize(src), ...(m.altText ? { alt: m.altText } : {}) };
      }),
    options,
    variants: variants.map(variantFromV3).filter((v): v is CatalogVariant => !!v),
    // "eCommerce Integration with Wix Stores Catalog V3": always include the variantId.
    lineNeedsVariant: true,
    collectionIds: (p.allCategoriesInfo?.categories ?? []).map((c) => c._id).filter((id): id is string => !!id),
    updatedAt: timeOf(p._updatedDate),
  };
}

// ---------------------------------------------------------------- the reader

/**
 * Search Products sorts on these (the typings' V3ProductSearchSpec, `sort: 'BOTH'`). Prices sort on the price before
 * discount, as the V1 catalog's `price` does, so both catalogs list in the same order (the compare-at range equals
 * the actual one when there is no discount, as in Wix's Get Product example).
 */
const SORTS = {
  pertinence: null,
  "prix-croissant": { fieldName: "compareAtPriceRange.minValue.amount", order: "ASC" },
  "prix-decroissant": { fieldName: "compareAtPriceRange.minValue.amount", order: "DESC" },
  nom: { fieldName: "name", order: "ASC" },
  nouveautes: { fieldName: "_updatedDate", order: "DESC" },
} as const satisfies Record<SortKey, { fieldName: string; order: "ASC" | "DESC" } | null>;

const MAX_LIMIT = 100;

/** A missing product is a 404 from Get Product: null here, like an empty V1 query. */
async function orNull<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    const failure = classifyWixError(error);
    if (failure.kind === "application" && (failure.code === "404" || failure.code.endsWith("NOT_FOUND"))) return null;
    throw error;
  }
}

/**
 * One product with its variants (from its own read) and what is left of each: `stock` is the inventory read sent
 * beside the product's when its id was known before (one round trip instead of two); for another product it is read now.
 */
async function withVariants(
  p: V3Product | undefined,
  stock?: { id: string; items: Promise<V3InventoryItem[] | null> },
): Promise<CatalogProduct | null> {
  if (!p?._id) return null;
  const variants = (p.variantsInfo?.variants ?? []).map(({ choices, ...v }): V3Variant => ({ ...v, optionChoices: choices }));
  const [product] = await withStock([fromV3(p, variants)], stock?.id === p._id ? stock.items : undefined);
  return product!;
}

/** Query Inventory Items' largest page (the typings' CursorPaging: at most 1000). */
const INVENTORY_LIMIT = 1000;

/** The inventory items of these products (at the site's location); null when the read fails. */
async function inventoryOf(ids: string[]): Promise<V3InventoryItem[] | null> {
  const inventory: V3InventoryItem[] = [];
  try {
    const wix = await catalogClient();
    for (let i = 0; i < ids.length; i += MAX_LIMIT) {
      const found = await wix.inventoryItemsV3
        .queryInventoryItems()
        .in("productId", ids.slice(i, i + MAX_LIMIT))
        .limit(INVENTORY_LIMIT)
        .find();
      inventory.push(...(found.items as V3InventoryItem[]));
    }
  } catch {
    return null;
  }
  return inventory;
}

/**
 * How many are left (tests/e2e/buyer-purchase-details.spec.ts, "stock at add time": "Plus qu'un exemplaire", the add refused past the stock), read from Inventory Items
 * V3 at the site's location: per variant, and per product when every variant counts its stock (their sum, as V1's
 * `stock.quantity`). A failed inventory read shows no counts rather than no product: the add is still checked against
 * the cart line's own availability.
 */
export async function withStock(items: CatalogProduct[], prefetched?: Promise<V3InventoryItem[] | null>): Promise<CatalogProduct[]> {
  const ids = items.map((p) => p.id).filter(Boolean);
  if (!ids.length) return items;
  const inventory = await (prefetched ?? inventoryOf(ids));
  if (!inventory) return items;
  const counted = (item: V3InventoryItem) =>
    item.trackQuantity && typeof item.quantity === "number" ? Math.max(0, item.quantity) : undefined;
  return items.map((p) => {
    const own = inventory.filter((item) => item.productId === p.id);
    if (!own.length) return p;
    const left = new Map(own.map((item) => [item.variantId ?? "", counted(item)]));
    const all = own.map(counted);
    const total = all.every((n) => n !== undefined) ? all.reduce<number>((sum, n) => sum + n!, 0) : undefined;
    return {
      ...p,
      ...(total !== undefined ? { stockLeft: total } : {}),
      variants: p.variants.map((v) => {
        const n = left.get(v.id);
        return n !== undefined ? { ...v, stockLeft: n } : v;
      }),
    };
  });
}

export const v3Reader: CatalogReader = {
  version: "V3_CATALOG",

  async collections() {
    const wix = await catalogClient();
    // Query Categories refuses an empty filter condition (Wix's storefront recipe): `name` exists on every category.
    const found = await wix.categories
      .queryCategories({ treeReference: STORES_TREE, fields: ["DESCRIPTION"] })
      .exists("name", true)
      .limit(100)
      .find();
    return (found.items as Parameters<typeof toCatalogCollection>[0][]).map(toCatalogCollection);
  },

  async page({ collectionId, sort, page, pageSize }): Promise<ProductPage> {
    const wix = await catalogClient();
    const filter = collectionId ? { "allCategoriesInfo.categories": { $matchItems: [{ id: collectionId }] } } : undefined;
    const order = SORTS[sort];
    // Cursor paging only: skip to page N with pages as large as allowed, then read the page itself.
    const counted = wix.productsV3.countProducts(filter ? { filter } : {});
    // Awaited below; a page read that fails first must not leave its rejection unhandled (it would end the process).
    counted.catch(() => undefined);
    let cursor: string | undefined;
    const search = (limit: number) =>
      wix.productsV3.searchProducts(
        cursor
          ? { cursorPaging: { cursor, limit } }
          : { ...(filter ? { filter } : {}), ...(order ? { sort: [order] } : {}), cursorPaging: { limit } },
        { fields: [...FIELDS] },
      );
    for (let skip = (page - 1) * pageSize; skip > 0;) {
      const step = Math.min(skip, MAX_LIMIT - (MAX_LIMIT % pageSize) || pageSize);
      cursor = (await search(step)).pagingMetadata?.cursors?.next ?? undefined;
      skip -= step;
      if (!cursor) return { items: [], total: (await counted).count ?? 0 };
    }
    const found = await search(pageSize);
    const items = await withStock(((found.products ?? []) as V3Product[]).map((p) => fromV3(p)));
    return { items, total: (await counted).count ?? 0 };
  },

  bySlug: (slug) =>
    orNull(async () => {
      const wix = await catalogClient();
      // A product seen in a list has its id known: its stock is read at the same time as the product.
      const id = knownProductId(slug);
      const stock = id ? { id, items: inventoryOf([id]) } : undefined;
      const { product } = await wix.productsV3.getProductBySlug(slug, { fields: [...PRODUCT_FIELDS] });
      return withVariants(product?.slug === slug ? (product as V3Product) : undefined, stock);
    }),

  byId: (id) =>
    orNull(async () => {
      const wix = await catalogClient();
      const stock = { id, items: inventoryOf([id]) };
      const product = await wix.productsV3.getProduct(id, { fields: [...PRODUCT_FIELDS] });
      return withVariants(product?._id === id ? (product as V3Product) : undefined, stock);
    }),

  async byIds(ids) {
    if (!ids.length) return [];
    const wix = await catalogClient();
    const found = await wix.productsV3
      .queryProducts({ fields: [...FIELDS] })
      .in("_id", ids)
      .limit(MAX_LIMIT)
      .find();
    return withStock((found.items as V3Product[]).map((p) => fromV3(p)));
  },

  async all(max) {
    const wix = await catalogClient();
    const items: CatalogProduct[] = [];
    let found = await wix.productsV3
      .queryProducts({ fields: [...FIELDS] })
      .limit(MAX_LIMIT)
      .find();
    for (;;) {
      items.push(...(found.items as V3Product[]).map((p) => fromV3(p)));
      if (!found.hasNext() || items.length >= max) return withStock(items);
      found = await found.next();
    }
  },

  async latest() {
    const wix = await catalogClient();
    const [newest, counted] = await Promise.all([
      wix.productsV3.queryProducts().descending("_updatedDate").limit(1).find(),
      wix.productsV3.countProducts({}),
    ]);
    return { count: counted.count ?? 0, updatedAt: timeOf((newest.items[0] as V3Product | undefined)?._updatedDate) };
  },
};
