// Reading what callers send, all of it untrusted: the SDK's `.r=` queries, flattened query strings, JSON and form
// bodies, each capped in size and nesting and refused when a key would reach an object's prototype chain.
import { appError, fieldError, validationError } from "./errors";

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
