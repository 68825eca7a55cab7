// In-memory evaluation of the Wix query language (filter/sort/paging) over wire-shaped objects.
// The catalog is small (tens to hundreds of products), so matching the SDK's semantics exactly
// matters more than pushing filters into SQL.
import { asObject, FORBIDDEN_KEYS, fieldError, forbiddenKey, parseUntrustedJson, validationError } from "./http";

type Json = unknown;

export function getPath(obj: Json, path: string): Json {
  let cur: Json = obj;
  for (const part of path.split(".")) {
    if (FORBIDDEN_KEYS.has(part)) throw forbiddenKey(part);
    if (Array.isArray(cur)) {
      // A path through arrays reaches every item's field, arrays inside arrays flattened: on Wix,
      // `options.choicesSettings.choices.choiceId` is every choice id of every option.
      cur = cur.flatMap((c) => {
        const v = asObject(c)?.[part];
        return v === undefined ? [] : v;
      });
      continue;
    }
    const o = asObject(cur);
    if (!o) return undefined;
    cur = o[part];
  }
  return cur;
}

function norm(v: Json): Json {
  return typeof v === "string" ? v.toLocaleLowerCase("fr") : v;
}

function eq(a: Json, b: Json): boolean {
  if (Array.isArray(a)) return a.some((x) => eq(x, b));
  if (b === null || b === undefined) return a === null || a === undefined;
  if (typeof a === "number" && typeof b === "string" && b.trim() !== "" && !Number.isNaN(Number(b))) return a === Number(b);
  if (typeof a === "string" && typeof b === "string") return a === b;
  // An order's `number` is a string on the wire; Wix's filters take it as a number too ("number": 10003).
  if (typeof a === "string" && typeof b === "number") return a.trim() !== "" && Number(a) === b;
  return a === b;
}

const NUMERIC = /^\s*-?\d+(\.\d+)?\s*$/;

/**
 * Orders a field's value against a filter's operand. Numbers and numeric strings compare as numbers either way round:
 * Catalog V3 amounts are decimal strings ("39.00") that Wix's price filters take as numbers or numeric strings
 * (`$lte: 100` or `$lte: "100"`); text compares as text.
 */
function cmp(a: Json, b: Json): number | null {
  if (a === undefined || a === null || b === undefined || b === null) return null;
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "number" && typeof b === "string") return NUMERIC.test(b) ? a - Number(b) : null;
  if (typeof a === "string" && typeof b === "number") return NUMERIC.test(a) ? Number(a) - b : null;
  if (typeof a === "string" && typeof b === "string") {
    if (NUMERIC.test(a) && NUMERIC.test(b)) return Number(a) - Number(b);
    return a < b ? -1 : a > b ? 1 : 0;
  }
  if (typeof a === "boolean" && typeof b === "boolean") return Number(a) - Number(b);
  return null;
}

const OPERATORS = new Set([
  "$eq",
  "$ne",
  "$gt",
  "$gte",
  "$lt",
  "$lte",
  "$in",
  "$nin",
  "$hasSome",
  "$hasAll",
  "$startsWith",
  "$endsWith",
  "$contains",
  "$exists",
  "$isEmpty",
  "$matchAll",
  "$matchItems",
]);

function matchCondition(value: Json, cond: Json, field: string): boolean {
  const c = asObject(cond);
  if (!c || !Object.keys(c).some((k) => k.startsWith("$"))) return eq(value, cond);
  for (const [op, arg] of Object.entries(c)) {
    if (!OPERATORS.has(op)) throw fieldError(`filter.${field}`, `operator ${op} unsupported`, "INVALID_ENUM_VALUE");
    const arr = Array.isArray(value) ? value : [value];
    let ok: boolean;
    switch (op) {
      case "$eq":
        ok = eq(value, arg);
        break;
      case "$ne":
        ok = !eq(value, arg);
        break;
      case "$gt":
        ok = arr.some((v) => (cmp(v, arg) ?? -1) > 0);
        break;
      case "$gte":
        ok = arr.some((v) => (cmp(v, arg) ?? -1) >= 0);
        break;
      case "$lt":
        ok = arr.some((v) => (cmp(v, arg) ?? 1) < 0);
        break;
      case "$lte":
        ok = arr.some((v) => (cmp(v, arg) ?? 1) <= 0);
        break;
      case "$in":
      case "$hasSome":
        if (!Array.isArray(arg)) throw fieldError(`filter.${field}`, `${op} expects an array`, "FORMAT");
        ok = arg.some((a) => eq(value, a));
        break;
      case "$nin":
        if (!Array.isArray(arg)) throw fieldError(`filter.${field}`, `${op} expects an array`, "FORMAT");
        ok = !arg.some((a) => eq(value, a));
        break;
      case "$hasAll":
        if (!Array.isArray(arg)) throw fieldError(`filter.${field}`, `${op} expects an array`, "FORMAT");
        ok = arg.every((a) => eq(value, a));
        break;
      case "$startsWith":
        ok = arr.some((v) => typeof v === "string" && typeof arg === "string" && (norm(v) as string).startsWith(norm(arg) as string));
        break;
      case "$endsWith":
        ok = arr.some((v) => typeof v === "string" && typeof arg === "string" && (norm(v) as string).endsWith(norm(arg) as string));
        break;
      case "$contains":
        ok = arr.some((v) => typeof v === "string" && typeof arg === "string" && (norm(v) as string).includes(norm(arg) as string));
        break;
      case "$exists":
      case "$isEmpty": {
        const present = value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0);
        ok = op === "$exists" ? present === (arg !== false) : present !== (arg !== false);
        break;
      }
      case "$matchItems":
      case "$matchAll": {
        // An array of objects: some item matches one of the filters ($matchItems), or each filter has a match ($matchAll).
        if (!Array.isArray(arg)) throw fieldError(`filter.${field}`, `${op} expects an array`, "FORMAT");
        const items = (Array.isArray(value) ? value : []).filter((v) => asObject(v));
        const hit = (f: Json) => items.some((item) => matchFilter(item, f));
        ok = op === "$matchItems" ? arg.some(hit) : arg.every(hit);
        break;
      }
      default:
        ok = false;
    }
    if (!ok) return false;
  }
  return true;
}

