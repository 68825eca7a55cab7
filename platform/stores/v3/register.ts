// The Catalog V3 services' routes (the SDK's paths, from @wix/auto_sdk_stores_*-v-3 and catalog-versioning), each
// refused on a V1 site; and Catalog Versioning, which answers on both.
import type { Ctx } from "../../core/context";
import type { ApiRequest, Router } from "../../core/http";
import { catalogVersionOf, requireCatalog } from "../catalog-version";
import { productHandlers as products } from "./products";
import { variantHandlers as variants } from "./variants";
import { inventoryHandlers as inventory } from "./inventory";

type Handler = (ctx: Ctx, req: ApiRequest) => unknown;

export function registerCatalogV3(router: Router, ctx: Ctx): void {
  const v3 =
    (handler: Handler) =>
    (req: ApiRequest): unknown => {
      requireCatalog(ctx, "V3_CATALOG");
      return handler(ctx, req);
    };
  // Query and Search are GETs with `.r=` (a POST with the same JSON body when the query is long), like V1.
  const both = (path: string, handler: Handler) => router.on("GET", path, v3(handler)).on("POST", path, v3(handler));
  router.on("GET", "/stores/v3/provision/version", () => ({ catalogVersion: catalogVersionOf(ctx) }));
  both("/stores/v3/products/query", products.queryProducts);
  both("/stores/v3/products/search", products.searchProducts);
  both("/stores/v3/products/count", products.countProducts);
  router
    .on("GET", "/stores/v3/all-products-category", v3(products.getAllProductsCategory))
    .on("GET", "/stores/v3/products/slug/:slug", v3(products.getProductBySlug))
    .on("GET", "/stores/v3/products/:productId", v3(products.getProduct))
    .on("POST", "/stores/v3/products/query-variants", v3(variants.queryVariants))
    .on("POST", "/stores/v3/products/search-variants", v3(variants.searchVariants));
  both("/stores/v3/inventory-items/query", inventory.queryInventoryItems);
  both("/stores/v3/inventory-items/search", inventory.searchInventoryItems);
  router.on("GET", "/stores/v3/inventory-items/:inventoryItemId", v3(inventory.getInventoryItem));
}
