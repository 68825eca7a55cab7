import { AsyncLocalStorage } from "node:async_hooks";
import { createRequest, sendResponse } from "@remix-run/node-fetch-server";
import type { Request as ExpressRequest, Router } from "express";
import { APP_ORIGIN_HEADER, createPlatform, installPlatformFetch, WIX_API_HOSTS, type Platform } from "../platform";
import type { Config } from "../app/.server/config.server";

/**
 * Attaches the embedded Wix-compatible platform: the SDK's requests to www/edge.wixapis.com are answered by it
 * (the SDK uses the global fetch for tokens, so this is done once, process-wide), and the hosted pages are served
 * on the app's own origin under /_platform/. Two ways:
 * - in this process (default): the platform and its SQLite file live here;
 * - PLATFORM_URL set: the platform runs as its own service (platform/serve.ts); the SDK's requests go to it over
 *   HTTP and /_platform/ is proxied to it, so the browser still sees one origin (docs/decisions/001-*).
 */

/** Readiness of whatever answers the commerce requests: null when ready, else the reason (for logs, not users). */
export type Readiness = () => Promise<string | null>;

// The origin of the request being served, so the platform builds its hosted-page
// URLs (login, payment) on the origin the browser actually uses.
const currentOrigin = new AsyncLocalStorage<string>();

/** The origin the browser sees: configured, else the request's (trusted proxy headers only). */
export function requestOrigin(req: ExpressRequest, config: Config): string {
  return config.publicOrigin ?? `${req.protocol}://${req.host}`;
}

export function attachEmbeddedPlatform(router: Router, config: Config): Readiness {
  return config.commerce.platformUrl ? attachRemote(router, config, config.commerce.platformUrl) : attachInProcess(router, config);
}

function attachInProcess(router: Router, config: Config): Readiness {
  const platform: Platform = createPlatform({
    dbPath: config.commerce.platformDb,
    clientId: config.commerce.clientId,
    signupPolicy: config.commerce.signupPolicy,
    ownerToken: config.commerce.ownerToken,
    faultControl: config.commerce.faultControl,
    allowedOrigins: config.commerce.allowedOrigins,
    defaultAppOrigin: config.publicOrigin ?? `http://localhost:${config.port}`,
  });
  installPlatformFetch(platform, { getAppOrigin: () => currentOrigin.getStore() });

  router.use((req, _res, next) => currentOrigin.run(requestOrigin(req, config), next));
  router.use("/_platform", async (req, res, next) => {
    try {
      const origin = new URL(requestOrigin(req, config));
      req.url = req.originalUrl;
      const request = createRequest(req, res, { protocol: origin.protocol, host: origin.host });
      await sendResponse(res, await platform.fetch(request));
    } catch (error) {
      next(error);
    }
  });
  process.once("exit", () => platform.close());
  return async () => platform.problem();
}

// Hop-by-hop headers (RFC 9110 §7.6.1) are never forwarded; the app-origin header only ever comes from us.
const HOP_BY_HOP = ["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "te", "trailer", "host"];
const READY_TIMEOUT_MS = 3000;

function attachRemote(router: Router, config: Config, platformUrl: string): Readiness {
  const base = new URL(platformUrl);
  const original = globalThis.fetch;
  // The SDK's requests: same method, path, query, headers and body, sent to the platform service instead of Wix.
  globalThis.fetch = async (input, init) => {
    let url: URL | undefined;
    try {
      url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : (input as Request).url);
    } catch {
      url = undefined;
    }
    if (!url || !WIX_API_HOSTS.has(url.hostname)) return original(input, init);
    const request = new Request(input, init);
    const headers = new Headers(request.headers);
    const appOrigin = currentOrigin.getStore();
    if (appOrigin) headers.set(APP_ORIGIN_HEADER, appOrigin);
    else headers.delete(APP_ORIGIN_HEADER);
    const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer();
    return original(new URL(url.pathname + url.search, base), { method: request.method, headers, body, signal: request.signal, redirect: "manual" });
  };

  router.use((req, _res, next) => currentOrigin.run(requestOrigin(req, config), next));
  // The hosted pages (login, payment, owner tools) and the public API under /_platform, on the app's origin.
  router.use("/_platform", async (req, res, next) => {
    try {
      const origin = requestOrigin(req, config);
      req.url = req.originalUrl;
      const incoming = createRequest(req, res);
      const headers = new Headers();
      for (const [name, value] of incoming.headers) if (!HOP_BY_HOP.includes(name) && name !== APP_ORIGIN_HEADER) headers.append(name, value);
      headers.set(APP_ORIGIN_HEADER, origin);
      const hasBody = req.method !== "GET" && req.method !== "HEAD";
      const upstream = await original(new URL(req.originalUrl, base), {
        method: req.method,
        headers,
        body: hasBody ? incoming.body : undefined,
        redirect: "manual",
        signal: AbortSignal.timeout(config.commerce.timeoutMs),
        ...(hasBody ? { duplex: "half" } : {}),
      } as RequestInit);
      const out = new Headers();
      for (const [name, value] of upstream.headers) if (!HOP_BY_HOP.includes(name) && name !== "set-cookie") out.append(name, value);
      for (const cookie of upstream.headers.getSetCookie()) out.append("set-cookie", cookie);
      // fetch already decoded any content-encoding: the bytes we pass on are plain.
      out.delete("content-encoding");
      out.delete("content-length");
      await sendResponse(res, new Response(upstream.body, { status: upstream.status, statusText: upstream.statusText, headers: out }));
    } catch (error) {
      const name = (error as Error)?.name;
      if (name === "TimeoutError" || name === "TypeError") {
        if (!res.headersSent)
          res.status(503).setHeader("Retry-After", "5").type("text").send("La plateforme de commerce ne répond pas : réessayez dans un instant.");
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
