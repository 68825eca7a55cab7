// Hosted pages around member accounts: the password-reset form, the local outbox and the owner's approval tool.
import { timingSafeEqual } from "node:crypto";
import type { Ctx } from "../core/context";
import { html, json, readForm, redirect, sameOriginOrNone } from "../core/http";
import { apiLog } from "../core/api-log";
import { activeThrottles, approveMember, completeReset, findReset, listPendingMembers, passwordProblem } from "../iam/identity";
import { readOutbox } from "../core/mail";
import { e, errorPage, page } from "../core/layout";

// ---------------------------------------------------------------- password reset

function resetForm(token: string, error?: string): string {
  return page(
    "Nouveau mot de passe",
    `<div class="card">
<h1>Choisir un nouveau mot de passe</h1>
${error ? `<p class="error" role="alert">${e(error)}</p>` : ""}
<form method="post" action="/_platform/reset-password">
<input type="hidden" name="token" value="${e(token)}">
<label for="password">Nouveau mot de passe</label>
<input type="password" id="password" name="password" autocomplete="new-password" required minlength="8" aria-describedby="password-hint">
<p class="hint" id="password-hint">8 caractères au minimum.</p>
<label for="confirm">Confirmer le mot de passe</label>
<input type="password" id="confirm" name="confirm" autocomplete="new-password" required minlength="8">
<div class="actions"><button type="submit" class="primary">Enregistrer le mot de passe</button></div>
</form>
</div>`,
  );
}

function resetExpired(ctx: Ctx): Response {
  return html(
    errorPage(
      "Lien expiré",
      "Ce lien de réinitialisation a expiré ou a déjà été utilisé. Demandez un nouveau lien depuis la page « Mot de passe oublié » du site.",
      `${ctx.opts.defaultAppOrigin}/`,
    ),
    400,
  );
}

export function resetGet(ctx: Ctx, url: URL): Response {
  const token = url.searchParams.get("token") ?? "";
  if (!findReset(ctx, token)) return resetExpired(ctx);
  return html(resetForm(token));
}

export async function resetPost(ctx: Ctx, request: Request): Promise<Response> {
  const form = await readForm(request);
  const token = form.get("token") ?? "";
  const row = findReset(ctx, token);
  if (!row) return resetExpired(ctx);
  const password = form.get("password") ?? "";
  const problem = passwordProblem(password);
  if (problem) return html(resetForm(token, problem), 400);
  if (password !== (form.get("confirm") ?? "")) return html(resetForm(token, "Les deux mots de passe ne correspondent pas."), 400);
  if (!(await completeReset(ctx, row, password))) return resetExpired(ctx);
  if (row.redirect_url) return redirect(row.redirect_url);
  return html(
    page(
      "Mot de passe enregistré",
      `<div class="card"><h1>Mot de passe enregistré</h1>
<p class="notice" role="status">Votre nouveau mot de passe est enregistré : vous pouvez vous connecter avec.</p>
<p><a href="${e(`${ctx.opts.defaultAppOrigin}/`)}">Retour au site</a></p></div>`,
    ),
  );
}

// ---------------------------------------------------------------- owner tools (outbox, approvals)

/**
 * The owner tools (outbox, approvals) need the owner token (`?token=` or a form field). Without a configured token
 * they are closed: the outbox holds reset links and codes, so an open outbox is an open door to every account.
 */
