// Which Stores catalog the site runs (a site has Catalog V1 or Catalog V3, never both), and the refusal Wix
// answers when a call belongs to the other one. Sources: platform/README.md, "Catalog V1 or V3".
import type { CatalogVersion, Ctx } from "../core/context";
import { appError, type ApiRequest, type Router, type WixError } from "../core/http";

export type { CatalogVersion };
export const CATALOG_VERSIONS: readonly CatalogVersion[] = ["V1_CATALOG", "V3_CATALOG", "STORES_NOT_INSTALLED"];

/** A site created today runs Catalog V3 ("About the Wix Stores Catalog V3": a new site supports V3). */
export const DEFAULT_CATALOG_VERSION: CatalogVersion = "V3_CATALOG";

export function catalogVersionOf(ctx: Ctx): CatalogVersion {
  return ctx.opts.catalogVersion;
}

/**
 * Wix's answer to a call of the other catalog: 428 (Precondition Required). The V1-on-V3 message is the one public
 * headless stores report verbatim ("Endpoint belongs to CATALOG_V1, but your site is using CATALOG_V3."); its code,
 * and the whole V3-on-V1 answer, come from public code that records live answers (platform/README.md says which).
 */
function wrongCatalog(site: CatalogVersion): WixError {
  // Catalog V1's error table: "401 Invalid authorization token, or Wix stores is not installed".
  if (site === "STORES_NOT_INSTALLED")
    return appError(401, "UNAUTHENTICATED", "Wix Stores n'est pas installé sur ce site", {}, "Unauthenticated");
  if (site === "V3_CATALOG")
    return appError(
      428,
      "CATALOG_V3_CALLING_CATALOG_V1_API",
      "Endpoint belongs to CATALOG_V1, but your site is using CATALOG_V3.",
      {},
      "Endpoint belongs to CATALOG_V1, but your site is using CATALOG_V3.",
    );
  return appError(
    428,
    "CATALOG_V1_SITE_CALLING_CATALOG_V3_API",
    "Endpoint belongs to CATALOG_V3, but your site is using CATALOG_V1.",
    {},
    "Endpoint belongs to CATALOG_V3, but your site is using CATALOG_V1.",
  );
}

/** Throws Wix's refusal unless the site runs `version`: every catalog handler of one version starts with it. */
export function requireCatalog(ctx: Ctx, version: Exclude<CatalogVersion, "STORES_NOT_INSTALLED">): void {
  const site = catalogVersionOf(ctx);
  if (site !== version) throw wrongCatalog(site);
}

export type Route = [method: string, path: string, handler: (req: ApiRequest) => unknown];

/** Registers one catalog version's routes, each refused (Wix's answer) on a site of the other version. */
export function registerForCatalog(router: Router, ctx: Ctx, version: Exclude<CatalogVersion, "STORES_NOT_INSTALLED">, routes: Route[]) {
  for (const [method, path, handler] of routes)
    router.on(method, path, (req) => {
      requireCatalog(ctx, version);
      return handler(req);
    });
}

export function parseCatalogVersion(value: string | undefined, source: string): CatalogVersion | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  if (!(CATALOG_VERSIONS as readonly string[]).includes(v))
    throw new Error(`${source} must be one of ${CATALOG_VERSIONS.join(", ")} (got "${v}")`);
  return v as CatalogVersion;
}
