import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Authenticated encryption (AES-256-GCM) of cookie values. A signed cookie is
 * only tamper-proof: anyone holding it (a shared computer, a proxy log, malware
 * reading the browser profile) could read the Wix refresh token inside and call
 * the API with it directly. Sealed, the value is opaque and still tamper-proof.
 *
 * Keys come from SESSION_SECRET through HKDF, one per secret: the first seals,
 * every one opens (rotation: put the new secret first, drop the old one after
 * the longest cookie lifetime, 30 days).
 */

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
const keyCache = new Map<string, Buffer>();

function keyOf(secret: string): Buffer {
  let key = keyCache.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "portfolio-store/cookies", "aes-256-gcm cookie key", 32));
    keyCache.set(secret, key);
  }
  return key;
}

export function sealValue(value: unknown, secrets: readonly string[]): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keyOf(secrets[0]!), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url")}`;
}

/** The value, or null for anything not sealed by one of these secrets (tampered, truncated, foreign, old format). */
export function unsealValue(sealed: unknown, secrets: readonly string[]): unknown {
  if (typeof sealed !== "string" || !sealed.startsWith(`${VERSION}.`) || sealed.length > 8192) return null;
  const raw = Buffer.from(sealed.slice(VERSION.length + 1), "base64url");
  if (raw.length < IV_BYTES + TAG_BYTES) return null;
  const iv = raw.subarray(0, IV_BYTES);
  const tag = raw.subarray(raw.length - TAG_BYTES);
  const body = raw.subarray(IV_BYTES, raw.length - TAG_BYTES);
  for (const secret of secrets) {
    try {
      const decipher = createDecipheriv("aes-256-gcm", keyOf(secret), iv);
      decipher.setAuthTag(tag);
      const text = Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
      return JSON.parse(text, (key, v: unknown) => (key === "__proto__" || key === "constructor" || key === "prototype" ? undefined : v));
    } catch {
      // Not this key: try the next one.
    }
  }
  return null;
}
