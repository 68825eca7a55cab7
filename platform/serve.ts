// The embedded platform as its own HTTP service (`npm run platform:serve`; `node build/platform/serve.js` in the
// image): the replicas of the app reach it over the network with PLATFORM_URL, as they would reach Wix.
//
//   /healthz            liveness (the process answers)
//   /readyz             readiness (the database answers and is whole: SQLite quick_check)
//   /_platform/…        hosted pages and the public API, proxied by the app on its own origin
//   anything else       the Wix REST API the SDK calls (www/edge.wixapis.com paths)
//
// Environment: PLATFORM_PORT (3100), PLATFORM_HOST (127.0.0.1), PLATFORM_DB (.data/platform.sqlite),
// PLATFORM_APP_ORIGIN (the app's public origin, http://localhost:3000), PLATFORM_ALLOWED_ORIGINS, PLATFORM_OWNER_TOKEN,
// PLATFORM_API_KEY and PLATFORM_SITE_ID (the back-office's elevated client), PLATFORM_WEBHOOK_URLS (where events go),
// PLATFORM_SIGNUP_POLICY, PLATFORM_CATALOG_VERSION, PLATFORM_PAYMENT_CAPTURE, PLATFORM_OWNER_EMAIL, PLATFORM_SHOP_NAME,
// PLATFORM_OUTBOX_FILE, PLATFORM_FAULT_CONTROL, PLATFORM_ALLOWED_REDIRECT_URIS, PLATFORM_NOW (platform/options.ts reads
// them). Keep the service off the public network: only the app talks to it.
import { createServer } from "node:http";
import { createRequestListener } from "@remix-run/node-fetch-server";
import { APP_ORIGIN_HEADER, createPlatform, platformOptionsFromEnv, type Platform } from "./index";

const env = process.env;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function originOf(value: string | undefined | null): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

const port = Number(env.PLATFORM_PORT ?? 3100);
if (!Number.isInteger(port) || port < 1 || port > 65535)
  fail(`PLATFORM_PORT must be a port number (got ${JSON.stringify(env.PLATFORM_PORT)})`);
const host = env.PLATFORM_HOST?.trim() || "127.0.0.1";
const appOrigin = originOf(env.PLATFORM_APP_ORIGIN ?? "http://localhost:3000");
if (!appOrigin)
  fail(`PLATFORM_APP_ORIGIN must be an origin such as https://shop.example.com (got ${JSON.stringify(env.PLATFORM_APP_ORIGIN)})`);
const extraOrigins = (env.PLATFORM_ALLOWED_ORIGINS ?? "")
  .split(",")
  .map((s) => s.trim())
  .filter(Boolean);
for (const o of extraOrigins) if (!originOf(o)) fail(`PLATFORM_ALLOWED_ORIGINS: ${JSON.stringify(o)} is not an origin`);
// The app tells which of its origins a request came through; only these are believed.
const allowed = new Set([appOrigin, ...extraOrigins.map((o) => originOf(o)!)]);

let platform: Platform;
try {
  platform = createPlatform({
    ...platformOptionsFromEnv(env),
    dbPath: env.PLATFORM_DB?.trim() || ".data/platform.sqlite",
    allowedOrigins: extraOrigins,
    defaultAppOrigin: appOrigin,
  });
} catch (error) {
  if (error instanceof Error && (error.name === "PlatformDbError" || /PLATFORM_/.test(error.message))) fail(error.message);
  throw error;
}

const text = (body: string, status = 200) =>
  new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });

let draining = false;
const listener = createRequestListener(async (request) => {
  const url = new URL(request.url);
  if (url.pathname === "/healthz") return text("ok");
  if (url.pathname === "/readyz") {
    const problem = draining ? "shutting down" : platform.problem();
    if (problem) console.error(JSON.stringify({ time: new Date().toISOString(), level: "error", event: "not-ready", problem }));
    return problem ? text("not ready", 503) : text("ready");
  }
  const claimed = originOf(request.headers.get(APP_ORIGIN_HEADER));
  const origin = claimed && allowed.has(claimed) ? claimed : appOrigin;
  const headers = new Headers(request.headers);
  headers.delete(APP_ORIGIN_HEADER);
  headers.delete("host");
  let target: URL;
  if (url.pathname === "/_platform" || url.pathname.startsWith("/_platform/")) {
    // Hosted pages see the URL the browser used, on the app's origin (same-origin checks, links, redirects).
    target = new URL(url.pathname + url.search, origin);
  } else {
    target = new URL(url.pathname + url.search, "https://www.wixapis.com");
    headers.set(APP_ORIGIN_HEADER, origin);
  }
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return platform.fetch(
    new Request(target, {
      method: request.method,
      headers,
      body: hasBody ? request.body : undefined,
      redirect: "manual",
      ...(hasBody ? { duplex: "half" } : {}),
    } as RequestInit),
  );
});

const server = createServer(listener);
server.listen(port, host, () =>
  console.log(`Platform service ready on http://${host}:${port} (database ${env.PLATFORM_DB?.trim() || ".data/platform.sqlite"})`),
);

function shutdown(signal: string) {
  console.log(`${signal} received: closing the platform service`);
  draining = true;
  server.close(() => {
    platform.close();
    process.exit(0);
  });
  setTimeout(
    () => {
      platform.close();
      process.exit(1);
    },
    Number(env.SHUTDOWN_GRACE_MS) || 10_000,
  ).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
