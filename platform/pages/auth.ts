// Hosted login, sign-up and logout pages for `auth`, `login` and `logout` redirect sessions.
import type { Ctx } from "../core/context";
import { randomToken } from "../core/context";
import { nowSeconds } from "../core/db";
import { clientOf, html, readForm, redirect, UNSAFE_TEXT_RE } from "../core/http";
import {
  attemptLogin,
  checkVerification,
  consumeSessionToken,
  passwordProblem,
  startPasswordReset,
  startVerification,
} from "../iam/identity";
import type { MemberRow } from "../members/members";
import { canonicalEmail } from "../core/email";
import { startSignup } from "../iam/signup";
import { AUTH_CODE_TTL_SECONDS, revokeRefreshToken } from "../iam/oauth";
import type { AuthSessionData, Callbacks, SessionRow } from "../redirects/redirects";
import { getSession } from "../redirects/redirects";
import { e, errorPage, page } from "../core/layout";
import { webMessageAnswer } from "./web-message";

function expired(): Response {
  return html(errorPage("Lien expiré", "Ce lien de connexion a expiré ou n'est pas valide. Retournez sur le site pour recommencer."), 400);
}

function loginSession(ctx: Ctx, id: string | null): SessionRow | null {
  const s = getSession(ctx, id);
  return s && (s.kind === "auth" || s.kind === "login") ? s : null;
}

/** Where the browser goes back to with an OAuth answer (query or fragment, as the session asked). */
export function authRedirect(data: AuthSessionData, params: Record<string, string>): string {
  const url = new URL(data.redirectUri);
  const withState = { ...params, ...(data.state ? { state: data.state } : {}) };
  if (data.responseMode === "query") {
    for (const [k, v] of Object.entries(withState)) url.searchParams.set(k, v);
  } else {
    url.hash = new URLSearchParams(withState).toString();
  }
  return url.toString();
}

/**
 * The OAuth answer of an `auth` session: a redirect to the redirect URI (query or fragment), or, for the SDK's
 * iframe login (`web_message`), a page that posts it to the framing window.
 */
function authAnswer(data: AuthSessionData, params: Record<string, string>): Response {
  if (data.responseMode === "web_message")
    return webMessageAnswer(data.targetOrigin ?? new URL(data.redirectUri).origin, {
      ...params,
      ...(data.state ? { state: data.state } : {}),
    });
  return redirect(authRedirect(data, params));
}

interface Messages {
  error?: string;
  notice?: string;
}

/** A hosted page of the sign-in flow: its card with the heading, the notice and the error when there are, then `content`. */
function flowPage(title: string, heading: string, messages: Messages, content: string): string {
  return page(
    title,
    `<div class="card">
<h1>${heading}</h1>
${messages.notice ? `<p class="notice" role="status">${e(messages.notice)}</p>` : ""}
${messages.error ? `<p class="error" role="alert">${e(messages.error)}</p>` : ""}
${content}
</div>`,
  );
}

/** A link from a step of the flow to another (`login`, `signup`, `forgot`), in the same session. */
const stepLink = (step: string, sessionId: string, text: string) =>
  `<a href="/_platform/${step}?session=${encodeURIComponent(sessionId)}">${text}</a>`;

/** A step's form: posted to /_platform/<step> with its session and `fields`, then its button and links. */
function stepForm(step: string, sessionId: string, fields: string, submit: string, ...links: string[]): string {
  return `<form method="post" action="/_platform/${step}">
<input type="hidden" name="session" value="${e(sessionId)}">
${fields}
<div class="actions">
<button type="submit" class="primary">${submit}</button>
${links.join("\n")}
</div>
</form>`;
}

function loginForm(sessionId: string, opts: { email?: string } & Messages = {}): string {
  const fields = `<label for="email">E-mail</label>
<input type="email" id="email" name="email" autocomplete="username" required value="${e(opts.email ?? "")}">
<label for="password">Mot de passe</label>
<input type="password" id="password" name="password" autocomplete="current-password" required>`;
  const links = [stepLink("signup", sessionId, "Créer un compte"), stepLink("forgot", sessionId, "Mot de passe oublié ?")];
  return flowPage(
    "Connexion",
    "Connexion",
    opts,
    `${stepForm("login", sessionId, fields, "Se connecter", ...links)}
<form method="post" action="/_platform/login">
<input type="hidden" name="session" value="${e(sessionId)}">
<input type="hidden" name="action" value="cancel">
<div class="actions"><button type="submit" class="link">Annuler et revenir au site</button></div>
</form>`,
  );
}

