import type { NextFunction, Request, RequestHandler, Response } from "express";
import { sendRefusal } from "./refusal";

/**
 * One cross-site check for every state-changing request, before any route runs.
 * React Router only checks the Origin of page actions; routes without a page
 * (logout, theme) and the platform's hosted forms would otherwise accept a POST
 * from any site (SameSite=Lax does not stop a response from clearing a cookie).
 *
 * Browsers say where a request comes from: Sec-Fetch-Site first (a same-origin
 * form on a no-referrer page sends `Origin: null`, so Origin alone cannot decide),
 * else Origin against the public origin. A request with neither header is not
 * from a browser (curl, the load scripts, server-to-server): no CSRF possible.
 */

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
export const CROSS_SITE_MESSAGE = "Requête refusée : elle ne vient pas de ce site. Rechargez la page et réessayez.";

export function isSameOriginRequest(headers: Record<string, string | string[] | undefined>, publicOrigin: string): boolean {
  const site = headers["sec-fetch-site"];
  if (typeof site === "string" && site) return site === "same-origin" || site === "none";
  const origin = headers.origin;
  if (origin === undefined) return true;
  return typeof origin === "string" && origin === publicOrigin;
}

export function sameOriginWrites(publicOrigin: string): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method) || isSameOriginRequest(req.headers, publicOrigin)) return next();
    sendRefusal(req, res, 403, "Requête refusée", CROSS_SITE_MESSAGE);
  };
}
