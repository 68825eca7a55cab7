import type { CatalogCollection } from "~/models/catalog";

/** What both catalog readers map the same way (pure). */

/** A V1 collection and a V3 category have the same parts the app reads. */
export function toCatalogCollection(c: {
  _id?: string | null;
  slug?: string | null;
  name?: string | null;
  description?: string | null;
}): CatalogCollection {
  return { id: c._id ?? "", slug: c.slug ?? "", name: c.name ?? c.slug ?? "", ...(c.description ? { description: c.description } : {}) };
}

/** A date the SDK gave (a Date, or an ISO string), in ms since the epoch; 0 when there is none. */
export const timeOf = (value: Date | string | null | undefined) => (value ? new Date(value).getTime() || 0 : 0);
