// Inventory Items V3 (`@wix/stores` inventoryItemsV3): one item per variant at the site's one location, read from the
// same stock the cart checks and orders decrement (catalog-store.ts).
import type { Ctx } from "../../core/context";
import type { ApiRequest } from "../../core/http";
import { notFound } from "../../core/http";
import { isElevated } from "../../core/elevated";
import { loadAllProducts } from "../catalog-store";
import { inventoryItemWire, variantsOf } from "./wire";
import { readV3Request, runV3Request } from "./query-v3";

/** Every variant's item; the hidden products' too for the site's API key (the owner's dashboard lists them). */
function allItems(ctx: Ctx, withHidden = false) {
  return loadAllProducts(ctx, withHidden).flatMap((p) => variantsOf(p).map((v) => inventoryItemWire(p, v)));
}

const LIMITS = { max: 1000, byDefault: 50 };

/** Query Inventory Items' fields (the typings' InventoryItemQuerySpec, in wire names). */
const SORTABLE = [
  "product.directCategoryIds",
  "createdDate",
  "updatedDate",
  "availabilityStatus",
  "inStock",
  "preorderInfo.enabled",
  "product.brand.id",
  "product.name",
  "product.variantBarcode",
  "product.variantName",
  "product.variantSku",
  "productId",
  "quantity",
  "trackQuantity",
];
const QUERY_DECLARED = { filterable: new Set(["id", "locationId", "variantId", ...SORTABLE]), sortable: new Set(SORTABLE) };

function answer(ctx: Ctx, req: ApiRequest, where: "query" | "search") {
  const r = readV3Request(req.body, where, where === "query" ? QUERY_DECLARED : {}, LIMITS);
  const { items, pagingMetadata } = runV3Request(allItems(ctx, isElevated(ctx, req.headers)), r);
  // Query's paging metadata is the typings' PlatformPagingMetadataV2 (count and cursors, no hasNext); Search's is
  // CursorPagingMetadata, with hasNext. The SDK's query builder reads hasNext() from the next cursor either way.
  const paging = where === "query" ? { count: pagingMetadata.count, cursors: pagingMetadata.cursors } : pagingMetadata;
  return { inventoryItems: items, pagingMetadata: paging };
}

function getInventoryItem(ctx: Ctx, req: ApiRequest) {
  const id = req.params.inventoryItemId!;
  const item = allItems(ctx, isElevated(ctx, req.headers)).find((i) => i.id === id);
  if (!item) throw notFound("INVENTORY_ITEM_NOT_FOUND", `Article de stock introuvable : ${id}`, { inventoryItemId: id });
  return { inventoryItem: item };
}

export const inventoryHandlers = {
  queryInventoryItems: (ctx: Ctx, req: ApiRequest) => answer(ctx, req, "query"),
  searchInventoryItems: (ctx: Ctx, req: ApiRequest) => answer(ctx, req, "search"),
  getInventoryItem,
};
