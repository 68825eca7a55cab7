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

export const TEST_CARD_OK = "4242424242424242";
export const TEST_CARD_DECLINED = "4000000000000002";

/** A Checkout V1 (`checkoutId`) or a Cart V2 (`cartId`) session. */
interface EcomSessionData extends PurchaseRef {
  callbacks: Callbacks;
  /** What the last refused POST has to show, read once by the GET it redirects to (never a card number). */
  flash?: FormState;
}

/** Post/Redirect/Get: a refused payment is answered by a 303 to the page, so Back and reload never resubmit it. */
function redirectWithFlash(ctx: Ctx, session: SessionRow, flash: FormState): Response {
  const data = JSON.parse(session.data) as EcomSessionData;
  ctx.db.prepare("UPDATE redirect_sessions SET data = ? WHERE id = ?").run(JSON.stringify({ ...data, flash }), session.id);
  return redirect(`/_platform/checkout?session=${encodeURIComponent(session.id)}`);
}

/** The flash left by the last POST, removed as it is read. */
function takeFlash(ctx: Ctx, session: SessionRow): FormState {
  const data = JSON.parse(session.data) as EcomSessionData;
  if (!data.flash) return {};
  const { flash, ...rest } = data;
  ctx.db.prepare("UPDATE redirect_sessions SET data = ? WHERE id = ?").run(JSON.stringify(rest), session.id);
  return flash;
}

/**
 * The expiry as typed, in the one spelling the page shows ("MM/AA"), or null when it is not a month and a year.
 * Common spellings are accepted: 12/30, 12/2030, 1230, 122030, 12-30, 12.30, 12 30, 1/30.
 */
export function normalizeExpiry(raw: string): string | null {
  const text = raw.trim();
  const match = /^(\d{1,2})\s*[/.\s-]\s*(\d{2}|\d{4})$/.exec(text) ?? /^(\d{2})(\d{2})$/.exec(text) ?? /^(\d{2})(\d{4})$/.exec(text);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 4 ? match[2]!.slice(2) : match[2]!;
  if (month < 1 || month > 12 || (match[2]!.length === 4 && !match[2]!.startsWith("20"))) return null;
  return `${String(month).padStart(2, "0")}/${year}`;
}

/**
 * Null when the expiry is a month not yet past (a card is valid to the end of its month), in any spelling
 * `normalizeExpiry` reads; else the French message for the field. `now` is the platform's clock.
 */
export function expiryError(raw: string, now: Date): string | null {
  const normalized = normalizeExpiry(raw);
  if (!normalized) return "Date d'expiration invalide : indiquez le mois et l'année (exemple : 12/30).";
  const month = Number(normalized.slice(0, 2));
  const year = 2000 + Number(normalized.slice(3));
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
    return "Cette carte a expiré : utilisez une carte dont la date d'expiration n'est pas passée.";
  }
  return null;
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

interface FormState {
  error?: string;
  cardError?: string;
  expiryError?: string;
  card?: string;
  expiry?: string;
  holder?: string;
}