export function matchFilter(obj: Json, filter: Json): boolean {
  if (filter === undefined || filter === null) return true;
  let f: Json = filter;
  if (typeof f === "string") {
    // The REST V1 API historically took the filter as a JSON string; accept it too.
    try {
      f = parseUntrustedJson(f);
    } catch {
      throw fieldError("filter", "is not valid JSON", "FORMAT");
    }
  }
  const o = asObject(f);
  if (!o) throw fieldError("filter", "must be an object", "FORMAT");
  for (const [key, cond] of Object.entries(o)) {
    if (key === "$and") {
      if (!Array.isArray(cond)) throw fieldError("filter.$and", "must be an array", "FORMAT");
      if (!cond.every((c) => matchFilter(obj, c))) return false;
    } else if (key === "$or") {
      if (!Array.isArray(cond)) throw fieldError("filter.$or", "must be an array", "FORMAT");
      if (!cond.some((c) => matchFilter(obj, c))) return false;
    } else if (key === "$not") {
      if (matchFilter(obj, cond)) return false;
    } else if (key.startsWith("$")) {
      throw fieldError("filter", `operator ${key} unsupported`, "INVALID_ENUM_VALUE");
    } else if (!matchCondition(getPath(obj, key), cond, key)) return false;
  }
  return true;
}

export interface SortSpec {
  fieldName: string;
  order: "ASC" | "DESC";
}

export function parseSort(raw: Json): SortSpec[] {
  let s: Json = raw;
  if (s === undefined || s === null || s === "") return [];
  if (typeof s === "string") {
    try {
      s = parseUntrustedJson(s);
    } catch {
      throw fieldError("sort", "is not valid JSON", "FORMAT");
    }
  }
  if (!Array.isArray(s)) s = [s];
  const out: SortSpec[] = [];
  for (const [i, item] of (s as Json[]).entries()) {
    const o = asObject(item);
    if (!o) throw fieldError(`sort[${i}]`, "must be an object", "FORMAT");
    if (typeof o.fieldName === "string") {
      const order = String(o.order ?? "ASC").toUpperCase();
      if (order !== "ASC" && order !== "DESC") throw fieldError(`sort[${i}].order`, "must be ASC or DESC", "INVALID_ENUM_VALUE");
      out.push({ fieldName: o.fieldName, order });
    } else {
      // legacy form [{"name":"asc"}]
      for (const [k, v] of Object.entries(o)) out.push({ fieldName: k, order: String(v).toUpperCase() === "DESC" ? "DESC" : "ASC" });
    }
  }
  return out;
}

export function applySort<T>(items: T[], sort: SortSpec[], alias: (f: string) => string = (f) => f): T[] {
  if (!sort.length) return items;
  return [...items].sort((a, b) => {
    for (const s of sort) {
      const path = alias(s.fieldName);
      const va = getPath(a, path);
      const vb = getPath(b, path);
      let c: number;
      if (typeof va === "string" && typeof vb === "string") c = va.localeCompare(vb, "fr", { sensitivity: "base" });
      else c = cmp(va, vb) ?? (va === undefined || va === null ? (vb === undefined || vb === null ? 0 : 1) : -1);
      if (c !== 0) return s.order === "DESC" ? -c : c;
    }
    return 0;
  });
}

export function parseOffsetPaging(raw: Json, maxLimit = 100, defaultLimit = 50): { limit: number; offset: number } {
  const p = asObject(raw) ?? {};
  const limit = p.limit === undefined || p.limit === null ? defaultLimit : Number(p.limit);
  const offset = p.offset === undefined || p.offset === null ? 0 : Number(p.offset);
  const violations = [];
  if (!Number.isInteger(limit) || limit < 0 || limit > maxLimit)
    violations.push({ field: "paging.limit", description: `must be between 0 and ${maxLimit}`, violatedRule: "MAX" });
  if (!Number.isInteger(offset) || offset < 0)
    violations.push({ field: "paging.offset", description: "must be a non-negative integer", violatedRule: "MIN" });
  if (violations.length) throw validationError(violations);
  return { limit, offset };
}

// Cursor paging as this platform encodes it: the offset, base64url JSON (opaque to callers).
export function encodeCursor(offset: number): string {
  return Buffer.from(JSON.stringify({ o: offset })).toString("base64url");
}
export function decodeCursor(c: string): number {
  try {
    const v = JSON.parse(Buffer.from(c, "base64url").toString("utf8")) as { o: unknown };
    if (typeof v.o === "number" && Number.isInteger(v.o) && v.o >= 0) return v.o;
  } catch {
    // fall through to the validation error
  }
  throw validationError([{ field: "search.cursorPaging.cursor", description: "is not a valid cursor", violatedRule: "FORMAT" }]);
}
