import { sharedRedis } from "../http/shared-state.server";
import { isThrottled } from "../wix/throttle.server";

/**
 * A short cache for catalog reads. The catalog is the same for every visitor, so entries are keyed by the query
 * alone (never by tokens) and never hold carts, members or orders. Each process keeps its entries in memory; with
 * REDIS_URL the replicas also share them through Redis (decision 0067): a product or a page one replica read is not
 * read from Wix again by another, nor by a new replica. 30 s of staleness on a product page is harmless because the
 * cart and checkout re-check stock. A catalog event empties the receiving process's memory and moves the shared
 * entries to a new generation, which no replica reads from Redis again; what another replica holds in its own memory
 * lives out its 30 s, as before.
 *
 * Each read's last answer is also kept as its copy: when Wix throttles the site (its API budget spent,
 * wix/throttle.server.ts), a read past its age, or emptied by a catalog event, is served that copy instead of an
 * error screen, and asked again a few seconds later. Any other failure is not hidden.
 */

const TTL_MS = 30_000;
const MAX_ENTRIES = 500;
/** Redis keys: the generation a catalog event moves on, and each entry of a generation. */
const GENERATION_KEY = "catalog:generation";
const entryKey = (generation: string, key: string) => `catalog:${generation}:${key}`;
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

/** An entry as the replicas share it: when it was read from Wix (its age counts from then everywhere) and its value. */
interface SharedEntry {
  at: number;
  value: unknown;
}

/**
 * The entry another replica (or this one) stored for `key` in the current generation, or null: none, too old, or Redis
 * away (the read then goes to Wix, never fails the page). `generation` is what Redis said the current one is.
 */
async function readShared(key: string): Promise<{ entry: SharedEntry | null; generation: string } | null> {
  const redis = sharedRedis();
  if (!redis) return null;
  try {
    const client = await redis;
    const generation = (await client.get(GENERATION_KEY)) ?? "0";
    const raw = await client.get(entryKey(generation, key));
    const entry = raw ? (JSON.parse(raw) as SharedEntry) : null;
    return { entry: entry && Date.now() - entry.at < TTL_MS ? entry : null, generation };
  } catch {
    return null;
  }
}

function writeShared(generation: string, key: string, entry: SharedEntry) {
  const redis = sharedRedis();
  if (!redis) return;
  const ttl = Math.max(1, TTL_MS - (Date.now() - entry.at));
  void redis.then((client) => client.set(entryKey(generation, key), JSON.stringify(entry), { PX: ttl })).catch(() => undefined);
}

/** Reads through Redis when configured: its entry if one is fresh, else `load()` from Wix, stored there for the others. */
async function sharedOrLoad<T>(key: string, load: () => Promise<T>, expiry: { at: number }): Promise<T> {
  const shared = await readShared(key);
  if (shared?.entry) {
    expiry.at = shared.entry.at + TTL_MS;
    return shared.entry.value as T;
  }
  const value = await load();
  if (shared) writeShared(shared.generation, key, { at: Date.now(), value });
  return value;
}

/**
 * The cached value for `key`, or `load()` shared by every request that asks meanwhile. Failures are not kept.
 * `local`: kept in this process only (values computed here from other entries, such as the ranked list of a search,
 * which can hold the whole catalog).
 */
export function cachedCatalogRead<T>(key: string, load: () => Promise<T>, { local = false } = {}): Promise<T> {
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  if (entries.size >= MAX_ENTRIES) {
    for (const [k, entry] of entries) if (entry.expires <= now) entries.delete(k);
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  }
  const held = { expires: now + TTL_MS, value: undefined as unknown as Promise<unknown> };
  // An entry from Redis is as old as its first read from Wix: kept here only for what is left of its 30 s.
  const expiry = { at: now + TTL_MS };
  const value = withCopy(
    key,
    () => (local ? load() : sharedOrLoad(key, load, expiry)),
    () => (expiry.at = Date.now() + THROTTLED_RETRY_MS),
  ).then((v) => {
    held.expires = Math.min(held.expires, expiry.at);
    return v;
  });
  held.value = value;
  entries.set(key, held);
  value.catch(() => {
    if (entries.get(key) === held) entries.delete(key);
  });
  return value;
}

/**
 * Empties the catalog cache: this process's, and with REDIS_URL every replica's (their next reads go to Wix). The
 * copies stay, served only while Wix throttles.
 */
export function clearCatalogCache() {
  const redis = sharedRedis();
  if (redis) void redis.then((client) => client.incr(GENERATION_KEY)).catch(() => undefined);
  entries.clear();
  stale.clear();
  slugs.clear();
  ids.clear();
}

/** Everything, copies included (tests that need a catalog never read before). */
export function forgetCatalogCopies() {
  clearCatalogCache();
  copies.clear();
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
