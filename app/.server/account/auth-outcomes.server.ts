import { data } from "react-router";
import { UNAVAILABLE_MESSAGE } from "../wix/commerce-session.server";

/**
 * What Wix answers to the site's own sign-up, login and code forms (the SDK's direct flow), in French with a next
 * step: SUCCESS → member tokens through the authorize redirect, EMAIL_VERIFICATION_REQUIRED → the code step,
 * OWNER_APPROVAL_REQUIRED → the waiting page, anything else a field or form error. Pure: account/auth.server.ts acts on it.
 */

/** The fields of the sign-in forms an outcome can be about. */
export type AuthField = "email" | "password" | "code";

export type AuthOutcome =
  | { kind: "success"; sessionToken: string }
  | { kind: "verify"; stateToken: string }
  /** The address has an account already: answered exactly like "verify" (a code step no code passes), never said. */
  | { kind: "taken" }
  | { kind: "pending" }
  | { kind: "field"; field: AuthField; message: string }
  | { kind: "form"; message: string };

export interface SdkLoginResult {
  loginState?: string;
  data?: { sessionToken?: string; stateToken?: string };
  error?: string;
  errorCode?: string;
}

/** The SDK keeps Wix's answer only inside `error`, its pretty-printed JSON message: the code and the violated fields. */
function sdkErrorOf(error: string | undefined): { code?: string; violations: string[] } {
  if (!error) return { violations: [] };
  try {
    const parsed = JSON.parse(error) as {
      details?: { applicationError?: { code?: unknown }; validationError?: { fieldViolations?: Array<{ field?: unknown }> } };
    };
    const code = parsed.details?.applicationError?.code;
    const violations = (parsed.details?.validationError?.fieldViolations ?? []).map((v) => String(v.field ?? ""));
    return { code: code === undefined || code === null ? undefined : String(code), violations };
  } catch {
    return { violations: [] };
  }
}

/**
 * After repeated failures Wix asks this client for a captcha; this site's forms have none and show none, so the
 * message promises none: it says what is true here, that the account is throttled for this connection
 * (the embedded platform's lock lasts LOCKOUT_DURATION_MS, 15 minutes) and that a new password lifts it. Unknown
 * addresses are throttled and answered alike: the message tells nobody whether an account exists.
 */
export const CAPTCHA_REQUIRED =
  "Trop de tentatives échouées pour ce compte depuis votre connexion. Réessayez dans 15 minutes, ou choisissez un nouveau mot de passe avec « Mot de passe oublié ? ».";
export const PASSWORD_REFUSED = "Ce mot de passe est refusé : choisissez-en un de 8 à 200 caractères.";

/**
 * Wix answers a blocked member's login with the wrong-password code as far as the SDK shows (its code for a blocked
 * member is not known: platform/README.md), so the form cannot tell the two apart. It says both truths in one
 * answer, the same for every address: a blocked member with the right password learns what to do, an attacker
 * learns nothing (tests/e2e/buyer-hosted-pages.spec.ts, "lock-out and blocked members"). The hosted login page, which knows, says "suspendu" to the right password only.
 */
export const INVALID_CREDENTIALS =
  "E-mail ou mot de passe incorrect. Si vous êtes sûr de votre mot de passe, votre compte est peut-être suspendu : contactez le propriétaire du site.";

/**
 * `flow` matters for `invalidEmail`: on login the SDK gives it to every code it does not know (an unknown e-mail on
 * real Wix among them), so it gets the same message as a wrong password: the form never tells who has an account.
 */
export function outcomeOf(result: SdkLoginResult, flow: "login" | "register" | "verify" = "register"): AuthOutcome {
  switch (result.loginState) {
    case "SUCCESS":
      if (result.data?.sessionToken) return { kind: "success", sessionToken: result.data.sessionToken };
      break;
    case "EMAIL_VERIFICATION_REQUIRED":
      if (result.data?.stateToken) return { kind: "verify", stateToken: result.data.stateToken };
      break;
    case "OWNER_APPROVAL_REQUIRED":
      return { kind: "pending" };
    case "USER_CAPTCHA_REQUIRED":
    case "SILENT_CAPTCHA_REQUIRED":
      return { kind: "form", message: CAPTCHA_REQUIRED };
  }
  // Only what Wix can send: its numeric IAM codes (through errorCode), a field violation, or an outage.
  const { code, violations } = sdkErrorOf(result.error);
  // Checked first: an outage also surfaces as errorCode "invalidEmail".
  if (code === "SERVICE_UNAVAILABLE" || code === "503") throw data({ message: UNAVAILABLE_MESSAGE }, { status: 503 });
  // The SDK renames request paths into argument paths ("password" may come back as "options.password").
  if (violations.some((f) => f.split(".").pop() === "password")) return { kind: "field", field: "password", message: PASSWORD_REFUSED };
  switch (result.errorCode) {
    case "invalidPassword":
      return { kind: "field", field: "password", message: INVALID_CREDENTIALS };
    case "missingCaptchaToken":
    case "invalidCaptchaToken":
      return { kind: "form", message: CAPTCHA_REQUIRED };
    case "resetPassword":
      return { kind: "form", message: "Ce compte doit changer de mot de passe : utilisez « Mot de passe oublié ? »." };
    case "emailAlreadyExists":
      // Saying so would tell anyone who has an account (outside attack 3, finding 7).
      return { kind: "taken" };
    case "invalidEmail":
      if (flow === "login") return { kind: "field", field: "password", message: INVALID_CREDENTIALS };
      return { kind: "field", field: "email", message: "Adresse e-mail invalide." };
  }
  return { kind: "form", message: "La demande n'a pas abouti. Réessayez dans un instant." };
}
