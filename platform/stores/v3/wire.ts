// Stores Catalog V3 on the wire: products, read-only variants and inventory items built from the catalog's rows
// (catalog-store.ts), in the shapes of the SDK's typings (@wix/auto_sdk_stores_products-v-3, read-only-variants-v-3,
// inventory-items-v-3) and of Wix's Get Product example (tests/contract/golden/). What could not be confirmed is
// listed in platform/README.md.
import type { Ctx } from "../../core/context";
import { currency, formatMoney, imageInfo, mediaId, mediaUrl, decimal } from "../../core/context";
import {
  ALL_PRODUCTS_COLLECTION_ID,
  availableQuantity,
  discountedCents,
  isInStock,
  soleVariantId,
  stableId,
  variantBaseCents,
  type ProductRec,
  type VariantRec,
} from "../catalog-store";

/** Fields a caller asks for in `fields` (the typings' RequestedFields); anything else is left out of the answer. */
export type RequestedField =
  | "URL"
  | "CURRENCY"
  | "PLAIN_DESCRIPTION"
  | "MEDIA_ITEMS_INFO"
  | "DIRECT_CATEGORIES_INFO"
  | "ALL_CATEGORIES_INFO"
  | "VARIANT_OPTION_CHOICE_NAMES"
  | "BREADCRUMBS_INFO";

/** The Stores location every inventory item sits in (a site starts with one). */
export const DEFAULT_LOCATION_ID = stableId("stores-location", "default");

export const inventoryItemId = (variantId: string) => stableId("inventory-item", variantId);
/**
 * A product's options are the site's customizations (Customizations V3): one per option name, shared by every product
 * that has it ("if an option with option.name already exists, it will assign the existing option to the product",
 * Customizations API: Sample Flows), so an option's and a choice's ids are the customization's, the same on each product.
 */
export const optionId = (optionName: string) => stableId("customization", optionName);
export const choiceId = (optionName: string, choice: string) => stableId("customization", optionName, "choice", choice);
const ribbonId = (name: string) => stableId("ribbon", name);
const brandId = (name: string) => stableId("brand", name);

/** A V3 variant as the catalog holds it: the product's own variants, or its sole variant when it has no options. */
export interface V3Variant {
  rec: VariantRec | null;
  id: string;
  choices: Record<string, string>;
}

export function variantsOf(p: ProductRec): V3Variant[] {
  if (!p.options.length) return [{ rec: null, id: soleVariantId(p.id), choices: {} }];
  return p.variants.map((v) => ({ rec: v, id: v.id, choices: v.choices }));
}

function money(cents: number, cur: string, withCurrency: boolean) {
  return { amount: decimal(cents), ...(withCurrency ? { formattedAmount: formatMoney(cents, cur) } : {}) };
}

/** ProductMedia: `image` is an object on the wire, which the SDK turns into a wix:image:// URI. */
export function productMedia(ctx: Ctx, appOrigin: string, rel: string, altText: string) {
  const { width, height } = imageInfo(ctx, rel);
  const url = mediaUrl(appOrigin, rel);
  const id = mediaId(rel);
  const filename = rel.split("/").pop() ?? rel;
  return {
    id,
    image: { id, url, width, height, altText, filename },
    altText,
    displayName: filename,
    mediaType: "IMAGE",
    thumbnail: { url, width, height, altText },
  };
}

function availabilityStatus(p: ProductRec): "IN_STOCK" | "OUT_OF_STOCK" | "PARTIALLY_OUT_OF_STOCK" {
  const variants = variantsOf(p);
  const inStock = variants.filter((v) => isInStock(p, v.rec)).length;
  if (inStock === 0) return "OUT_OF_STOCK";
  return inStock === variants.length ? "IN_STOCK" : "PARTIALLY_OUT_OF_STOCK";
}

export const isColor = (value: string) => /^#[0-9a-f]{3,8}$/i.test(value);

function optionsWire(p: ProductRec) {
  return p.options.map((o) => {
    const swatch = o.optionType === "color";
    return {
      id: optionId(o.name),
      name: o.name,
      optionRenderType: swatch ? "SWATCH_CHOICES" : "TEXT_CHOICES",
      choicesSettings: {
        choices: o.choices.map((c) => ({
          choiceId: choiceId(o.name, c.description),
          name: c.description,
          choiceType: swatch ? "ONE_COLOR" : "CHOICE_TEXT",
          ...(swatch && isColor(c.value) ? { colorCode: c.value } : {}),
          inStock: p.variants.some((v) => v.choices[o.name] === c.description && isInStock(p, v)),
          visible: true,
        })),
      },
    };
  });
}

