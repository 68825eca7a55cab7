// Hosted login, sign-up and logout pages for `auth`, `login` and `logout` redirect sessions.
import type { Ctx } from "../context";
import { randomToken } from "../context";
import { nowSeconds } from "../db";
import { html, readForm, redirect } from "../http";
import { checkCredentials, createMember } from "../members";
import { AUTH_CODE_TTL_SECONDS, revokeRefreshToken } from "../oauth";
import type { AuthSessionData, Callbacks, SessionRow } from "../redirects";
import { getSession } from "../redirects";
import { e, errorPage, page } from "./layout";

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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

function loginForm(sessionId: string, opts: { email?: string; error?: string; notice?: string } = {}): string {
  return page(
    "Connexion",
    `<div class="card">
<h1>Connexion</h1>
${opts.notice ? `<p class="notice" role="status">${e(opts.notice)}</p>` : ""}
${opts.error ? `<p class="error" role="alert">${e(opts.error)}</p>` : ""}
<form method="post" action="/_platform/login">
<input type="hidden" name="session" value="${e(sessionId)}">
<label for="email">E-mail</label>
<input type="email" id="email" name="email" autocomplete="username" required value="${e(opts.email ?? "")}">
<label for="password">Mot de passe</label>
<input type="password" id="password" name="password" autocomplete="current-password" required>
<div class="actions">
<button type="submit" class="primary">Se connecter</button>
<a href="/_platform/signup?session=${encodeURIComponent(sessionId)}">Créer un compte</a>
</div>
</form>
<form method="post" action="/_platform/login">
<input type="hidden" name="session" value="${e(sessionId)}">
<input type="hidden" name="action" value="cancel">
<div class="actions"><button type="submit" class="link">Annuler et revenir au site</button></div>
</form>
</div>`,
  );
}

function signupForm(sessionId: string, values: Record<string, string> = {}, error?: string): string {
  return page(
    "Créer un compte",
    `<div class="card">
<h1>Créer un compte</h1>
${error ? `<p class="error" role="alert">${e(error)}</p>` : ""}
<form method="post" action="/_platform/signup">
<input type="hidden" name="session" value="${e(sessionId)}">
<div class="row">
<div><label for="firstName">Prénom</label>
<input type="text" id="firstName" name="firstName" autocomplete="given-name" value="${e(values.firstName ?? "")}"></div>
<div><label for="lastName">Nom</label>
<input type="text" id="lastName" name="lastName" autocomplete="family-name" value="${e(values.lastName ?? "")}"></div>
</div>
<label for="email">E-mail</label>
<input type="email" id="email" name="email" autocomplete="email" required value="${e(values.email ?? "")}">
<label for="password">Mot de passe</label>
<input type="password" id="password" name="password" autocomplete="new-password" required minlength="8" aria-describedby="password-hint">
<p class="hint" id="password-hint">8 caractères au minimum.</p>
<div class="actions">
<button type="submit" class="primary">Créer mon compte</button>
<a href="/_platform/login?session=${encodeURIComponent(sessionId)}">J'ai déjà un compte</a>
</div>
</form>
</div>`,
  );
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
    return redirect(authRedirect(data, { code }));
  }
  const cb = (JSON.parse(session.data) as { callbacks: Callbacks }).callbacks;
  return redirect(cb.postFlowUrl ?? `${session.app_origin}/`);
}

function cancel(session: SessionRow): Response {
  if (session.kind === "auth") {
    const data = JSON.parse(session.data) as AuthSessionData;
    return redirect(authRedirect(data, { error: "access_denied", error_description: "La connexion a été annulée." }));
  }
  const cb = (JSON.parse(session.data) as { callbacks: Callbacks }).callbacks;
  return redirect(cb.postFlowUrl ?? `${session.app_origin}/`);
}

// Failed logins per e-mail, in memory: slows down password guessing on a long-running demo.
const MAX_FAILURES = 10;
const FAILURE_WINDOW_MS = 15 * 60 * 1000;
const failures = new WeakMap<Ctx, Map<string, number[]>>();

function recentFailures(ctx: Ctx, email: string): number[] {
  let byEmail = failures.get(ctx);
  if (!byEmail) failures.set(ctx, (byEmail = new Map()));
  const now = Date.now();
  const list = (byEmail.get(email) ?? []).filter((t) => now - t < FAILURE_WINDOW_MS);
  if (list.length) byEmail.set(email, list);
  else byEmail.delete(email);
  return list;
}