function render(ctx: Ctx, session: SessionRow, state: FormState = {}, status = 200): Response {
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
      status === 200 ? 200 : status,
    );
  }
  const { data: cd, totals: t, blocked } = purchase;
  const cur = currency(ctx);
  const sid = e(session.id);
  const payForms = blocked
    ? `<p class="error" role="alert">${e(blocked)}</p>`
    : `<form method="post" action="/_platform/checkout?session=${encodeURIComponent(session.id)}" novalidate>
<input type="hidden" name="session" value="${sid}">
<input type="hidden" name="action" value="pay">
<h2>Paiement par carte</h2>
<p class="hint">Carte de test : 4242 4242 4242 4242 (acceptée) ou 4000 0000 0000 0002 (refusée).</p>
<label for="cardNumber">Numéro de carte</label>
<input type="text" id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" value="${e(state.card ?? "")}"${state.cardError ? ' aria-invalid="true" aria-describedby="card-error"' : ""}>
${state.cardError ? `<p class="field-error" id="card-error">${e(state.cardError)}</p>` : ""}
<div class="row">
<div><label for="expiry">Date d'expiration (MM/AA)</label>
<input type="text" id="expiry" name="expiry" autocomplete="cc-exp" placeholder="12/30" value="${e(state.expiry ?? "")}"${state.expiryError ? ' aria-invalid="true" aria-describedby="expiry-error"' : ""}>
${state.expiryError ? `<p class="field-error" id="expiry-error">${e(state.expiryError)}</p>` : ""}</div>
<div><label for="cvc">Cryptogramme</label>
<input type="text" id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123"></div>
</div>
<label for="holder">Titulaire de la carte</label>
<input type="text" id="holder" name="holder" autocomplete="cc-name" value="${e(state.holder ?? "")}">
<div class="actions"><button type="submit" class="primary">Payer ${e(formatMoney(t.total, cur))} (commande avec obligation de paiement)</button></div>
</form>
${
  t.needsShipping
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
${state.error ? `<p class="error" role="alert">${e(state.error)}</p>` : ""}
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
    status,
  );
}

function needsShipping(ctx: Ctx, ref: PurchaseRef): boolean {
  return purchaseOf(ctx, ref)?.totals.needsShipping ?? true;
}

export function paymentGet(ctx: Ctx, url: URL): Response {
  const session = getSession(ctx, url.searchParams.get("session"), "ecomCheckout");
  if (!session) return expired();
  return render(ctx, session, takeFlash(ctx, session));
}

export async function paymentPost(ctx: Ctx, request: Request): Promise<Response> {
  const form = await readForm(request);
  const session = getSession(ctx, form.get("session"), "ecomCheckout");
  if (!session) return expired();
  const data = JSON.parse(session.data) as EcomSessionData;
  const action = form.get("action") ?? "pay";
  if (action === "cancel") return redirect(data.callbacks.postFlowUrl ?? `${session.app_origin}/`);
  if (action !== "pay" && action !== "offline") return render(ctx, session, { error: "Action inconnue." }, 400);
  if (action === "offline" && !needsShipping(ctx, data)) {
    // Nothing is delivered (trainings, audits, e-books): there is no delivery to pay at.
    return redirectWithFlash(ctx, session, {
      error: "Le paiement à la livraison n'existe pas pour une commande sans livraison : payez par carte.",
    });
  }

  // Kept across a redirect (stored in the session): the expiry and the holder, never the card number nor the code.
  const state: FormState = {
    expiry: (form.get("expiry") ?? "").slice(0, 10),
    holder: (form.get("holder") ?? "").slice(0, 100),
  };
  if (action === "pay") {
    const typedCard = (form.get("cardNumber") ?? "").slice(0, 40);
    const digits = typedCard.replace(/[\s-]/g, "");
    const expiry = (state.expiry ?? "").trim();
    const cvc = (form.get("cvc") ?? "").trim();
    // A field refused before any payment is tried is answered at once, on this same address, with the typed card
    // number back in its field: stored nowhere, only echoed to who typed it. The security code is never echoed
    // (tests/unit/platform/platform.test.ts). A declined payment below goes through Post/Redirect/Get, without the number.
    const refuse = (problem: FormState) => render(ctx, session, { ...state, card: typedCard, ...problem }, 400);
    if (!/^\d{13,19}$/.test(digits) || (digits !== TEST_CARD_OK && digits !== TEST_CARD_DECLINED))
      return refuse({ cardError: "Numéro de carte invalide. Utilisez la carte de test 4242 4242 4242 4242." });
    const expiryProblem = expiry ? expiryError(expiry, new Date()) : null;
    if (expiryProblem) return refuse({ expiryError: expiryProblem });
    if (expiry) state.expiry = normalizeExpiry(expiry)!;
    if (cvc && !/^\d{3,4}$/.test(cvc)) return refuse({ error: "Cryptogramme invalide (3 ou 4 chiffres)." });
    if (digits === TEST_CARD_DECLINED)
      return redirectWithFlash(ctx, session, {
        ...state,
        error: "Paiement refusé : votre banque a refusé cette carte. Aucun montant n'a été débité.",
      });
  }
  // PLATFORM_PAYMENT_CAPTURE=manual: the card is only authorized; the owner captures or voids it later.
  const payment = action === "offline" ? "offline" : ctx.opts.paymentCapture === "manual" ? "authorized" : "card";
  const result = placePurchase(ctx, data, payment, clientOf(request));
  if (!result.ok) {
    const msg =
      result.code === "OUT_OF_STOCK"
        ? `Désolé, votre commande ne peut pas être validée : ${result.message} Aucun montant n'a été débité.`
        : result.message;
    return redirectWithFlash(ctx, session, { ...state, error: msg });
  }
  return redirect(withOrderId(data.callbacks.thankYouPageUrl ?? `${session.app_origin}/`, result.orderId));
}
