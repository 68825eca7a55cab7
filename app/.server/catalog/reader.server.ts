import { data } from "react-router";
import {
  CATALOG_UNAVAILABLE_MESSAGE,
  CatalogVersionError,
  catalogVersion,
  forgetCatalogVersion,
  isWrongCatalog,
  type CatalogVersion,
} from "./version.server";
import { v1Reader } from "./reader-v1.server";
import { v3Reader } from "./reader-v3.server";
import type { CatalogReader } from "./reader-contract.server";

/**
 * One catalog interface, two readers (docs/decisions/0036-catalog-readers-by-version.md): Stores Catalog V1 and V3
 * are not backwards compatible and a site runs one of them, so each version has its reader, both mapping to the
 * app's own catalog model (`CatalogProduct`). `catalog()` answers with the site's reader; nothing above it knows
 * which version answered.
 */

const READERS: Record<CatalogVersion, CatalogReader> = { V1_CATALOG: v1Reader, V3_CATALOG: v3Reader };

type Method = Exclude<keyof CatalogReader, "version">;

/** The site's version; a site whose catalog cannot be read gets the error screen (503) with a clear message. */
async function siteVersion(): Promise<CatalogVersion> {
  try {
    return await catalogVersion();
  } catch (error) {
    if (error instanceof CatalogVersionError) throw data({ message: CATALOG_UNAVAILABLE_MESSAGE }, { status: 503 });
    throw error;
  }
}

/**
 * Runs one call on the site's reader. A refusal for the wrong version means the site moved (V1 to V3): the version is
 * read again and, if it changed, the call is made once more with the other reader.
 */
async function call<M extends Method>(method: M, ...args: Parameters<CatalogReader[M]>): Promise<Awaited<ReturnType<CatalogReader[M]>>> {
  const version = await siteVersion();
  const run = (v: CatalogVersion) => (READERS[v][method] as (...a: typeof args) => ReturnType<CatalogReader[M]>)(...args);
  try {
    return await run(version);
  } catch (error) {
    if (!isWrongCatalog(error)) throw error;
    forgetCatalogVersion();
    const now = await siteVersion();
    if (now === version) throw error;
    return await run(now);
  }
}

/** The catalog of the site, whichever version it runs. */
export const catalog: Omit<CatalogReader, "version"> = {
  collections: () => call("collections"),
  page: (input) => call("page", input),
  bySlug: (slug) => call("bySlug", slug),
  byId: (id) => call("byId", id),
  byIds: (ids) => call("byIds", ids),
  all: (max) => call("all", max),
  latest: () => call("latest"),
};
