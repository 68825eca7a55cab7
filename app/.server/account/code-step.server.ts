import type { FlashToastInput } from "~/lib/toast";
import { redirectWithToast } from "../http/toast.server";

/**
 * How a code step (the sign-up's code, a new login address's code) ends, whether the code was accepted or the step
 * can no longer go on: a 303 to `to` with its notification, and the step's cookie cleared so that no later request
 * reads a finished step as pending.
 */
export async function endCodeStep(request: Request, to: string, toast: FlashToastInput, clearedCookie: string) {
  return redirectWithToast(request, to, toast, { headers: { "Set-Cookie": clearedCookie } });
}
