/**
 * Search benchmark (docs/decisions/0012-product-search.md): MiniSearch over the catalog at its demo size (62
 * products, platform/seed/demo.json) and at 10,000 products (the demo catalog
 * repeated with varied names and descriptions). Prints the index build time, the
 * query latency (median and p95 over many runs of a mixed query set) and the heap
 * the index takes. No network, no server: `npm run bench:search`.
 */
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { buildProductIndex, type SearchableProduct } from "../app/lib/product-search";

interface SeedProduct {
  id: string;
  name: string;
  description: string;
  brand?: string;
  collections?: string[];
}

const seed = JSON.parse(readFileSync(new URL("../platform/seed/demo.json", import.meta.url), "utf8")) as {
  products: SeedProduct[];
  collections: Array<{ slug: string; name: string }>;
};
const collectionName = new Map(seed.collections.map((c) => [c.slug, c.name]));
const text = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
const base: SearchableProduct[] = seed.products.map((p) => ({
  id: p.id,
  name: p.name,
  description: text(p.description),
  brand: p.brand ?? "",
  category: (p.collections ?? []).map((slug) => collectionName.get(slug) ?? slug).join(" "),
}));

// Deterministic variations so that 10,000 products are not 160 copies of the same words.
const WORDS = [
  "édition",
  "pro",
  "équipe",
  "avancée",
  "pratique",
  "express",
  "sur mesure",
  "débutant",
  "expert",
  "atelier",
  "session",
  "kit",
  "collector",
  "numérique",
  "papier",
];
function synthetic(count: number): SearchableProduct[] {
  const out: SearchableProduct[] = [];
  for (let i = 0; out.length < count; i++) {
    const p = base[i % base.length]!;
    const n = Math.floor(i / base.length);
    out.push({
      ...p,
      id: `${p.id}-${n}`,
      name: n === 0 ? p.name : `${p.name} ${WORDS[n % WORDS.length]} ${n}`,
      description: `${p.description} ${WORDS[(n * 7) % WORDS.length]} réf. ${n}`,
    });
  }
  return out;
}

const QUERIES = [
  "typescript",
  "accessibilite",
  "typscript",
  "formation typescript",
  "mug",
  "livre react",
  "goodies",
  "atelier martin",
  "sécurité web",
  "introuvable",
  "t-shirt noir",
  "audit",
];

function median(values: number[]) {
  const s = values.toSorted((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}
function p95(values: number[]) {
  const s = values.toSorted((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.95))]!;
}

function run(size: number) {
  const products = size === base.length ? base : synthetic(size);
  const builds: number[] = [];
  let index = buildProductIndex(products);
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    index = buildProductIndex(products);
    builds.push(performance.now() - t);
  }
  globalThis.gc?.();
  const before = process.memoryUsage().heapUsed;
  const kept = buildProductIndex(products);
  globalThis.gc?.();
  const heapMb = (process.memoryUsage().heapUsed - before) / 1024 / 1024;
  const rounds = size > 1000 ? 30 : 300;
  const times: number[] = [];
  let hits = 0;
  for (let r = 0; r < rounds; r++) {
    for (const q of QUERIES) {
      const t = performance.now();
      hits += kept.search(q).length;
      times.push(performance.now() - t);
    }
  }
  const suggestTimes: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const q of ["ty", "typ", "typesc", "acces", "form"]) {
      const t = performance.now();
      kept.suggest(q);
      suggestTimes.push(performance.now() - t);
    }
  }
  void index;
  return {
    products: size,
    buildMsMedian: Number(median(builds).toFixed(2)),
    queryMsMedian: Number(median(times).toFixed(3)),
    queryMsP95: Number(p95(times).toFixed(3)),
    suggestMsMedian: Number(median(suggestTimes).toFixed(3)),
    heapMb: Number(heapMb.toFixed(1)),
    resultsPerQuery: Math.round(hits / (rounds * QUERIES.length)),
  };
}

const results = [run(base.length), run(10_000)];
console.table(results);
console.log(JSON.stringify({ node: process.version, date: new Date().toISOString(), results }));
