// The bench's part with the platform as far away as Wix (latency mode, PLATFORM_LATENCY_MS=120): round trips and
// time to first byte per request (lib/round-trips.mjs), the calls of two typical visits with 1 and 3 replicas sharing
// Redis and one platform, and Lighthouse mobile on the six pages with the floor app's score beside them.
import { join } from "node:path";
import { E2E_PLATFORM_API_KEY, OWNER_LOGIN, OWNER_TOKEN } from "../../tests/support/demo.ts";
import { startRedis } from "../../tests/support/redis.ts";
import { lighthousePages } from "./lighthouse.mjs";
import { stop } from "./proc.mjs";
import { LATENCY_MS, measureRoundTrips, measureVisits } from "./round-trips.mjs";
import { PRODUCT_PAGE } from "./scenarios.mjs";
import { startApp, startMinimal } from "./servers.mjs";

const log = (...a) => console.log(...a);

export async function latencyRun(ctx, { samples, lighthouseRuns, minimalDir }) {
  const redis = await startRedis();
  const logFile = join(ctx.work, "latency-calls.log");
  // The owner's token and the elevated client's key (app and platform alike), for the back-office rows.
  const latencyEnv = { PLATFORM_LATENCY_MS: String(LATENCY_MS), PLATFORM_OWNER_TOKEN: OWNER_TOKEN, PLATFORM_API_KEY: E2E_PLATFORM_API_KEY };
  const replicaOptions = {
    ...ctx.appOptions,
    dbFile: join(ctx.work, "latency.sqlite"),
    nodeArgs: ["--import", join(ctx.benchDir, "lib", "count-sdk-calls.mjs")],
    // In the process (--platform inprocess) the app's own configuration sets the latency; else the service's.
    extraEnv: { SDK_CALL_LOG: logFile, REDIS_URL: redis.url, OWNER_EMAILS: OWNER_LOGIN.email, ...latencyEnv },
    platformEnv: latencyEnv,
  };
  const started = [];
  let platform = null;
  try {
    const first = await startApp(replicaOptions);
    started.push(first);
    platform = first.platform;
    log(`\nround trips and time to first byte, platform latency ${LATENCY_MS} ms ±20 % (one request at a time) …`);
    const trips = await measureRoundTrips(first, logFile, { samples });
    log("\nSDK calls of a browsing and a buying visit, 1 replica …");
    const one = await measureVisits([first], logFile);
    // Replicas of one site behind one public address: the first one's (the platform's callbacks are registered for
    // it, and a form's Origin is checked against it).
    const sameSite = { ...replicaOptions.extraEnv, PUBLIC_ORIGIN: first.url };
    for (let i = 0; i < 2; i++) started.push(await startApp({ ...replicaOptions, extraEnv: sameSite, sharedPlatform: first.platform }));
    log("SDK calls of the same visits, 3 replicas in turn (two of them new), sharing Redis …");
    const three = await measureVisits(started, logFile);
    let lighthouse = null;
    if (lighthouseRuns > 0) {
      log(`\nLighthouse (mobile, latency on) …`);
      const floor = minimalDir ? await startMinimal({ dir: minimalDir, logDir: ctx.resultsDir }) : null;
      try {
        lighthouse = await lighthousePages(
          ctx.root,
          [
            ...(floor ? [{ name: "floor app /", url: floor.url + "/" }] : []),
            { name: "/", url: first.url + "/" },
            { name: "/cv", url: first.url + "/cv" },
            { name: "/products", url: first.url + "/products" },
            { name: "/products/:slug", url: first.url + PRODUCT_PAGE },
            { name: "/cart (3 lines)", url: first.url + "/cart", cookie: trips.cartCookie },
            { name: "/contact", url: first.url + "/contact" },
          ],
          { runs: lighthouseRuns },
        );
      } finally {
        if (floor) await stop(floor.child);
      }
    }
    return { latencyMs: LATENCY_MS, requests: trips.requests, visits: [one, three], lighthouse };
  } catch (error) {
    return { error: String(error?.stack ?? error).slice(0, 600) };
  } finally {
    for (const app of started) await stop(app.child);
    if (platform) await stop(platform.child);
    await redis.stop();
  }
}
