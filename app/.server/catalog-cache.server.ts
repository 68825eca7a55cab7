/**
 * A short in-process cache for catalog reads. The catalog is the same for every
 * visitor, so entries are keyed by the query alone (never by tokens) and never
 * hold carts, members or orders. Each container keeps its own; 30 s of staleness
 * on a product page is harmless because the cart and checkout re-check stock.
 */

const TTL_MS = 30_000;
const MAX_ENTRIES = 500;

const entries = new Map<string, { expires: number; value: Promise<unknown> }>();

/** The cached value for `key`, or `load()` shared by every request that asks meanwhile. Failures are not kept. */
export function cachedCatalogRead<T>(key: string, load: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  if (entries.size >= MAX_ENTRIES) {
    for (const [k, entry] of entries) if (entry.expires <= now) entries.delete(k);
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  }
  const value = load();
  entries.set(key, { expires: now + TTL_MS, value });
  value.catch(() => entries.delete(key));
  return value;
}

export function clearCatalogCache() {
  entries.clear();
}
