import { isThrottled } from "../wix/throttle.server";

/**
 * A short in-process cache for catalog reads. The catalog is the same for every
 * visitor, so entries are keyed by the query alone (never by tokens) and never
 * hold carts, members or orders. Each container keeps its own; 30 s of staleness
 * on a product page is harmless because the cart and checkout re-check stock.
 *
 * Each read's last answer is also kept as its copy: when Wix throttles the site (its API budget spent,
 * wix/throttle.server.ts), a read past its age, or emptied by a catalog event, is served that copy instead of an
 * error screen, and asked again a few seconds later. Any other failure is not hidden.
 */

const TTL_MS = 30_000;
const MAX_ENTRIES = 500;
/** How soon a read served from its copy asks Wix again. */
const THROTTLED_RETRY_MS = 5_000;

const entries = new Map<string, { expires: number; value: Promise<unknown> }>();
const copies = new Map<string, unknown>();

function keepCopy(key: string, value: unknown) {
  copies.delete(key);
  if (copies.size >= MAX_ENTRIES) copies.delete(copies.keys().next().value!);
  copies.set(key, value);
}

/** `load()`, its answer kept as the copy of `key`, or that copy when Wix throttles (then `onCopy` runs). */
function withCopy<T>(key: string, load: () => Promise<T>, onCopy: () => void): Promise<T> {
  return load().then(
    (value) => {
      keepCopy(key, value);
      return value;
    },
    (error: unknown) => {
      if (!isThrottled(error) || !copies.has(key)) throw error;
      onCopy();
      return copies.get(key) as T;
    },
  );
}

/** The cached value for `key`, or `load()` shared by every request that asks meanwhile. Failures are not kept. */
export function cachedCatalogRead<T>(key: string, load: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  if (entries.size >= MAX_ENTRIES) {
    for (const [k, entry] of entries) if (entry.expires <= now) entries.delete(k);
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  }
  const entry = { expires: now + TTL_MS, value: Promise.resolve() as Promise<unknown> };
  const value = withCopy(key, load, () => (entry.expires = Date.now() + THROTTLED_RETRY_MS));
  entry.value = value;
  entries.set(key, entry);
  value.catch(() => entries.delete(key));
  return value;
}

/** The catalog changed: every read goes to Wix again. The copies stay, served only while Wix throttles. */
export function clearCatalogCache() {
  entries.clear();
  stale.clear();
  slugs.clear();
}

/** Everything, copies included (tests that need a catalog never read before). */
export function forgetCatalogCopies() {
  clearCatalogCache();
  copies.clear();
}

/** Product id → slug, from every product read (links to a cart's or an order's products); cleared with the rest. */
const slugs = new Map<string, string>();
const MAX_SLUGS = 20_000;

export function rememberSlug(p: { id: string; slug: string }) {
  if (slugs.size >= MAX_SLUGS) slugs.clear();
  if (p.id && p.slug) slugs.set(p.id, p.slug);
}

export function knownSlug(id: string): string | undefined {
  return slugs.get(id);
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
    const fresh = { refreshAt: now + maxAgeMs, value: Promise.resolve() as Promise<unknown> };
    const value = withCopy(
      key,
      () => load(),
      () => (fresh.refreshAt = Date.now() + Math.min(maxAgeMs, THROTTLED_RETRY_MS)),
    );
    fresh.value = value;
    stale.set(key, fresh);
    value.catch(() => stale.delete(key));
    return value;
  }
  if (entry.refreshAt <= now && !entry.refreshing) {
    entry.refreshing = (entry.value as Promise<T>)
      .then((previous) => load(previous))
      .then(
        (fresh) => {
          keepCopy(key, fresh);
          stale.set(key, { refreshAt: Date.now() + maxAgeMs, value: Promise.resolve(fresh) });
        },
        () => {
          entry.refreshing = undefined;
          entry.refreshAt = Date.now() + Math.min(maxAgeMs, 5_000);
        },
      );
  }
  return entry.value as Promise<T>;
}
