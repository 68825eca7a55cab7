import { randomBytes } from "node:crypto";
import { redirect, redirectDocument } from "react-router";
import { z } from "zod";
import { outcomeOf, type AuthField, type AuthOutcome, type SdkLoginResult } from "./auth-outcomes.server";
import type { CommerceSession, WixClient } from "../wix/commerce-session.server";
import { appCookies, clearCookie, readCookie, serializeCookie } from "./cookies.server";
import { safeRedirectPath } from "../http/redirect-target.server";
import { publicOrigin } from "../site/public-origin.server";
import { loginCallbackUri } from "../site/login-callback.server";
import { redirectWithToast } from "../http/toast.server";
import { classifyWixError } from "../wix/errors.server";
import { parseForm, refuseForm } from "../http/form.server";
import type { FieldErrors, FormValues } from "~/models/form-answer";
import { passwordLogin, registration } from "~/models/identity-forms";

/**
 * Member login, every way in and out. The site's own forms (direct login, sign-up, the code step) ask the SDK, and
 * what Wix answers (account/auth-outcomes.server.ts) becomes a field error, the code step, the waiting page, or member
 * tokens; the platform's hosted login page gives those tokens without our forms. Both end the same way: `startLogin`
 * sends the browser to the authorize URL (OAuth 2 + PKCE, the login in progress waiting in the short-lived signed
 * `__oauth` cookie) and `finishLogin`, the callback, trades the code for the member's tokens in the session
 * (wix/commerce-session.server.ts).
 */

const pendingLogin = z.object({
  verifier: z.string().min(43).max(128),
  state: z.string().min(1).max(200),
  redirectUri: z.string().url(),
  returnTo: z.string().max(2000),
});
type PendingLogin = z.infer<typeof pendingLogin>;

/** Only same-site paths: anything else (absolute, protocol-relative, backslash, control characters) becomes "/". */
function safeReturnTo(value: unknown): string {
  const path = safeRedirectPath(value, "/");
  // Login pages never make sense as a destination after logging in.
  return path.startsWith("/account/login") || path.startsWith("/account/callback") ? "/" : path;
}

export function loginPath(returnTo: string) {
  return `/account/login?returnTo=${encodeURIComponent(safeReturnTo(returnTo))}`;
}

/**
 * Members-only pages: visitors are sent to login and come back here afterwards.
 * `url` is the loader's `url` argument: the page's own URL, never the `.data` request's.
 */
export function requireMember(commerce: CommerceSession, url: URL): void {
  if (commerce.isMember) return;
  throw redirect(loginPath(url.pathname + url.search));
}

/** The login and sign-up pages: where to go afterwards; a member has nothing to do there and goes on at once. */
export function guestReturnTo(commerce: CommerceSession, url: URL): string {
  const returnTo = safeReturnTo(url.searchParams.get("returnTo"));
  if (commerce.isMember) throw redirect(returnTo);
  return returnTo;
}

// ---------------------------------------------------------------- the site's own forms (direct login)

/** The login form: e-mail and password checked by Wix; on login an unknown e-mail reads as a wrong password. */
export function loginWithPassword(request: Request, commerce: CommerceSession, form: FormData) {
  return submitDirect(request, commerce, form, passwordLogin, async (wix, v) =>
    outcomeOf((await wix.auth.login({ email: v.email, password: v.password })) as SdkLoginResult, "login"),
  );
}

export function registerMember(request: Request, commerce: CommerceSession, form: FormData) {
  return submitDirect(request, commerce, form, registration, async (wix, v) => {
    const profile = { firstName: v.firstName, lastName: v.lastName, nickname: v.firstName };
    return outcomeOf((await wix.auth.register({ email: v.email, password: v.password, profile })) as SdkLoginResult);
  });
}

/** Checks the form, asks Wix, answers the outcome: bad input and refusals come back beside the fields. */
async function submitDirect<S extends z.ZodType<{ email: string }>>(
  request: Request,
  commerce: CommerceSession,
  form: FormData,
  schema: S,
  ask: (wix: WixClient, input: z.output<S>) => Promise<AuthOutcome>,
) {
  const returnTo = safeReturnTo(form.get("returnTo"));
  const parsed = parseForm(schema, form);
  if (!parsed.ok) return refuseForm(parsed);
  const outcome = await ask(await commerce.client(), parsed.data);
  return respondToOutcome(request, commerce, outcome, { returnTo, email: parsed.data.email, values: parsed.values });
}

