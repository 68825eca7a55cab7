import { RedisStore, type RedisReply } from "rate-limit-redis";
import { createClient } from "redis";
import type { RateLimitBucket } from "./rate-limits";
import type { Store } from "express-rate-limit";

/**
 * State the replicas must share. Only the rate limits live here: with REDIS_URL each bucket's counts are kept in
 * Redis (one key per bucket and client IP, expiring with the window), so a client gets the same allowance however
 * many replicas serve it. Everything else a process holds is fine per replica (README, "Several replicas").
 */

const CONNECT_TIMEOUT_MS = 5000;

export class SharedStateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SharedStateError";
  }
}

/** Connects to Redis at start (a wrong URL stops the server with a message naming REDIS_URL) and gives one store per bucket. */
export async function sharedRateLimitStores(redisUrl: string): Promise<(bucket: RateLimitBucket) => Store> {
  const shown = redisUrl.replace(/\/\/[^@/]*@/, "//***@");
  const client = createClient({
    url: redisUrl,
    // Once started, a command while Redis is away fails at once (the limiter then lets the request through,
    // see passOnStoreError in rate-limits.ts) instead of queueing and holding the visitor's request.
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
  process.once("exit", () => client.destroy());
  return (bucket) =>
    new RedisStore({
      prefix: `rl:${bucket}:`,
      sendCommand: (...args: string[]) => client.sendCommand(args) as Promise<RedisReply>,
    });
}
