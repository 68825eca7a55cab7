// Tiny HTTP layer of the embedded platform: routing over Request/Response, JSON helpers and the
// error shapes the Wix SDK understands (tests/contract/errors.test.ts holds them).
import { randomUUID } from "node:crypto";

export interface FieldViolation {
  field: string;
  description: string;
  violatedRule?: string;
  ruleName?: string;
  data?: Record<string, unknown>;
}

/** A Wix-shaped failure; thrown by handlers and turned into a response by the router. */
export class WixError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(typeof body.message === "string" ? body.message : `HTTP ${status}`);
  }
}

export function appError(
  status: number,
  code: string,
  description: string,
  data: Record<string, unknown> = {},
  message?: string,
): WixError {
  return new WixError(status, {
    message: message ?? description,
    details: { applicationError: { code, description, data } },
  });
}

export function validationError(violations: FieldViolation[], message?: string): WixError {
  const sorted = [...violations].sort((a, b) => a.field.localeCompare(b.field));
  return new WixError(400, {
    message: message ?? `INVALID_ARGUMENT: ${sorted.map((v) => `"${v.field}" ${v.description}`).join(", ")}`,
    details: {
      validationError: {
        fieldViolations: sorted.map((v) => ({
          field: v.field,
          description: v.description,
          violatedRule: v.violatedRule ?? "VALIDATION",
          ruleName: v.ruleName ?? v.violatedRule ?? "VALIDATION",
          data: v.data ?? {},
        })),
      },
    },
  });
}

export function fieldError(field: string, description: string, violatedRule = "VALIDATION"): WixError {
  return validationError([{ field, description, violatedRule }]);
}

export const unauthenticated = () => appError(401, "UNAUTHENTICATED", "Jeton d'accès absent, invalide ou expiré", {}, "Unauthenticated");
export const permissionDenied = (what = "Accès refusé") => appError(403, "PERMISSION_DENIED", what, {}, "Permission denied");
export const notFound = (code: string, description: string, data: Record<string, unknown> = {}) => appError(404, code, description, data);

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

/** Decodes the SDK's `.r=` form: base64url of the JSON payload, padding stripped. */
export function decodeDotR(value: string): unknown {
  const b64 = value.replace(/-/g, "+").replace(/_/g, "/");
  const padded = b64 + "=".repeat((4 - (b64.length % 4)) % 4);
  const text = Buffer.from(padded, "base64").toString("utf8");
  try {
    return parseUntrustedJson(text);
  } catch (error) {
    if (error instanceof ForbiddenKeyError) throw forbiddenKey(error.key);
    throw fieldError(".r", "is not valid base64url JSON", "FORMAT");
  }
}

/** Keys that would reach an object's prototype chain if used as property names while building from input. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

export const forbiddenKey = (key: string) =>
  appError(400, "INVALID_ARGUMENT", `Nom de champ refusé : ${key.slice(0, 40)}`, {}, "Invalid argument");

/** An object with no prototype: nothing typed by a caller can reach Object.prototype through it. */
export function bareObject(): Record<string, unknown> {
  return Object.create(null) as Record<string, unknown>;
}

/** Rebuilds an object from a flattened query string (`a.b=1&list=x&list=y`); prototype keys are refused. */
export function queryToObject(params: URLSearchParams): Record<string, unknown> {
  const out = bareObject();
  for (const key of new Set(params.keys())) {
    if (key === ".r") continue;
    const values = params.getAll(key);
    const parts = key.split(".");
    for (const p of parts) if (FORBIDDEN_KEYS.has(p)) throw forbiddenKey(p);
    let target = out;
    for (let i = 0; i < parts.length - 1; i++) {
      const p = parts[i]!;
      if (typeof target[p] !== "object" || target[p] === null || Array.isArray(target[p])) target[p] = bareObject();
      target = target[p] as Record<string, unknown>;
    }
    target[parts[parts.length - 1]!] = values.length > 1 ? values : values[0];
  }
  return out;
}

/** A flat form (`a=1&b=2`) as a prototype-free object; prototype keys are refused. */
export function formToObject(params: URLSearchParams): Record<string, unknown> {
  const out = bareObject();
  for (const [key, value] of params) {
    if (FORBIDDEN_KEYS.has(key)) throw forbiddenKey(key);
    out[key] = value;
  }
  return out;
}

/**
 * JSON.parse for untrusted text: any object key naming the prototype chain is refused, wherever it is nested,
 * so a later merge or lookup can never be steered through `__proto__` or `constructor.prototype`.
 */
