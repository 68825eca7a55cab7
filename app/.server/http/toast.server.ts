import { redirect, redirectDocument } from "react-router";
import { z } from "zod";
import type { FlashToast, FlashToastInput } from "~/lib/toast";
import { appCookies, clearCookie, readCookie, serializeCookie } from "../account/cookies.server";

// Validated on read: a cookie is user input even when its signature is good.
const flashToastSchema = z.object({
  id: z.string().max(64),
  type: z.enum(["success", "error", "message"]),
  title: z.string().min(1).max(300),
  description: z.string().max(600).optional(),
}) satisfies z.ZodType<FlashToast>;

/** Set-Cookie value that makes the next page show this notification. */
export async function toastCookie(request: Request, toast: FlashToastInput): Promise<string> {
  const value: FlashToast = { id: crypto.randomUUID(), ...toast };
  return serializeCookie(appCookies().toast, value, request);
}

/**
 * 303 to `to` carrying a notification; extra headers (other cookies) are
 * appended, never overwritten. `document: true` forces a full page load, for
 * destinations outside the app's routes (the platform's hosted pages).
 */
export async function redirectWithToast(
  request: Request,
  to: string,
  toast: FlashToastInput,
  init: ResponseInit & { document?: boolean } = {},
) {
  const { document, ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.append("Set-Cookie", await toastCookie(request, toast));
  return (document ? redirectDocument : redirect)(to, { ...rest, status: rest.status ?? 303, headers });
}

/**
 * Reads and consumes the flashed notification. `headers` clears the cookie and
 * must be sent with the response that shows it (one read only).
 */
export async function takeToast(request: Request): Promise<{ toast: FlashToast | null; headers: Headers }> {
  const headers = new Headers();
  if (!request.headers.get("Cookie")?.includes("__toast=")) return { toast: null, headers };
  const parsed = flashToastSchema.safeParse(await readCookie(appCookies().toast, request));
  headers.append("Set-Cookie", await clearCookie(appCookies().toast, request));
  return { toast: parsed.success ? parsed.data : null, headers };
}
