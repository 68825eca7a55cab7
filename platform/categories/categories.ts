// Categories (`@wix/categories` categories) for the Wix Stores tree: on a V3 site the store's collections are
// categories, every call naming the tree `{appNamespace: "@wix/stores"}`. Refused on a V1 site.
import type { Ctx } from "../core/context";
import { mediaId, mediaUrl, imageInfo, STORES_APP_ID } from "../core/context";
import type { ApiRequest, Router } from "../core/http";
import { asObject, fieldError, notFound, appError } from "../core/http";
import { ALL_PRODUCTS_ROW } from "../stores/catalog-store";
import type { CollectionRow } from "../stores/catalog-wire";
import { registerForCatalog, type Route } from "../stores/catalog-version";
import { readV3Request, requestedFields, runV3Request } from "../stores/v3/query-v3";

export const STORES_TREE = { appNamespace: "@wix/stores" } as const;
const FIELDS = ["BREADCRUMBS_INFO", "DESCRIPTION"] as const;

/** Every call names its tree; the embedded site has the Stores one only, so another namespace has no categories. */
function treeOf(body: Record<string, unknown>, where = "treeReference"): "stores" | "other" {
  const tree = asObject(body.treeReference);
  const namespace = tree?.appNamespace;
  if (typeof namespace !== "string" || !namespace) throw fieldError(`${where}.appNamespace`, "must not be empty", "REQUIRED_FIELD");
  return namespace === STORES_TREE.appNamespace ? "stores" : "other";
}

function categoryRows(ctx: Ctx): CollectionRow[] {
  return [
    ALL_PRODUCTS_ROW,
    ...(ctx.db.prepare("SELECT * FROM collections WHERE visible = 1 ORDER BY position, name").all() as CollectionRow[]),
  ];
}

function itemCount(ctx: Ctx, c: CollectionRow): number {
  if (c.id === ALL_PRODUCTS_ROW.id)
    return (ctx.db.prepare("SELECT COUNT(*) AS n FROM products WHERE visible = 1").get() as { n: number }).n;
  return (
    ctx.db
      .prepare(
        "SELECT COUNT(*) AS n FROM product_collections pc JOIN products p ON p.id = pc.product_id WHERE pc.collection_id = ? AND p.visible = 1",
      )
      .get(c.id) as { n: number }
  ).n;
}

/** A category on the wire (Query Categories' documented example, tests/contract/golden/); `image` becomes a wix:image URI in the SDK. */
function categoryWire(ctx: Ctx, c: CollectionRow, appOrigin: string, fields: ReadonlySet<(typeof FIELDS)[number]>) {
  const seeded = (ctx.db.prepare("SELECT value FROM meta WHERE key = 'seeded'").get() as { value: string } | undefined)?.value;
  const date = seeded ?? new Date(0).toISOString();
  const count = itemCount(ctx, c);
  const image = c.image
    ? (() => {
        const { width, height } = imageInfo(ctx, c.image);
        return {
          id: mediaId(c.image),
          url: mediaUrl(appOrigin, c.image),
          width,
          height,
          altText: c.name,
          filename: c.image.split("/").pop(),
        };
      })()
    : undefined;
  return {
    id: c.id,
    revision: "1",
    createdDate: date,
    updatedDate: date,
    name: c.name,
    ...(image ? { image } : {}),
    itemCounter: count,
    totalItemCounter: count,
    visible: !!c.visible,
    // Top-level categories: a parent without an id, the index their place in the tree.
    parentCategory: { index: c.position + 1 },
    slug: c.slug,
    treeReference: { ...STORES_TREE },
    ...(fields.has("DESCRIPTION") && c.description ? { description: c.description } : {}),
    ...(fields.has("BREADCRUMBS_INFO") ? { breadcrumbsInfo: { breadcrumbs: [] } } : {}),
  };
}

/** Query Categories' fields (the typings' CategoryQuerySpec, in wire names). */
const SORTABLE = ["createdDate", "updatedDate", "managingAppId", "name", "parentCategory.id", "parentCategory.index"];
const DECLARED = {
  filterable: new Set(["id", "slug", "treeReference.appNamespace", "treeReference.treeKey", "visible", ...SORTABLE]),
  sortable: new Set(SORTABLE),
};

/**
 * Query Categories. Refuses an empty filter condition, as Wix's own storefront recipe says the visitor path does
 * ("How to Code a Store": the SDK's bare `.find()` sends `filter: {}`).
 */
