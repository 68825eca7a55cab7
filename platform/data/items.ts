// Wix Data items (`@wix/data` `items`): insert, get, update (the whole item) and query, as the SDK sends them
// (POST /wix-data/v2/items, GET /wix-data/v2/items/{dataItemId}?dataCollectionId=, POST /wix-data/v2/items/update,
// GET /wix-data/v2/items/query?.r= and its POST fallback past 2048 characters). Items are JSON objects; the SDK writes
// dates as {"$date": ISO} and reads them back the same way, so they are kept as sent. Error codes are the SDK's
// (`@wix/wix-data-items-common`): WDE0073 an item that does not exist, WDE0074 an id already taken; WDE0025 a
// collection that does not exist (the data permissions typings' code for it).
import type { Ctx } from "../core/context";
import { newId } from "../core/context";
import { nowIso } from "../core/db";
import { requireElevated } from "../core/elevated";
import type { ApiRequest, Router } from "../core/http";
import { appError, asObject, asString, FORBIDDEN_KEYS, forbiddenKey, validationError } from "../core/http";
import { applySort, matchFilter, parseSort } from "../core/query";
import { runEmailAutomation } from "./automations";
import { EMAIL_COLLECTION, SITE_COLLECTIONS } from "./collections";

/** Wix Data's item limit ("an item can be up to 500 kb"), measured on its JSON. */
const MAX_ITEM_BYTES = 500 * 1024;
const MAX_QUERY_LIMIT = 1000;

interface ItemRow {
  collection: string;
  id: string;
  data: string;
  created_date: string;
  updated_date: string;
}

const dateValue = (iso: string) => ({ $date: iso });

function itemWire(row: ItemRow) {
  const data = JSON.parse(row.data) as Record<string, unknown>;
  return {
    id: row.id,
    dataCollectionId: row.collection,
    data: { ...data, _id: row.id, _createdDate: dateValue(row.created_date), _updatedDate: dateValue(row.updated_date) },
  };
}

function collectionOf(ctx: Ctx, req: ApiRequest, what: string): string {
  requireElevated(ctx, req.headers, what);
  const id = asString(req.body.dataCollectionId) ?? req.query.get("dataCollectionId") ?? "";
  if (!id) throw validationError([{ field: "dataCollectionId", description: "must not be empty", violatedRule: "REQUIRED_FIELD" }]);
  if (!SITE_COLLECTIONS.has(id)) throw appError(404, "WDE0025", `The ${id} collection does not exist.`, { collectionId: id });
  return id;
}

const itemMissing = (collection: string, id: string) =>
  appError(404, "WDE0073", `Item [${id}] does not exist in collection [${collection}].`, { itemId: id, collectionId: collection });

/** The item's own fields as sent (system fields recomputed), refused when over Wix's size or reaching the prototype. */
function ownFields(raw: unknown): Record<string, unknown> {
  const data = asObject(raw);
  if (!data) throw validationError([{ field: "dataItem.data", description: "must be an object", violatedRule: "REQUIRED_FIELD" }]);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (FORBIDDEN_KEYS.has(key)) throw forbiddenKey(key);
    if (key === "_id" || key === "_createdDate" || key === "_updatedDate") continue;
    out[key] = value;
  }
  if (Buffer.byteLength(JSON.stringify(out)) > MAX_ITEM_BYTES)
    throw appError(400, "WDE0009", "Item is too large: the maximum size of an item is 500 kb.", {});
  return out;
}

function itemIdOf(body: Record<string, unknown>): string | undefined {
  const item = asObject(body.dataItem) ?? {};
  const id = asString(item.id) ?? asString(asObject(item.data)?._id);
  if (id !== undefined && (!id.trim() || id.length > 255))
    throw validationError([{ field: "dataItem.id", description: "must be 1 to 255 characters", violatedRule: "MAX_LENGTH" }]);
  return id;
}

function rowOf(ctx: Ctx, collection: string, id: string): ItemRow | undefined {
  return ctx.db.prepare("SELECT * FROM data_items WHERE collection = ? AND id = ?").get(collection, id) as ItemRow | undefined;
}

