import { redirect, redirectDocument } from "react-router";
import { z } from "zod";
import type { CommerceSession as Commerce } from "./commerce-session.server";
import { appCookies, clearCookie, readCookie, serializeCookie } from "./cookies.server";
import { safeRedirectPath } from "./redirect-target.server";
import { publicOrigin } from "./site.server";
import { redirectWithToast } from "./toast.server";

/**
 * Member login by redirect (OAuth 2 + PKCE through the platform's hosted login
 * page). The login in progress — PKCE verifier, state, return path — waits in
 * the short-lived signed `__oauth` cookie.
 */

const pendingLogin = z.object({
  verifier: z.string().min(43).max(128),
  state: z.string().min(1).max(200),
  redirectUri: z.string().url(),
  returnTo: z.string().max(2000),
});
type PendingLogin = z.infer<typeof pendingLogin>;

/** Only same-site paths: anything else (absolute, protocol-relative, backslash, control characters) becomes "/". */
export function safeReturnTo(value: unknown): string {
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
export function requireMember(commerce: Commerce, url: URL): void {
  if (commerce.isMember) return;
  throw redirect(loginPath(url.pathname + url.search));
}

/**
 * Starts a login: 303 to the platform's authorize URL, PKCE data in `__oauth`.
 * Without a session token that URL is the hosted login page; with one (the
 * site's own login or sign-up form succeeded) the platform answers at once with
 * a code: a full-page redirect, no iframe and no JavaScript needed.
 */
export async function startLogin(request: Request, commerce: Commerce, returnTo: unknown, sessionToken?: string): Promise<Response> {
  const target = safeReturnTo(returnTo);
  if (commerce.isMember) throw redirect(target, 303);
  // With the visitor's tokens, so the platform can move the visitor's cart to the member at login.
  const wix = await commerce.client();
  const redirectUri = `${publicOrigin()}/account/callback`;
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

export type CallbackProblem = "missing" | "expired" | "state" | "refused" | "denied";

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
  commerce: Commerce,
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
export async function logout(request: Request, commerce: Commerce): Promise<Response> {
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
