import MiniSearch, { type SearchResult } from "minisearch";

/**
 * Full-text search over the catalog with MiniSearch (docs/decisions/0012-product-search.md):
 * words anywhere in the name, description, brand and category, case- and
 * accent-insensitive, one typo tolerated, ranked (BM25+, the name counting most).
 * Pure and isomorphic: the server builds it from the cached catalog, the benchmark
 * (bench/search.bench.mjs) from synthetic products.
 */

export interface SearchableProduct {
  id: string;
  name: string;
  description: string;
  brand: string;
  category: string;
}

/** Lower case, accents removed ("Accessibilité" → "accessibilite"), ligatures split. */
export function foldText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/œ/g, "oe")
    .replace(/æ/g, "ae");
}

// Words too common in French product text to rank on.
const STOP_WORDS = new Set(["de", "des", "du", "la", "le", "les", "et", "en", "un", "une", "pour", "au", "aux", "a", "l", "d"]);

/** Longest query handled: the rest is ignored (every word costs a fuzzy lookup). */
const MAX_QUERY_WORDS = 8;

export interface ProductIndex {
  /** Ranked ids, best first. */
  search(query: string): string[];
  /** Names to suggest while typing (prefix of the last word), best first. */
  suggest(query: string, limit?: number): string[];
  size: number;
}

export function buildProductIndex(products: readonly SearchableProduct[]): ProductIndex {
  const mini = new MiniSearch<SearchableProduct>({
    fields: ["name", "description", "brand", "category"],
    storeFields: ["name"],
    processTerm: (term) => {
      const folded = foldText(term);
      return folded.length === 0 || STOP_WORDS.has(folded) ? null : folded;
    },
    searchOptions: {
      boost: { name: 4, brand: 2, category: 2, description: 1 },
      combineWith: "AND",
      // One typo on words of 4 letters or more; the word being typed also matches as a prefix.
      fuzzy: (term) => (term.length >= 4 ? 1 : false),
      prefix: (term, index, terms) => index === terms.length - 1 && term.length >= 2,
      maxFuzzy: 1,
    },
  });
  mini.addAll(products);
  const words = (query: string) => query.split(/\s+/).filter(Boolean).slice(0, MAX_QUERY_WORDS).join(" ");
  const run = (query: string): SearchResult[] => {
    const q = words(query);
    return q ? mini.search(q) : [];
  };
  return {
    size: products.length,
    search: (query) => run(query).map((r) => String(r.id)),
    suggest: (query, limit = 6) =>
      run(query)
        .slice(0, limit)
        .map((r) => String(r.name)),
  };
}
