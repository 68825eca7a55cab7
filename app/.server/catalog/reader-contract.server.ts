import type { CatalogCollection, CatalogProduct, SortKey } from "~/models/catalog";
import type { CatalogVersion } from "./version.server";

/**
 * What each catalog version's reader answers (reader-v1.server.ts, reader-v3.server.ts), in the app's own model.
 * Its own module so that the readers and the dispatcher (reader.server.ts) both import it without importing each
 * other.
 */

export interface ProductPage {
  items: CatalogProduct[];
  total: number;
}

export interface CatalogReader {
  version: CatalogVersion;
  /** Every collection (V1) or Stores category (V3), Wix's "All Products" included, at most 100. */
  collections(): Promise<CatalogCollection[]>;
  /** One page of the products, in one collection or all, in the chosen order. */
  page(input: { collectionId?: string; sort: SortKey; page: number; pageSize: number }): Promise<ProductPage>;
  /** One product with its variants, or null. */
  bySlug(slug: string): Promise<CatalogProduct | null>;
  byId(id: string): Promise<CatalogProduct | null>;
  /** Up to 100 products by id, without their variants (links to a cart's products). */
  byIds(ids: string[]): Promise<CatalogProduct[]>;
  /** Every product, up to `max`, without their variants. */
  all(max: number): Promise<CatalogProduct[]>;
  /** How many products there are, and the latest change: what tells a cached full read it is still current. */
  latest(): Promise<{ count: number; updatedAt: number }>;
}
