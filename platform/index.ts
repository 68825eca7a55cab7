// The embedded Wix-compatible commerce platform: answers the SDK's requests to www/edge.wixapis.com,
// the same API under /_platform/api, and the hosted pages under /_platform/.
import { existsSync, readFileSync, statSync } from "node:fs";
import { extname, resolve, sep } from "node:path";
import { registerCart } from "./cart";
import { registerCatalog } from "./catalog";
import { registerCheckout } from "./checkout";
import type { Ctx, ResolvedOptions } from "./context";
import { mediaIdToPath, resolveSeedPaths } from "./context";
import { isSeeded, openDatabase, wipe } from "./db";
import type { ApiRequest } from "./http";
import { appError, decodeDotR, errorResponse, html, json, newRequestId, queryToObject, Router, WixError } from "./http";
import { registerMembers } from "./members";
import { registerOAuth } from "./oauth";
import { registerOrders } from "./orders";
import { loginGet, loginPost, logoutGet, signupGet, signupPost } from "./pages/auth";
import { errorPage, PLATFORM_CSS, withTheme } from "./pages/layout";
import { paymentGet, paymentPost } from "./pages/payment";
import { registerRedirects } from "./redirects";
import { loadSeed, readSeedFile } from "./seed";

export const EMBEDDED_CLIENT_ID = "embedded-demo-client"; // the only OAuth clientId the platform accepts by default

export interface PlatformOptions {
  dbPath: string; // SQLite file path; ":memory:" for tests; parent folder created if missing
  seed?: boolean; // load platform/seed/demo.json when the database is new (default true)
  clientId?: string; // accepted OAuth clientId (default EMBEDDED_CLIENT_ID)
  accessTokenTtlSeconds?: number; // default 4 * 3600
  allowedOrigins?: string[]; // extra origins allowed for redirect URIs / callbacks (besides the app origin)
  defaultAppOrigin?: string; // app origin used when a request carries no x-platform-app-origin (default "http://localhost:3000")
  requireMemberApproval?: boolean; // sign-up creates PENDING members (default false)
  /** Seed file to load instead of platform/seed/demo.json (its media are read from `<dir>/media`). */
  seedFile?: string;
}

export interface Platform {
  fetch(request: Request): Promise<Response>;
  reset(): void;
  close(): void;
}

export const WIX_API_HOSTS = new Set(["www.wixapis.com", "edge.wixapis.com"]);
const APP_ORIGIN_HEADER = "x-platform-app-origin";
const MAX_BODY_BYTES = 1_000_000;

const CONTENT_TYPES: Record<string, string> = {
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".gif": "image/gif",
  ".avif": "image/avif",
};

function normalizeOrigin(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const u = new URL(value);
    return u.protocol === "http:" || u.protocol === "https:" ? u.origin : undefined;
  } catch {
    return undefined;
  }
}

