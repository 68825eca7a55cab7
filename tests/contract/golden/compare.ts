// The golden comparer: Wix's documented answer (a fixture's `response` shape) against the answer a backend gave,
// key by key and type by type. Values never count; a key on one side only, or a key whose JSON type differs, is a
// difference named by its path (`cart.lineItems[].price.amount`). Pure functions: the contract test, the
// `wix:check` script and the unit tests share them.

export type Json = null | string | number | boolean | Json[] | { [key: string]: Json };
export type JsonType = "null" | "string" | "number" | "boolean" | "array" | "object";

export interface Difference {
  /** Dotted path; `[]` stands for "any element of the array". */
  path: string;
  /** missing: Wix answers the key, the backend does not; extra: the reverse; type: both answer it, as other types. */
  kind: "missing" | "extra" | "type";
  expected?: JsonType;
  actual?: JsonType;
}

export interface KnownDifference {
  /** `METHOD /path/template` of a fixture, or `*` for every fixture. */
  endpoint: string;
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
  if (present.every(Array.isArray)) return [foldElements(present.flat())];
  return present[0];
}

function fold(values: unknown[]): unknown {
  const present = values.filter((v) => v !== null && v !== undefined);
  if (!present.length) return null;
  if (present.every(isObject) || present.every(Array.isArray)) {
    return present.every(Array.isArray) ? [foldElements(present.flat())] : foldElements(present);
  }
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

export interface CompareOptions {
  /** Paths whose object keys are data: only present on both sides is checked, never the keys. */
  maps?: readonly string[];
  /**
   * "example" (default): both directions count. "schema": the fixture lists every documented field (from the
   * reference's response type, for endpoints whose page has no example), so a field the backend leaves out is no
   * difference; a field it adds is.
   */
  kind?: "example" | "schema";
}

/** Every difference between the documented shape and an answer, parents before children, sorted by path. */
export function compareShapes(golden: unknown, actual: unknown, options: CompareOptions = {}): Difference[] {
  const out: Difference[] = [];
  const maps = options.maps ?? [];
  const schema = options.kind === "schema";
  const walk = (g: unknown, a: unknown, path: string) => {
    const gt = typeOf(g);
    const at = typeOf(a);
    // A documented null says nothing about the type; an answered null says the value is absent this time.
    if (gt === "null" || at === "null") return;
    if (gt !== at) {
      out.push({ path, kind: "type", expected: gt, actual: at });
      return;
    }
    if (gt === "array") {
      const ge = foldElements(g as unknown[]);
      const ae = foldElements(a as unknown[]);
      if (ge !== null && ae !== null) walk(ge, ae, `${path}[]`);
      return;
    }
    if (gt !== "object" || maps.some((m) => pathMatches(m, path))) return;
    const go = g as Record<string, unknown>;
    const ao = a as Record<string, unknown>;
    const child = (k: string) => (path ? `${path}.${k}` : k);
    for (const k of Object.keys(go)) {
      if (!(k in ao) || ao[k] === undefined) {
        if (!schema) out.push({ path: child(k), kind: "missing", expected: typeOf(go[k]) });
      } else walk(go[k], ao[k], child(k));
    }
    for (const k of Object.keys(ao))
      if (!(k in go) && ao[k] !== undefined) out.push({ path: child(k), kind: "extra", actual: typeOf(ao[k]) });
  };
  walk(golden, actual, "");
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
  return known.find((k) => (k.endpoint === "*" || k.endpoint === endpoint) && k.kind === d.kind && pathMatches(k.path, d.path));
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
    (k) =>
      !seen.some(
        (s) =>
          (k.endpoint === "*" || k.endpoint === s.endpoint) && s.differences.some((d) => d.kind === k.kind && pathMatches(k.path, d.path)),
      ),
  );
}

export function describe(d: Difference): string {
  if (d.kind === "missing") return `${d.path}: Wix answers it (${d.expected}), this backend does not`;
  if (d.kind === "extra") return `${d.path}: this backend answers it (${d.actual}), Wix's documented answer does not`;
  return `${d.path}: Wix answers ${d.expected}, this backend ${d.actual}`;
}