function queryCategories(ctx: Ctx, req: ApiRequest) {
  const other = treeOf(req.body) === "other";
  const query = asObject(req.body.query) ?? {};
  const filter = asObject(query.filter);
  if (filter && Object.keys(filter).length === 0 && !asObject(query.cursorPaging)?.cursor)
    throw appError(
      400,
      "INVALID_FILTER",
      "Filter expression cannot contain an empty condition",
      {},
      "Filter expression cannot contain an empty condition",
    );
  const r = readV3Request(req.body, "query", DECLARED, { max: 1000, byDefault: 50 });
  const fields = requestedFields(req.body, FIELDS);
  const all = other ? [] : categoryRows(ctx).map((c) => categoryWire(ctx, c, req.appOrigin, new Set(FIELDS)));
  const { items, pagingMetadata } = runV3Request(all, r);
  return { categories: items.map((c) => project(c, fields)), pagingMetadata };
}

function project(c: ReturnType<typeof categoryWire>, fields: ReadonlySet<string>) {
  const { description, breadcrumbsInfo, ...rest } = c;
  return {
    ...rest,
    ...(fields.has("DESCRIPTION") && description ? { description } : {}),
    ...(fields.has("BREADCRUMBS_INFO") && breadcrumbsInfo ? { breadcrumbsInfo } : {}),
  };
}

function categoryBy(ctx: Ctx, req: ApiRequest, field: "id" | "slug") {
  const value = field === "id" ? req.params.categoryId! : req.params.slug!;
  const row = treeOf(req.body) === "stores" ? categoryRows(ctx).find((c) => c[field] === value) : undefined;
  if (!row) throw notFound("CATEGORY_NOT_FOUND", `Catégorie introuvable : ${value}`, { [field === "id" ? "categoryId" : "slug"]: value });
  return { category: categoryWire(ctx, row, req.appOrigin, requestedFields(req.body, FIELDS)) };
}

/**
 * List Items In Category: the category's visible products as item references, by the date they were added (no manual
 * arrangement on this site, so `useCategoryArrangement` changes nothing: "Items beyond [the arranged ones] are
 * displayed after the arranged items, sorted by the date they were added", Set Arranged Items). Cursor paging only.
 */
function listItemsInCategory(ctx: Ctx, req: ApiRequest) {
  const id = req.params.categoryId!;
  const row = treeOf(req.body) === "stores" ? categoryRows(ctx).find((c) => c.id === id) : undefined;
  if (!row) throw notFound("CATEGORY_NOT_FOUND", `Catégorie introuvable : ${id}`, { categoryId: id });
  const ids = (
    row.id === ALL_PRODUCTS_ROW.id
      ? ctx.db.prepare("SELECT id FROM products WHERE visible = 1 ORDER BY numeric_id").all()
      : ctx.db
          .prepare(
            "SELECT p.id FROM product_collections pc JOIN products p ON p.id = pc.product_id WHERE pc.collection_id = ? AND p.visible = 1 ORDER BY p.numeric_id",
          )
          .all(row.id)
  ) as { id: string }[];
  const r = readV3Request({ query: { cursorPaging: req.body.cursorPaging } }, "query", { filterable: new Set(), sortable: new Set() });
  const refs = ids.map((p) => ({ catalogItemId: p.id, appId: STORES_APP_ID }));
  const { items, pagingMetadata } = runV3Request(refs, r);
  return { items, pagingMetadata: { count: pagingMetadata.count, cursors: pagingMetadata.cursors } };
}

export function registerCategories(router: Router, ctx: Ctx): void {
  const routes: Route[] = [
    ["POST", "/categories/v1/categories/query", (req) => queryCategories(ctx, req)],
    ["GET", "/categories/v1/categories/slug/:slug", (req) => categoryBy(ctx, req, "slug")],
    ["GET", "/categories/v1/categories/:categoryId", (req) => categoryBy(ctx, req, "id")],
    // A GET with the request in its query string; the SDK falls back to a POST with the same JSON body when it is long.
    ["GET", "/categories/v1/categories/:categoryId/list-items", (req) => listItemsInCategory(ctx, req)],
    ["POST", "/categories/v1/categories/:categoryId/list-items", (req) => listItemsInCategory(ctx, req)],
  ];
  registerForCatalog(router, ctx, "V3_CATALOG", routes);
}