export function parseUntrustedJson(text: string): unknown {
  // Measured on the characters first: JSON.parse of a nesting bomb costs seconds of CPU before any check after it.
  if (jsonNestingDepth(text) > MAX_JSON_DEPTH) throw new JsonTooDeepError();
  const parsed: unknown = JSON.parse(text);
  // One iterative pass (no reviver: V8's reviver recursion costs a second of CPU on a 1 MB nesting bomb).
  const stack: Array<{ value: unknown; depth: number }> = [{ value: parsed, depth: 0 }];
  while (stack.length) {
    const { value, depth } = stack.pop()!;
    if (typeof value !== "object" || value === null) continue;
    if (depth > MAX_JSON_DEPTH) throw new JsonTooDeepError();
    if (Array.isArray(value)) {
      for (const item of value) stack.push({ value: item, depth: depth + 1 });
      continue;
    }
    for (const key of Object.keys(value)) {
      if (FORBIDDEN_KEYS.has(key)) throw new ForbiddenKeyError(key);
      stack.push({ value: (value as Record<string, unknown>)[key], depth: depth + 1 });
    }
  }
  return parsed;
}

/** No Wix payload nests deeper than a dozen levels; past this, the input is an attack or a bug. */
export const MAX_JSON_DEPTH = 64;

/**
 * The deepest nesting of `text` read as JSON, counted on its characters in one pass with no allocation: brackets
 * inside strings (escapes included) do not count. Stops as soon as it passes `limit`. Malformed text gets a number
 * too; JSON.parse refuses it afterwards.
 */
export function jsonNestingDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth--;
  }
  return deepest;
}

/**
 * The largest JSON body the API reads. The largest real call, a 100-line add-to-cart, is 23 KB (measured with the
 * SDK): this leaves five times that, and keeps what an attacker can make the scanner read small.
 */
export const MAX_API_BODY_BYTES = 128 * 1024;

export class JsonTooDeepError extends Error {
  constructor() {
    super(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
  }
}

export class ForbiddenKeyError extends Error {
  constructor(readonly key: string) {
    super(`forbidden key ${key}`);
  }
}

/** A JSON object body, or a Wix-shaped 400. */
export function parseJsonObject(text: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = parseUntrustedJson(text);
  } catch (error) {
    if (error instanceof ForbiddenKeyError) throw forbiddenKey(error.key);
    throw appError(400, "INVALID_ARGUMENT", "Le corps de la requête n'est pas du JSON valide");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw appError(400, "INVALID_ARGUMENT", "Le corps de la requête doit être un objet JSON");
  return parsed as Record<string, unknown>;
}

/** A form body that cannot be parsed (a multipart body without its boundary…): the client's error. */
export const UNREADABLE_FORM = "Le formulaire envoyé est illisible : renvoyez-le depuis la page du site.";
export const unreadableForm = () => appError(400, "INVALID_ARGUMENT", UNREADABLE_FORM);

export const tooLarge = () => appError(413, "PAYLOAD_TOO_LARGE", "Le corps de la requête est trop volumineux", {}, "Payload Too Large");

/**
 * Reads a body as text, stopping as soon as it passes `maxBytes` (declared or streamed, chunked included):
 * an oversized body is never buffered whole.
 */
export async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge();
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
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

/** Hosted forms are tiny: past these, the form is refused with a 413 before any parsing. */
export const MAX_FORM_BYTES = 64 * 1024;
export const MAX_FORM_FIELDS = 200;

export async function readForm(request: Request): Promise<URLSearchParams> {
  const type = request.headers.get("content-type") ?? "";
  const text = await readBodyText(request, MAX_FORM_BYTES);
  if (type.includes("multipart/form-data")) {
    let fd: FormData;
    try {
      fd = await new Response(text, { headers: { "content-type": type } }).formData();
    } catch {
      // No boundary, a broken part: the sender's mistake, refused as such (never a 500 with a stack trace).
      throw unreadableForm();
    }
    const out = new URLSearchParams();
    for (const [k, v] of fd.entries()) if (typeof v === "string") out.append(k, v);
    if ([...out.keys()].length > MAX_FORM_FIELDS) throw tooLarge();
    return out;
  }
  if (text.split("&").length > MAX_FORM_FIELDS) throw tooLarge();
  return new URLSearchParams(text);
}

/**
 * Control characters (C0, DEL, C1, line/paragraph separators) and format characters (bidirectional overrides
 * U+202A–U+202E and U+2066–U+2069, marks, zero-width characters, BOM): a name or an address holding them can break
 * a line of an e-mail or a label, hide text, or display reversed ("gpj.exe") to the person reading it.
 */
export const UNSAFE_TEXT_RE = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

/** A 400 naming the field when a person's name or address holds an unsafe character. */
export function refuseUnsafeText(value: string, field: string): void {
  if (UNSAFE_TEXT_RE.test(value))
    throw validationError([
      { field, description: "must not contain control or bidirectional-override characters", violatedRule: "FORMAT" },
    ]);
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
