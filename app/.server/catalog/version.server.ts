import { catalogClient } from "../wix/commerce-session.server";
import { classifyWixError } from "../wix/errors.server";

/**
 * Which Stores catalog the site runs, read from the site ("About the Catalog Versioning API": the two versions are not
 * backwards compatible; call Get Catalog Version at the start of each flow). A site's version only ever moves from V1
 * to V3, so it is read once per process and kept; a call refused for the wrong version forgets it, and the next read
 * asks the site again (docs/decisions/0036-catalog-readers-by-version.md).
 */

export type CatalogVersion = "V1_CATALOG" | "V3_CATALOG";

/** What the pages say while the catalog cannot be read (the error screen, 503). */
export const CATALOG_UNAVAILABLE_MESSAGE = "Le catalogue de la boutique ne peut pas être lu pour le moment : réessayez un peu plus tard.";

/** The version could not be read, or the site has no Stores catalog: the store cannot work. */
export class CatalogVersionError extends Error {
  override name = "CatalogVersionError";
}

let known: Promise<CatalogVersion> | undefined;

async function readVersion(): Promise<CatalogVersion> {
  const wix = await catalogClient();
  const { catalogVersion } = await wix.catalogVersioning.getCatalogVersion();
  if (catalogVersion === "V1_CATALOG" || catalogVersion === "V3_CATALOG") return catalogVersion;
  throw new CatalogVersionError(`the site answers catalogVersion ${catalogVersion ?? "(none)"}: no Stores catalog to read`);
}

/** The site's catalog version, read once (a failed read is not kept: the next call asks again). */
export function catalogVersion(): Promise<CatalogVersion> {
  if (!known) {
    const reading = readVersion();
    known = reading;
    reading.catch(() => {
      if (known === reading) known = undefined;
    });
  }
  return known;
}

export function forgetCatalogVersion(): void {
  known = undefined;
}

/** Wix's refusals of a call made to the other catalog (platform/README.md gives their sources). */
const WRONG_CATALOG = new Set(["CATALOG_V3_CALLING_CATALOG_V1_API", "CATALOG_V1_SITE_CALLING_CATALOG_V3_API"]);

export function isWrongCatalog(error: unknown): boolean {
  const failure = classifyWixError(error);
  return failure.kind === "application" && WRONG_CATALOG.has(failure.code);
}

/** For /readyz: null when the catalog's version can be read, else why not (for the log and the 503). */
export async function catalogProblem(): Promise<string | null> {
  try {
    await catalogVersion();
    return null;
  } catch (error) {
    if (error instanceof CatalogVersionError) return error.message;
    const failure = classifyWixError(error);
    return `the catalog version cannot be read (${failure.kind === "application" ? failure.code : failure.kind})`;
  }
}
