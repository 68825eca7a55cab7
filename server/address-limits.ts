import type { NextFunction, Request, RequestHandler, Response } from "express";
import { sendRefusal } from "./refusal";

// No page of ours needs a longer address; refusing it early keeps huge query strings away from every loader.
export const MAX_URL_LENGTH = 4096;
// React Router's route discovery asks `/__manifest` for every link a page shows, batched up to 7,680 characters
// (its URL_LIMIT): a back-office list of 62 products by id makes one of about 3,400. It reads only route paths.
export const MAX_MANIFEST_URL_LENGTH = 8192;
// React Router matches every path it is asked about against every route (`handleManifestRequest`), about 0.2 ms
// each for a short unknown one: 2,230 of them fit in its 7,680 characters, 0.4 s of CPU a request. The largest page
// here (the back-office's 100 products, with their ancestors) asks about 102; a discovery of more is refused (400, as
// React Router refuses one too long), the browser then discovers a link when it is followed.
export const MAX_MANIFEST_PATHS = 200;

/**
 * How many distinct paths a request asks React Router's route discovery about, as React Router reads it: its URL
 * parsed (so `/x/../__manifest` and `/x/%2e%2e/__manifest` are `/__manifest`), `paths` split on commas, repeats once.
 */
export function manifestPathCount(originalUrl: string): number {
  // The URL parser decodes no letter of a path: any spelling it reads as /__manifest holds these characters.
  if (!originalUrl.includes("__manifest")) return 0;
  let url: URL;
  try {
    url = new URL(`http://site.invalid${originalUrl.startsWith("/") ? "" : "/"}${originalUrl}`);
  } catch {
    return 0;
  }
  if (url.pathname !== "/__manifest") return 0;
  return new Set((url.searchParams.get("paths") ?? "").split(",").filter(Boolean)).size;
}

const TOO_LONG = "Adresse trop longue : raccourcissez votre recherche ou vos filtres.";

/**
 * The address bounds, before any route: its length (the manifest's own for exactly `/__manifest`), and the number of
 * paths a route discovery asks about.
 */
export function addressLimits(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const limit = req.path === "/__manifest" ? MAX_MANIFEST_URL_LENGTH : MAX_URL_LENGTH;
    if (req.originalUrl.length > limit) return sendRefusal(req, res, 414, "Adresse trop longue", TOO_LONG);
    if (manifestPathCount(req.originalUrl) > MAX_MANIFEST_PATHS)
      return sendRefusal(req, res, 400, "Demande refusée", "Trop de liens à découvrir en une fois.");
    next();
  };
}
