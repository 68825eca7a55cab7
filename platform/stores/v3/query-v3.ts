// The query language of the V3 services (Catalog V3, Categories) as the SDK sends it: a filter, a sort and cursor
// paging. With a cursor the SDK sends nothing else (sdk-runtime query-builder.js), so the cursor carries the rest.
import { asObject, parseUntrustedJson, validationError } from "../../core/http";
import { getPath, matchFilter, parseSort, type SortSpec } from "../../core/query";

export interface V3Request {
  filter: unknown;
  sort: SortSpec[];
  /** Free text of a Search call (`search.search.expression`). */
  expression: string;
  limit: number;
  offset: number;
}

/** What a query may filter and sort on; undefined = not restricted here (the documented list is not known whole). */
export interface Declared {
  filterable?: ReadonlySet<string>;
  sortable?: ReadonlySet<string>;
}

const MAX_CURSOR_LENGTH = 4000;

function encodeCursor(r: V3Request, offset: number): string {
  return Buffer.from(JSON.stringify({ o: offset, f: r.filter ?? null, s: r.sort, e: r.expression })).toString("base64url");
}

function decodeCursor(cursor: string, where: string): Omit<V3Request, "limit"> {
  const bad = () =>
    validationError([{ field: `${where}.cursorPaging.cursor`, description: "is not a valid cursor", violatedRule: "FORMAT" }]);
  if (cursor.length > MAX_CURSOR_LENGTH) throw bad();
  let parsed: Record<string, unknown> | undefined;
  try {
    parsed = asObject(parseUntrustedJson(Buffer.from(cursor, "base64url").toString("utf8")));
  } catch {
    throw bad();
  }
  const o = parsed?.o;
  if (!parsed || typeof o !== "number" || !Number.isInteger(o) || o < 0) throw bad();
  return {
    filter: parsed.f ?? undefined,
    sort: parseSort(parsed.s),
    expression: typeof parsed.e === "string" ? parsed.e : "",
    offset: o,
  };
}

/** Filter keys at every depth ($and/$or/$not lists included), for the declared-fields check. */
function filterFields(filter: unknown, out: string[] = []): string[] {
  const o = asObject(filter);
  if (!o) return out;
  for (const [key, value] of Object.entries(o)) {
    if (key === "$and" || key === "$or") for (const f of Array.isArray(value) ? value : []) filterFields(f, out);
    else if (key === "$not") filterFields(value, out);
    else out.push(key);
  }
  return out;
}

/**
 * Reads `{filter, sort, cursorPaging | paging}` (and a Search call's `search.expression`) from the request's
 * `query` or `search` object. Refuses, as Wix does, a field the endpoint does not declare filterable or sortable.
 */
export function readV3Request(
  body: Record<string, unknown>,
  where: "query" | "search",
  declared: Declared = {},
  limits = { max: 100, byDefault: 50 },
): V3Request {
  const q = asObject(body[where]) ?? {};
  const cursorPaging = asObject(q.cursorPaging);
  const paging = asObject(q.paging);
  const rawLimit = cursorPaging?.limit ?? paging?.limit;
  const limit = rawLimit === undefined || rawLimit === null ? limits.byDefault : Number(rawLimit);
  if (!Number.isInteger(limit) || limit < 0 || limit > limits.max)
    throw validationError([
      { field: `${where}.cursorPaging.limit`, description: `must be between 0 and ${limits.max}`, violatedRule: "MAX" },
    ]);
  if (typeof cursorPaging?.cursor === "string" && cursorPaging.cursor) return { ...decodeCursor(cursorPaging.cursor, where), limit };
  const offset = paging?.offset === undefined ? 0 : Number(paging.offset);
  if (!Number.isInteger(offset) || offset < 0)
    throw validationError([{ field: `${where}.paging.offset`, description: "must be a non-negative integer", violatedRule: "MIN" }]);
  const sort = parseSort(q.sort);
  const { filterable, sortable } = declared;
  for (const field of filterFields(q.filter))
    if (filterable && !filterable.has(field))
      throw validationError([
        { field: `${where}.filter`, description: `Field '${field}' is not declared as filterable`, violatedRule: "VALIDATION" },
      ]);
  for (const s of sort)
    if (sortable && !sortable.has(s.fieldName))
      throw validationError([
        { field: `${where}.sort`, description: `Field '${s.fieldName}' is not declared as sortable`, violatedRule: "VALIDATION" },
      ]);
  const search = asObject(q.search);
  return {
    filter: q.filter ?? undefined,
    sort,
    expression: typeof search?.expression === "string" ? search.expression.trim() : "",
    limit,
    offset,
  };
}

const NUMERIC = /^-?\d+(\.\d+)?$/;

function compare(a: unknown, b: unknown): number {
  if (a === undefined || a === null) return b === undefined || b === null ? 0 : 1;
  if (b === undefined || b === null) return -1;
  // V3 amounts are decimal strings ("1400.00"): compared as numbers, not as text.
  if (typeof a === "string" && typeof b === "string" && NUMERIC.test(a) && NUMERIC.test(b)) return Number(a) - Number(b);
  if (typeof a === "string" && typeof b === "string") return a.localeCompare(b, "fr", { sensitivity: "base" });
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "boolean" && typeof b === "boolean") return Number(a) - Number(b);
  return 0;
}

/**
 * Filters, sorts and pages `items`, answering `{items, pagingMetadata}` with a cursor to the next page, if any, and
 * every match (`matched`, for a Search call's aggregations).
 */
export function runV3Request<T>(items: T[], r: V3Request, matchesText?: (item: T, expression: string) => boolean) {
  let found = items.filter((item) => matchFilter(item, r.filter));
  if (r.expression && matchesText) found = found.filter((item) => matchesText(item, r.expression));
  if (r.sort.length)
    found = [...found].sort((a, b) => {
      for (const s of r.sort) {
        const c = compare(getPath(a, s.fieldName), getPath(b, s.fieldName));
        if (c !== 0) return s.order === "DESC" ? -c : c;
      }
      return 0;
    });
  const page = found.slice(r.offset, r.offset + r.limit);
  const hasNext = r.offset + page.length < found.length;
  const cursors: { next?: string; prev?: string } = {};
  if (hasNext) cursors.next = encodeCursor(r, r.offset + page.length);
  if (r.offset > 0) cursors.prev = encodeCursor(r, Math.max(0, r.offset - r.limit));
  return { items: page, total: found.length, matched: found, pagingMetadata: { count: page.length, cursors, hasNext } };
}

/** `fields` as the SDK sends them: repeated query parameters on a GET, an array in a `.r` or a POST body. */
export function requestedFields<F extends string>(body: Record<string, unknown>, known: readonly F[]): Set<F> {
  const raw = body.fields;
  const list = Array.isArray(raw) ? raw : typeof raw === "string" ? [raw] : [];
  return new Set(list.filter((f): f is F => typeof f === "string" && (known as readonly string[]).includes(f)));
}