function recordFailure(ctx: Ctx, email: string): void {
  const list = recentFailures(ctx, email);
  list.push(Date.now());
  failures.get(ctx)!.set(email, list);
}

export function loginGet(ctx: Ctx, url: URL): Response {
  const id = url.searchParams.get("session");
  const session = loginSession(ctx, id);
  if (!session) return expired();
  return html(loginForm(session.id));
}

export async function loginPost(ctx: Ctx, request: Request): Promise<Response> {
  const form = await readForm(request);
  const session = loginSession(ctx, form.get("session"));
  if (!session) return expired();
  if (form.get("action") === "cancel") return cancel(session);
  const email = (form.get("email") ?? "").trim().slice(0, 320);
  const password = form.get("password") ?? "";
  if (!email || !password) return html(loginForm(session.id, { email, error: "Saisissez votre e-mail et votre mot de passe." }), 400);
  const key = email.toLowerCase();
  if (recentFailures(ctx, key).length >= MAX_FAILURES)
    return html(loginForm(session.id, { email, error: "Trop de tentatives de connexion. Réessayez dans quelques minutes." }), 429);
  const member = checkCredentials(ctx, email, password);
  if (!member) {
    recordFailure(ctx, key);
    return html(loginForm(session.id, { email, error: "E-mail ou mot de passe incorrect." }), 401);
  }
  failures.get(ctx)?.delete(key);
  if (member.status === "PENDING")
    return html(
      loginForm(session.id, { email, error: "Votre compte est en attente d'approbation par le propriétaire du site. Réessayez plus tard." }),
      403,
    );
  if (member.status !== "APPROVED") return html(loginForm(session.id, { email, error: "Ce compte est bloqué." }), 403);
  return ctx.db.transaction(() => loginSuccess(ctx, session, member.id)).immediate();
}

export function signupGet(ctx: Ctx, url: URL): Response {
  const session = loginSession(ctx, url.searchParams.get("session"));
  if (!session) return expired();
  return html(signupForm(session.id));
}

export async function signupPost(ctx: Ctx, request: Request): Promise<Response> {
  const form = await readForm(request);
  const session = loginSession(ctx, form.get("session"));
  if (!session) return expired();
  const values = {
    firstName: (form.get("firstName") ?? "").trim().slice(0, 100),
    lastName: (form.get("lastName") ?? "").trim().slice(0, 100),
    email: (form.get("email") ?? "").trim().slice(0, 320),
  };
  const password = form.get("password") ?? "";
  if (!EMAIL_RE.test(values.email)) return html(signupForm(session.id, values, "Saisissez une adresse e-mail valide."), 400);
  if (password.length < 8 || password.length > 200)
    return html(signupForm(session.id, values, "Le mot de passe doit contenir au moins 8 caractères."), 400);
  const pending = ctx.opts.requireMemberApproval;
  const result = ctx.db
    .transaction(() => {
      if (ctx.db.prepare("SELECT 1 FROM members WHERE email = ?").get(values.email)) return null;
      return createMember(ctx, { ...values, password, status: pending ? "PENDING" : "APPROVED" });
    })
    .immediate();
  if (!result) return html(signupForm(session.id, values, "Un compte existe déjà avec cette adresse e-mail."), 409);
  if (result.status === "PENDING") {
    const back =
      session.kind === "auth"
        ? authRedirect(JSON.parse(session.data) as AuthSessionData, {
            error: "access_denied",
            error_description: "Compte en attente d'approbation",
          })
        : ((JSON.parse(session.data) as { callbacks: Callbacks }).callbacks.postFlowUrl ?? `${session.app_origin}/`);
    return html(
      page(
        "Compte créé",
        `<div class="card"><h1>Compte créé</h1>
<p class="notice" role="status">Votre compte a été créé et il est en attente d'approbation par le propriétaire du site : vous pourrez vous connecter une fois votre compte validé.</p>
<p><a href="${e(back)}">Retour au site</a></p></div>`,
      ),
    );
  }
  return ctx.db.transaction(() => loginSuccess(ctx, session, result.id)).immediate();
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
