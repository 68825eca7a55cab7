// Signed links around an order, for people who hold no session: the guest who follows an order from its
// confirmation e-mail, and the buyer who downloads a digital product. The token carries what it grants and when it
// ends; an HMAC-SHA256 with a secret kept in the platform's database makes it unforgeable. No account is needed:
// whoever holds the e-mailed link reads that one order (read-only) or downloads that one file.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Ctx } from "../../core/context";
import { getSetting, nowSeconds, setSetting } from "../../core/db";

export type LinkPurpose = "follow" | "download" | "confirm";

export interface LinkClaims {
  purpose: LinkPurpose;
  orderId: string;
  /** The order line (downloads only). */
  lineId?: string;
  /** Unix seconds after which the link is refused. */
  expiresAt: number;
}

export type LinkCheck = { ok: true; claims: LinkClaims } | { ok: false; reason: "invalid" | "expired" };

/** A follow link lasts as long as a buyer may still ask about an order; a download link is shorter-lived. */
export const FOLLOW_LINK_TTL_SECONDS = 90 * 24 * 3600;
export const DOWNLOAD_LINK_TTL_SECONDS = 7 * 24 * 3600;

const SECRET_KEY = "order_link_secret";
const MAX_TOKEN_LENGTH = 600;

/** The signing secret: created on first use, kept with the data (a reset of the demo data revokes every link). */
function secret(ctx: Ctx): Buffer {
  let value = getSetting(ctx.db, SECRET_KEY);
  if (!value) {
    value = randomBytes(32).toString("base64url");
    setSetting(ctx.db, SECRET_KEY, value);
  }
  return Buffer.from(value, "base64url");
}

function mac(ctx: Ctx, payload: string): Buffer {
  return createHmac("sha256", secret(ctx)).update(payload).digest();
}

export function signLink(ctx: Ctx, claims: LinkClaims): string {
  const payload = Buffer.from(
    JSON.stringify({ p: claims.purpose, o: claims.orderId, ...(claims.lineId ? { l: claims.lineId } : {}), e: claims.expiresAt }),
  ).toString("base64url");
  return `${payload}.${mac(ctx, payload).toString("base64url")}`;
}

/** Checks the signature first (a forged expiry is "invalid", not "expired"), then the purpose and the date. */
export function verifyLink(ctx: Ctx, token: string | null, purpose: LinkPurpose): LinkCheck {
  if (!token || token.length > MAX_TOKEN_LENGTH) return { ok: false, reason: "invalid" };
  const [payload, sig, extra] = token.split(".");
  if (!payload || !sig || extra !== undefined) return { ok: false, reason: "invalid" };
  const given = Buffer.from(sig, "base64url");
  const expected = mac(ctx, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "invalid" };
  // Only the exact spelling: base64url's last character has 2 unused bits, so 3 other spellings decode to the same
  // bytes; a link whose text changed is a changed link (and one token has one form, in logs and caches alike).
  if (given.toString("base64url") !== sig) return { ok: false, reason: "invalid" };
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return { ok: false, reason: "invalid" };
  }
  const c = raw as { p?: unknown; o?: unknown; l?: unknown; e?: unknown };
  if (c.p !== purpose || typeof c.o !== "string" || typeof c.e !== "number") return { ok: false, reason: "invalid" };
  if (purpose === "download" && typeof c.l !== "string") return { ok: false, reason: "invalid" };
  if (c.e < nowSeconds()) return { ok: false, reason: "expired" };
  return {
    ok: true,
    claims: { purpose, orderId: c.o, ...(typeof c.l === "string" ? { lineId: c.l } : {}), expiresAt: c.e },
  };
}

/** The page a guest follows the order on (hosted by the platform on the app's origin, like the payment page). */
export function followUrl(ctx: Ctx, appOrigin: string, orderId: string, ttlSeconds = FOLLOW_LINK_TTL_SECONDS): string {
  const token = signLink(ctx, { purpose: "follow", orderId, expiresAt: nowSeconds() + ttlSeconds });
  return `${appOrigin}/_platform/commande?jeton=${encodeURIComponent(token)}`;
}