function signupForm(sessionId: string, values: Record<string, string> = {}, error?: string): string {
  const fields = `<div class="row">
<div><label for="firstName">Prénom</label>
<input type="text" id="firstName" name="firstName" autocomplete="given-name" value="${e(values.firstName ?? "")}"></div>
<div><label for="lastName">Nom</label>
<input type="text" id="lastName" name="lastName" autocomplete="family-name" value="${e(values.lastName ?? "")}"></div>
</div>
<label for="email">E-mail</label>
<input type="email" id="email" name="email" autocomplete="email" required value="${e(values.email ?? "")}">
<label for="password">Mot de passe</label>
<input type="password" id="password" name="password" autocomplete="new-password" required minlength="8" aria-describedby="password-hint">
<p class="hint" id="password-hint">8 caractères au minimum.</p>`;
  const form = stepForm("signup", sessionId, fields, "Créer mon compte", stepLink("login", sessionId, "J'ai déjà un compte"));
  return flowPage("Créer un compte", "Créer un compte", { error }, form);
}

/** Completes a successful login: a single-use code for `auth` sessions, a plain return for `login`. */
function loginSuccess(ctx: Ctx, session: SessionRow, memberId: string): Response {
  if (session.kind === "auth") {
    const data = JSON.parse(session.data) as AuthSessionData;
    const code = randomToken();
    ctx.db
      .prepare(
        "INSERT INTO auth_codes (code, client_id, redirect_uri, code_challenge, member_id, visitor_id, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      )
      .run(code, data.clientId, data.redirectUri, data.codeChallenge, memberId, session.visitor_id, nowSeconds() + AUTH_CODE_TTL_SECONDS);
    return authAnswer(data, { code });
  }
  const cb = (JSON.parse(session.data) as { callbacks: Callbacks }).callbacks;
  return redirect(cb.postFlowUrl ?? `${session.app_origin}/`);
}

function cancel(session: SessionRow): Response {
  if (session.kind === "auth") {
    const data = JSON.parse(session.data) as AuthSessionData;
    return authAnswer(data, { error: "access_denied", error_description: "La connexion a été annulée." });
  }
  const cb = (JSON.parse(session.data) as { callbacks: Callbacks }).callbacks;
  return redirect(cb.postFlowUrl ?? `${session.app_origin}/`);
}

function verifyForm(sessionId: string, stateToken: string, opts: Messages = {}): string {
  const fields = `<input type="hidden" name="stateToken" value="${e(stateToken)}">
<label for="code">Code de vérification</label>
<input type="text" id="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required aria-describedby="code-hint">
<p class="hint" id="code-hint">Le code à 6 chiffres envoyé à votre adresse e-mail.</p>`;
  const form = stepForm("verify", sessionId, fields, "Vérifier", stepLink("login", sessionId, "Revenir à la connexion"));
  return flowPage("Vérification de votre adresse e-mail", "Vérifiez votre adresse e-mail", opts, form);
}

function pendingPage(session: SessionRow, created: boolean): Response {
  const auth = session.kind === "auth" ? (JSON.parse(session.data) as AuthSessionData) : null;
  // A web_message session has no redirect URI to link back to: the site's home.
  const back =
    auth && auth.redirectUri
      ? authRedirect(auth, {
          error: "access_denied",
          error_description: "Compte en attente d'approbation",
        })
      : ((JSON.parse(session.data) as { callbacks?: Callbacks }).callbacks?.postFlowUrl ?? `${session.app_origin}/`);
  const text = created
    ? "Votre compte a été créé et il est en attente d'approbation par le propriétaire du site : vous pourrez vous connecter une fois votre compte validé."
    : "Votre compte est en attente d'approbation par le propriétaire du site : vous pourrez vous connecter une fois votre compte validé.";
  return html(
    page(
      created ? "Compte créé" : "Compte en attente",
      `<div class="card"><h1>${created ? "Compte créé" : "Compte en attente"}</h1>
<p class="notice" role="status">${e(text)}</p>
<p><a href="${e(back)}">Retour au site</a></p></div>`,
    ),
  );
}

/** Sends a code to an unverified member and shows the code form. */
function verificationStep(ctx: Ctx, session: SessionRow, member: MemberRow): Response {
  const stateToken = startVerification(ctx, member);
  return html(verifyForm(session.id, stateToken, { notice: `Un code de vérification vient d'être envoyé à ${member.email}.` }));
}

function loginGet(ctx: Ctx, session: SessionRow): Response {
  if (session.kind === "auth") {
    const data = JSON.parse(session.data) as AuthSessionData;
    if (data.sessionToken || data.prompt === "none") {
      // Direct login: the session token from auth.login/register stands for the password, once.
      const memberId = consumeSessionToken(ctx, data.sessionToken);
      if (memberId) return ctx.db.transaction(() => loginSuccess(ctx, session, memberId)).immediate();
      if (data.prompt === "none")
        return authAnswer(data, { error: "login_required", error_description: "La session de connexion est invalide ou expirée." });
    }
  }
  return html(loginForm(session.id));
}

async function loginPost(ctx: Ctx, session: SessionRow, form: URLSearchParams, request: Request): Promise<Response> {
  if (form.get("action") === "cancel") return cancel(session);
  const email = (form.get("email") ?? "").trim().slice(0, 320);
  const password = form.get("password") ?? "";
  if (!email || !password) return html(loginForm(session.id, { email, error: "Saisissez votre e-mail et votre mot de passe." }), 400);
  const outcome = await attemptLogin(ctx, email, password, clientOf(request));
  switch (outcome.kind) {
    case "locked":
      return html(
        loginForm(session.id, {
          email,
          error: `Trop de tentatives échouées pour ce compte depuis cette connexion. Réessayez dans ${Math.ceil(outcome.retryAfterSeconds / 60)} minutes.`,
        }),
        429,
      );
    case "invalid-credentials":
      return html(loginForm(session.id, { email, error: "E-mail ou mot de passe incorrect." }), 401);
    case "blocked":
      // Only to whoever typed the right password: it tells an attacker nothing.
      return html(loginForm(session.id, { email, error: "Ce compte est suspendu : contactez le propriétaire du site." }), 403);
    case "pending":
      return html(
        loginForm(session.id, {
          email,
          error: "Votre compte est en attente d'approbation par le propriétaire du site. Réessayez plus tard.",
        }),
        403,
      );
    case "unverified":
      return verificationStep(ctx, session, outcome.member);
    default: {
      const memberId = outcome.member.id;
      return ctx.db.transaction(() => loginSuccess(ctx, session, memberId)).immediate();
    }
  }
}

function verifyPost(ctx: Ctx, session: SessionRow, form: URLSearchParams): Response {
  const stateToken = form.get("stateToken") ?? "";
  const outcome = checkVerification(ctx, stateToken, form.get("code") ?? "");
  if (outcome.kind === "expired")
    return html(
      loginForm(session.id, {
        error: "Ce code a expiré ou a été invalidé. Recommencez l'inscription, ou reconnectez-vous, pour recevoir un nouveau code.",
      }),
      400,
    );
  if (outcome.kind === "wrong-code")
    return html(
      outcome.attemptsLeft > 0
        ? verifyForm(session.id, stateToken, {
            error: `Code incorrect. Il vous reste ${outcome.attemptsLeft} essai${outcome.attemptsLeft > 1 ? "s" : ""}.`,
          })
        : loginForm(session.id, {
            error: "Code incorrect trop de fois : recommencez l'inscription, ou reconnectez-vous, pour recevoir un nouveau code.",
          }),
      400,
    );
  if (outcome.member.status === "PENDING") return pendingPage(session, false);
  const memberId = outcome.member.id;
  return ctx.db.transaction(() => loginSuccess(ctx, session, memberId)).immediate();
}

async function signupPost(ctx: Ctx, session: SessionRow, form: URLSearchParams): Promise<Response> {
  const values = {
    firstName: (form.get("firstName") ?? "").trim().slice(0, 100),
    lastName: (form.get("lastName") ?? "").trim().slice(0, 100),
    email: (form.get("email") ?? "").trim().slice(0, 320),
  };
  const password = form.get("password") ?? "";
  // The canonical form (core/email.ts): a look-alike is the address it imitates; no canonical form, no account.
  const email = canonicalEmail(values.email);
  if (!email) return html(signupForm(session.id, values, "Saisissez une adresse e-mail valide."), 400);
  if (UNSAFE_TEXT_RE.test(values.firstName) || UNSAFE_TEXT_RE.test(values.lastName))
    return html(
      signupForm(session.id, values, "Le prénom et le nom ne doivent pas contenir de caractères invisibles ou de contrôle."),
      400,
    );
  const weak = passwordProblem(password);
  if (weak) return html(signupForm(session.id, values, weak), 400);
  // The same step whether or not the address has an account (iam/signup.ts): the code, or its holder told by e-mail.
  const { stateToken } = await startSignup(ctx, {
    email,
    password,
    firstName: values.firstName || null,
    lastName: values.lastName || null,
  });
  return html(
    verifyForm(session.id, stateToken, {
      notice:
        `Un code de vérification vient d'être envoyé à ${email} : votre compte sera créé quand vous l'aurez saisi. ` +
        "Vous avez déjà un compte avec cette adresse ? Connectez-vous, ou utilisez « Mot de passe oublié ? ».",
    }),
  );
}

function forgotForm(sessionId: string, opts: { email?: string } & Messages = {}): string {
  const fields = `<label for="email">E-mail</label>
<input type="email" id="email" name="email" autocomplete="email" required value="${e(opts.email ?? "")}">`;
  const form = stepForm("forgot", sessionId, fields, "Envoyer le lien", stepLink("login", sessionId, "Revenir à la connexion"));
  return flowPage(
    "Mot de passe oublié",
    "Mot de passe oublié",
    opts,
    `<p>Saisissez l'adresse e-mail de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de passe.</p>
${form}`,
  );
}

function forgotPost(ctx: Ctx, session: SessionRow, form: URLSearchParams): Response {
  const email = (form.get("email") ?? "").trim().slice(0, 320);
  if (!canonicalEmail(email)) return html(forgotForm(session.id, { email, error: "Saisissez une adresse e-mail valide." }), 400);
  // After the reset the member comes back to this login page; the answer is the same for unknown e-mails.
  startPasswordReset(ctx, email, session.app_origin, `${session.app_origin}/_platform/login?session=${encodeURIComponent(session.id)}`);
  return html(
    forgotForm(session.id, {
      notice: `Si un compte existe pour ${email}, un e-mail contenant un lien de réinitialisation vient de lui être envoyé.`,
    }),
  );
}

type LoginPage = (ctx: Ctx, session: SessionRow, input: URLSearchParams, request: Request) => Response | Promise<Response>;

/** The pages of a login session, by "METHOD path" under /_platform/. */
const LOGIN_PAGES = new Map<string, LoginPage>([
  ["GET login", loginGet],
  ["POST login", loginPost],
  ["POST verify", verifyPost],
  ["GET signup", (_ctx, session) => html(signupForm(session.id))],
  ["POST signup", signupPost],
  ["GET forgot", (_ctx, session) => html(forgotForm(session.id))],
  ["POST forgot", forgotPost],
]);

/**
 * A login session's page, or null when `route` names none. Every page finds its session the same way (the query's
 * `session` on GET, the form's on POST); an unknown or finished one gets the "link expired" page.
 */
export async function loginSessionPage(ctx: Ctx, request: Request, url: URL, route: string): Promise<Response | null> {
  const page = LOGIN_PAGES.get(route);
  if (!page) return null;
  const input = request.method.toUpperCase() === "POST" ? await readForm(request) : url.searchParams;
  const session = loginSession(ctx, input.get("session"));
  if (!session) return expired();
  return page(ctx, session, input, request);
}

export function logoutGet(ctx: Ctx, url: URL): Response {
  const session = getSession(ctx, url.searchParams.get("session"), "logout");
  if (!session) return redirect(`${url.origin}/`);
  const data = JSON.parse(session.data) as { callbacks: Callbacks; refreshToken?: string };
  if (data.refreshToken) {
    const rt = data.refreshToken;
    ctx.db.transaction(() => revokeRefreshToken(ctx, rt)).immediate();
  }
  return redirect(data.callbacks.postFlowUrl ?? `${session.app_origin}/`);
}
