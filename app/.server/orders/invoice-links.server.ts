import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The signed invoice links of the buyer's e-mails and follow page (`/factures/<orderId>?jeton=…`): written by the
 * embedded platform (platform/ecom/after-sale/invoices.ts), checked here, with a key both derive from the elevated API key
 * they share (decision 0040). Without an API key there are no such links.
 */

const MAX_TOKEN = 400;

function linkKey(apiKey: string): Buffer {
  return createHmac("sha256", apiKey).update("invoice-link-v1").digest();
}

export function signInvoiceLink(apiKey: string, orderId: string, expiresAt: number): string {
  const payload = Buffer.from(JSON.stringify({ o: orderId, e: expiresAt })).toString("base64url");
  return `${payload}.${createHmac("sha256", linkKey(apiKey)).update(payload).digest("base64url")}`;
}

export type InvoiceLinkCheck = { ok: true } | { ok: false; reason: "invalid" | "expired" };

/** The token must be signed with this key, name this order, and not be past its date. */
export function checkInvoiceLink(
  apiKey: string,
  orderId: string,
  token: string | null,
  nowSeconds = Math.floor(Date.now() / 1000),
): InvoiceLinkCheck {
  if (!token || token.length > MAX_TOKEN) return { ok: false, reason: "invalid" };
  const [payload, sig, extra] = token.split(".");
  if (!payload || !sig || extra !== undefined) return { ok: false, reason: "invalid" };
  const expected = createHmac("sha256", linkKey(apiKey)).update(payload).digest();
  const given = Buffer.from(sig, "base64url");
  // Only the exact spelling: base64url's last character has unused bits (a changed link is a changed link).
  if (given.length !== expected.length || !timingSafeEqual(given, expected) || given.toString("base64url") !== sig)
    return { ok: false, reason: "invalid" };
  let claims: { o?: unknown; e?: unknown };
  try {
    claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as typeof claims;
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (claims.o !== orderId || typeof claims.e !== "number") return { ok: false, reason: "invalid" };
  return claims.e < nowSeconds ? { ok: false, reason: "expired" } : { ok: true };
}
