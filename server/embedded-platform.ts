import { AsyncLocalStorage } from "node:async_hooks";
import { sendResponse } from "@remix-run/node-fetch-server";
import type { Router } from "express";
import { ipKeyGenerator } from "express-rate-limit";
import { APP_ORIGIN_HEADER, createPlatform, installPlatformFetch, wixApiUrl, type Platform } from "../platform";
import { CLIENT_HEADER } from "../platform/core/http";
import type { Config } from "../app/.server/site/config.server";
import { configureWebhooks } from "../app/.server/wix/webhooks.server";
import { toFetchRequest } from "./fetch-request";

/**
 * Attaches the embedded Wix-compatible platform: the SDK's requests to www/edge.wixapis.com are answered by it
 * (the SDK uses the global fetch for tokens, so this is done once, process-wide), and the hosted pages are served
 * on the app's own origin under /_platform/. Two ways:
 * - in this process (default): the platform and its SQLite file live here;
 * - PLATFORM_URL set: the platform runs as its own service (platform/serve.ts); the SDK's requests go to it over
 *   HTTP and /_platform/ is proxied to it, so the browser still sees one origin (docs/decisions/0011-*).
 *
 * Every URL the platform builds (hosted pages, e-mail links, media) starts with the configured public origin. The
 * visitor's address travels with each call (CLIENT_HEADER) so the platform can throttle logins per account and
 * client; whatever a browser puts in that header is overwritten here.
 */

/** Readiness of whatever answers the commerce requests: null when ready, else the reason (for logs, not users). */
export type Readiness = () => Promise<string | null>;

const currentClient = new AsyncLocalStorage<string>();

/**
 * The client as the rate limits count it: an IPv4 address, or an IPv6 /56 network (one subscriber's whole
 * allocation; counting single IPv6 addresses would give an attacker millions of fresh tries).
 */
function clientKey(ip: string | undefined): string {
  return ip ? ipKeyGenerator(ip, 56) : "unknown";
}

function loopbackHost(host: string | undefined): string {
  return !host || ["0.0.0.0", "::", "localhost"].includes(host) ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
}

export function attachEmbeddedPlatform(router: Router, config: Config): Readiness {
  router.use((req, _res, next) => currentClient.run(clientKey(req.ip), next));
  return config.commerce.platformUrl ? attachRemote(router, config, config.commerce.platformUrl) : attachInProcess(router, config);
}

function attachInProcess(router: Router, config: Config): Readiness {
  const platform: Platform = createPlatform({
    dbPath: config.commerce.platformDb,
    clientId: config.commerce.clientId,
    signupPolicy: config.commerce.signupPolicy,
    ownerToken: config.commerce.ownerToken,
    apiKey: config.admin.apiKey,
    siteId: config.admin.siteId,
    paymentCapture: config.admin.paymentCapture,
    // Order e-mails and contact requests: the owner's copy goes to the published contact address, signed with the owner's name.
    ownerEmail: config.legal.email,
    shopName: config.site.ownerName,
    faultControl: config.commerce.faultControl,
    allowedOrigins: config.commerce.allowedOrigins,
    allowedRedirectUris: config.commerce.allowedRedirectUris,
    ...(config.commerce.platformNow === undefined ? {} : { now: () => config.commerce.platformNow! }),
    defaultAppOrigin: config.publicOrigin,
    // Events go to the app's own webhook endpoint, then to PLATFORM_WEBHOOK_URLS. This process's own endpoint is
    // reached on loopback: through PUBLIC_ORIGIN each event would leave through the proxy and come back.
    webhookUrls: [`http://${loopbackHost(config.host)}:${config.port}/webhooks/wix`, ...config.commerce.webhookUrls],
    catalogVersion: config.commerce.catalogVersion,
    latencyMs: config.commerce.latencyMs,
    rateLimitPerMinute: config.commerce.rateLimitPerMinute,
  });
  configureWebhooks({ publicKey: platform.webhookPublicKey(), appId: config.commerce.webhookAppId });
  installPlatformFetch(platform, { getAppOrigin: () => config.publicOrigin, getClient: () => currentClient.getStore() });

  router.use("/_platform", async (req, res, next) => {
    try {
      const request = toFetchRequest(req, res, config.publicOrigin, { [CLIENT_HEADER]: clientKey(req.ip) });
      await sendResponse(res, await platform.fetch(request));
    } catch (error) {
      next(error);
    }
  });
  process.once("exit", () => platform.close());
  return async () => platform.problem();
}

