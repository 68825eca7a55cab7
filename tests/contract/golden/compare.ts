// Key-by-key comparison of a platform answer with Wix's documented example (a golden fixture): every key Wix shows
// must be there with the same JSON type, and the platform may add no key Wix's complete objects do not show, except
// the differences listed with their reason. Values may differ (ids, names, prices).
import { readFileSync } from "node:fs";

export interface GoldenFixture {
  endpoint: string;
  /** The documentation page the example comes from. */
  source: string;
  /** "example": Wix's example response; "schema": the response its schema documents (no example stored). */
  kind: "example" | "schema";
  note?: string;
  /**
   * Objects the stored copy of the page cuts short (the path of the object; `[]` for every item of an array): keys the
   * platform answers beyond the example's are not checked there.
   */
  openPaths: string[];
  response: unknown;
}

export function readGolden(url: URL): GoldenFixture {
  return JSON.parse(readFileSync(url, "utf8")) as GoldenFixture;
}

const typeOf = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);

/**
 * The differences, as `path: what` lines (empty when the answer has Wix's shape). `allowed` maps a path (`[]` for
 * any array item) to the reason a difference is kept.
 */
export function goldenDifferences(golden: GoldenFixture, actual: unknown, allowed: Record<string, string> = {}): string[] {
  const out: string[] = [];
  const open = new Set(golden.openPaths);
  const walk = (want: unknown, got: unknown, path: string) => {
    if (want === null) return; // Wix shows null for a field this call did not fill: absent or any value is fine.
    if (typeOf(want) !== typeOf(got)) {
      if (!(path in allowed)) out.push(`${path || "(root)"}: Wix answers ${typeOf(want)}, the platform ${typeOf(got)}`);
      return;
    }
    if (Array.isArray(want)) {
      const items = got as unknown[];
      if (want.length && !items.length && !(path in allowed)) out.push(`${path}: Wix shows items, the platform none`);
      if (want.length) for (const item of items) walk(want[0], item, `${path}[]`);
      return;
    }
    if (typeOf(want) !== "object") return;
    const w = want as Record<string, unknown>;
    const g = got as Record<string, unknown>;
    for (const key of Object.keys(w)) {
      const p = path ? `${path}.${key}` : key;
      if (!(key in g)) {
        if (w[key] !== null && !(p in allowed)) out.push(`${p}: missing (Wix answers it)`);
        continue;
      }
      walk(w[key], g[key], p);
    }
    if (open.has(path)) return;
    for (const key of Object.keys(g)) {
      const p = path ? `${path}.${key}` : key;
      if (!(key in w) && !(p in allowed)) out.push(`${p}: not in Wix's answer`);
    }
  };
  walk(golden.response, actual, "");
  return out;
}
