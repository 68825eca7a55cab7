// The golden comparer: Wix's documented answer (a fixture's `response` shape) against the answer a backend gave,
// key by key and type by type, and the answer's values where the docs or typings fix them (enums, GUIDs, ISO dates,
// decimal amounts). A key on one side only, a JSON type that differs, a null or an empty array where Wix answers a
// value, or a value outside its rule, is a difference named by its path (`cart.lineItems[].price.amount`). Pure functions: the contract test, the
// `wix:check` script and the unit tests share them.

export type Json = null | string | number | boolean | Json[] | { [key: string]: Json };
export type JsonType = "null" | "string" | "number" | "boolean" | "array" | "object";

export interface Difference {
  /** Dotted path; `[]` stands for "any element of the array". */
  path: string;
  /**
   * missing: Wix answers the key, the backend does not; extra: the reverse; type: both answer it, as other types;
   * null: the backend answers null where Wix answers a value (and the typings allow no null); empty: an empty array
   * where Wix answers elements; value: a value the docs or typings rule out (see `rule`).
   */
  kind: "missing" | "extra" | "type" | "null" | "empty" | "value";
  expected?: JsonType;
  actual?: JsonType;
  /** For kind value: enum (not a member of the typings' enum), guid, date (ISO 8601), decimal (money amount). */
  rule?: "enum" | "guid" | "date" | "decimal";
  value?: string;
}

export interface KnownDifference {
  /**
   * `METHOD /path/template` of a fixture (or a list of them), or `*` for every fixture: only for a rule true of every
   * Wix answer (a one-of of the typings, int64 written as strings).
   */
  endpoint: string | string[];
  /** Path pattern: `*` matches one key, `**` any run of keys (`**.catalogReference.options`). */
  path: string;
  kind: Difference["kind"];
  reason: string;
}

export interface MapPath {
  /** Objects whose keys are data (option names, ids), not fields: their keys are never compared. */
  path: string;
  reason: string;
}

export function typeOf(value: unknown): JsonType {
  if (value === null || value === undefined) return "null";
  if (Array.isArray(value)) return "array";
  const t = typeof value;
  return t === "string" || t === "number" || t === "boolean" ? t : "object";
}

const isObject = (v: unknown): v is Record<string, unknown> => typeOf(v) === "object";

/**
 * All elements of an array folded into one: the union of their keys, each key's value folded the same way, so
 * "a key any element answers" can be compared with "a key any element of the other side answers".
 */
export function foldElements(items: readonly unknown[]): unknown {
  const present = items.filter((v) => v !== null && v !== undefined);
  if (!present.length) return null;
  if (present.every(isObject)) {
    const keys = new Map<string, unknown[]>();
    for (const item of present) for (const [k, v] of Object.entries(item)) keys.set(k, [...(keys.get(k) ?? []), v]);
    return Object.fromEntries([...keys].map(([k, values]) => [k, fold(values)]));
  }
  if (present.every(Array.isArray)) {
    const flat = (present as unknown[][]).flat();
    return flat.length ? [foldElements(flat)] : [];
  }
  return present[0];
}

function fold(values: unknown[]): unknown {
  const present = values.filter((v) => v !== null && v !== undefined);
  if (!present.length) return null;
  if (present.every(Array.isArray)) {
    // Arrays of every element folded into one; all of them empty stays an empty array (so it reads as empty).
    const flat = (present as unknown[][]).flat();
    return flat.length ? [foldElements(flat)] : [];
  }
  if (present.every(isObject)) return foldElements(present);
  return present[0];
}

/**
 * A documented example turned into a fixture shape: same keys, arrays folded to one element, and every value
 * replaced by a neutral one of its type ("string", 0, false, null), so the fixture records the structure Wix
 * documents without copying its sample data.
 */
export function shapeOf(value: unknown): Json {
  switch (typeOf(value)) {
    case "null":
      return null;
    case "string":
      return "string";
    case "number":
      return 0;
    case "boolean":
      return false;
    case "array": {
      const folded = foldElements(value as unknown[]);
      return folded === null ? [] : [shapeOf(folded)];
    }
    default:
      return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, shapeOf(v)]));
  }
}

const patternCache = new Map<string, RegExp>();
const escape = (text: string) => text.trim().replace(/[.[\]()?+^$|\\{}*]/g, "\\$&");
/**
 * Whether a dotted path matches a pattern: `*` one key, `**.` any run of keys (or none), `{a,b}` one of the keys
 * listed, `[]` literal.
 */