export const WRONG_CODE = "Code incorrect : vérifiez le dernier e-mail reçu.";

/**
 * The code step: success, a wrong code (field error), or an expired state (start again). The code step of a sign-up
 * whose address was taken has no state at Wix: every code is a wrong code there, as a wrong code is anywhere else.
 */
export async function verifyCode(
  commerce: CommerceSession,
  pending: PendingVerification,
  code: string,
): Promise<AuthOutcome | { kind: "expired" }> {
  if (pending.taken) return { kind: "field", field: "code", message: WRONG_CODE };
  const wix = await commerce.client();
  try {
    const result = await wix.auth.processVerification({ verificationCode: code }, {
      loginState: "EMAIL_VERIFICATION_REQUIRED",
      data: { stateToken: pending.stateToken },
    } as Parameters<typeof wix.auth.processVerification>[1]);
    return outcomeOf(result as SdkLoginResult);
  } catch (error) {
    const failure = classifyWixError(error);
    if (failure.kind === "application" && failure.code === "INVALID_VERIFICATION_CODE") {
      return { kind: "field", field: "code", message: WRONG_CODE };
    }
    if (failure.kind === "application" && failure.code === "VERIFICATION_EXPIRED") return { kind: "expired" };
    throw error;
  }
}

export async function sendPasswordReset(commerce: CommerceSession, email: string, redirectUrl: string): Promise<void> {
  const wix = await commerce.client();
  await wix.auth.sendPasswordResetEmail(email, redirectUrl);
}

/**
 * The verification in progress (the code step's state token), in the sealed `__verify` cookie (its content cannot be
 * read by the browser, so `taken` does not tell the visitor that the address has an account).
 */
const pendingVerification = z.object({
  stateToken: z.string().min(1).max(2000),
  email: z.string().max(254),
  returnTo: z.string().max(2000),
  taken: z.boolean().optional(),
});
type PendingVerification = z.infer<typeof pendingVerification>;

export async function readVerification(request: Request): Promise<PendingVerification | null> {
  const parsed = pendingVerification.safeParse(await readCookie(appCookies().verify, request));
  return parsed.success ? parsed.data : null;
}

export function clearVerificationCookie(request: Request) {
  return clearCookie(appCookies().verify, request);
}

/**
 * What the browser gets for an outcome of the site's own forms. `values` are
 * sent back on errors (passwords never: the forms leave them empty).
 */
export async function respondToOutcome<F extends string>(
  request: Request,
  commerce: CommerceSession,
  outcome: AuthOutcome,
  context: { returnTo: string; email: string; values: FormValues<F> },
) {
  switch (outcome.kind) {
    case "success": {
      const response = await startLogin(request, commerce, context.returnTo, outcome.sessionToken);
      response.headers.append("Set-Cookie", await clearVerificationCookie(request));
      return response;
    }
    case "verify":
    case "taken": {
      // A taken address gets the code step too, with a state of its own making (random, like Wix's): same page, same cookie.
      const pending: PendingVerification =
        outcome.kind === "verify"
          ? { stateToken: outcome.stateToken, email: context.email, returnTo: context.returnTo }
          : { stateToken: randomBytes(32).toString("base64url"), email: context.email, returnTo: context.returnTo, taken: true };
      return redirect("/account/verify", {
        status: 303,
        headers: { "Set-Cookie": await serializeCookie(appCookies().verify, pending, request) },
      });
    }
    case "pending":
      return redirect("/account/pending", { status: 303 });
    case "field": {
      const fieldErrors: FieldErrors<AuthField> = { [outcome.field]: outcome.message };
      return refuseForm({ values: context.values, fieldErrors });
    }
    case "form":
      return refuseForm({ values: context.values, formError: outcome.message });
  }
}

// ---------------------------------------------------------------- the authorize redirect, its callback, logout

