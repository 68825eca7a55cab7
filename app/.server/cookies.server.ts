import { createCookie, type Cookie, type CookieOptions } from "react-router";
import { getConfig } from "./config.server";

/**
 * The three cookies of the design notes. All are signed (first secret signs,
 * every secret verifies: rotation), httpOnly and SameSite=Lax; `Secure` is
 * decided per request because the same build serves http://localhost and the
 * https origin behind a proxy.
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

/** True when the browser reached us over https (request.url is built from trusted proxy headers only). */
export function isSecureRequest(request: Request): boolean {
  const publicOrigin = getConfig().publicOrigin;
  if (publicOrigin) return publicOrigin.startsWith("https:");
  return new URL(request.url).protocol === "https:";
}

export function serializeCookie(cookie: Cookie, value: unknown, request: Request, options: CookieOptions = {}) {
  return cookie.serialize(value, { secure: isSecureRequest(request), ...options });
}

export function clearCookie(cookie: Cookie, request: Request) {
  return cookie.serialize("", { secure: isSecureRequest(request), maxAge: 0, expires: new Date(0) });
}

/** Reads a signed cookie; a tampered, foreign-secret or malformed value reads as null. */
export async function readCookie(cookie: Cookie, request: Request): Promise<unknown> {
  try {
    return await cookie.parse(request.headers.get("Cookie"));
  } catch {
    return null;
  }
}