export function pathMatches(pattern: string, path: string): boolean {
  let re = patternCache.get(pattern);
  if (!re) {
    const body = pattern
      .split(/(\*\*\.?|\*|\{[^}]*\})/)
      .map((part) => {
        if (part === "**.") return "(?:[^]*\\.)?";
        if (part === "**") return "[^]*";
        if (part === "*") return "[^.\\[]+";
        if (part.startsWith("{")) return `(?:${part.slice(1, -1).split(",").map(escape).join("|")})`;
        return escape(part);
      })
      .join("");
    re = new RegExp(`^${body}$`);
    patternCache.set(pattern, re);
  }
  return re.test(path);
}

/** What the SDK's typings fix about a module's values (see typings.ts): enum members and nullable fields, by field name. */
export interface Typings {
  enums: ReadonlyMap<string, ReadonlySet<string>>;
  nullable: ReadonlySet<string>;
}

export interface CompareOptions {
  /** Paths whose object keys are data: only present on both sides is checked, never the keys. */
  maps?: readonly string[];
  /**
   * "example" or "schema" (the fixture is the documented response type, for endpoints whose page has no example):
   * both are compared the same way, every field the fixture has is expected; the optional ones a scenario leaves
   * out are listed in known-differences.json with their reason.
   */
  kind?: "example" | "schema";
  /** The typings of the call's module: enum values outside them, and nulls they do not allow, are differences. */
  typings?: Typings;
}

/**
 * Id-named fields that are no GUIDs in any Wix answer: a reference of another system (externalId, the payment
 * provider's providerTransactionId and providerRefundId), an int64 (numericId), a Wix Data collection's name
 * (dataCollectionId).
 */
const NOT_GUIDS = new Set(["externalId", "providerTransactionId", "providerRefundId", "numericId", "dataCollectionId"]);
/** Wix's "All Products" collection and category: its documented id is not of the GUID form. */
const ALL_PRODUCTS_ID = "00000000-000000-000000-000000000001";
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;
const DECIMAL = /^-?\d+(?:\.\d+)?$/;

/**
 * The rule a string answered under this key must follow, if the docs or typings fix one: a member of the typings'
 * enum; a GUID for ids (`id`, `…Id`: Wix's entity ids are GUIDs); ISO 8601 for dates (`…Date`); a decimal string for
 * money (`amount`, `convertedAmount`: the typings' decimal-valued strings).
 */
export function valueRule(key: string, value: string, typings?: Typings): Difference["rule"] | undefined {
  const members = typings?.enums.get(key);
  if (members) return members.has(value) ? undefined : "enum";
  if ((key === "id" || /[a-z]Id$/.test(key)) && !NOT_GUIDS.has(key) && !GUID.test(value) && value !== ALL_PRODUCTS_ID) return "guid";
  if (/(?:^d|D)ate$/.test(key) && key !== "date" && !ISO_DATE.test(value)) return "date";
  if ((key === "amount" || key === "convertedAmount") && !DECIMAL.test(value)) return "decimal";
  return undefined;
}

