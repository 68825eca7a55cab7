// Hosted payment page of an `ecomCheckout` redirect session: summary, test card, pay on delivery, cancel.
import type { CheckoutData } from "../ecom/checkout/checkout-v1";
import type { Ctx } from "../core/context";
import { currency, formatMoney } from "../core/context";
import { clientOf, html, readForm, redirect } from "../core/http";
import type { PurchaseRef } from "../ecom/checkout/purchase";
import { placePurchase, purchaseOf } from "../ecom/checkout/purchase";
import type { Totals } from "../ecom/pricing/pricing";
import { addressToWire, isPickup, pickupAddressText, unavailableText, type ShippingOptionRec } from "../ecom/pricing/pricing";
import type { Callbacks, SessionRow } from "../redirects/redirects";
import { getSession } from "../redirects/redirects";
import { e, errorPage, page } from "../core/layout";
import { cardFields, checkCard, noticeOf, type CardAnswer } from "./card-form";
import { keepAnswer, takeAnswer } from "./form-answers";
import { payOnDeliveryRefusal } from "./pay-on-delivery";

/** A Checkout V1 (`checkoutId`) or a Cart V2 (`cartId`) session. */
interface EcomSessionData extends PurchaseRef {
  callbacks: Callbacks;
}

const pageUrl = (session: SessionRow) => `/_platform/checkout?session=${encodeURIComponent(session.id)}`;
const targetOf = (session: SessionRow) => `checkout:${session.id}`;

/** Post/Redirect/Get: a refused POST is answered by a 303 to the page, its answer kept under an id (form-answers.ts). */
function redirectWithAnswer(session: SessionRow, answer: CardAnswer): Response {
  return redirect(`${pageUrl(session)}&reponse=${keepAnswer(targetOf(session), answer)}`);
}

function expired(): Response {
  return html(errorPage("Lien expiré", "Ce lien de paiement a expiré ou n'est pas valide. Retournez au panier pour recommencer."), 400);
}

function withOrderId(url: string, orderId: string): string {
  const u = new URL(url);
  u.searchParams.set("orderId", orderId);
  return u.toString();
}

function addressBlock(title: string, a: Record<string, unknown> | null, contact: Record<string, unknown> | null): string {
  const wire = addressToWire(a);
  const name = [contact?.firstName, contact?.lastName, contact?.company].filter((v) => typeof v === "string" && v).join(" ");
  if (!wire && !name) return "";
  return `<div><h3>${e(title)}</h3><p>${name ? `${e(name)}<br>` : ""}${wire ? e(wire.formattedAddress) : ""}</p></div>`;
}

/** Where and when to collect a pickup: the option's address and instructions (opening hours). */
function pickupBlock(option: ShippingOptionRec): string {
  const where = pickupAddressText(option);
  const instructions = option.instructions;
  return `<div><h3>Retrait sur place</h3><p>${where ? e(where) : "À l'adresse de la boutique"}${instructions ? `<br>${e(instructions)}` : ""}</p></div>`;
}

function summary(ctx: Ctx, data: CheckoutData, t: Totals): string {
  const cur = currency(ctx);
  const m = (c: number) => e(formatMoney(c, cur));
  const rows = t.lines
    .map((l) => {
      const name = l.product?.name ?? l.ref.snapshot.name ?? "Article";
      const opts = l.variant
        ? Object.entries(l.variant.choices)
            .map(([k, v]) => `${e(k)} : ${e(v)}`)
            .join(", ")
        : "";
      const warn = l.status !== "AVAILABLE" ? `<br><span class="field-error">${e(unavailableText(l))}</span>` : "";
      return `<tr><td>${e(name)}${opts ? `<br><span class="muted">${opts}</span>` : ""}${warn}</td><td class="num">${l.ref.quantity}</td><td class="num">${m(l.lineCents)}</td></tr>`;
    })
    .join("\n");
  return `<div class="card">
<h2>Récapitulatif</h2>
<table>
<thead><tr><th>Article</th><th class="num">Qté</th><th class="num">Montant</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot>
<tr><th colspan="2">Sous-total</th><td class="num">${m(t.subtotal)}</td></tr>
${t.discount ? `<tr><th colspan="2">Remise${t.coupon ? ` (${e(t.coupon.code)})` : ""}</th><td class="num">−${m(t.discount)}</td></tr>` : ""}
${t.selected ? `<tr><th colspan="2">${e(t.selected.title)}</th><td class="num">${m(t.shipping)}</td></tr>` : ""}
<tr class="total"><th colspan="2">Total</th><td class="num">${m(t.total)}</td></tr>
<tr><td colspan="3" class="muted">Dont TVA : ${m(t.tax)}</td></tr>
</tfoot>
</table>
${data.email ? `<p class="muted">Confirmation envoyée à ${e(data.email)}</p>` : ""}
<div class="row">
${t.needsShipping ? (t.selected && isPickup(t.selected) ? pickupBlock(t.selected) : addressBlock("Livraison", data.shippingAddress, data.contactDetails)) : ""}
${addressBlock("Facturation", data.billingAddress, data.contactDetails)}
</div>
</div>`;
}

