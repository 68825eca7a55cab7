import { data, redirect } from "react-router";
import { startLogin } from "./auth.server";
import { z } from "zod";
import { UNAVAILABLE_MESSAGE, type CommerceSession as Commerce } from "./commerce-session.server";
import { appCookies, clearCookie, readCookie, serializeCookie } from "./cookies.server";
import { classifyWixError } from "./wix-errors.server";

/**
 * The site's own sign-up and login forms (the SDK's direct flow). Every state
 * of the seed's login state list becomes a French message and a next step:
 * SUCCESS → member tokens through a full-page authorize redirect,
 * EMAIL_VERIFICATION_REQUIRED → the code step, OWNER_APPROVAL_REQUIRED → the
 * waiting page, anything else a field or form error.
 */

export type AuthOutcome =
  | { kind: "success"; sessionToken: string }
  | { kind: "verify"; stateToken: string }
  | { kind: "pending" }
  | { kind: "field"; field: "email" | "password" | "code"; message: string }
  | { kind: "form"; message: string };

interface SdkLoginResult {
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

/** Wix asks for a captcha after repeated failures; this site's forms have none, so the member waits or resets. */
export const CAPTCHA_REQUIRED =
  "Trop de tentatives échouées pour ce compte depuis votre connexion : une vérification anti-robot est désormais demandée. Réessayez plus tard ou utilisez « Mot de passe oublié ? ».";
export const PASSWORD_REFUSED = "Ce mot de passe est refusé : choisissez-en un de 8 à 200 caractères.";

export const INVALID_CREDENTIALS = "E-mail ou mot de passe incorrect.";

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
      return { kind: "field", field: "email", message: "Un compte existe déjà avec cette adresse e-mail." };
    case "invalidEmail":
      if (flow === "login") return { kind: "field", field: "password", message: INVALID_CREDENTIALS };
      return { kind: "field", field: "email", message: "Adresse e-mail invalide." };
  }
  return { kind: "form", message: "La demande n'a pas abouti. Réessayez dans un instant." };
}

export async function loginWithPassword(commerce: Commerce, email: string, password: string): Promise<AuthOutcome> {
  const wix = await commerce.client();
  return outcomeOf((await wix.auth.login({ email, password })) as SdkLoginResult, "login");
}

export async function registerMember(
  commerce: Commerce,
  input: { email: string; password: string; firstName: string; lastName: string },
): Promise<AuthOutcome> {
  const wix = await commerce.client();
  const result = await wix.auth.register({
    email: input.email,
    password: input.password,
    profile: { firstName: input.firstName, lastName: input.lastName, nickname: input.firstName },
  });
  return outcomeOf(result as SdkLoginResult);
}

/** The code step: success, a wrong code (field error), or an expired state (start again). */
export async function verifyCode(commerce: Commerce, stateToken: string, code: string): Promise<AuthOutcome | { kind: "expired" }> {
  const wix = await commerce.client();
  try {
    const result = await wix.auth.processVerification({ verificationCode: code }, {
      loginState: "EMAIL_VERIFICATION_REQUIRED",
      data: { stateToken },
    } as Parameters<typeof wix.auth.processVerification>[1]);
    return outcomeOf(result as SdkLoginResult);
  } catch (error) {
    const failure = classifyWixError(error);
    if (failure.kind === "application" && failure.code === "INVALID_VERIFICATION_CODE") {
      return { kind: "field", field: "code", message: "Code incorrect : vérifiez le dernier e-mail reçu." };
    }
    if (failure.kind === "application" && failure.code === "VERIFICATION_EXPIRED") return { kind: "expired" };
    throw error;
  }
}

export async function sendPasswordReset(commerce: Commerce, email: string, redirectUrl: string): Promise<void> {
  const wix = await commerce.client();
  await wix.auth.sendPasswordResetEmail(email, redirectUrl);
}

// ---------------------------------------------------------------- the verification in progress

const pendingVerification = z.object({
  stateToken: z.string().min(1).max(2000),
  email: z.string().max(254),
  returnTo: z.string().max(2000),
});
export type PendingVerification = z.infer<typeof pendingVerification>;

export async function verificationCookie(request: Request, pending: PendingVerification) {
  return serializeCookie(appCookies().verify, pending, request);
}

export async function readVerification(request: Request): Promise<PendingVerification | null> {
  const parsed = pendingVerification.safeParse(await readCookie(appCookies().verify, request));
  return parsed.success ? parsed.data : null;
}

export function clearVerificationCookie(request: Request) {
  return clearCookie(appCookies().verify, request);
}

// ---------------------------------------------------------------- one answer per outcome

/** 400 with errors beside the fields and what was typed, passwords excepted. */
export function invalidForm(fieldErrors: Record<string, string>, typed: Record<string, string>, formError?: string) {
  const values = Object.fromEntries(Object.entries(typed).filter(([key]) => !/password/i.test(key)));
  return data({ fieldErrors, formError, values }, { status: 400 });
}

/**
 * What the browser gets for an outcome of the site's own forms. `values` are
 * sent back on errors (passwords never: the forms leave them empty).
 */
export async function respondToOutcome(
  request: Request,
  commerce: Commerce,
  outcome: AuthOutcome,
  context: { returnTo: string; email: string; values: Record<string, string> },
) {
  switch (outcome.kind) {
    case "success": {
      const response = await startLogin(request, commerce, context.returnTo, outcome.sessionToken);
      response.headers.append("Set-Cookie", await clearVerificationCookie(request));
      return response;
    }
    case "verify":
      return redirect("/account/verify", {
        status: 303,
        headers: {
          "Set-Cookie": await verificationCookie(request, {
            stateToken: outcome.stateToken,
            email: context.email,
            returnTo: context.returnTo,
          }),
        },
      });
    case "pending":
      return redirect("/account/pending", { status: 303 });
    case "field":
      return invalidForm({ [outcome.field]: outcome.message }, context.values);
    case "form":
      return invalidForm({}, context.values, outcome.message);
  }
}