/** Every difference between the documented shape and an answer, parents before children, sorted by path. */
export function compareShapes(golden: unknown, actual: unknown, options: CompareOptions = {}): Difference[] {
  const out: Difference[] = [];
  const maps = options.maps ?? [];
  const typings = options.typings;
  const isMap = (path: string) => maps.some((m) => pathMatches(m, path));
  const walk = (g: unknown, a: unknown, path: string, key: string) => {
    const gt = typeOf(g);
    const at = typeOf(a);
    // A documented null says nothing about the type.
    if (gt === "null") return;
    if (at === "null") {
      // Wix leaves an unset field out; a null is an answer only where the typings say `| null`.
      if (!typings?.nullable.has(key)) out.push({ path, kind: "null", expected: gt, actual: at });
      return;
    }
    if (gt !== at) {
      out.push({ path, kind: "type", expected: gt, actual: at });
      return;
    }
    if (gt === "array") {
      const ge = foldElements(g as unknown[]);
      if (ge === null) return;
      if (!(a as unknown[]).length) {
        out.push({ path, kind: "empty", expected: gt, actual: at });
        return;
      }
      walk(ge, foldElements(a as unknown[]), `${path}[]`, key);
      return;
    }
    if (gt !== "object" || isMap(path)) return;
    const go = g as Record<string, unknown>;
    const ao = a as Record<string, unknown>;
    const child = (k: string) => (path ? `${path}.${k}` : k);
    for (const k of Object.keys(go)) {
      if (!(k in ao) || ao[k] === undefined) out.push({ path: child(k), kind: "missing", expected: typeOf(go[k]) });
      else walk(go[k], ao[k], child(k), k);
    }
    for (const k of Object.keys(ao))
      if (!(k in go) && ao[k] !== undefined) out.push({ path: child(k), kind: "extra", actual: typeOf(ao[k]) });
  };
  walk(golden, actual, "", "");
  // Values: every string of the answer (every element of its arrays), once per path and rule.
  const seen = new Set<string>();
  const values = (a: unknown, path: string, key: string) => {
    if (typeof a === "string") {
      const rule = valueRule(key, a, typings);
      if (rule && !seen.has(`${path} ${rule}`)) {
        seen.add(`${path} ${rule}`);
        out.push({ path, kind: "value", rule, value: a });
      }
    } else if (Array.isArray(a)) for (const e of a) values(e, `${path}[]`, key);
    else if (isObject(a) && !isMap(path)) for (const [k, v] of Object.entries(a)) values(v, path ? `${path}.${k}` : k, k);
  };
  values(actual, "", "");
  return out.sort((x, y) => (x.path < y.path ? -1 : x.path > y.path ? 1 : 0));
}

/**
 * A route or a fixture endpoint with its parameters' names dropped: `GET /stores/v3/products/:productId` and
 * `GET /stores/v3/products/{productId}` both give `GET /stores/v3/products/{}`. Two endpoints are the same route when
 * their shapes are equal: a literal segment (`/products/query`) never stands for a parameter (`/products/{productId}`).
 */
export function routeShape(endpoint: string): string {
  const [method, path] = endpoint.split(" ") as [string, string];
  return `${method} ${path.replace(/\/(?::[^/]+|\{[^}]+\})(?=\/|$)/g, "/{}").replace(/(.)\/$/, "$1")}`;
}

/** The known-differences entry that explains a difference of this endpoint, if any. */
export function explaining(d: Difference, known: readonly KnownDifference[], endpoint: string): KnownDifference | undefined {
  return known.find((k) => appliesTo(k, endpoint) && k.kind === d.kind && pathMatches(k.path, d.path));
}

/** Whether a known-differences entry is about this endpoint. */
export function appliesTo(k: KnownDifference, endpoint: string): boolean {
  return k.endpoint === "*" || k.endpoint === endpoint || (Array.isArray(k.endpoint) && k.endpoint.includes(endpoint));
}

/** The differences no entry of the known-differences list explains for this endpoint. */
export function unexplained(differences: readonly Difference[], known: readonly KnownDifference[], endpoint: string): Difference[] {
  return differences.filter((d) => !explaining(d, known, endpoint));
}

/** The known-differences entries that explained nothing in this run (stale entries are reported, so they get removed). */
export function unusedKnown(
  all: readonly KnownDifference[],
  seen: ReadonlyArray<{ endpoint: string; differences: readonly Difference[] }>,
): KnownDifference[] {
  return all.filter(
    (k) => !seen.some((s) => appliesTo(k, s.endpoint) && s.differences.some((d) => d.kind === k.kind && pathMatches(k.path, d.path))),
  );
}

export function describe(d: Difference): string {
  if (d.kind === "missing") return `${d.path}: Wix answers it (${d.expected}), this backend does not`;
  if (d.kind === "extra") return `${d.path}: this backend answers it (${d.actual}), Wix's documented answer does not`;
  if (d.kind === "null") return `${d.path}: Wix answers ${d.expected}, this backend null (the typings allow no null here)`;
  if (d.kind === "empty") return `${d.path}: Wix answers elements, this backend an empty array (the call's data should have some)`;
  if (d.kind === "value") return `${d.path}: ${JSON.stringify(d.value)} is not ${RULES[d.rule!]}`;
  return `${d.path}: Wix answers ${d.expected}, this backend ${d.actual}`;
}

const RULES: Record<NonNullable<Difference["rule"]>, string> = {
  enum: "a member of the typings' enum",
  guid: "a GUID",
  date: "an ISO 8601 date",
  decimal: "a decimal string",
};
