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
  stale.clear();
  slugs.clear();
  ids.clear();
}

/**
 * Product id → slug and slug → id, from every product read: links to a cart's or an order's products, and a product
 * page's stock read sent beside the product's own (its id known before the product is); cleared with the rest.
 */
const slugs = new Map<string, string>();
const ids = new Map<string, string>();
const MAX_SLUGS = 20_000;

export function rememberSlug(p: { id: string; slug: string }) {
  if (slugs.size >= MAX_SLUGS) {
    slugs.clear();
    ids.clear();
  }
  if (p.id && p.slug) {
    slugs.set(p.id, p.slug);
    ids.set(p.slug, p.id);
  }
}

export function knownSlug(id: string): string | undefined {
  return slugs.get(id);
}

export function knownProductId(slug: string): string | undefined {
  return ids.get(slug);
}

const stale = new Map<string, { refreshAt: number; value: Promise<unknown>; refreshing?: Promise<unknown> }>();

/**
 * For reads too big to wait for (the whole catalog behind the search index: 100 SDK calls at 10,000 products):
 * the first read is awaited; afterwards every request gets the last value at once and, past `maxAgeMs`, one refresh
 * runs in the background and replaces it when it succeeds (a failed refresh keeps the old value and is retried).
 * The refresh gets the current value, so it can keep it when a cheap check says nothing changed.
 */
export function refreshedCatalogRead<T>(key: string, maxAgeMs: number, load: (previous?: T) => Promise<T>): Promise<T> {
  const now = Date.now();
  const entry = stale.get(key);
  if (!entry) {
    const value = load();
    stale.set(key, { refreshAt: now + maxAgeMs, value });
    value.catch(() => stale.delete(key));
    return value;
  }
  if (entry.refreshAt <= now && !entry.refreshing) {
    entry.refreshing = (entry.value as Promise<T>)
      .then((previous) => load(previous))
      .then(
        (fresh) => stale.set(key, { refreshAt: Date.now() + maxAgeMs, value: Promise.resolve(fresh) }),
        () => {
          entry.refreshing = undefined;
          entry.refreshAt = Date.now() + Math.min(maxAgeMs, 5_000);
        },
      );
  }
  return entry.value as Promise<T>;
}
