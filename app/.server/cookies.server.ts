import { createCookie, type Cookie, type CookieOptions } from "react-router";
import { getConfig } from "./config.server";
import { sealValue, unsealValue } from "./cookie-crypto.server";
import { publicOrigin } from "./site.server";

/**
 * The cookies of the design notes. All are sealed (encrypted and authenticated,
 * see cookie-crypto.server.ts) and signed (first secret signs, every secret
 * verifies: rotation), httpOnly and SameSite=Lax; `Secure` follows the public
 * origin. The theme cookie (theme.server.ts) is the one plain cookie: the
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

let cookies: { session: Cookie; oauth: Cookie; verify: Cookie; toast: Cookie } | undefined;

export function appCookies() {
  cookies ??= {
    session: make("__session", { maxAge: 30 * DAY }),
    oauth: make("__oauth", { maxAge: 10 * 60 }),
    // An e-mail verification in progress (direct sign-up/login): the platform's state token, as long as its code lives.
    verify: make("__verify", { maxAge: 15 * 60 }),
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

/** Reads a sealed cookie; a tampered, foreign-secret or malformed value reads as null. */
export async function readCookie(cookie: Cookie, request: Request): Promise<unknown> {
  try {
    return unsealValue(await cookie.parse(request.headers.get("Cookie")), getConfig().sessionSecrets);
  } catch {
    return null;
  }
}
