// Replicas of the app sharing one real redis-server, in one test process: each is a fresh copy of the app's modules
// (vi.resetModules), as two processes would load them, sharing nothing but Redis (REDIS_URL).
import { afterAll, beforeAll, vi } from "vitest";
import { startRedis } from "./redis";

/** Starts a redis-server for the file's tests; returns `replica()`, which loads a new copy of the app's modules on it. */
export function useRedisReplicas(): () => Promise<void> {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  const closers: Array<() => Promise<void>> = [];
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    for (const close of closers) await close();
    delete process.env.REDIS_URL;
    await redis?.stop();
  });
  return async () => {
    vi.resetModules();
    process.env.REDIS_URL = redis.url;
    (await import("~/.server/site/config.server")).forgetConfig();
    closers.push((await import("~/.server/http/shared-state.server")).closeSharedRedis);
  };
}
