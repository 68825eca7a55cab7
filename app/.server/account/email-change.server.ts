import { authentication as memberAuthentication } from "@wix/members";
import { z } from "zod";
import { canonicalEmail } from "~/models/email";
import type { CommerceSession } from "../wix/commerce-session.server";
import { classifyWixError } from "../wix/errors.server";
import { outcomeOf, type SdkLoginResult } from "./auth-outcomes.server";
import { verifyCode } from "./auth.server";
import { appCookies, clearCookie, readCookie, serializeCookie } from "./cookies.server";
import { checkCurrentPassword } from "./password.server";
import { getProfile } from "./profile.server";

/**
 * The member's login e-mail change, proved by a code sent to the new address
 * (docs/decisions/0079-login-email-change-proved-at-login.md). Wix documents no code for it: changeLoginEmail
 * (@wix/members authentication) changes the address at once and leaves it unproved, and a site requiring e-mail
 * verification asks for the code e-mailed to it at the next login with it. So: the current password checked as a
 * login, changeLoginEmail, then a login with the new address, whose code step the member goes through on
 * /account/email while her session stays the one she has.
 */

export const SAME_EMAIL = "C'est déjà votre adresse de connexion.";
export const EMAIL_TAKEN = "Cette adresse e-mail est déjà celle d'un autre compte.";

export type EmailChangeStart =
  | { kind: "code"; pending: PendingEmailChange }
  | { kind: "done"; email: string }
  | { kind: "refused"; field: "newEmail" | "currentPassword" | null; message: string };

const pendingEmailChange = z.object({
  stateToken: z.string().min(1).max(2000),
  email: z.string().max(254),
  memberId: z.string().min(1).max(100),
});
export type PendingEmailChange = z.infer<typeof pendingEmailChange>;

export async function startEmailChange(commerce: CommerceSession, newEmail: string, password: string): Promise<EmailChangeStart> {
  const profile = await getProfile(commerce);
  // The same address again is refused once proved; unproved (a change whose code never came back), it is sent again.
  if (canonicalEmail(profile.email) === newEmail && profile.emailVerified)
    return { kind: "refused", field: "newEmail", message: SAME_EMAIL };
  const wix = await commerce.client();
  const refusal = await checkCurrentPassword(wix, profile.email, password);
  if (refusal) return { kind: "refused", ...refusal };
  try {
    await wix.use(memberAuthentication).changeLoginEmail(profile.id, newEmail);
  } catch (error) {
    const failure = classifyWixError(error);
    if (failure.kind === "application" && failure.code === "EMAIL_ALREADY_EXISTS")
      return { kind: "refused", field: "newEmail", message: EMAIL_TAKEN };
    throw error;
  }
  const login = outcomeOf((await wix.auth.login({ email: newEmail, password })) as SdkLoginResult, "login");
  if (login.kind === "verify") return { kind: "code", pending: { stateToken: login.stateToken, email: newEmail, memberId: profile.id } };
  // A site that does not require e-mail verification logs the new address in at once: nothing more to prove there.
  if (login.kind === "success") return { kind: "done", email: newEmail };
  return { kind: "refused", field: null, message: login.kind === "form" || login.kind === "field" ? login.message : "Réessayez." };
}

export type EmailChangeCheck = { kind: "done"; email: string } | { kind: "wrong"; message: string } | { kind: "expired" };

/** The code typed on /account/email: the new address is proved (the member stays logged in as she was), or not. */
export async function confirmEmailChange(commerce: CommerceSession, pending: PendingEmailChange, code: string): Promise<EmailChangeCheck> {
  const outcome = await verifyCode(commerce, { stateToken: pending.stateToken, email: pending.email, returnTo: "/account" }, code);
  if (outcome.kind === "success") return { kind: "done", email: pending.email };
  if (outcome.kind === "field" || outcome.kind === "form") return { kind: "wrong", message: outcome.message };
  return { kind: "expired" };
}

/** The change waiting for its code, for this member only (another session's cookie reads as none). */
export async function readEmailChange(request: Request, memberId: string): Promise<PendingEmailChange | null> {
  const parsed = pendingEmailChange.safeParse(await readCookie(appCookies().emailChange, request));
  return parsed.success && parsed.data.memberId === memberId ? parsed.data : null;
}

export const emailChangeCookie = (pending: PendingEmailChange, request: Request) =>
  serializeCookie(appCookies().emailChange, pending, request);
export const clearEmailChangeCookie = (request: Request) => clearCookie(appCookies().emailChange, request);
