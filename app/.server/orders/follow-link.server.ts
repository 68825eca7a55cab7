import { createHmac, timingSafeEqual } from "node:crypto";
import { getConfig } from "../site/config.server";

/**
 * The guest's link to follow an order without an account (docs/decisions/0032-guest-follow-link.md), offered on the thank-you page: the order id
 * and an expiry, signed with the site's SESSION_SECRET (HMAC-SHA256; every configured secret verifies, the first
 * signs, like the cookies). Whoever holds the link reads that one order, read-only, from any device; nothing else.
 * The order is read with the site's API key (orders.server.ts `guestOrder`, admin/elevated-client.server.ts `clientForFollowLink`), since the guest's visitor
 * tokens stay in the browser that bought: docs/decisions/0032-guest-follow-link.md.
 */

/** As long as a buyer may still ask about an order (the platform's e-mailed link lasts as long). */
export const FOLLOW_LINK_TTL_SECONDS = 90 * 24 * 3600;
const MAX_TOKEN_LENGTH = 300;

const mac = (secret: string, payload: string) => createHmac("sha256", secret).update(`order-follow.${payload}`).digest();

export function followToken(orderId: string, nowSeconds = Math.floor(Date.now() / 1000)): string {
  const payload = Buffer.from(JSON.stringify({ o: orderId, e: nowSeconds + FOLLOW_LINK_TTL_SECONDS })).toString("base64url");
  return `${payload}.${mac(getConfig().sessionSecrets[0]!, payload).toString("base64url")}`;
}

/** The site-relative address of the follow page for an order. */
export function followPath(orderId: string): string {
  return `/commande/suivi?jeton=${encodeURIComponent(followToken(orderId))}`;
}

export type FollowCheck = { ok: true; orderId: string } | { ok: false; reason: "invalid" | "expired" };

/** The order a link grants, after its signature (any configured secret), its exact spelling and its expiry. */
export function readFollowToken(token: string | null, nowSeconds = Math.floor(Date.now() / 1000)): FollowCheck {
  if (!token || token.length > MAX_TOKEN_LENGTH) return { ok: false, reason: "invalid" };
  const [payload, sig, extra] = token.split(".");
  if (!payload || !sig || extra !== undefined) return { ok: false, reason: "invalid" };
  const given = Buffer.from(sig, "base64url");
  // One spelling per token: base64url's last character has unused bits, so other spellings decode alike.
  if (given.toString("base64url") !== sig) return { ok: false, reason: "invalid" };
  const signed = getConfig().sessionSecrets.some((secret) => {
    const expected = mac(secret, payload);
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!signed) return { ok: false, reason: "invalid" };
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return { ok: false, reason: "invalid" };
  }
  const { o, e } = (claims ?? {}) as { o?: unknown; e?: unknown };
  if (typeof o !== "string" || typeof e !== "number") return { ok: false, reason: "invalid" };
  if (e < nowSeconds) return { ok: false, reason: "expired" };
  return { ok: true, orderId: o };
}
