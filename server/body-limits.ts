import type { NextFunction, Request, RequestHandler, Response } from "express";
import getRawBody from "raw-body";
import { sendRefusal } from "./refusal";

/**
 * Every request body is read here, once, with a size cap checked while it
 * streams (chunked bodies included) and a field-count cap before any parsing:
 * an attacker's 100 MB body or million-field form costs us 64 KB, not seconds
 * of CPU and hundreds of MB. Routes and the platform read the capped copy
 * (server/fetch-request.ts).
 */

/** The site's own forms are small; the platform API takes JSON payloads up to the platform's own limit. */
export const MAX_FORM_BYTES = 64 * 1024;
export const MAX_API_BYTES = 1_000_000;
export const MAX_FORM_FIELDS = 200;
export const TOO_LARGE_MESSAGE = "Requête trop volumineuse : le formulaire envoyé dépasse la taille autorisée.";

function limitFor(path: string): number {
  return path.startsWith("/_platform/api/") ? MAX_API_BYTES : MAX_FORM_BYTES;
}

/** Number of fields of an urlencoded body, counted without parsing it. */
export function fieldCount(body: Buffer): number {
  let n = body.length ? 1 : 0;
  for (const byte of body) if (byte === 0x26 /* & */) n++;
  return n;
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
    const type = String(req.headers["content-type"] ?? "");
    if (type.includes("application/x-www-form-urlencoded") && fieldCount(body) > MAX_FORM_FIELDS) {
      return sendRefusal(req, res, 413, "Requête trop volumineuse", TOO_LARGE_MESSAGE);
    }
    res.locals.body = body;
    next();
  };
}
