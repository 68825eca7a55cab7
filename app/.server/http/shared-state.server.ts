import { createClient } from "redis";
import { getConfig } from "../site/config.server";

/**
 * State the replicas must share: the rate limits (server/shared-state.ts), the webhook events already handled and
 * the forms already answered (idempotency keys). With REDIS_URL every replica reads and writes the same keys in
 * Redis; without it each process keeps them in its own memory (one process, or replicas that accept the gap).
 */

const CONNECT_TIMEOUT_MS = 5000;

export class SharedStateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SharedStateError";
  }
}

type Redis = ReturnType<typeof createClient>;
let connecting: Promise<Redis> | undefined;

async function connect(redisUrl: string): Promise<Redis> {
  const shown = redisUrl.replace(/\/\/[^@/]*@/, "//***@");
  const client = createClient({
    url: redisUrl,
    // Once started, a command while Redis is away fails at once (each user decides what that means) instead of
    // queueing and holding the visitor's request.
    disableOfflineQueue: true,
    socket: { connectTimeout: CONNECT_TIMEOUT_MS, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 3000) },
  });
  let logged = false;
  client.on("error", (error: Error) => {
    if (logged) return;
    logged = true;
    console.error(JSON.stringify({ time: new Date().toISOString(), level: "error", event: "redis-error", message: error.message }));
  });
  client.on("ready", () => (logged = false));
  try {
    await Promise.race([
      client.connect(),
      new Promise((_, fail) =>
        setTimeout(() => fail(new Error(`no answer in ${CONNECT_TIMEOUT_MS / 1000} s`)), CONNECT_TIMEOUT_MS).unref(),
      ),
    ]);
  } catch (error) {
    client.destroy();
    throw new SharedStateError(`REDIS_URL ${shown}: cannot connect (${(error as Error).message})`);
  }
  // Only a connection still open: destroying one closeSharedRedis already closed throws "The client is closed".
  process.once("exit", () => {
    if (client.isOpen) client.destroy();
  });
  return client;
}

/** The process's one Redis connection (REDIS_URL), made on first use; null without REDIS_URL. */
export function sharedRedis(): Promise<Redis> | null {
  const url = getConfig().redisUrl;
  if (!url) return null;
  connecting ??= connect(url);
  return connecting;
}

/** Keys with an expiry, shared by the replicas when REDIS_URL is set. Every method may throw when Redis is away. */
export interface SharedKeys {
  /** Sets `key` only when absent: true when this call set it (the caller owns what the key stands for). */
  claim(key: string, value: string, ttlMs: number): Promise<boolean>;
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
}

/** Past this many live keys, a process's memory store forgets the oldest (an attacker cannot grow it without end). */
const MEMORY_MAX_KEYS = 50_000;

function memoryKeys(): SharedKeys {
  const entries = new Map<string, { value: string; until: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.until <= Date.now()) entries.delete(key);
    return entry && entry.until > Date.now() ? entry : undefined;
  };
  const put = (key: string, value: string, ttlMs: number) => {
    entries.delete(key);
    entries.set(key, { value, until: Date.now() + ttlMs });
    if (entries.size <= MEMORY_MAX_KEYS) return;
    // Expired keys first, then the oldest (a Map iterates in insertion order).
    for (const [k, e] of entries) if (e.until <= Date.now()) entries.delete(k);
    for (const k of entries.keys()) {
      if (entries.size <= MEMORY_MAX_KEYS) break;
      entries.delete(k);
    }
  };
  return {
    async claim(key, value, ttlMs) {
      if (live(key)) return false;
      put(key, value, ttlMs);
      return true;
    },
    async get(key) {
      return live(key)?.value ?? null;
    },
    async set(key, value, ttlMs) {
      put(key, value, ttlMs);
    },
    async delete(key) {
      entries.delete(key);
    },
  };
}

function redisKeys(redis: Promise<Redis>, prefix: string): SharedKeys {
  return {
    async claim(key, value, ttlMs) {
      return (await (await redis).set(prefix + key, value, { NX: true, PX: ttlMs })) === "OK";
    },
    async get(key) {
      return (await (await redis).get(prefix + key)) ?? null;
    },
    async set(key, value, ttlMs) {
      await (await redis).set(prefix + key, value, { PX: ttlMs });
    },
    async delete(key) {
      await (await redis).del(prefix + key);
    },
  };
}

/** A namespace of shared keys (`prefix` keeps each use apart in Redis): Redis with REDIS_URL, else this process's memory. */
export function sharedKeys(prefix: string): SharedKeys {
  const redis = sharedRedis();
  return redis ? redisKeys(redis, `${prefix}:`) : memoryKeys();
}

/** Closes the Redis connection (tests, and a clean stop); the next use connects again. */
export async function closeSharedRedis(): Promise<void> {
  const redis = connecting;
  connecting = undefined;
  if (redis) await (await redis.catch(() => null))?.close();
}