/**
 * Starts a login: 303 to the platform's authorize URL, PKCE data in `__oauth`.
 * Without a session token that URL is the hosted login page; with one (the
 * site's own login or sign-up form succeeded) the platform answers at once with
 * a code: a full-page redirect, no iframe and no JavaScript needed.
 */
export async function startLogin(request: Request, commerce: CommerceSession, returnTo: unknown, sessionToken?: string): Promise<Response> {
  const target = safeReturnTo(returnTo);
  if (commerce.isMember) throw redirect(target, 303);
  // With the visitor's tokens, so the platform can move the visitor's cart to the member at login.
  const wix = await commerce.client();
  const redirectUri = loginCallbackUri(publicOrigin());
  const oauthData = wix.auth.generateOAuthData(redirectUri, target);
  // The SDK passes sessionToken on at run time, but its options type leaves it out.
  const options: { responseMode: "query"; prompt?: "none"; sessionToken?: string } = sessionToken
    ? { responseMode: "query", prompt: "none", sessionToken }
    : { responseMode: "query" };
  const { authUrl } = await wix.auth.getAuthUrl(oauthData, options as Parameters<typeof wix.auth.getAuthUrl>[1]);
  const pending: PendingLogin = { verifier: oauthData.codeVerifier, state: oauthData.state, redirectUri, returnTo: target };
  // A full document load: the platform's page is not one of our routes, so client-side routing must not take it.
  return redirectDocument(authUrl, { status: 303, headers: { "Set-Cookie": await serializeCookie(appCookies().oauth, pending, request) } });
}

type CallbackProblem = "missing" | "expired" | "state" | "refused" | "denied";

export const CALLBACK_MESSAGES: Record<CallbackProblem, string> = {
  missing: "La réponse de la page de connexion est incomplète (code ou état manquant). Reconnectez-vous.",
  expired: "La demande de connexion a expiré ou a été ouverte dans un autre navigateur. Reconnectez-vous.",
  state: "La réponse de connexion ne correspond pas à votre demande (état invalide). Par sécurité, reconnectez-vous.",
  refused: "Ce lien de connexion n'est plus valable (déjà utilisé ou expiré). Reconnectez-vous.",
  denied: "La connexion a été annulée ou refusée.",
};

/**
 * The OAuth callback: checks the state, trades the code for member tokens and
 * returns to where the user started. Problems become a French message and a
 * fresh login, never a crash.
 */
export async function finishLogin(
  request: Request,
  commerce: CommerceSession,
): Promise<Response | { problem: CallbackProblem; returnTo: string; headers: Headers }> {
  const url = new URL(request.url);
  const parsed = pendingLogin.safeParse(await readCookie(appCookies().oauth, request));
  const pending = parsed.success ? parsed.data : null;
  const headers = new Headers({ "Set-Cookie": await clearCookie(appCookies().oauth, request) });
  const returnTo = pending?.returnTo ?? "/";
  const fail = (problem: CallbackProblem) => ({ problem, returnTo, headers });

  if (url.searchParams.get("error")) return fail("denied");
  const code = url.searchParams.get("code");
  const state = url.searchParams.get("state");
  if (!code || !state) return fail("missing");
  if (!pending) return fail("expired");
  if (state !== pending.state) return fail("state");

  const outcome = await commerce.exchangeCode({ code, codeVerifier: pending.verifier, redirectUri: pending.redirectUri });
  if (outcome === "refused") return fail("refused");
  return redirectWithToast(request, pending.returnTo, { type: "success", title: "Vous êtes connecté." }, { headers });
}

/** Logout: forget the tokens here, then pass through the platform's logout page back home. */
export async function logout(request: Request, commerce: CommerceSession): Promise<Response> {
  const home = `${publicOrigin()}/`;
  let destination = "/";
  if (commerce.role !== "none") {
    try {
      const wix = await commerce.client();
      destination = (await wix.auth.logout(home)).logoutUrl;
    } catch {
      // The platform's logout page is a courtesy: the session ends here whatever it answers.
    }
  }
  commerce.clearTokens();
  return redirectWithToast(request, destination, { type: "success", title: "Vous êtes déconnecté." }, { document: true });
}