function ownerAllowed(ctx: Ctx, given: string | null): boolean {
  const expected = ctx.opts.ownerToken;
  if (!expected || !given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function ownerDenied(ctx: Ctx): Response {
  if (!ctx.opts.ownerToken)
    return html(errorPage("Page introuvable", "Les outils du propriétaire ne sont pas activés sur ce site (PLATFORM_OWNER_TOKEN)."), 404);
  return html(
    errorPage("Accès refusé", "Cette page est réservée au propriétaire du site : ajoutez le jeton d'accès à l'adresse (?token=…)."),
    403,
  );
}

const dateFmt = new Intl.DateTimeFormat("fr-FR", { dateStyle: "short", timeStyle: "medium", timeZone: "Europe/Paris" });

/** The API calls answered ("METHOD /path", oldest first), as JSON for the owner and the browser tests. */
export function apiLogGet(ctx: Ctx, url: URL): Response {
  if (!ownerAllowed(ctx, url.searchParams.get("token"))) return ownerDenied(ctx);
  return json({ calls: apiLog(ctx.db) }, 200, { "cache-control": "no-store" });
}

export function outboxGet(ctx: Ctx, url: URL): Response {
  if (!ownerAllowed(ctx, url.searchParams.get("token"))) return ownerDenied(ctx);
  const messages = readOutbox(ctx.db);
  const items = messages
    .map(
      (m) => `<article class="card" aria-labelledby="msg-${e(m.id)}">
<h2 id="msg-${e(m.id)}">${e(m.subject)}</h2>
<p class="muted">À : <strong>${e(m.to)}</strong> · ${e(dateFmt.format(new Date(m.createdAt)))}</p>
<p class="mail-body">${e(m.text)}</p>
${m.links.length ? `<ul>${m.links.map((l) => `<li><a href="${e(l.url)}">${e(l.label)}</a></li>`).join("")}</ul>` : ""}
</article>`,
    )
    .join("\n");
  return html(
    page(
      "Boîte d'envoi",
      `<h1>Boîte d'envoi</h1>
<p class="notice" role="note">Aucun serveur de messagerie n'est configuré : les e-mails envoyés par le site (codes de vérification, liens de réinitialisation) sont rangés ici, du plus récent au plus ancien.</p>
${items || '<div class="card"><p>Aucun message pour le moment.</p></div>'}`,
    ),
  );
}

function membersPage(ctx: Ctx, token: string | null, notice?: string): string {
  const pending = listPendingMembers(ctx);
  const tokenField = token ? `<input type="hidden" name="token" value="${e(token)}">` : "";
  const rows = pending
    .map((m) => {
      const name = [m.first_name, m.last_name].filter(Boolean).join(" ") || m.nickname || "";
      return `<tr><td>${e(m.email)}</td><td>${e(name)}</td><td>${e(dateFmt.format(new Date(m.created_date)))}</td>
<td><form method="post" action="/_platform/owner/members">${tokenField}<input type="hidden" name="memberId" value="${e(m.id)}">
<button type="submit" class="primary" aria-label="Approuver ${e(m.email)}">Approuver</button></form></td></tr>`;
    })
    .join("\n");
  return page(
    "Membres en attente",
    `<div class="card">
<h1>Membres en attente d'approbation</h1>
${notice ? `<p class="notice" role="status">${e(notice)}</p>` : ""}
${
  pending.length
    ? `<table><thead><tr><th scope="col">E-mail</th><th scope="col">Nom</th><th scope="col">Inscription</th><th scope="col"><span class="muted">Action</span></th></tr></thead>
<tbody>${rows}</tbody></table>`
    : "<p>Aucun membre en attente.</p>"
}
</div>
${throttlesCard(ctx)}`,
  );
}

/** Logins refused for a while after repeated failures: the owner sees which accounts are being guessed at, and from where. */
function throttlesCard(ctx: Ctx): string {
  const throttles = activeThrottles(ctx);
  const rows = throttles
    .map((t) => `<tr><td>${e(t.email)}</td><td>${e(t.client)}</td><td>${e(dateFmt.format(new Date(t.untilMs)))}</td></tr>`)
    .join("\n");
  return `<div class="card">
<h2>Connexions limitées</h2>
${
  throttles.length
    ? `<table><thead><tr><th scope="col">E-mail</th><th scope="col">Adresse du client</th><th scope="col">Jusqu'à</th></tr></thead><tbody>${rows}</tbody></table>`
    : "<p>Aucune connexion limitée en ce moment.</p>"
}
</div>`;
}

export function ownerMembersGet(ctx: Ctx, url: URL): Response {
  const token = url.searchParams.get("token");
  if (!ownerAllowed(ctx, token)) return ownerDenied(ctx);
  const approved = url.searchParams.get("approved");
  return html(membersPage(ctx, token, approved ? `Le compte ${approved} est approuvé.` : undefined));
}

export async function ownerMembersPost(ctx: Ctx, request: Request): Promise<Response> {
  if (!sameOriginOrNone(request)) return ownerDenied(ctx);
  const form = await readForm(request);
  const token = form.get("token");
  if (!ownerAllowed(ctx, token)) return ownerDenied(ctx);
  const m = approveMember(ctx, form.get("memberId") ?? "");
  if (!m) return html(membersPage(ctx, token, "Ce membre n'est plus en attente."), 409);
  const back = new URLSearchParams({ approved: m.email, ...(token ? { token } : {}) });
  return redirect(`/_platform/owner/members?${back.toString()}`);
}