// Hop-by-hop headers (RFC 9110 §7.6.1) are never forwarded; the app-origin and client headers only ever come from us.
const HOP_BY_HOP = [
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "te",
  "trailer",
  "host",
  "content-length",
];
const READY_TIMEOUT_MS = 3000;

/**
 * The platform service signs its events with a key pair of its own and publishes the public key: the webhook endpoint
 * of this replica learns it from there. The service may answer after this replica starts (compose starts them
 * together), so it is asked again, less and less often, until it answers; meanwhile events are refused (401) and the
 * service sends them again later.
 */
function learnWebhookKey(fetchOriginal: typeof fetch, base: URL, config: Config, attempt = 0): void {
  const again = () =>
    setTimeout(() => learnWebhookKey(fetchOriginal, base, config, attempt + 1), Math.min(30_000, 500 * 2 ** attempt)).unref();
  fetchOriginal(new URL("/_platform/webhooks/public-key", base), { signal: AbortSignal.timeout(READY_TIMEOUT_MS) })
    .then(async (res) => {
      const key = res.ok ? (await res.text()).trim() : "";
      if (!key.startsWith("-----BEGIN PUBLIC KEY-----")) return again();
      configureWebhooks({ publicKey: key, appId: config.commerce.webhookAppId });
    })
    .catch(again);
}

function attachRemote(router: Router, config: Config, platformUrl: string): Readiness {
  const base = new URL(platformUrl);
  const original = globalThis.fetch;
  learnWebhookKey(original, base, config);
  // The SDK's requests: same method, path, query, headers and body, sent to the platform service instead of Wix.
  globalThis.fetch = async (input, init) => {
    const url = wixApiUrl(input);
    if (!url) return original(input, init);
    const request = new Request(input, init);
    const headers = new Headers(request.headers);
    headers.set(APP_ORIGIN_HEADER, config.publicOrigin);
    const client = currentClient.getStore();
    if (client) headers.set(CLIENT_HEADER, client);
    else headers.delete(CLIENT_HEADER);
    const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer();
    return original(new URL(url.pathname + url.search, base), {
      method: request.method,
      headers,
      body,
      signal: request.signal,
      redirect: "manual",
    });
  };

  // The hosted pages (login, payment, owner tools) and the public API under /_platform, on the app's origin.
  router.use("/_platform", async (req, res, next) => {
    try {
      // The body was read and capped by bodyLimits (server/body-limits.ts); toFetchRequest carries that copy.
      const incoming = toFetchRequest(req, res, config.publicOrigin);
      const headers = new Headers();
      for (const [name, value] of incoming.headers)
        if (!HOP_BY_HOP.includes(name) && name !== APP_ORIGIN_HEADER && name !== CLIENT_HEADER) headers.append(name, value);
      headers.set(APP_ORIGIN_HEADER, config.publicOrigin);
      headers.set(CLIENT_HEADER, clientKey(req.ip));
      const hasBody = req.method !== "GET" && req.method !== "HEAD";
      const upstream = await original(new URL(req.originalUrl.startsWith("/") ? req.originalUrl : `/${req.originalUrl}`, base), {
        method: req.method,
        headers,
        body: hasBody ? await incoming.arrayBuffer() : undefined,
        redirect: "manual",
        signal: AbortSignal.timeout(config.commerce.timeoutMs),
      });
      const out = new Headers();
      for (const [name, value] of upstream.headers) if (!HOP_BY_HOP.includes(name) && name !== "set-cookie") out.append(name, value);
      for (const cookie of upstream.headers.getSetCookie()) out.append("set-cookie", cookie);
      // fetch already decoded any content-encoding: the bytes we pass on are plain.
      out.delete("content-encoding");
      await sendResponse(res, new Response(upstream.body, { status: upstream.status, statusText: upstream.statusText, headers: out }));
    } catch (error) {
      const name = (error as Error)?.name;
      if (name === "TimeoutError" || name === "TypeError") {
        if (!res.headersSent)
          res
            .status(503)
            .setHeader("Retry-After", "5")
            .type("text")
            .send("La plateforme de commerce ne répond pas : réessayez dans un instant.");
        return;
      }
      next(error);
    }
  });
  return async () => {
    try {
      const res = await original(new URL("/readyz", base), { signal: AbortSignal.timeout(READY_TIMEOUT_MS) });
      await res.body?.cancel();
      return res.ok ? null : `platform service ${base.origin}/readyz answered ${res.status}`;
    } catch (error) {
      return `platform service ${base.origin} unreachable (${(error as Error).name})`;
    }
  };
}
