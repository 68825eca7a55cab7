import { authentication } from "@wix/identity";
import type { CommerceSession } from "../wix/commerce-session.server";
import { outcomeOf, type SdkLoginResult } from "./auth-outcomes.server";
import { getProfile } from "./profile.server";

/** What a password change answers: done, or the field (and its French reason) that stopped it. */
export type PasswordChangeOutcome = { ok: true } | { ok: false; field: "currentPassword" | "newPassword" | null; message: string };

export const WRONG_CURRENT_PASSWORD = "Mot de passe actuel incorrect.";

/**
 * The signed-in member changes her password, the current one required. Wix's headless ChangePassword
 * (authentication.changePassword, @wix/identity) takes the new password only, for the member of the session: the
 * current one is checked first the way Wix checks a login (loginV2 on the member's own login e-mail), so a wrong one
 * counts as a failed login and the same throttle guards it. The session stays valid afterwards (Wix's page says so).
 */
export async function changePassword(commerce: CommerceSession, current: string, next: string): Promise<PasswordChangeOutcome> {
  const { email } = await getProfile(commerce);
  const wix = await commerce.client();
  const check = outcomeOf((await wix.auth.login({ email, password: current })) as SdkLoginResult, "login");
  if (check.kind === "form") return { ok: false, field: null, message: check.message };
  if (check.kind !== "success") return { ok: false, field: "currentPassword", message: WRONG_CURRENT_PASSWORD };
  await wix.use(authentication).changePassword(next);
  return { ok: true };
}
