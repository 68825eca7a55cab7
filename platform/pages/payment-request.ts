// Hosted page of an order payment request (Wix's "Payment Request Page"): the order, the amount asked, the test card.
// Reached by the request's URL (`?id=`, Get Order Payment Request URL) or by a redirect session
// (`ecomOrderPaymentRequest`, `?session=`, which adds the site's thank-you and back callbacks).
import type { Ctx } from "../core/context";
import { currency, formatMoney } from "../core/context";
import { html, readForm, redirect, WixError } from "../core/http";
import { e, errorPage, page } from "../core/layout";
import type { PaymentRequestData, PaymentRequestRow } from "../ecom/payment-requests/payment-requests";
import { requestById } from "../ecom/payment-requests/payment-requests";
import { payRequest } from "../ecom/payment-requests/request-payments";
import type { Callbacks } from "../redirects/redirects";
import { getSession } from "../redirects/redirects";
import { cardFields, checkCard, noticeOf, type CardAnswer } from "./card-form";
import { keepAnswer, takeAnswer } from "./form-answers";

interface Target {
  row: PaymentRequestRow;
  /** The page's own address fields (`id` or `session`) to post back with. */
  ref: { name: "id" | "session"; value: string };
  callbacks?: Callbacks;
}

function targetOf(ctx: Ctx, params: { get(name: string): string | null }): Target | null {
  const sessionId = params.get("session");
  let id = params.get("id");
  let callbacks: Callbacks | undefined;
  if (sessionId) {
    const session = getSession(ctx, sessionId, "paymentRequest");
    if (!session) return null;
    const data = JSON.parse(session.data) as { paymentRequestId: string; callbacks: Callbacks };
    id = data.paymentRequestId;
    callbacks = data.callbacks;
  }
  if (!id || id.length > 64) return null;
  try {
    const row = requestById(ctx, id);
    return { row, ref: sessionId ? { name: "session", value: sessionId } : { name: "id", value: id }, ...(callbacks ? { callbacks } : {}) };
  } catch (err) {
    if (err instanceof WixError) return null;
    throw err;
  }
}

const unknown = () => html(errorPage("Lien non valide", "Cette demande de paiement n'existe pas ou son lien n'est plus valide."), 404);

function render(ctx: Ctx, t: Target, answer: CardAnswer = {}): Response {
  const d = JSON.parse(t.row.data) as PaymentRequestData;
  const order = ctx.db.prepare("SELECT number FROM orders WHERE id = ?").get(t.row.order_id) as { number: string };
  const amount = formatMoney(d.amountCents, currency(ctx));
  const summary = `<div class="card"><h2>${e(d.title)}</h2>
${d.description ? `<p>${e(d.description)}</p>` : ""}
<p>Commande n° ${e(order.number)}</p>
<p class="total">Montant à régler : <strong>${e(amount)}</strong></p>
${d.expirationDate ? `<p class="muted">À régler avant le ${e(new Date(d.expirationDate).toLocaleDateString("fr-FR", { timeZone: "Europe/Paris" }))}</p>` : ""}
</div>`;
  const closed: Record<string, string> = {
    PAID: "Cette demande de paiement est déjà réglée. Merci !",
    EXPIRED: "Cette demande de paiement a expiré. Demandez-en une nouvelle à votre interlocuteur.",
    VOIDED: "Cette demande de paiement a été annulée.",
  };
  if (t.row.status !== "UNPAID") {
    const back =
      t.row.status === "PAID" && t.callbacks?.thankYouPageUrl
        ? withOrderId(t.callbacks.thankYouPageUrl, t.row.order_id)
        : t.callbacks?.postFlowUrl;
    return html(
      page(
        "Demande de paiement",
        `<h1>Demande de paiement</h1>${noticeOf(answer)}${summary}<div class="card"><p>${e(closed[t.row.status]!)}</p>${back ? `<p><a href="${e(back)}">Retour au site</a></p>` : ""}</div>`,
      ),
    );
  }
  const hidden = `<input type="hidden" name="${t.ref.name}" value="${e(t.ref.value)}">`;
  const form = `<form method="post" action="/_platform/demande-paiement" novalidate>${hidden}
<input type="hidden" name="action" value="pay">
${cardFields(answer)}
<div class="actions"><button type="submit" class="primary">Payer ${e(amount)}</button></div>
</form>
${
  t.callbacks?.postFlowUrl
    ? `<form method="post" action="/_platform/demande-paiement">${hidden}<input type="hidden" name="action" value="cancel"><div class="actions"><button type="submit" class="link">Annuler</button></div></form>`
    : ""
}`;
  return html(page("Demande de paiement", `<h1>Demande de paiement</h1>${noticeOf(answer)}${summary}<div class="card">${form}</div>`));
}

function withOrderId(url: string, orderId: string): string {
  const u = new URL(url);
  u.searchParams.set("orderId", orderId);
  return u.toString();
}

/** The page's own address (`?id=` or `?session=`), and the key its kept answers are filed under. */
const pageUrl = (t: Target) => `/_platform/demande-paiement?${t.ref.name}=${encodeURIComponent(t.ref.value)}`;
const targetKey = (t: Target) => `request:${t.ref.name}:${t.ref.value}`;

/** Post/Redirect/Get, as the checkout's payment page (form-answers.ts). */
const redirectWithAnswer = (t: Target, answer: CardAnswer) => redirect(`${pageUrl(t)}&reponse=${keepAnswer(targetKey(t), answer)}`);

export function paymentRequestGet(ctx: Ctx, url: URL): Response {
  const t = targetOf(ctx, url.searchParams);
  return t ? render(ctx, t, takeAnswer(url.searchParams.get("reponse"), targetKey(t))) : unknown();
}

export async function paymentRequestPost(ctx: Ctx, request: Request): Promise<Response> {
  const form = await readForm(request);
  const t = targetOf(ctx, form);
  if (!t) return unknown();
  if (form.get("action") === "cancel") return redirect(t.callbacks?.postFlowUrl ?? "/");
  const checked = checkCard(form, new Date());
  if (!checked.ok) return redirectWithAnswer(t, checked.answer);
  if (checked.card.declined)
    return redirectWithAnswer(t, {
      values: checked.values,
      notice: "Paiement refusé : votre banque a refusé cette carte. Aucun montant n'a été débité.",
    });
  const result = payRequest(ctx, t.row.id);
  if (!result.ok) return redirectWithAnswer(t, { notice: result.message });
  if (t.callbacks?.thankYouPageUrl) return redirect(withOrderId(t.callbacks.thankYouPageUrl, result.orderId));
  return redirect(pageUrl(t));
}
