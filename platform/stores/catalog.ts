// Stores catalog V1 (products, variants, collections) as the SDK's `products` and `collections` modules see it:
// the handlers. The rows and stock/price rules live in catalog-store.ts, the wire shapes in catalog-wire.ts.
import { isElevated } from "../core/elevated";
import type { Ctx } from "../core/context";
import type { ApiRequest, Router } from "../core/http";
import { asObject, fieldError, notFound, parseUntrustedJson } from "../core/http";
import { applySort, matchFilter, parseOffsetPaging, parseSort } from "../core/query";

import {
  ALL_PRODUCTS_ROW,
  DEFAULT_VARIANT_ID,
  availableQuantity,
  discountedCents,
  isInStock,
  loadProduct,
  variantBaseCents,
  type ProductRec,
} from "./catalog-store";
import { allProductWires, collectionWire, priceData, productWire, variantWire, type CollectionRow } from "./catalog-wire";
import { currency } from "../core/context";
import { registerForCatalog, type Route } from "./catalog-version";

export { bumpCatalog } from "./catalog-store";

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
  const all = allProductWires(ctx, req.appOrigin, isElevated(ctx, req.headers));
  const filtered = all.filter((p) => matchFilter(p, q.filter));
  const sorted = applySort(filtered, sort, productSortAlias);
  const { page, metadata } = paginate(sorted, paging);
  return { products: page, metadata, totalResults: metadata.total };
}

function getProductOrThrow(ctx: Ctx, id: string, withHidden = false): ProductRec {
  const p = loadProduct(ctx, id);
  if (!p || (!p.visible && !withHidden)) throw notFound("PRODUCT_NOT_FOUND", `Produit introuvable : ${id}`, { productId: id });
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
  const p = getProductOrThrow(ctx, req.params.id!, isElevated(ctx, req.headers));
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
  const product = (req: ApiRequest) => ({
    product: productWire(ctx, getProductOrThrow(ctx, req.params.id!, isElevated(ctx, req.headers)), req.appOrigin),
  });
  const routes: Route[] = [
    ["GET", "/stores-reader/v1/products/query-platformized", qp],
    ["POST", "/stores-reader/v1/products/query-platformized", qp],
    ["POST", "/stores-reader/v1/products/query", qp],
    ["POST", "/stores/v1/products/query", qp],
    ["GET", "/stores-reader/v1/products/:id", product],
    ["GET", "/stores/v1/products/:id", product],
    ["POST", "/stores-reader/v1/products/:id/productOptionsAvailability", (req) => optionsAvailability(ctx, req)],
    ["POST", "/stores-reader/v1/products/:id/variants/query", (req) => queryVariants(ctx, req)],
    ["GET", "/stores-reader/v1/collections/slug/:slug", (req) => collectionBy(ctx, req, "slug")],
    ["GET", "/stores-reader/v1/collections/:id", (req) => collectionBy(ctx, req, "id")],
    ["GET", "/v2/collections/query", (req) => queryCollections(ctx, req)],
    ["POST", "/v2/collections/query", (req) => queryCollections(ctx, req)],
    ["GET", "/v2/collections/slug/:slug", (req) => collectionBy(ctx, req, "slug")],
    ["GET", "/v2/collections/:id", (req) => collectionBy(ctx, req, "id")],
  ];
  registerForCatalog(router, ctx, "V1_CATALOG", routes);
}