function render(ctx: Ctx, session: SessionRow, answer: CardAnswer = {}): Response {
  const data = JSON.parse(session.data) as EcomSessionData;
  const purchase = purchaseOf(ctx, data);
  if (!purchase) return expired();
  if (purchase.orderId) {
    const back = withOrderId(data.callbacks.thankYouPageUrl ?? `${session.app_origin}/`, purchase.orderId);
    return html(
      page(
        "Commande déjà réglée",
        `<div class="card"><h1>Commande déjà réglée</h1><p>Cette commande a déjà été enregistrée.</p><p><a href="${e(back)}">Voir la confirmation</a></p></div>`,
      ),
    );
  }
  const { data: cd, totals: t, blocked } = purchase;
  const cur = currency(ctx);
  const sid = e(session.id);
  const payForms = blocked
    ? `<p class="error" role="alert">${e(blocked)}</p>`
    : `<form method="post" action="${e(pageUrl(session))}" novalidate>
<input type="hidden" name="session" value="${sid}">
<input type="hidden" name="action" value="pay">
${cardFields(answer)}
<div class="actions"><button type="submit" class="primary">Payer ${e(formatMoney(t.total, cur))} (commande avec obligation de paiement)</button></div>
</form>
${
  payOnDeliveryRefusal(ctx, t) === null
    ? `<form method="post" action="/_platform/checkout">
<input type="hidden" name="session" value="${sid}">
<input type="hidden" name="action" value="offline">
<div class="actions"><button type="submit" class="secondary">Commander et payer à la livraison</button>
<span class="hint">Commande avec obligation de paiement : vous réglerez ${e(formatMoney(t.total, cur))} à la réception ou au retrait.</span></div>
</form>`
    : ""
}`;
  return html(
    page(
      "Paiement",
      `<h1>Paiement</h1>
${noticeOf(answer)}
${summary(ctx, cd, t)}
<div class="card">
${payForms}
<form method="post" action="/_platform/checkout">
<input type="hidden" name="session" value="${sid}">
<input type="hidden" name="action" value="cancel">
<div class="actions"><button type="submit" class="link">Annuler</button></div>
</form>
</div>`,
    ),
  );
}

export function paymentGet(ctx: Ctx, url: URL): Response {
  const session = getSession(ctx, url.searchParams.get("session"), "ecomCheckout");
  if (!session) return expired();
  return render(ctx, session, takeAnswer(url.searchParams.get("reponse"), targetOf(session)));
}

const DECLINED = "Paiement refusé : votre banque a refusé cette carte. Aucun montant n'a été débité.";

export async function paymentPost(ctx: Ctx, request: Request): Promise<Response> {
  const form = await readForm(request);
  const session = getSession(ctx, form.get("session"), "ecomCheckout");
  if (!session) return expired();
  const data = JSON.parse(session.data) as EcomSessionData;
  const action = form.get("action") ?? "pay";
  if (action === "cancel") return redirect(data.callbacks.postFlowUrl ?? `${session.app_origin}/`);
  if (action !== "pay" && action !== "offline") return redirectWithAnswer(session, { notice: "Action inconnue." });
  if (action === "offline") {
    const purchase = purchaseOf(ctx, data);
    const refusal = purchase && !purchase.orderId ? payOnDeliveryRefusal(ctx, purchase.totals) : null;
    if (refusal) return redirectWithAnswer(session, { notice: refusal });
  }
  let values: CardAnswer["values"];
  if (action === "pay") {
    const checked = checkCard(form, new Date());
    if (!checked.ok) return redirectWithAnswer(session, checked.answer);
    values = checked.values;
    if (checked.card.declined) return redirectWithAnswer(session, { values, notice: DECLINED });
  }
  // PLATFORM_PAYMENT_CAPTURE=manual: the card is only authorized; the owner captures or voids it later.
  const payment = action === "offline" ? "offline" : ctx.opts.paymentCapture === "manual" ? "authorized" : "card";
  const result = placePurchase(ctx, data, payment, clientOf(request));
  if (!result.ok) {
    const msg =
      result.code === "OUT_OF_STOCK"
        ? `Désolé, votre commande ne peut pas être validée : ${result.message} Aucun montant n'a été débité.`
        : result.message;
    return redirectWithAnswer(session, { ...(values ? { values } : {}), notice: msg });
  }
  return redirect(withOrderId(data.callbacks.thankYouPageUrl ?? `${session.app_origin}/`, result.orderId));
}