export function createPlatform(options: PlatformOptions): Platform {
  const paths = resolveSeedPaths(options.seedFile);
  const opts: ResolvedOptions = {
    dbPath: options.dbPath,
    seed: options.seed ?? true,
    seedFile: paths.seedFile,
    mediaDir: paths.mediaDir,
    clientId: options.clientId ?? EMBEDDED_CLIENT_ID,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 4 * 3600,
    allowedOrigins: (options.allowedOrigins ?? []).map((o) => normalizeOrigin(o) ?? o),
    defaultAppOrigin: normalizeOrigin(options.defaultAppOrigin) ?? "http://localhost:3000",
    requireMemberApproval: options.requireMemberApproval ?? false,
  };
  const db = openDatabase(opts.dbPath);
  const ctx: Ctx = { db, opts };

  const seedNow = () => {
    if (!opts.seed) return;
    const data = readSeedFile(opts.seedFile);
    if (!data) {
      console.warn(`[platform] seed file not found (${opts.seedFile}); starting with an empty catalog`);
      return;
    }
    loadSeed(ctx, data);
  };
  if (!isSeeded(db)) seedNow();

  const api = new Router();
  registerOAuth(api, ctx);
  registerRedirects(api, ctx);
  registerCatalog(api, ctx);
  registerCart(api, ctx);
  registerCheckout(api, ctx);
  registerOrders(api, ctx);
  registerMembers(api, ctx);

  async function handleApi(request: Request, url: URL, path: string, appOrigin: string): Promise<Response> {
    const method = request.method.toUpperCase();
    const m = api.match(method, path);
    if (m === null) throw appError(404, "NOT_FOUND", `Aucune route pour ${method} ${path}`, { path }, "Not Found");
    if (m === "method") throw appError(405, "METHOD_NOT_ALLOWED", `Méthode ${method} non prise en charge pour ${path}`, { path, method }, "Method Not Allowed");
    let body: Record<string, unknown>;
    if (method === "GET" || method === "DELETE" || method === "HEAD") {
      const r = url.searchParams.get(".r");
      if (r !== null) {
        const decoded = decodeDotR(r);
        if (typeof decoded !== "object" || decoded === null || Array.isArray(decoded))
          throw appError(400, "INVALID_ARGUMENT", ".r doit contenir un objet JSON");
        body = decoded as Record<string, unknown>;
      } else body = queryToObject(url.searchParams);
    } else {
      const declared = Number(request.headers.get("content-length") ?? "0");
      if (declared > MAX_BODY_BYTES) throw appError(413, "PAYLOAD_TOO_LARGE", "Le corps de la requête est trop volumineux");
      const text = await request.text();
      if (text.length > MAX_BODY_BYTES) throw appError(413, "PAYLOAD_TOO_LARGE", "Le corps de la requête est trop volumineux");
      const type = request.headers.get("content-type") ?? "";
      if (!text.trim()) body = {};
      else if (type.includes("application/x-www-form-urlencoded")) body = Object.fromEntries(new URLSearchParams(text));
      else {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          throw appError(400, "INVALID_ARGUMENT", "Le corps de la requête n'est pas du JSON valide");
        }
        if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
          throw appError(400, "INVALID_ARGUMENT", "Le corps de la requête doit être un objet JSON");
        body = parsed as Record<string, unknown>;
      }
    }
    const req: ApiRequest = {
      method,
      path,
      params: m.params,
      body,
      query: url.searchParams,
      queryObject: queryToObject(url.searchParams),
      headers: request.headers,
      appOrigin,
      raw: request,
    };
    const result = await m.handler(req);
    return result instanceof Response ? result : json(result ?? {});
  }

  function serveMedia(rel: string, method: string): Response {
    let decoded: string;
    try {
      decoded = decodeURIComponent(rel);
    } catch {
      return json({ message: "Not Found" }, 404);
    }
    const root = resolve(opts.mediaDir);
    const file = resolve(root, decoded.includes("/") ? decoded : mediaIdToPath(decoded));
    const type = CONTENT_TYPES[extname(file).toLowerCase()];
    if (!file.startsWith(root + sep) || !type || !existsSync(file) || !statSync(file).isFile())
      return new Response("Image introuvable", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
    const data = readFileSync(file);
    return new Response(method === "HEAD" ? null : data, {
      status: 200,
      headers: {
        "content-type": type,
        "content-length": String(data.length),
        "cache-control": "public, max-age=31536000, immutable",
        "x-content-type-options": "nosniff",
        ...(type === "image/svg+xml" ? { "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'" } : {}),
      },
    });
  }

  async function handlePages(request: Request, url: URL, sub: string): Promise<Response> {
    const method = request.method.toUpperCase();
    if (sub.startsWith("media/") && (method === "GET" || method === "HEAD")) return serveMedia(sub.slice("media/".length), method);
    if (sub === "assets/platform.css" && (method === "GET" || method === "HEAD"))
      return new Response(method === "HEAD" ? null : PLATFORM_CSS, {
        headers: { "content-type": "text/css; charset=utf-8", "cache-control": "public, max-age=3600" },
      });
    const route = `${method} ${sub.replace(/\/$/, "")}`;
    switch (route) {
      case "GET login":
        return loginGet(ctx, url);
      case "POST login":
        return loginPost(ctx, request);
      case "GET signup":
        return signupGet(ctx, url);
      case "POST signup":
        return signupPost(ctx, request);
      case "GET logout":
        return logoutGet(ctx, url);
      case "GET checkout":
        return paymentGet(ctx, url);
      case "POST checkout":
        return paymentPost(ctx, request);
    }
    return html(errorPage("Page introuvable", "Cette page n'existe pas."), 404);
  }

  async function dispatch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    try {
      if (WIX_API_HOSTS.has(url.hostname)) {
        const appOrigin = normalizeOrigin(request.headers.get(APP_ORIGIN_HEADER)) ?? opts.defaultAppOrigin;
        return await handleApi(request, url, url.pathname, appOrigin);
      }
      if (url.pathname === "/_platform/api" || url.pathname.startsWith("/_platform/api/")) {
        // External callers cannot choose the app origin: the header only counts in-process.
        return await handleApi(request, url, url.pathname.slice("/_platform/api".length) || "/", opts.defaultAppOrigin);
      }
      if (url.pathname.startsWith("/_platform/"))
        return await withTheme(request, await handlePages(request, url, url.pathname.slice("/_platform/".length)));
      throw appError(404, "NOT_FOUND", `Aucune route pour ${url.pathname}`, { path: url.pathname }, "Not Found");
    } catch (err) {
      if (err instanceof WixError) return errorResponse(err);
      console.error("[platform] unexpected error", err);
      return json({ message: "Internal Server Error", details: { applicationError: { code: "INTERNAL_ERROR", description: "Erreur interne de la plateforme", data: {} } } }, 500);
    }
  }

  let closed = false;
  return {
    async fetch(request: Request): Promise<Response> {
      const requestId = newRequestId();
      if (closed) {
        const r = json({ message: "Platform closed" }, 503);
        r.headers.set("x-wix-request-id", requestId);
        return r;
      }
      const res = await dispatch(request);
      // Responses from Response.redirect() have immutable headers; rebuild when needed.
      try {
        res.headers.set("x-wix-request-id", requestId);
        return res;
      } catch {
        const headers = new Headers(res.headers);
        headers.set("x-wix-request-id", requestId);
        return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
      }
    },
    reset() {
      // One transaction: concurrent requests see the old data or the new, never an empty store.
      db.transaction(() => {
        wipe(db);
        seedNow();
      }).immediate();
    },
    close() {
      if (closed) return;
      closed = true;
      db.close();
    },
  };
}

/**
 * Patches globalThis.fetch (process-wide, because the SDK's token calls use the global fetch):
 * requests to www.wixapis.com / edge.wixapis.com go to platform.fetch, everything else to the
 * original fetch. Returns a function that restores the original fetch.
 */
export function installPlatformFetch(platform: Platform, opts: { getAppOrigin?: () => string | undefined } = {}): () => void {
  const original = globalThis.fetch;
  const patched: typeof fetch = async (input, init) => {
    let url: URL | undefined;
    try {
      url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : (input as Request).url);
    } catch {
      url = undefined;
    }
    if (!url || !WIX_API_HOSTS.has(url.hostname)) return original(input, init);
    const request = new Request(input, init);
    const appOrigin = opts.getAppOrigin?.();
    if (appOrigin) {
      const headers = new Headers(request.headers);
      headers.set(APP_ORIGIN_HEADER, appOrigin);
      return platform.fetch(new Request(request, { headers }));
    }
    return platform.fetch(request);
  };
  globalThis.fetch = patched;
  return () => {
    if (globalThis.fetch === patched) globalThis.fetch = original;
  };
}
