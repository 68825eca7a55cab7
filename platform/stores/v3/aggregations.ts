// Search Products' aggregations (`search.aggregations`, answered in `aggregationData.results`), in the shapes of the
// SDK's typings (@wix/auto_sdk_stores_products-v-3: Aggregation, AggregationResults): VALUE (one bucket per distinct
// value), RANGE (the caller's buckets) and SCALAR (MIN, MAX, COUNT_DISTINCT), computed over every product the filter
// and the free text match, whatever the page. DATE_HISTOGRAM and NESTED are refused (see platform/README.md).
import { asObject, validationError } from "../../core/http";
import { getPath } from "../../core/query";

/** At most 10 aggregations a call; a name of at most 100 characters, a field path of at most 200 (the typings). */
const MAX_AGGREGATIONS = 10;
const MAX_NAME = 100;
const MAX_FIELD_PATH = 200;
/** A VALUE aggregation's buckets when the caller gives no limit (not documented: platform/README.md). */
const DEFAULT_VALUE_LIMIT = 10;

type Kind = "VALUE" | "RANGE" | "SCALAR";
const KINDS: Record<string, Kind> = { value: "VALUE", range: "RANGE", scalar: "SCALAR" };
const SCALAR_TYPES = new Set(["COUNT_DISTINCT", "MIN", "MAX"]);

export interface AggregationRequest {
  name?: string;
  type: Kind;
  fieldPath: string;
  value?: { sortType: "COUNT" | "VALUE"; sortDirection: "ASC" | "DESC"; limit: number };
  range?: { buckets: Array<{ from?: number; to?: number }> };
  scalar?: { type: string };
}

const refuse = (field: string, description: string) =>
  validationError([{ field: `search.aggregations${field}`, description, violatedRule: "VALIDATION" }]);

const optionalNumber = (v: unknown, field: string): number | undefined => {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "number" || !Number.isFinite(v)) throw refuse(field, "must be a number");
  return v;
};

/** Reads and checks `search.aggregations`; a field path must be one Search Products filters on (`aggregatable`). */
export function readAggregations(raw: unknown, aggregatable: ReadonlySet<string>): AggregationRequest[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw refuse("", "must be an array");
  if (raw.length > MAX_AGGREGATIONS) throw refuse("", `must hold at most ${MAX_AGGREGATIONS} aggregations`);
  return raw.map((item, i) => {
    const at = `[${i}]`;
    const a = asObject(item);
    if (!a) throw refuse(at, "must be an object");
    const name = a.name === undefined || a.name === null ? undefined : a.name;
    if (name !== undefined && (typeof name !== "string" || name.length > MAX_NAME))
      throw refuse(`${at}.name`, `must be a string of at most ${MAX_NAME} characters`);
    const fieldPath = a.fieldPath;
    if (typeof fieldPath !== "string" || !fieldPath || fieldPath.length > MAX_FIELD_PATH)
      throw refuse(`${at}.fieldPath`, `must be a field path of at most ${MAX_FIELD_PATH} characters`);
    if (!aggregatable.has(fieldPath)) throw refuse(`${at}.fieldPath`, `Field '${fieldPath}' is not declared as aggregatable`);
    const given = Object.keys(KINDS).filter((k) => a[k] !== undefined && a[k] !== null);
    const type = typeof a.type === "string" ? a.type : given.length === 1 ? KINDS[given[0]!] : undefined;
    if (type === "DATE_HISTOGRAM" || type === "NESTED") throw refuse(`${at}.type`, `${type} aggregations are not supported`);
    if (type !== "VALUE" && type !== "RANGE" && type !== "SCALAR")
      throw refuse(`${at}.type`, "must be one of VALUE, RANGE, SCALAR, DATE_HISTOGRAM, NESTED");
    // "Type of aggregation to perform. Must align with the corresponding aggregation field."
    const other = given.find((k) => KINDS[k] !== type);
    if (other) throw refuse(`${at}.${other}`, `does not align with type ${type}`);
    const out: AggregationRequest = { ...(name !== undefined ? { name } : {}), type, fieldPath };
    if (type === "VALUE") {
      const v = asObject(a.value) ?? {};
      const sortType = v.sortType ?? "COUNT";
      const sortDirection = v.sortDirection ?? (sortType === "COUNT" ? "DESC" : "ASC");
      if (sortType !== "COUNT" && sortType !== "VALUE") throw refuse(`${at}.value.sortType`, "must be COUNT or VALUE");
      if (sortDirection !== "ASC" && sortDirection !== "DESC") throw refuse(`${at}.value.sortDirection`, "must be ASC or DESC");
      const limit = optionalNumber(v.limit, `${at}.value.limit`) ?? DEFAULT_VALUE_LIMIT;
      if (!Number.isInteger(limit) || limit < 1) throw refuse(`${at}.value.limit`, "must be a positive integer");
      out.value = { sortType, sortDirection, limit };
    } else if (type === "RANGE") {
      const buckets = asObject(a.range)?.buckets;
      if (!Array.isArray(buckets) || buckets.length === 0) throw refuse(`${at}.range.buckets`, "must list at least one bucket");
      out.range = {
        buckets: buckets.map((b, j) => {
          const bucket = asObject(b);
          if (!bucket) throw refuse(`${at}.range.buckets[${j}]`, "must be an object");
          const from = optionalNumber(bucket.from, `${at}.range.buckets[${j}].from`);
          const to = optionalNumber(bucket.to, `${at}.range.buckets[${j}].to`);
          return { ...(from !== undefined ? { from } : {}), ...(to !== undefined ? { to } : {}) };
        }),
      };
    } else {
      const scalarType = asObject(a.scalar)?.type;
      if (typeof scalarType !== "string" || !SCALAR_TYPES.has(scalarType))
        throw refuse(`${at}.scalar.type`, "must be one of COUNT_DISTINCT, MIN, MAX");
      out.scalar = { type: scalarType };
    }
    return out;
  });
}

