// The Catalog V3 services' routes (the SDK's paths, from @wix/auto_sdk_stores_*-v-3 and catalog-versioning), each
// refused on a V1 site; and Catalog Versioning, which answers on both.
import type { Ctx } from "../../core/context";
import type { ApiRequest, Router } from "../../core/http";
import { catalogVersionOf, registerForCatalog, type Route } from "../catalog-version";
import { productHandlers as products } from "./products";
import { variantHandlers as variants } from "./variants";
import { inventoryHandlers as inventory } from "./inventory";
import { customizationHandlers as customizations } from "./customizations";

type Handler = (ctx: Ctx, req: ApiRequest) => unknown;

export function registerCatalogV3(router: Router, ctx: Ctx): void {
  const call = (handler: Handler) => (req: ApiRequest) => handler(ctx, req);
  // Query and Search are GETs with `.r=` (a POST with the same JSON body when the query is long), like V1.
  const both = (path: string, handler: Handler): Route[] => [
    ["GET", path, call(handler)],
    ["POST", path, call(handler)],
  ];
  router.on("GET", "/stores/v3/provision/version", () => ({ catalogVersion: catalogVersionOf(ctx) }));
  registerForCatalog(router, ctx, "V3_CATALOG", [
    ...both("/stores/v3/products/query", products.queryProducts),
    ...both("/stores/v3/products/search", products.searchProducts),
    ...both("/stores/v3/products/count", products.countProducts),
    ["GET", "/stores/v3/all-products-category", call(products.getAllProductsCategory)],
    ["GET", "/stores/v3/products/slug/:slug", call(products.getProductBySlug)],
    ["GET", "/stores/v3/products/:productId", call(products.getProduct)],
    ["POST", "/stores/v3/products/query-variants", call(variants.queryVariants)],
    ["POST", "/stores/v3/products/search-variants", call(variants.searchVariants)],
    ...both("/stores/v3/inventory-items/query", inventory.queryInventoryItems),
    ...both("/stores/v3/inventory-items/search", inventory.searchInventoryItems),
    ["GET", "/stores/v3/inventory-items/:inventoryItemId", call(inventory.getInventoryItem)],
    ...both("/stores/v3/customizations/query", customizations.queryCustomizations),
  ]);
}
