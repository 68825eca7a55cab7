import { signedLinks } from "../http/signed-link.server";

/**
 * The guest's link to follow an order without an account (docs/decisions/0032-guest-follow-link.md), offered on the
 * thank-you page: the order id and an expiry, signed (http/signed-link.server.ts). Whoever holds the link reads that
 * one order, read-only, from any device; nothing else. The order is read with the site's API key
 * (orders.server.ts `guestOrder`, admin/elevated-client.server.ts `clientForFollowLink`), since the guest's visitor
 * tokens stay in the browser that bought.
 */

/** As long as a buyer may still ask about an order (the platform's e-mailed link lasts as long). */
export const FOLLOW_LINK_TTL_SECONDS = 90 * 24 * 3600;

const links = signedLinks("order-follow", "o", FOLLOW_LINK_TTL_SECONDS);

export const followToken = (orderId: string, nowSeconds?: number): string => links.sign(orderId, nowSeconds);

/** The site-relative address of the follow page for an order. */
export function followPath(orderId: string): string {
  return `/commande/suivi?jeton=${encodeURIComponent(followToken(orderId))}`;
}

export type FollowCheck = { ok: true; orderId: string } | { ok: false; reason: "invalid" | "expired" };

/** The order a link grants, after its signature (any configured secret), its exact spelling and its expiry. */
export function readFollowToken(token: string | null, nowSeconds?: number): FollowCheck {
  const check = links.read(token, nowSeconds);
  return check.ok ? { ok: true, orderId: check.id } : check;
}