/** A variant's `choices`: the ids always, the names only when asked (VARIANT_OPTION_CHOICE_NAMES). */
function variantChoices(p: ProductRec, v: V3Variant, withNames: boolean) {
  return p.options.map((o) => {
    const name = v.choices[o.name] ?? "";
    return {
      optionChoiceIds: { optionId: optionId(o.name), choiceId: choiceId(o.name, name) },
      ...(withNames
        ? {
            optionChoiceNames: {
              optionName: o.name,
              choiceName: name,
              renderType: o.optionType === "color" ? "SWATCH_CHOICES" : "TEXT_CHOICES",
            },
          }
        : {}),
    };
  });
}

function variantPrice(p: ProductRec, v: V3Variant, cur: string, withCurrency: boolean) {
  const base = variantBaseCents(p, v.rec);
  const paid = discountedCents(p, base);
  // A discount shows as the price before it (compareAtPrice); without one there is no compare-at price.
  return { actualPrice: money(paid, cur, withCurrency), ...(paid < base ? { compareAtPrice: money(base, cur, withCurrency) } : {}) };
}

function typedProperties(ctx: Ctx, p: ProductRec) {
  if (p.productType === "physical") return { physicalProperties: { weight: p.weight ?? 0 } };
  const file = ctx.db.prepare("SELECT file_id, file_name FROM digital_files WHERE product_id = ?").get(p.id) as
    { file_id: string; file_name: string } | undefined;
  return { digitalProperties: file ? { digitalFile: { id: file.file_id, fileName: file.file_name, fileType: "SECURE_DOCUMENT" } } : {} };
}

function variantWireV3(ctx: Ctx, p: ProductRec, v: V3Variant, cur: string, fields: ReadonlySet<RequestedField>) {
  return {
    id: v.id,
    visible: true,
    sku: v.rec?.sku || p.sku,
    choices: variantChoices(p, v, fields.has("VARIANT_OPTION_CHOICE_NAMES")),
    price: variantPrice(p, v, cur, fields.has("CURRENCY")),
    ...typedProperties(ctx, p),
    inventoryStatus: { inStock: isInStock(p, v.rec), preorderEnabled: false },
  };
}

function priceRange(cents: number[], cur: string, withCurrency: boolean) {
  return { minValue: money(Math.min(...cents), cur, withCurrency), maxValue: money(Math.max(...cents), cur, withCurrency) };
}

/** Category ids of a product: the collections it is in, after Wix's "All Products" (every product is in it). */
function categoryIds(p: ProductRec): string[] {
  return [ALL_PRODUCTS_COLLECTION_ID, ...p.collectionIds.filter((id) => id !== ALL_PRODUCTS_COLLECTION_ID)];
}

/**
 * The whole product as this platform knows it (every optional part included): handlers filter and sort on it, then
 * `projectProduct` keeps what the caller asked for.
 */
export function fullProductV3(ctx: Ctx, p: ProductRec, appOrigin: string) {
  const cur = currency(ctx);
  const variants = variantsOf(p);
  const all = new Set<RequestedField>(["CURRENCY", "VARIANT_OPTION_CHOICE_NAMES"]);
  const bases = variants.map((v) => variantBaseCents(p, v.rec));
  const paid = bases.map((b) => discountedCents(p, b));
  const media = p.media.map((m, i) => productMedia(ctx, appOrigin, m, i === 0 ? p.name : `${p.name} (${i + 1})`));
  const categories = categoryIds(p).map((id, index) => ({ id, index }));
  const mainCategory = categoryIds(p).find((id) => id !== ALL_PRODUCTS_COLLECTION_ID);
  return {
    id: p.id,
    revision: "1",
    createdDate: p.createdDate,
    updatedDate: p.lastUpdated,
    name: p.name,
    slug: p.slug,
    url: { relativePath: `/product-page/${p.slug}`, url: `${appOrigin}/product-page/${p.slug}` },
    plainDescription: p.description,
    visible: p.visible,
    // "Always false for productType: DIGITAL" (Product object, visibleInPos).
    visibleInPos: p.productType === "physical",
    media: { ...(media[0] ? { main: media[0] } : {}), itemsInfo: { items: media } },
    options: optionsWire(p),
    modifiers: [],
    ...(p.brand ? { brand: { id: brandId(p.brand), name: p.brand } } : {}),
    infoSections: [],
    ...(p.ribbon ? { ribbon: { id: ribbonId(p.ribbon), name: p.ribbon } } : {}),
    directCategoriesInfo: { categories },
    allCategoriesInfo: { categories },
    ...(mainCategory ? { mainCategoryId: mainCategory } : {}),
    inventory: { availabilityStatus: availabilityStatus(p), preorderStatus: "DISABLED", preorderAvailability: "NO_VARIANTS" },
    productType: p.productType === "physical" ? "PHYSICAL" : "DIGITAL",
    ...(p.productType === "physical" ? { physicalProperties: {} } : {}),
    handle: `Product_${p.id}`,
    currency: cur,
    actualPriceRange: priceRange(paid, cur, true),
    // Wix's example: without a discount the compare-at range equals the actual one.
    compareAtPriceRange: priceRange(bases, cur, true),
    variantsInfo: { variants: variants.map((v) => variantWireV3(ctx, p, v, cur, all)) },
    variantSummary: { variantCount: variants.length },
  };
}

