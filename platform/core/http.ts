// Tiny HTTP layer of the embedded platform: routing over Request/Response, JSON and HTML answers, and small readers
// of untrusted values. The error envelope (errors.ts) and the body readers (request-body.ts) are re-exported here.
import { randomUUID } from "node:crypto";
import { validationError, type WixError } from "./errors";

// The error envelope and the input readers live beside this file; every handler imports them from here.
export * from "./errors";
export * from "./request-body";

export function newRequestId(): string {
  return `${Date.now().toString(36)}.${randomUUID().replace(/-/g, "").slice(0, 20)}`;
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}

export function errorResponse(err: WixError): Response {
  return json(err.body, err.status);
}

// Hosted pages carry session ids in their URLs and take credentials: no framing, no referrer, no scripts.
const PAGE_HEADERS = {
  "cache-control": "no-store",
  "referrer-policy": "no-referrer",
  "x-frame-options": "DENY",
  "x-content-type-options": "nosniff",
  "content-security-policy":
    "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self' http: https:; frame-ancestors 'none'; base-uri 'none'",
};

export function html(body: string, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(body, {
    status,
    headers: { "content-type": "text/html; charset=utf-8", ...PAGE_HEADERS, ...headers },
  });
}

export function redirect(location: string, status = 303): Response {
  return new Response(null, { status, headers: { location, "cache-control": "no-store", "referrer-policy": "no-referrer" } });
}

export interface ApiRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  /** Payload: JSON body for POST/PATCH/PUT, query (or decoded `.r`) for GET/DELETE. */
  body: Record<string, unknown>;
  query: URLSearchParams;
  /** Raw query string values as an object (arrays for repeated keys). */
  queryObject: Record<string, unknown>;
  headers: Headers;
  appOrigin: string;
  /** Who is calling, for per-client throttling: the address the host put in CLIENT_HEADER, or "unknown". */
  client: string;
  raw: Request;
}

/**
 * The end user's address, set by the host that runs the platform (in-process fetch, or the `/_platform` mount,
 * which overwrites whatever the browser sent); the platform itself never sees the browser's connection.
 */
export const CLIENT_HEADER = "x-platform-client-ip";

export function clientOf(request: Request): string {
  return request.headers.get(CLIENT_HEADER)?.trim().slice(0, 64) || "unknown";
}

export type ApiHandler = (req: ApiRequest) => unknown | Promise<unknown>;

interface Route {
  method: string;
  pattern: RegExp;
  keys: string[];
  handler: ApiHandler;
  path: string;
}

export class Router {
  private routes: Route[] = [];

  on(method: string, path: string, handler: ApiHandler): this {
    const keys: string[] = [];
    const pattern = new RegExp(
      "^" +
        path
          .split("/")
          .map((seg) => {
            if (seg.startsWith(":")) {
              keys.push(seg.slice(1));
              return "([^/]+)";
            }
            return seg.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
          })
          .join("/") +
        "/?$",
    );
    this.routes.push({ method: method.toUpperCase(), pattern, keys, handler, path });
    return this;
  }

  /** The same router, every handler registered through it running `gate` first (an API Wix removes on a date). */
  gated(gate: (req: ApiRequest) => void): Router {
    const view = Object.create(this) as Router;
    view.on = (method, path, handler) => {
      this.on(method, path, (req) => {
        gate(req);
        return handler(req);
      });
      return view;
    };
    return view;
  }

  /** Every route as "METHOD /path/:param", in registration order (the golden suite checks each has a fixture). */
  list(): string[] {
    return this.routes.map((r) => `${r.method} ${r.path}`);
  }

  match(method: string, path: string): { handler: ApiHandler; params: Record<string, string> } | "method" | null {
    let pathMatched = false;
    for (const r of this.routes) {
      const m = r.pattern.exec(path);
      if (!m) continue;
      pathMatched = true;
      if (r.method !== method) continue;
      const params: Record<string, string> = {};
      r.keys.forEach((k, i) => {
        try {
          params[k] = decodeURIComponent(m[i + 1]!);
        } catch {
          params[k] = m[i + 1]!;
        }
      });
      return { handler: r.handler, params };
    }
    return pathMatched ? "method" : null;
  }
}

export function escapeHtml(value: unknown): string {
  return String(value ?? "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

// Small value readers: payloads are untrusted JSON, so every handler reads through these.
export function asObject(v: unknown): Record<string, unknown> | undefined {
  return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}
export function asString(v: unknown): string | undefined {
  return typeof v === "string" ? v : undefined;
}
/** A bulk request's list: 1 to `max` entries, else Wix's MAX_SIZE violation on `field` ("must hold 1 to 100 orders"). */
export function boundedList(v: unknown, field: string, max: number, what: string): unknown[] {
  const list = Array.isArray(v) ? (v as unknown[]) : [];
  if (!list.length || list.length > max)
    throw validationError([{ field, description: `must hold 1 to ${max} ${what}`, violatedRule: "MAX_SIZE" }]);
  return list;
}

/**
 * False when a browser says the request comes from another site (its Origin header differs from the request's):
 * state-changing owner tools must not be driven by a cross-site form or a "simple" cross-site POST.
 */
export function sameOriginOrNone(request: Request): boolean {
  // Browsers say where a request comes from in Sec-Fetch-Site; they send `Origin: null` for a same-origin
  // form POST from a page with `Referrer-Policy: no-referrer` (as these pages are), so that header decides first.
  const site = request.headers.get("sec-fetch-site");
  if (site) return site === "same-origin" || site === "none";
  const origin = request.headers.get("origin");
  if (!origin || origin === "null") return origin !== "null";
  try {
    return origin === new URL(request.url).origin;
  } catch {
    return false;
  }
}