function insert(ctx: Ctx, req: ApiRequest) {
  const collection = collectionOf(ctx, req, "insertDataItem");
  const id = itemIdOf(req.body) ?? newId();
  const data = ownFields(asObject(req.body.dataItem)?.data);
  const now = nowIso();
  const inserted = ctx.db
    .transaction(() => {
      if (rowOf(ctx, collection, id)) return false;
      ctx.db
        .prepare("INSERT INTO data_items (collection, id, data, created_date, updated_date) VALUES (?, ?, ?, ?, ?)")
        .run(collection, id, JSON.stringify(data), now, now);
      return true;
    })
    .immediate();
  // An id already taken: the insert is refused whole (an insert never overwrites; that is save's job).
  if (!inserted) throw appError(409, "WDE0074", `Item [${id}] already exists in collection [${collection}].`, { itemId: id });
  if (collection === EMAIL_COLLECTION) runEmailAutomation(ctx, data);
  return { dataItem: itemWire(rowOf(ctx, collection, id)!) };
}

function update(ctx: Ctx, req: ApiRequest) {
  const collection = collectionOf(ctx, req, "updateDataItem");
  const id = itemIdOf(req.body);
  if (!id) throw validationError([{ field: "dataItem.id", description: "must not be empty", violatedRule: "REQUIRED_FIELD" }]);
  const data = ownFields(asObject(req.body.dataItem)?.data);
  const done = ctx.db
    .transaction(() => {
      if (!rowOf(ctx, collection, id)) return false;
      // Update replaces the whole item ("Update Data Item": fields left out are removed).
      ctx.db
        .prepare("UPDATE data_items SET data = ?, updated_date = ? WHERE collection = ? AND id = ?")
        .run(JSON.stringify(data), nowIso(), collection, id);
      return true;
    })
    .immediate();
  if (!done) throw itemMissing(collection, id);
  return { dataItem: itemWire(rowOf(ctx, collection, id)!) };
}

function query(ctx: Ctx, req: ApiRequest) {
  const collection = collectionOf(ctx, req, "queryDataItems");
  const q = asObject(req.body.query) ?? {};
  const paging = asObject(q.paging) ?? {};
  const limit = paging.limit === undefined ? 50 : Number(paging.limit);
  const offset = paging.offset === undefined ? 0 : Number(paging.offset);
  if (!Number.isInteger(limit) || limit < 0 || limit > MAX_QUERY_LIMIT || !Number.isInteger(offset) || offset < 0)
    throw validationError([
      { field: "query.paging", description: `limit must be 0 to ${MAX_QUERY_LIMIT}, offset 0 or more`, violatedRule: "MAX" },
    ]);
  const rows = ctx.db.prepare("SELECT * FROM data_items WHERE collection = ?").all(collection) as ItemRow[];
  const filter = q.filter ?? {};
  const all = applySort(
    rows.map(itemWire).filter((item) => matchFilter(item.data, filter)),
    parseSort(q.sort),
    (field) => `data.${field}`,
  );
  const page = all.slice(offset, offset + limit);
  const returnTotalCount = req.body.returnTotalCount === true || asObject(q.paging)?.returnTotalCount === true;
  return {
    dataItems: page,
    pagingMetadata: {
      count: page.length,
      offset,
      ...(returnTotalCount ? { total: all.length } : {}),
      tooManyToCount: false,
      hasNext: offset + page.length < all.length,
    },
  };
}

export function registerDataItems(router: Router, ctx: Ctx): void {
  router
    .on("POST", "/wix-data/v2/items", (req) => insert(ctx, req))
    .on("POST", "/wix-data/v2/items/update", (req) => update(ctx, req))
    .on("GET", "/wix-data/v2/items/query", (req) => query(ctx, req))
    .on("POST", "/wix-data/v2/items/query", (req) => query(ctx, req))
    .on("GET", "/wix-data/v2/items/:dataItemId", (req) => {
      const collection = collectionOf(ctx, req, "getDataItem");
      const row = rowOf(ctx, collection, req.params.dataItemId!);
      if (!row) throw itemMissing(collection, req.params.dataItemId!);
      return { dataItem: itemWire(row) };
    });
}
