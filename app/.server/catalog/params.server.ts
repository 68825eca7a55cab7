import { DEFAULT_SORT, SORT_OPTIONS, type SortKey } from "~/models/catalog";

/** The catalog's URL parameters, read as hostile input (pure). */

/**
 * Cards a catalog page shows: full rows in the grid's one to four columns, a phone's scroll and a page's
 * hydration bounded (docs/decisions/0083-catalog-pages-of-24-cards.md).
 */
export const PAGE_SIZE = 24;
/** Longest search text sent to the platform: enough for any product name. */
export const MAX_SEARCH_LENGTH = 100;
/** Wix's built-in "All Products" collection: the catalog link already stands for it. */
export const ALL_PRODUCTS_COLLECTION_ID = "00000000-000000-000000-000000000001";

/** An unknown sort value is not an error: the list simply uses the default order. */
export function parseSort(raw: string | null | undefined): SortKey {
  return SORT_OPTIONS.some((o) => o.value === raw) ? (raw as SortKey) : DEFAULT_SORT;
}

/** `?page=`: absent means 1; anything but a positive integer is null (the caller answers 404). */
export function parsePage(raw: string | null | undefined): number | null {
  if (raw === null || raw === undefined) return 1;
  if (!/^[1-9]\d{0,5}$/.test(raw)) return null;
  return Number(raw);
}

/** Search text: control characters dropped, spaces collapsed, bounded. */
export function parseSearch(raw: string | null | undefined): string {
  if (!raw) return "";
  return raw
    .replace(/[\u0000-\u001F\u007F]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, MAX_SEARCH_LENGTH);
}

export function pageCountOf(total: number): number {
  return Math.max(1, Math.ceil(total / PAGE_SIZE));
}
