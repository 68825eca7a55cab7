import { signedLinks } from "../http/signed-link.server";
import { publicOrigin } from "../site/public-origin.server";

/**
 * The client's link to one version of a quote: the version's record id and an expiry, signed with a purpose of its
 * own (http/signed-link.server.ts), as the order follow link is (docs/decisions/0032-guest-follow-link.md). Whoever
 * holds it reads, accepts or refuses that version and pays what it asks; it opens no other quote. Kept as long as an
 * invoice may be asked for again.
 */
export const QUOTE_LINK_TTL_SECONDS = 400 * 24 * 3600;

const links = signedLinks("quote-link", "q", QUOTE_LINK_TTL_SECONDS);

export const quoteToken = (recordId: string, nowSeconds?: number): string => links.sign(recordId, nowSeconds);

/** A page of the client's side of a quote (`/devis`, `/devis/pdf`, `/devis/merci`…), absolute, from PUBLIC_ORIGIN. */
export function quoteUrl(recordId: string, path = "/devis", extra: Record<string, string> = {}): string {
  const url = new URL(path, publicOrigin());
  url.searchParams.set("jeton", quoteToken(recordId));
  for (const [k, v] of Object.entries(extra)) url.searchParams.set(k, v);
  return url.toString();
}

export type QuoteLinkCheck = { ok: true; recordId: string } | { ok: false; reason: "invalid" | "expired" };

/** The quote version a link grants, after its signature, its one spelling and its expiry. */
export function readQuoteToken(token: string | null, nowSeconds?: number): QuoteLinkCheck {
  const check = links.read(token, nowSeconds);
  return check.ok ? { ok: true, recordId: check.id } : check;
}
