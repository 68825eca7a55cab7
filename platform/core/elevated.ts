// The elevated identity: Wix's ApiKeyStrategy sends the site's API key as the raw `Authorization` header and the
// site id as `wix-site-id`. Administrative calls need it; a visitor's or member's token gets Wix's permission error.
import { createHash, timingSafeEqual } from "node:crypto";
import type { Ctx } from "./context";
import { callerFromRequest } from "./context";
import { appError, unauthenticated } from "./http";

const digest = (value: string) => createHash("sha256").update(value).digest();

/** True when the request carries the configured API key (and site id, when one is configured). */
export function isElevated(ctx: Ctx, headers: Headers): boolean {
  const key = ctx.opts.apiKey;
  const sent = headers.get("authorization")?.trim();
  if (!key || !sent) return false;
  // Compared as digests: constant time whatever the lengths.
  if (!timingSafeEqual(digest(sent), digest(key))) return false;
  const site = ctx.opts.siteId;
  return !site || headers.get("wix-site-id")?.trim() === site;
}

/**
 * What Wix answers a visitor or member token calling an administrative method: 403 PERMISSION_DENIED (the SDK's
 * error then carries `details.applicationError.code === "PERMISSION_DENIED"`).
 */
export const elevationRequired = (what: string) =>
  appError(
    403,
    "PERMISSION_DENIED",
    `${what} : appel réservé à une identité élevée (clé d'API du site)`,
    { requiredIdentity: "APP" },
    "Permission denied",
  );

/** Lets only the elevated identity through: a valid visitor/member token gets 403, no or a dead token 401. */
export function requireElevated(ctx: Ctx, headers: Headers, what: string): void {
  if (isElevated(ctx, headers)) return;
  if (callerFromRequest(ctx, headers)) throw elevationRequired(what);
  throw unauthenticated();
}

/** A §7 call this platform answers on purpose with 501 (never a 405 from a neighbouring route). */
export const notImplemented = (what: string) =>
  appError(501, "NOT_IMPLEMENTED", `${what} : non pris en charge par la plateforme embarquée`, {}, "Not Implemented");
