// Read-Only Variants V3 (`@wix/stores` readOnlyVariantsV3): every variant as an entity of its own, the sole variant of
// a product without options included.
import type { Ctx } from "../../core/context";
import type { ApiRequest } from "../../core/http";
import { loadAllProducts } from "../catalog-store";
import { readOnlyVariantWire, variantsOf } from "./wire";
import { readV3Request, requestedFields, runV3Request } from "./query-v3";

/** Query Variants filters and sorts on these only (the typings' ReadOnlyVariantQuerySpec; the docs' table agrees). */
const QUERY_DECLARED = {
  filterable: new Set(["id", "productData.productId", "variantId"]),
  sortable: new Set(["id", "productData.productId", "variantId"]),
};

function allVariants(ctx: Ctx, withCurrency: boolean) {
  return loadAllProducts(ctx).flatMap((p) => variantsOf(p).map((v) => readOnlyVariantWire(ctx, p, v, withCurrency)));
}

/** Up to 1,000 variants per call (the API's own limit), 50 when the SDK sends no limit. */
const LIMITS = { max: 1000, byDefault: 50 };

function answer(ctx: Ctx, req: ApiRequest, where: "query" | "search") {
  const r = readV3Request(req.body, where, where === "query" ? QUERY_DECLARED : {}, LIMITS);
  const withCurrency = requestedFields(req.body, ["CURRENCY"]).has("CURRENCY");
  const { items, pagingMetadata } = runV3Request(allVariants(ctx, withCurrency), r, (v, expression) =>
    v.productData.name.toLocaleLowerCase("fr").includes(expression.toLocaleLowerCase("fr")),
  );
  return { variants: items, pagingMetadata };
}

export const variantHandlers = {
  queryVariants: (ctx: Ctx, req: ApiRequest) => answer(ctx, req, "query"),
  searchVariants: (ctx: Ctx, req: ApiRequest) => answer(ctx, req, "search"),
};
