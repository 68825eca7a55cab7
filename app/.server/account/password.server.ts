import { authentication } from "@wix/identity";
import type { CommerceSession, WixClient } from "../wix/commerce-session.server";
import { outcomeOf, type SdkLoginResult } from "./auth-outcomes.server";
import { getProfile } from "./profile.server";

/** What a password change answers: done, or the field (and its French reason) that stopped it. */
export type PasswordChangeOutcome = { ok: true } | { ok: false; field: "currentPassword" | "newPassword" | null; message: string };

export const WRONG_CURRENT_PASSWORD = "Mot de passe actuel incorrect.";

/** Why the current password typed does not let the member go on (beside its field, or for the form), or null. */
export type CurrentPasswordRefusal = { field: "currentPassword" | null; message: string };

/**
 * Checks the password typed as the member's current one the way Wix checks a login (loginV2 on her own login
 * e-mail), so a wrong one counts as a failed login and the login throttle guards it. A login e-mail still waiting for
 * its code (a change not proved yet) answers the code step: the password was right. The session token a success
 * brings is not used: the member's session stays the one she has.
 */
export async function checkCurrentPassword(wix: WixClient, email: string, password: string): Promise<CurrentPasswordRefusal | null> {
  const check = outcomeOf((await wix.auth.login({ email, password })) as SdkLoginResult, "login");
  if (check.kind === "form") return { field: null, message: check.message };
  if (check.kind === "success" || check.kind === "verify" || check.kind === "pending") return null;
  return { field: "currentPassword", message: WRONG_CURRENT_PASSWORD };
}

/**
 * The signed-in member changes her password, the current one required. Wix's headless ChangePassword
 * (authentication.changePassword, @wix/identity) takes the new password only, for the member of the session: the
 * current one is checked first (checkCurrentPassword). The session stays valid afterwards (Wix's page says so).
 */
export async function changePassword(commerce: CommerceSession, current: string, next: string): Promise<PasswordChangeOutcome> {
  const { email } = await getProfile(commerce);
  const wix = await commerce.client();
  const refusal = await checkCurrentPassword(wix, email, current);
  if (refusal) return { ok: false, ...refusal };
  await wix.use(authentication).changePassword(next);
  return { ok: true };
}
