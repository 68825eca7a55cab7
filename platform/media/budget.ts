// What a flood of image sizes may cost the server: answers kept in a cache bounded in bytes, one computation per
// size however many ask at once, a per-client allowance of sizes never seen, and at most a few resizes at a time.

export interface MediaLimits {
  /** Bytes of transformed images kept in memory (least recently used dropped first). */
  cacheBytes: number;
  /** Sizes a client may have computed per minute; sizes already cached are free. */
  newSizesPerMinute: number;
  /** Resizes running at once; the others wait in a queue of `queue` at most. */
  concurrent: number;
  queue: number;
}

export const DEFAULT_MEDIA_LIMITS: MediaLimits = { cacheBytes: 96 * 1024 * 1024, newSizesPerMinute: 120, concurrent: 2, queue: 64 };

export interface Cached {
  status: 200 | 400 | 404;
  body: Buffer;
  type: string;
}

export type Refusal = { status: 429 | 503; retryAfter: number };

/** At most this many clients are remembered; the oldest window is forgotten first (a client past it starts afresh). */
const MAX_CLIENTS = 10_000;
const WINDOW_MS = 60_000;

export function mediaBudget(limits: MediaLimits, now: () => number = Date.now) {
  const cache = new Map<string, Cached>();
  let cachedBytes = 0;
  const inFlight = new Map<string, Promise<Cached>>();
  const clients = new Map<string, { start: number; count: number }>();
  let running = 0;
  const waiting: (() => void)[] = [];

  function remember(key: string, value: Cached) {
    if (value.body.length > limits.cacheBytes) return;
    cache.set(key, value);
    cachedBytes += value.body.length;
    for (const [oldKey, old] of cache) {
      if (cachedBytes <= limits.cacheBytes) break;
      cache.delete(oldKey);
      cachedBytes -= old.body.length;
    }
  }

  /** Counts one new size for `client`; false when its minute's allowance is spent. */
  function allow(client: string): boolean {
    const t = now();
    let window = clients.get(client);
    if (!window || t - window.start >= WINDOW_MS) {
      clients.delete(client);
      if (clients.size >= MAX_CLIENTS) clients.delete(clients.keys().next().value!);
      window = { start: t, count: 0 };
      clients.set(client, window);
    }
    if (window.count >= limits.newSizesPerMinute) return false;
    window.count++;
    return true;
  }

  async function gate<T>(work: () => Promise<T>): Promise<T> {
    if (running >= limits.concurrent) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await work();
    } finally {
      running--;
      waiting.shift()?.();
    }
  }

  return {
    /**
     * The cached answer for `key`, the computation already under way, or a new one counted against `client`'s
     * allowance. A refusal says what to answer instead (429: this client asked too many new sizes; 503: the
     * server is busy with others').
     */
    get(key: string, client: string, compute: () => Promise<Cached>): Promise<Cached> | Refusal {
      const hit = cache.get(key);
      if (hit) {
        cache.delete(key);
        cache.set(key, hit);
        return Promise.resolve(hit);
      }
      const pending = inFlight.get(key);
      if (pending) return pending;
      if (running >= limits.concurrent && waiting.length >= limits.queue) return { status: 503, retryAfter: 1 };
      if (!allow(client)) return { status: 429, retryAfter: Math.ceil(WINDOW_MS / 1000) };
      const work = gate(compute).then((value) => {
        remember(key, value);
        return value;
      });
      inFlight.set(key, work);
      void work.finally(() => inFlight.delete(key)).catch(() => {});
      return work;
    },
    stats: () => ({ entries: cache.size, bytes: cachedBytes, clients: clients.size }),
  };
}

export type MediaBudget = ReturnType<typeof mediaBudget>;
