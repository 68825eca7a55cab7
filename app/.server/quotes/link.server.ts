import { createHmac, timingSafeEqual } from "node:crypto";
import { getConfig } from "../site/config.server";
import { publicOrigin } from "../site/public-origin.server";

/**
 * The client's link to one version of a quote: the version's record id and an expiry, signed with the site's
 * SESSION_SECRET (HMAC-SHA256, a purpose of its own, every configured secret verifies), as the order follow link is
 * (docs/decisions/0032-guest-follow-link.md). Whoever holds it reads, accepts or refuses that version and pays what it
 * asks; it opens no other quote. Kept as long as an invoice may be asked for again.
 */
export const QUOTE_LINK_TTL_SECONDS = 400 * 24 * 3600;
const MAX_TOKEN_LENGTH = 300;

const mac = (secret: string, payload: string) => createHmac("sha256", secret).update(`quote-link.${payload}`).digest();

export function quoteToken(recordId: string, nowSeconds = Math.floor(Date.now() / 1000)): string {
  const payload = Buffer.from(JSON.stringify({ q: recordId, e: nowSeconds + QUOTE_LINK_TTL_SECONDS })).toString("base64url");
  return `${payload}.${mac(getConfig().sessionSecrets[0]!, payload).toString("base64url")}`;
}

/** A page of the client's side of a quote (`/devis`, `/devis/pdf`, `/devis/merci`…), absolute, from PUBLIC_ORIGIN. */
export function quoteUrl(recordId: string, path = "/devis", extra: Record<string, string> = {}): string {
  const url = new URL(path, publicOrigin());
  url.searchParams.set("jeton", quoteToken(recordId));
  for (const [k, v] of Object.entries(extra)) url.searchParams.set(k, v);
  return url.toString();
}

export type QuoteLinkCheck = { ok: true; recordId: string } | { ok: false; reason: "invalid" | "expired" };

/** The quote version a link grants, after its signature, its one spelling and its expiry. */
export function readQuoteToken(token: string | null, nowSeconds = Math.floor(Date.now() / 1000)): QuoteLinkCheck {
  if (!token || token.length > MAX_TOKEN_LENGTH) return { ok: false, reason: "invalid" };
  const [payload, sig, extra] = token.split(".");
  if (!payload || !sig || extra !== undefined) return { ok: false, reason: "invalid" };
  const given = Buffer.from(sig, "base64url");
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
  const { q, e } = (claims ?? {}) as { q?: unknown; e?: unknown };
  if (typeof q !== "string" || typeof e !== "number") return { ok: false, reason: "invalid" };
  if (e < nowSeconds) return { ok: false, reason: "expired" };
  return { ok: true, recordId: q };
}