export type ProductV3Wire = ReturnType<typeof fullProductV3>;

const PRICE_PATHS = ["actualPriceRange", "compareAtPriceRange"] as const;

function withoutFormatted<T>(value: T): T {
  return JSON.parse(JSON.stringify(value), (key, v) => (key === "formattedAmount" ? undefined : v)) as T;
}

/**
 * What one call answers: the defaults, plus each requested field; `variantsInfo` only for a single product (Query and
 * Search Products return no variants).
 */
export function projectProduct(full: ProductV3Wire, fields: ReadonlySet<RequestedField>, single: boolean) {
  const { url, plainDescription, currency: cur, directCategoriesInfo, allCategoriesInfo, variantsInfo, media, ...rest } = full;
  const out: Record<string, unknown> = {
    ...rest,
    media: fields.has("MEDIA_ITEMS_INFO") ? media : { ...(media.main ? { main: media.main } : {}) },
  };
  if (fields.has("URL")) out.url = url;
  if (fields.has("PLAIN_DESCRIPTION")) out.plainDescription = plainDescription;
  if (fields.has("DIRECT_CATEGORIES_INFO")) out.directCategoriesInfo = directCategoriesInfo;
  if (fields.has("ALL_CATEGORIES_INFO")) out.allCategoriesInfo = allCategoriesInfo;
  if (fields.has("CURRENCY")) out.currency = cur;
  else for (const key of PRICE_PATHS) out[key] = withoutFormatted(full[key]);
  if (single) {
    const names = fields.has("VARIANT_OPTION_CHOICE_NAMES");
    const withCurrency = fields.has("CURRENCY");
    out.variantsInfo = {
      variants: variantsInfo.variants.map((v) => {
        const choices = names ? v.choices : v.choices.map(({ optionChoiceIds }) => ({ optionChoiceIds }));
        return { ...v, choices, price: withCurrency ? v.price : withoutFormatted(v.price) };
      }),
    };
  }
  return out;
}

/** A read-only variant (Read-Only Variants API): the variant with its product's context. */
export function readOnlyVariantWire(ctx: Ctx, p: ProductRec, v: V3Variant, withCurrency: boolean) {
  const cur = currency(ctx);
  const mainCategory = categoryIds(p).find((id) => id !== ALL_PRODUCTS_COLLECTION_ID);
  return {
    id: v.id,
    variantId: v.id,
    visible: true,
    sku: v.rec?.sku || p.sku,
    // The read-only variants carry the names with the ids (what a storefront matches the buyer's choice on).
    optionChoices: variantChoices(p, v, true),
    price: variantPrice(p, v, cur, withCurrency),
    ...typedProperties(ctx, p),
    inventoryStatus: { inStock: isInStock(p, v.rec), preorderEnabled: false },
    productData: {
      productId: p.id,
      name: p.name,
      productType: p.productType === "physical" ? "PHYSICAL" : "DIGITAL",
      slug: p.slug,
      visible: p.visible,
      visibleInPos: p.productType === "physical",
      ...(mainCategory ? { mainCategoryId: mainCategory } : {}),
      ...(withCurrency ? { currency: cur } : {}),
      revision: "1",
      handle: `Product_${p.id}`,
    },
  };
}

/** An inventory item: one per variant, at the site's one location; quantity when tracked, else inStock. */
export function inventoryItemWire(p: ProductRec, v: V3Variant) {
  const quantity = availableQuantity(p, v.rec);
  const inStock = isInStock(p, v.rec);
  const variantName = p.options
    .map((o) => v.choices[o.name])
    .filter(Boolean)
    .join(" | ");
  return {
    id: inventoryItemId(v.id),
    revision: "1",
    createdDate: p.createdDate,
    updatedDate: p.lastUpdated,
    variantId: v.id,
    locationId: DEFAULT_LOCATION_ID,
    productId: p.id,
    trackQuantity: quantity !== null,
    ...(quantity !== null ? { quantity } : { inStock }),
    availabilityStatus: inStock ? "IN_STOCK" : "OUT_OF_STOCK",
    preorderInfo: { enabled: false },
    product: {
      name: p.name,
      directCategoryIds: categoryIds(p),
      ...(variantName ? { variantName } : {}),
      variantSku: v.rec?.sku || p.sku,
      variantVisible: true,
    },
  };
}
