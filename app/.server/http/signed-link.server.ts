import { createHmac, timingSafeEqual } from "node:crypto";
import { getConfig } from "../site/config.server";

/**
 * Links that grant one thing to whoever holds them (the guest's order follow link, the client's quote link): an id
 * and an expiry, signed with the site's SESSION_SECRET (HMAC-SHA256 over a purpose of the link's own, so a token of
 * one kind never opens the other; every configured secret verifies, the first signs, like the cookies).
 * docs/decisions/0032-guest-follow-link.md.
 */

const MAX_TOKEN_LENGTH = 300;

export type SignedLinkCheck = { ok: true; id: string } | { ok: false; reason: "invalid" | "expired" };

/** A kind of signed link: its purpose (mixed into the signature), the claim naming its id, how long it lasts. */
export function signedLinks(purpose: string, claim: string, ttlSeconds: number) {
  const mac = (secret: string, payload: string) => createHmac("sha256", secret).update(`${purpose}.${payload}`).digest();

  return {
    sign(id: string, nowSeconds = Math.floor(Date.now() / 1000)): string {
      const payload = Buffer.from(JSON.stringify({ [claim]: id, e: nowSeconds + ttlSeconds })).toString("base64url");
      return `${payload}.${mac(getConfig().sessionSecrets[0]!, payload).toString("base64url")}`;
    },

    /** The id a token grants, after its signature (any configured secret), its exact spelling and its expiry. */
    read(token: string | null, nowSeconds = Math.floor(Date.now() / 1000)): SignedLinkCheck {
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
      const { [claim]: id, e } = (claims ?? {}) as Record<string, unknown>;
      if (typeof id !== "string" || typeof e !== "number") return { ok: false, reason: "invalid" };
      if (e < nowSeconds) return { ok: false, reason: "expired" };
      return { ok: true, id };
    },
  };
}
