import { LEGAL_PAGES } from "~/content/legal";
import { cv } from "~/content/cv";
import { cachedCatalogRead } from "../catalog/cache.server";
import { listCollections } from "../catalog/catalog.server";
import { catalog } from "../catalog/reader.server";
import { mapLoaderErrors } from "../wix/errors.server";
import { publicOrigin } from "./public-origin.server";

/**
 * /sitemap.xml from the catalog, the collections and the static pages, on the public origin. Past
 * SITEMAP_PAGE_SIZE addresses it becomes a sitemap index whose pages are /sitemap.xml?page=N (the protocol allows
 * 50,000 per file; smaller files stay cheap to build from the cached catalog).
 */

const SITEMAP_PAGE_SIZE = 5000;
const MAX_PRODUCTS = 100_000;

export interface SitemapEntry {
  path: string;
  lastModified?: string;
}

export const STATIC_PATHS = [
  "/",
  "/cv",
  "/realisations",
  ...cv.projects.map((p) => `/realisations/${p.slug}`),
  "/contact",
  "/products",
  ...Object.values(LEGAL_PAGES).map((p) => p.path),
];

async function productEntries(): Promise<SitemapEntry[]> {
  // Sorted by name here: a stable file whichever catalog version answered (V3 lists sort on few fields).
  return cachedCatalogRead("sitemap|products", async () =>
    (await mapLoaderErrors(() => catalog.all(MAX_PRODUCTS)))
      .filter((p) => p.slug)
      .toSorted((a, b) => a.name.localeCompare(b.name, "fr"))
      .map((p) => ({ path: `/products/${p.slug}`, ...(p.updatedAt ? { lastModified: new Date(p.updatedAt).toISOString() } : {}) })),
  );
}

async function sitemapEntries(): Promise<SitemapEntry[]> {
  const [collections, products] = await Promise.all([listCollections(), productEntries()]);
  return [...STATIC_PATHS.map((path) => ({ path })), ...collections.map((c) => ({ path: `/collections/${c.slug}` })), ...products];
}

const xmlEscape = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

function urlsetXml(entries: SitemapEntry[], origin: string): string {
  const urls = entries
    .map(
      (e) =>
        `<url><loc>${xmlEscape(new URL(e.path, origin).href)}</loc>${e.lastModified ? `<lastmod>${xmlEscape(e.lastModified)}</lastmod>` : ""}</url>`,
    )
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>\n`;
}

function sitemapIndexXml(pageCount: number, origin: string): string {
  const maps = Array.from(
    { length: pageCount },
    (_, i) => `<sitemap><loc>${xmlEscape(new URL(`/sitemap.xml?page=${i + 1}`, origin).href)}</loc></sitemap>`,
  ).join("");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${maps}</sitemapindex>\n`;
}

/** The document for `?page=` (null: the whole set, or its index when too large); null result = no such page. */
export function sitemapDocument(entries: SitemapEntry[], page: number | null, origin: string, pageSize = SITEMAP_PAGE_SIZE): string | null {
  const pageCount = Math.max(1, Math.ceil(entries.length / pageSize));
  if (page === null) return pageCount === 1 ? urlsetXml(entries, origin) : sitemapIndexXml(pageCount, origin);
  if (page < 1 || page > pageCount || pageCount === 1) return null;
  return urlsetXml(entries.slice((page - 1) * pageSize, page * pageSize), origin);
}

export async function sitemapResponse(url: URL): Promise<Response> {
  const raw = url.searchParams.get("page");
  const page = raw === null ? null : /^\d{1,6}$/.test(raw) ? Number(raw) : -1;
  const body = sitemapDocument(await sitemapEntries(), page, publicOrigin());
  if (body === null)
    return new Response("Page de plan du site introuvable.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}

export function robotsTxt(): string {
  return [
    "User-agent: *",
    "Disallow: /cart",
    "Disallow: /checkout",
    "Disallow: /account",
    "Disallow: /admin",
    "Disallow: /_platform",
    "",
    `Sitemap: ${publicOrigin()}/sitemap.xml`,
    "",
  ].join("\n");
}
