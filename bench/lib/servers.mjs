// The servers a bench run starts, each pinned to the servers' core: the app (with the embedded platform in its
// process, or talking to it as its own service through PLATFORM_URL), the platform service, and the two baselines.
import { join } from "node:path";
import { freePort } from "../../tests/support/server.ts";
import { startNode, waitReady } from "./proc.mjs";

export const SERVER_CORE = 0;
export const CLIENT_CORE = 1;

function appEnv({ secret, dbFile, port, buildDir, platformUrl }) {
  return {
    NODE_ENV: "production",
    SESSION_SECRET: secret,
    COMMERCE_PLATFORM: "embedded",
    PLATFORM_DB: dbFile,
    PLATFORM_URL: platformUrl ?? "",
    PORT: String(port),
    HOST: "127.0.0.1",
    BUILD_DIR: buildDir,
    // Inherited values would point the app elsewhere.
    WIX_CLIENT_ID: "",
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    TRUST_PROXY: "",
    // All load comes from one loopback address: the per-IP POST limits would
    // answer 429 to most of the cycle. The limiter still runs (its cost counts).
    RATE_LIMITS: "login=1000000,signup=1000000,checkout=1000000,cart=1000000",
    // Wix's per-site budget (200 API calls a minute) would refuse most of a load test's calls: the bench measures CPU
    // and latency, and counts the calls a visit makes against Wix's figure on its own.
    PLATFORM_RATE_LIMIT_PER_MINUTE: "1000000000",
  };
}

/**
 * The app server. With `platformScript`, the platform first starts as its own process (same database file, the
 * app's origin as its app origin) and the app reaches it through PLATFORM_URL: the app's CPU is then its own.
 */
export async function startApp({
  root,
  logDir,
  secret,
  dbFile,
  buildDir,
  platformScript,
  catalogVersion,
  nodeArgs = [],
  extraEnv = {},
  platformEnv = {},
  sharedPlatform,
}) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // `sharedPlatform`: another replica's platform service (replicas share one, as they share Wix).
  let platform = sharedPlatform ?? null;
  if (platformScript && !platform)
    platform = await startPlatform({ root, logDir, dbFile, script: platformScript, appOrigin: url, catalogVersion, extraEnv: platformEnv });
  const child = startNode([...nodeArgs, "server.js"], {
    cwd: root,
    env: { ...appEnv({ secret, dbFile, port, buildDir, platformUrl: platform?.url }), ...extraEnv },
    core: SERVER_CORE,
    logFile: join(logDir, "app-server.log"),
  });
  await waitReady(url + "/healthz", child);
  return { url, child, platform };
}

/** `catalogVersion`: the site's Stores catalog (PLATFORM_CATALOG_VERSION, V3_CATALOG when absent, as the platform's default). */
/** `extraEnv`: e.g. PLATFORM_LATENCY_MS, the latency mode (platform/core/latency.ts). */
export async function startPlatform({ root, logDir, dbFile, script, appOrigin, catalogVersion, extraEnv = {} }) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = startNode([script], {
    cwd: root,
    env: {
      NODE_ENV: "production",
      PLATFORM_PORT: String(port),
      PLATFORM_HOST: "127.0.0.1",
      PLATFORM_DB: dbFile,
      PLATFORM_APP_ORIGIN: appOrigin,
      // As the app's own (appEnv): the load would pass Wix's 200 calls a minute at once.
      PLATFORM_RATE_LIMIT_PER_MINUTE: "1000000000",
      ...(catalogVersion ? { PLATFORM_CATALOG_VERSION: catalogVersion } : {}),
      ...extraEnv,
    },
    core: SERVER_CORE,
    logFile: join(logDir, "platform-server.log"),
  });
  await waitReady(url + "/readyz", child);
  return { url, child };
}

export async function startBare({ benchDir, logDir, bodyFile, contentType }) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = startNode([join(benchDir, "bare-server.mjs")], {
    env: { PORT: String(port), BARE_BODY: bodyFile, BARE_CONTENT_TYPE: contentType },
    core: SERVER_CORE,
    logFile: join(logDir, "bare-server.log"),
  });
  await waitReady(url + "/", child);
  return { url, child };
}

export async function startMinimal({ dir, logDir }) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = startNode(["server.js"], {
    cwd: dir,
    env: { PORT: String(port), NODE_ENV: "production" },
    core: SERVER_CORE,
    logFile: join(logDir, "minimal-app.log"),
  });
  await waitReady(url + "/", child);
  const res = await fetch(url + "/");
  const body = await res.text();
  if (res.status !== 200 || !body.includes("<main>")) throw new Error(`minimal app answered ${res.status}`);
  return { url, child, bytes: Buffer.byteLength(body) };
}
