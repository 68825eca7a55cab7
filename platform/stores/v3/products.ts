// Products V3 (`@wix/stores` productsV3): query, search, count, get by id and by slug, the "All Products" category.
import type { Ctx } from "../../core/context";
import type { ApiRequest } from "../../core/http";
import { isElevated } from "../../core/elevated";
import { notFound } from "../../core/http";
import { ALL_PRODUCTS_COLLECTION_ID, cachedProductWires, loadProduct, type ProductRec } from "../catalog-store";
import { fullProductV3, projectProduct, type ProductV3Wire, type RequestedField } from "./wire";
import { readV3Request, requestedFields, runV3Request } from "./query-v3";
import { aggregationData, readAggregations } from "./aggregations";
import { matchFilter } from "../../core/query";
import { asObject } from "../../core/http";

const PRODUCT_FIELDS: readonly RequestedField[] = [
  "URL",
  "CURRENCY",
  "PLAIN_DESCRIPTION",
  "MEDIA_ITEMS_INFO",
  "DIRECT_CATEGORIES_INFO",
  "ALL_CATEGORIES_INFO",
  "VARIANT_OPTION_CHOICE_NAMES",
  "BREADCRUMBS_INFO",
];

/**
 * What each call filters and sorts on: the typings' V3ProductQuerySpec and V3ProductSearchSpec (`wql`), in wire names
 * (`_id` is `id` on the wire). Query Products knows few fields (Wix's recipe "Find Products (Query and Search, Catalog
 * V3)" says the same); categories and prices are Search Products' business. Search also takes the `….categories.id`
 * filters its "Supported Filters and Sorting" page lists.
 */
const QUERY_DECLARED = {
  filterable: new Set(["options.id", "id", "handle", "createdDate", "updatedDate", "slug", "visible"]),
  sortable: new Set(["createdDate", "updatedDate", "slug", "visible"]),
};
const SEARCH_SORTABLE = [
  "createdDate",
  "updatedDate",
  "actualPriceRange.maxValue.amount",
  "actualPriceRange.minValue.amount",
  "compareAtPriceRange.maxValue.amount",
  "compareAtPriceRange.minValue.amount",
  "minVariantPriceInfo.sku",
  "name",
  "physicalProperties.shippingWeightRange.maxValue",
  "physicalProperties.shippingWeightRange.minValue",
];
const SEARCH_DECLARED = {
  filterable: new Set([
    ...SEARCH_SORTABLE,
    "allCategoriesInfo.categories",
    "directCategoriesInfo.categories",
    "allCategoriesInfo.categories.id",
    "directCategoriesInfo.categories.id",
    "variantsInfo.variants",
    "additionalRibbons.id",
    "additionalRibbons.name",
    "infoSections.id",
    "infoSections.uniqueName",
    "modifiers.id",
    "modifiers.choicesSettings.choices.choiceId",
    "modifiers.choicesSettings.choices.name",
    "modifiers.name",
    "options.id",
    "options.choicesSettings.choices.choiceId",
    "options.choicesSettings.choices.name",
    "options.name",
    "tags.privateTags.tagIds",
    "tags.publicTags.tagIds",
    "id",
    "brand.id",
    "brand.name",
    "handle",
    "importId",
    "inventory.availabilityStatus",
    "inventory.preorderAvailability",
    "inventory.preorderStatus",
    "physicalProperties.deliveryProfileId",
    "physicalProperties.fulfillerId",
    "productType",
    "ribbon.id",
    "ribbon.name",
    "slug",
    "subscriptionDetails.allowOneTimePurchases",
    "taxGroupId",
    "visible",
    "visibleInPos",
  ]),
  sortable: new Set(SEARCH_SORTABLE),
};

/** Every visible product in its full V3 shape, cached per catalog revision and app origin. */
function allProductsV3(ctx: Ctx, appOrigin: string, withHidden = false): ProductV3Wire[] {
  return cachedProductWires(fullProductV3, ctx, appOrigin, (p) => fullProductV3(ctx, p, appOrigin), withHidden);
}

/** Search's free text: the name and the description, case and accents as typed. */
function matchesText(p: ProductV3Wire, expression: string): boolean {
  const words = expression.toLocaleLowerCase("fr").split(/\s+/).filter(Boolean);
  const text = `${p.name} ${p.plainDescription}`.toLocaleLowerCase("fr");
  return words.every((w) => text.includes(w));
}

function queryProducts(ctx: Ctx, req: ApiRequest) {
  const r = readV3Request(req.body, "query", QUERY_DECLARED);
  const fields = requestedFields(req.body, PRODUCT_FIELDS);
  const { items, pagingMetadata } = runV3Request(allProductsV3(ctx, req.appOrigin, isElevated(ctx, req.headers)), r);
  return { products: items.map((p) => projectProduct(p, fields, false)), pagingMetadata };
}

function searchProducts(ctx: Ctx, req: ApiRequest) {
  const r = readV3Request(req.body, "search", SEARCH_DECLARED);
  const aggregations = readAggregations(asObject(req.body.search)?.aggregations, SEARCH_DECLARED.filterable);
  const fields = requestedFields(req.body, PRODUCT_FIELDS);
  const { items, matched, pagingMetadata } = runV3Request(allProductsV3(ctx, req.appOrigin), r, matchesText);
  return {
    products: items.map((p) => projectProduct(p, fields, false)),
    pagingMetadata,
    ...(aggregations.length ? { aggregationData: aggregationData(matched, aggregations) } : {}),
  };
}

/** Count Products: `{filter, search}` as Search Products takes them, answering `{count}`. */
function countProducts(ctx: Ctx, req: ApiRequest) {
  const search = asObject(req.body.search);
  const expression = typeof search?.expression === "string" ? search.expression.trim() : "";
  const count = allProductsV3(ctx, req.appOrigin).filter(
    (p) => matchFilter(p, req.body.filter) && (!expression || matchesText(p, expression)),
  ).length;
  return { count };
}

function visibleProduct(p: ProductRec | null, what: string, withHidden = false): ProductRec {
  if (!p || (!p.visible && !withHidden)) throw notFound("PRODUCT_NOT_FOUND", `Produit introuvable : ${what}`, { product: what });
  return p;
}

function single(ctx: Ctx, req: ApiRequest, p: ProductRec) {
  const full = allProductsV3(ctx, req.appOrigin, !p.visible).find((w) => w.id === p.id) ?? fullProductV3(ctx, p, req.appOrigin);
  return { product: projectProduct(full, requestedFields(req.body, PRODUCT_FIELDS), true) };
}

function getProduct(ctx: Ctx, req: ApiRequest) {
  const id = req.params.productId!;
  return single(ctx, req, visibleProduct(loadProduct(ctx, id), id, isElevated(ctx, req.headers)));
}

function getProductBySlug(ctx: Ctx, req: ApiRequest) {
  const slug = req.params.slug!;
  const row = ctx.db.prepare("SELECT id FROM products WHERE slug = ?").get(slug) as { id: string } | undefined;
  return single(ctx, req, visibleProduct(row ? loadProduct(ctx, row.id) : null, slug));
}

export const productHandlers = {
  queryProducts,
  searchProducts,
  countProducts,
  getProduct,
  getProductBySlug,
  /** Wix's "All Products" category: the one every product is in. */
  getAllProductsCategory: () => ({ categoryId: ALL_PRODUCTS_COLLECTION_ID, treeReference: { appNamespace: "@wix/stores" } }),
};
