import { RedisStore, type RedisReply } from "rate-limit-redis";
import type { Store } from "express-rate-limit";
import { sharedRedis } from "../app/.server/http/shared-state.server";
import type { RateLimitBucket } from "./rate-limits";

export { SharedStateError } from "../app/.server/http/shared-state.server";

/**
 * The rate limits' shared stores: with REDIS_URL each bucket's counts are kept in Redis (one key per bucket and
 * client IP, expiring with the window), so a client gets the same allowance however many replicas serve it. The
 * connection (app/.server/http/shared-state.server.ts) is made here, at start: a wrong URL stops the server with a
 * message naming REDIS_URL.
 */
export async function sharedRateLimitStores(): Promise<((bucket: RateLimitBucket) => Store) | undefined> {
  const redis = sharedRedis();
  if (!redis) return undefined;
  const client = await redis;
  return (bucket) =>
    new RedisStore({
      prefix: `rl:${bucket}:`,
      sendCommand: (...args: string[]) => client.sendCommand(args) as Promise<RedisReply>,
    });
}
