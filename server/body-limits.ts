import type { NextFunction, Request, RequestHandler, Response } from "express";
import getRawBody from "raw-body";
import { normalizePath } from "./rate-limits";
import { sendRefusal } from "./refusal";

/**
 * Every request body is read here, once, with a size cap checked while it
 * streams (chunked bodies included) and a field-count cap before any parsing:
 * an attacker's 100 MB body or million-field form costs us 64 KB, not seconds
 * of CPU and hundreds of MB. Routes and the platform read the capped copy
 * (server/fetch-request.ts).
 */

/**
 * The site's own forms are small. The platform API's largest real call, a 100-line add-to-cart, is 23 KB (measured
 * with the SDK): 128 KB leaves room for five times that, and keeps an attacker's JSON small before anything scans it.
 * A webhook is a signed JWT whose payload can hold a whole order, encoded twice.
 */
export const MAX_FORM_BYTES = 64 * 1024;
export const MAX_API_BYTES = 128 * 1024;
export const MAX_WEBHOOK_BYTES = 1_000_000;
export const MAX_FORM_FIELDS = 200;
export const TOO_LARGE_MESSAGE = "Requête trop volumineuse : le formulaire envoyé dépasse la taille autorisée.";

/** Signed webhook events (a JWT, not a form) arrive here from the platform, server to server. */
const WEBHOOK_PATH = "/webhooks/wix";

function limitFor(path: string): number {
  const p = normalizePath(path);
  if (p === WEBHOOK_PATH) return MAX_WEBHOOK_BYTES;
  return p.startsWith("/_platform/api/") ? MAX_API_BYTES : MAX_FORM_BYTES;
}

/** Number of fields of an urlencoded body, counted without parsing it. */
export function fieldCount(body: Buffer): number {
  let n = body.length ? 1 : 0;
  for (const byte of body) if (byte === 0x26 /* & */) n++;
  return n;
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * The site's own routes only take forms: anything else would make React Router's formData() throw a 500 with a
 * stack trace in the log. Multipart bodies are parsed here once to count their fields and refuse broken ones.
 */
async function formProblem(type: string, body: Buffer): Promise<{ status: number; title: string; message: string } | null> {
  const mime = type.split(";")[0]!.trim();
  if (!FORM_TYPES.includes(mime))
    return {
      status: 415,
      title: "Format non pris en charge",
      message: "Ce site n'accepte que des formulaires (application/x-www-form-urlencoded ou multipart/form-data).",
    };
  if (mime === "application/x-www-form-urlencoded")
    return fieldCount(body) > MAX_FORM_FIELDS ? { status: 413, title: "Requête trop volumineuse", message: TOO_LARGE_MESSAGE } : null;
  let fields = 0;
  try {
    const form = await new Response(new Uint8Array(body), { headers: { "content-type": type } }).formData();
    for (const _ of form.keys()) fields++;
  } catch {
    return { status: 400, title: "Requête invalide", message: "Le formulaire envoyé est mal formé." };
  }
  return fields > MAX_FORM_FIELDS ? { status: 413, title: "Requête trop volumineuse", message: TOO_LARGE_MESSAGE } : null;
}

export function bodyLimits(): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    let body: Buffer;
    try {
      body = await getRawBody(req, { limit: limitFor(req.path), length: req.headers["content-length"] });
    } catch (error) {
      const type = (error as { type?: string }).type;
      res.setHeader("Connection", "close");
      if (type === "entity.too.large") return sendRefusal(req, res, 413, "Requête trop volumineuse", TOO_LARGE_MESSAGE);
      if (type === "request.aborted") return;
      return sendRefusal(req, res, 400, "Requête invalide", "Le corps de la requête est incomplet ou mal formé.");
    }
    const type = String(req.headers["content-type"] ?? "").toLowerCase();
    const formsOnly = req.method === "POST" && !req.path.startsWith("/_platform/") && req.path !== WEBHOOK_PATH;
    const refusal = formsOnly ? await formProblem(type, body) : null;
    if (refusal) return sendRefusal(req, res, refusal.status, refusal.title, refusal.message);
    res.locals.body = body;
    next();
  };
}
