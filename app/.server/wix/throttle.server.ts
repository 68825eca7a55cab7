import { data } from "react-router";

/**
 * Wix throttles a site past its API budget ("Rate Limits": up to 200 requests a minute per instance, then the app's
 * requests fail). The page does not document the refusal's body, so a throttle is known by its HTTP status alone:
 * 429, on an SDK call or a token call. The visitor is not the one sending too much: the page says the shop is busy
 * and to wait a minute, as a 503 (the error screen, or a notification after a refused change); nothing was changed.
 */

export const THROTTLED_MESSAGE =
  "La boutique reçoit trop de demandes en ce moment : rien n'a été modifié. Patientez une minute, puis réessayez.";

/** The status of a throttle, as the SDK's errors carry it (`status`) and as token calls answer it. */
export const THROTTLED_STATUS = 429;

const screens = new WeakSet<object>();

/** The 503 error screen of a throttled call, marked so that a cached read can recognise it (catalog/cache.server.ts). */
export function throttledScreen(requestId?: string): ReturnType<typeof data> {
  const screen = data({ message: THROTTLED_MESSAGE, requestId }, { status: 503, headers: { "Retry-After": "60" } });
  screens.add(screen);
  return screen;
}

/** True for an SDK error Wix answered with 429, or the error screen made from one. */
export function isThrottled(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  if (screens.has(error)) return true;
  const e = error as { status?: unknown; details?: { applicationError?: { code?: unknown } } };
  return e.status === THROTTLED_STATUS || e.details?.applicationError?.code === THROTTLED_STATUS;
}