/** An item's distinct values at `path` (arrays flattened; objects are no values). */
function valuesOf(item: unknown, path: string): Array<string | number | boolean> {
  const v = getPath(item, path);
  const list = Array.isArray(v) ? v : [v];
  return [...new Set(list.filter((x): x is string | number | boolean => ["string", "number", "boolean"].includes(typeof x)))];
}

const numeric = (v: string | number | boolean): number | undefined => {
  const n = typeof v === "number" ? v : typeof v === "string" && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : undefined;
  return n !== undefined && Number.isFinite(n) ? n : undefined;
};

function valueResult(items: unknown[], a: AggregationRequest) {
  const counts = new Map<string, number>();
  for (const item of items) for (const v of valuesOf(item, a.fieldPath)) counts.set(String(v), (counts.get(String(v)) ?? 0) + 1);
  const { sortType, sortDirection, limit } = a.value!;
  const sign = sortDirection === "ASC" ? 1 : -1;
  const rows = [...counts].map(([value, count]) => ({ value, count }));
  rows.sort((x, y) =>
    sortType === "COUNT"
      ? sign * (x.count - y.count) || x.value.localeCompare(y.value, "fr")
      : sign * x.value.localeCompare(y.value, "fr", { numeric: true }),
  );
  return { values: { results: rows.slice(0, limit) } };
}

function rangeResult(items: unknown[], a: AggregationRequest) {
  const numbers = items.map((item) =>
    valuesOf(item, a.fieldPath)
      .map(numeric)
      .filter((n) => n !== undefined),
  );
  return {
    ranges: {
      results: a.range!.buckets.map((b) => ({
        ...b,
        // A bucket holds `from` and excludes `to`; an item counts once per bucket.
        count: numbers.filter((ns) => ns.some((n) => (b.from === undefined || n >= b.from) && (b.to === undefined || n < b.to))).length,
      })),
    },
  };
}

function scalarResult(items: unknown[], a: AggregationRequest) {
  const type = a.scalar!.type;
  const all = items.flatMap((item) => valuesOf(item, a.fieldPath));
  if (type === "COUNT_DISTINCT") return { scalar: { type, value: new Set(all.map(String)).size } };
  const numbers = all.map(numeric).filter((n): n is number => n !== undefined);
  if (!numbers.length) return { scalar: { type } };
  return { scalar: { type, value: type === "MIN" ? Math.min(...numbers) : Math.max(...numbers) } };
}

/** `aggregationData` of a Search call over `items` (every match, not the page). */
export function aggregationData(items: unknown[], requested: AggregationRequest[]) {
  return {
    results: requested.map((a) => ({
      ...(a.name !== undefined ? { name: a.name } : {}),
      type: a.type,
      fieldPath: a.fieldPath,
      ...(a.type === "VALUE" ? valueResult(items, a) : a.type === "RANGE" ? rangeResult(items, a) : scalarResult(items, a)),
    })),
  };
}
