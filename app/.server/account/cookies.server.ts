import { createCookie, type Cookie, type CookieOptions } from "react-router";
import { getConfig } from "../site/config.server";
import { sealValue, unsealValue } from "./cookie-crypto.server";
import { publicOrigin } from "../site/public-origin.server";

/**
 * The cookies of the design notes. All are sealed (encrypted and authenticated,
 * see account/cookie-crypto.server.ts) and signed (first secret signs, every secret
 * verifies: rotation), httpOnly and SameSite=Lax; `Secure` follows the public
 * origin. The theme cookie (site/theme.server.ts) is the one plain cookie: the
 * platform's hosted pages read it too, and it holds nothing secret.
 */

const DAY = 24 * 60 * 60;

function make(name: string, options: CookieOptions): Cookie {
  return createCookie(name, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secrets: getConfig().sessionSecrets,
    ...options,
  });
}

/** The session cookie's name (server/idempotency.ts ties a form's double submit to it). */
export const SESSION_COOKIE = "__session";

let cookies: { session: Cookie; oauth: Cookie; verify: Cookie; emailChange: Cookie; toast: Cookie } | undefined;

export function appCookies() {
  cookies ??= {
    session: make(SESSION_COOKIE, { maxAge: 30 * DAY }),
    oauth: make("__oauth", { maxAge: 10 * 60 }),
    // An e-mail verification in progress (direct sign-up/login): the platform's state token, as long as its code lives.
    verify: make("__verify", { maxAge: 15 * 60 }),
    // A login e-mail change waiting for the code sent to the new address: its state token, as long as its code lives.
    emailChange: make("__email_change", { maxAge: 15 * 60 }),
    toast: make("__toast", { maxAge: 60 }),
  };
  return cookies;
}

/** True when users reach the site over https (the public origin says so; request headers are never asked). */
export function isSecureRequest(_request?: Request): boolean {
  return publicOrigin().startsWith("https:");
}

export function serializeCookie(cookie: Cookie, value: unknown, request: Request, options: CookieOptions = {}) {
  return cookie.serialize(sealValue(value, getConfig().sessionSecrets), { secure: isSecureRequest(request), ...options });
}

export function clearCookie(cookie: Cookie, request: Request) {
  return cookie.serialize("", { secure: isSecureRequest(request), maxAge: 0, expires: new Date(0) });
}

/**
 * Values already opened, by cookie name and raw value: the session cookie comes back unchanged on every request,
 * and opening it (HMAC check through WebCrypto, base64, AES-GCM) cost ~5 % of a cart page and ~10 % of an add-to-cart
 * cycle (measured in bench/FINDINGS.md). Only values that opened are kept, so a hit is a string this process has
 * verified before; bounded, oldest first out.
 */
const opened = new Map<string, unknown>();
const OPENED_MAX = 2000;

function rawValue(header: string, name: string): string | undefined {
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * Reads a sealed cookie; a tampered, foreign-secret or malformed value reads as null. `remember`: for a cookie that
 * is read on many requests (the session), keep what it opened to (callers validate the value they get, never change it).
 */
export async function readCookie(cookie: Cookie, request: Request, { remember = false } = {}): Promise<unknown> {
  const header = request.headers.get("Cookie");
  const raw = remember && header ? rawValue(header, cookie.name) : undefined;
  const key = raw ? `${cookie.name}=${raw}` : undefined;
  if (key && opened.has(key)) return opened.get(key);
  let value: unknown;
  try {
    value = unsealValue(await cookie.parse(header), getConfig().sessionSecrets);
  } catch {
    return null;
  }
  if (key && value !== null) {
    if (opened.size >= OPENED_MAX) opened.delete(opened.keys().next().value!);
    opened.set(key, value);
  }
  return value;
}
