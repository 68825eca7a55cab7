import type { CatalogProduct, CatalogVariant } from "~/models/catalog";
import type { SortKey } from "~/models/catalog";
import { catalogClient } from "../wix/commerce-session.server";
import { timeOf, toCatalogCollection } from "./map.server";
import type { CatalogReader, ProductPage } from "./reader-contract.server";
import { wixImageUri } from "../wix/media.server";
import type { V1Product } from "./v1-shapes.server";

/**
 * The Stores Catalog V1 reader (`products`, `collections`): the SDK's V1 shapes, mapped to the app's catalog model.
 * Offset paging with a total, so a page of the list is one query.
 */

// ---------------------------------------------------------------- mapping

export function fromV1(p: V1Product): CatalogProduct {
  const priceData = p.priceData ?? p.price;
  const amount = priceData?.price ?? 0;
  const range = p.priceRange;
  const options = (p.productOptions ?? [])
    .filter((o) => o.name && (o.choices?.length ?? 0) > 0)
    .map((o) => ({
      name: o.name!,
      type: o.optionType === "color" ? ("color" as const) : ("drop_down" as const),
      choices: (o.choices ?? [])
        .filter((c) => c.description)
        .map((c) => ({
          value: c.value ?? c.description!,
          description: c.description!,
          inStock: c.inStock !== false,
          visible: c.visible !== false,
        })),
    }));
  const media = p.media?.items?.length ? p.media.items : p.media?.mainMedia ? [p.media.mainMedia] : [];
  const variants: CatalogVariant[] = options.length
    ? (p.variants ?? [])
        .filter((v) => v._id)
        .map((v) => {
          const vp = v.variant?.priceData;
          return {
            id: v._id!,
            choices: { ...(v.choices ?? {}) },
            ...(typeof vp?.price === "number" ? { price: { amount: vp.price, discounted: vp.discountedPrice ?? vp.price } } : {}),
            inStock: v.stock?.inStock !== false && v.variant?.visible !== false,
            visible: v.variant?.visible !== false,
            ...(typeof v.stock?.quantity === "number" ? { stockLeft: Math.max(0, v.stock.quantity) } : {}),
          };
        })
    : [];
  return {
    id: p._id ?? "",
    slug: p.slug ?? "",
    name: p.name ?? "",
    descriptionHtml: p.description ?? "",
    ...(p.ribbon ? { ribbon: p.ribbon } : {}),
    ...(p.brand ? { brand: p.brand } : {}),
    price: { currency: priceData?.currency || "EUR", amount, discounted: priceData?.discountedPrice ?? amount },
    priceVaries: !!range && range.minValue != null && range.maxValue != null && range.minValue !== range.maxValue,
    inStock: p.stock?.inventoryStatus !== "OUT_OF_STOCK" && p.stock?.inStock !== false,
    // Tracked stock only: the quantity left (all variants together), for "Plus qu'un exemplaire" and the add check.
    ...(typeof p.stock?.quantity === "number" ? { stockLeft: Math.max(0, p.stock.quantity) } : {}),
    images: media
      .filter((m) => (!m.mediaType || m.mediaType === "image") && m.image?.url)
      .map((m) => ({
        // V1 gives the media's id and size, not a URI: the URI is what the media helpers read (media.server.ts).
        src: m._id && m.image?.width && m.image?.height ? wixImageUri(m._id, m.image.width, m.image.height) : m.image!.url!,
        ...(m.image?.width ? { width: m.image.width } : {}),
        ...(m.image?.height ? { height: m.image.height } : {}),
        ...(m.image?.altText || m.title ? { alt: m.image?.altText || m.title! } : {}),
      })),
    options,
    variants,
    // V1 references a product without options by itself (no variant id).
    lineNeedsVariant: false,
    collectionIds: [...(p.collectionIds ?? [])],
    updatedAt: timeOf(p.lastUpdated),
  };
}

// ---------------------------------------------------------------- the reader

const SORTS: Record<SortKey, { field: "price" | "name" | "lastUpdated"; order: "asc" | "desc" } | null> = {
  pertinence: null,
  "prix-croissant": { field: "price", order: "asc" },
  "prix-decroissant": { field: "price", order: "desc" },
  nom: { field: "name", order: "asc" },
  nouveautes: { field: "lastUpdated", order: "desc" },
};

async function firstProduct(field: "slug" | "_id", value: string): Promise<CatalogProduct | null> {
  const wix = await catalogClient();
  const found = await wix.products.queryProducts().eq(field, value).limit(1).find();
  const p = found.items[0] as V1Product | undefined;
  return p?._id && p[field] === value ? fromV1(p) : null;
}

export const v1Reader: CatalogReader = {
  version: "V1_CATALOG",

  async collections() {
    const wix = await catalogClient();
    return ((await wix.collections.queryCollections().limit(100).find()).items as Parameters<typeof toCatalogCollection>[0][]).map(
      toCatalogCollection,
    );
  },

  async page({ collectionId, sort, page, pageSize }): Promise<ProductPage> {
    const wix = await catalogClient();
    let query = wix.products.queryProducts();
    if (collectionId) query = query.hasSome("collectionIds", [collectionId]);
    const order = SORTS[sort];
    if (order) query = order.order === "asc" ? query.ascending(order.field) : query.descending(order.field);
    const found = await query
      .limit(pageSize)
      .skip((page - 1) * pageSize)
      .find();
    const items = (found.items as V1Product[]).map(fromV1);
    return { items, total: found.totalCount ?? items.length };
  },

  bySlug: (slug) => firstProduct("slug", slug),
  byId: (id) => firstProduct("_id", id),

  async byIds(ids) {
    if (!ids.length) return [];
    const wix = await catalogClient();
    return ((await wix.products.queryProducts().in("_id", ids).limit(100).find()).items as V1Product[]).map(fromV1);
  },

  async all(max) {
    const wix = await catalogClient();
    const items: CatalogProduct[] = [];
    for (let skip = 0; skip < max; skip += 100) {
      const found = await wix.products.queryProducts().limit(100).skip(skip).find();
      items.push(...(found.items as V1Product[]).map(fromV1));
      if (found.items.length < 100) break;
    }
    return items;
  },

  async latest() {
    const wix = await catalogClient();
    const newest = await wix.products.queryProducts().descending("lastUpdated").limit(1).find();
    return { count: newest.totalCount ?? newest.items.length, updatedAt: timeOf((newest.items[0] as V1Product | undefined)?.lastUpdated) };
  },
};
