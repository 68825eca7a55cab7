import { redirectDocument } from "react-router";
import { elevatedClientAfterCheck, type ElevatedClient } from "../admin/elevated-client.server";
import type { Commerce } from "../wix/commerce.server";
import { getConfig } from "../site/config.server";
import { publicOrigin } from "../site/public-origin.server";
import { parisToday } from "~/lib/paris-days";
import { formatPrice } from "~/lib/money";
import {
  effectiveStatus,
  isOpen,
  quoteTotals,
  type LapsedRequest,
  type QuoteInvoice,
  type QuoteRecord,
  type QuoteStatus,
} from "~/models/quote";
import { invoicePayment } from "./invoices.server";
import { askPayment, type Asked } from "./payment-asks.server";
import { quoteUrl, readQuoteToken } from "./link.server";
import { sendSiteEmail } from "./mail.server";
import { answerOf, claimAnswer, getQuote, recordAcceptance, saveQuote, withItsAnswer, type AnswerDecision } from "./store.server";

/**
 * The client's side of a quote, reached by its signed link only (link.server.ts): the link grants that one version,
 * read and answered with the site's API key after the signature is checked (docs/decisions/0058-quotes-in-wix-data.md,
 * as the follow link's order is read, decision 0032). Accepting records the "Bon pour accord" once (an item of
 * `QuoteAnswers` named after the version: a second answer fails), turns the priced draft into the order and asks
 * the deposit through an order payment request, paid on Wix's page; payments are noticed when the client comes back,
 * on the owner's pages and by the paid event, and each is invoiced once.
 */

export type QuoteAccess =
  { ok: true; quote: QuoteRecord; status: QuoteStatus; admin: ElevatedClient } | { ok: false; reason: "invalid" | "expired" };

/** The version a link grants, its payments brought up to date; `viewed` marks a sent quote seen by its client. */
export async function openQuote(token: string | null, { viewed = false } = {}): Promise<QuoteAccess> {
  const check = readQuoteToken(token);
  if (!check.ok) return check;
  if (!getConfig().admin.apiKey) return { ok: false, reason: "invalid" };
  const admin = elevatedClientAfterCheck();
  const read = await getQuote(admin, check.recordId);
  if (!read || read.status === "DRAFT") return { ok: false, reason: "invalid" };
  let quote = await withItsAnswer(admin, read);
  if (viewed && quote.status === "SENT") quote = await saveQuote(admin, { ...quote, status: "VIEWED", viewedAt: new Date().toISOString() });
  quote = await settlePayments(admin, quote);
  const status = effectiveStatus(quote, parisToday());
  // Accepted in time, that acceptance interrupted (acceptQuote finishes it): still to be finished, past its validity too.
  const acceptedInTime = status === "EXPIRED" && (await answerOf(admin, quote._id))?.decision === "ACCEPTED";
  return { ok: true, quote, status: acceptedInTime ? quote.status : status, admin };
}

/** Why the client cannot answer this version, in French; null when they can. */
export function closedReason(status: QuoteStatus): string | null {
  if (isOpen(status)) return null;
  const reasons: Partial<Record<QuoteStatus, string>> = {
    EXPIRED: "Ce devis a expiré : sa date de validité est passée. Demandez-en un nouveau.",
    SUPERSEDED: "Ce devis a été remplacé par une nouvelle version, envoyée par e-mail : celle-ci ne peut plus être acceptée.",
    REFUSED: "Vous avez refusé ce devis.",
  };
  return reasons[status] ?? "Ce devis a déjà été accepté.";
}

/** Why an answer came second: the version was revised meanwhile, or answered already. */
const answeredFirst = (first: AnswerDecision) =>
  first === "SUPERSEDED" ? closedReason("SUPERSEDED")! : "Ce devis a déjà reçu une réponse.";

/**
 * "Bon pour accord": the order made from the draft, the deposit asked; answers where the client pays it. An acceptance
 * already claimed (a failure interrupted it, or another tab runs it right now) is finished by this one: each step is
 * done once whoever runs it (the draft becomes one order, the deposit's slot is claimed once), and the signature
 * kept is the one claimed first.
 */
export async function acceptQuote(commerce: Commerce, access: Extract<QuoteAccess, { ok: true }>, signatureName: string, token: string) {
  const { admin, quote: q } = access;
  if (!isOpen(access.status) || !q.draftOrderId) return { refused: closedReason(access.status) ?? "Ce devis ne peut pas être accepté." };
  const claim = { name: signatureName, at: new Date().toISOString() };
  const first = await claimAnswer(admin, q, "ACCEPTED", claim);
  if (first && first !== "ACCEPTED") return { refused: answeredFirst(first) };
  const answer = (first && (await answerOf(admin, q._id))) || claim;
  const order = await orderOfDraft(admin, q.draftOrderId);
  const depositRequestId = (await askDeposit(admin, q, order.id)).id;
  const result = { orderId: order.id, orderNumber: order.number, depositRequestId };
  await recordAcceptance(admin, q, result);
  await saveQuote(admin, { ...q, status: "ACCEPTED", acceptance: { name: answer.name ?? signatureName, at: answer.at }, ...result });
  return { location: await payLocation(commerce, depositRequestId, token) };
}

/** The order the draft becomes: made now (Wix's own e-mails off), or the one it already became. */
async function orderOfDraft(admin: ElevatedClient, draftOrderId: string): Promise<{ id: string; number: string }> {
  try {
    const { createdOrder } = await admin.draftOrders.createOrderFromDraft(draftOrderId, {
      createSettings: { notifications: { sendNotificationToBuyer: false, sendNotificationsToBusiness: false } },
    });
    return { id: createdOrder!._id!, number: String(createdOrder!.number ?? "") };
  } catch (error) {
    const code = (error as { details?: { applicationError?: { code?: string } } })?.details?.applicationError?.code;
    if (code !== "DRAFT_ORDER_ALREADY_COMMITTED") throw error;
    const id = (await admin.draftOrders.getDraftOrder(draftOrderId)).calculatedDraftOrder?.draftOrder?.orderId;
    if (!id) throw error;
    return { id, number: String((await admin.orders.getOrder(id)).number ?? "") };
  }
}

/** The deposit's payment request on the quote's order, open 30 days (made at acceptance, and again if it lapses). */
export function askDeposit(admin: ElevatedClient, q: QuoteRecord, orderId: string): Promise<Asked> {
  return askPayment(admin, q, "acompte", { orderId, amountCents: quoteTotals(q).deposit, title: `Acompte du devis ${q.number}`, days: 30 });
}

export async function refuseQuote(access: Extract<QuoteAccess, { ok: true }>, reason: string): Promise<string | null> {
  const { admin, quote } = access;
  if (!isOpen(access.status)) return closedReason(access.status);
  const at = new Date().toISOString();
  const first = await claimAnswer(admin, quote, "REFUSED", { reason, at });
  if (first) return answeredFirst(first);
  await saveQuote(admin, { ...quote, status: "REFUSED", refusal: { reason, at } });
  if (quote.draftOrderId) await admin.draftOrders.deleteDraftOrder(quote.draftOrderId).catch(() => undefined);
  return null;
}

/** Wix's payment page for a request, with the site's thank-you page and the way back to the quote. */
export async function payLocation(commerce: Commerce, paymentRequestId: string, token: string): Promise<string> {
  const wix = await commerce.client();
  const { redirectSession } = await wix.redirects.createRedirectSession({
    ecomOrderPaymentRequest: { paymentRequestId },
    callbacks: {
      thankYouPageUrl: quoteUrlFromToken("/devis/merci", token),
      postFlowUrl: quoteUrlFromToken("/devis", token),
    },
  });
  if (!redirectSession?.fullUrl) throw new Error("no payment page");
  return redirectSession.fullUrl;
}

function quoteUrlFromToken(path: string, token: string): string {
  const url = new URL(path, publicOrigin());
  url.searchParams.set("jeton", token);
  return url.toString();
}

/** The request the client may pay now (the deposit once accepted, the balance once asked), or null. */
export function payableRequest(q: QuoteRecord): { id: string; kind: QuoteInvoice["kind"] } | null {
  if (q.status === "ACCEPTED" && q.depositRequestId) return { id: q.depositRequestId, kind: "acompte" };
  if (q.status === "DEPOSIT_PAID" && q.balanceRequestId) return { id: q.balanceRequestId, kind: "solde" };
  return null;
}

/** Pay what is due: a 303 to the payment page. */
export async function payDue(commerce: Commerce, access: Extract<QuoteAccess, { ok: true }>, token: string) {
  const due = payableRequest(access.quote);
  if (!due) return null;
  return redirectDocument(await payLocation(commerce, due.id, token), { status: 303 });
}

/** A request that can no longer be paid leaves the quote: nothing payable until the owner asks again. */
function lapsed(q: QuoteRecord, due: { id: string; kind: QuoteInvoice["kind"] }, status: LapsedRequest["status"]): QuoteRecord {
  const { depositRequestId, balanceRequestId, ...rest } = q;
  return {
    ...rest,
    ...(due.kind === "acompte" ? { balanceRequestId } : { depositRequestId }),
    lapsedRequests: [...(q.lapsedRequests ?? []), { kind: due.kind, paymentRequestId: due.id, status, at: new Date().toISOString() }],
  };
}

/**
 * Payments Wix received since the quote was last read: the deposit paid makes it "acompte payé", the balance "soldé";
 * each payment gets its invoice, e-mailed to the client. Idempotent (a payment already invoiced is not again). A request
 * past its expiry or voided can no longer be paid: it leaves the quote (no payment page for it), the owner asks again.
 */
export async function settlePayments(admin: ElevatedClient, q: QuoteRecord): Promise<QuoteRecord> {
  const due = payableRequest(q);
  if (!due) return q;
  const request = await admin.orderPaymentRequests.getOrderPaymentRequest(due.id);
  const status = String(request.status);
  if (status === "EXPIRED" || status === "VOIDED") return saveQuote(admin, lapsed(q, due, status));
  if (status !== "PAID") return q;
  const amount = Math.round(Number(request.amount?.amount ?? "0") * 100);
  const paidAt = request._updatedDate ? new Date(request._updatedDate) : new Date();
  const invoice = await invoicePayment(admin, q, due.kind, due.id, amount, paidAt);
  if (!invoice) return q;
  const next: QuoteRecord = {
    ...q,
    status: due.kind === "acompte" ? "DEPOSIT_PAID" : "SETTLED",
    invoices: [...q.invoices.filter((i) => i.number !== invoice.number), invoice],
  };
  const saved = await saveQuote(admin, next);
  await sendSiteEmail(admin, {
    kind: due.kind === "acompte" ? "deposit-invoice" : "balance-invoice",
    to: q.client.email,
    subject: `Facture ${invoice.number} — ${due.kind === "acompte" ? "acompte" : "solde"} du devis ${q.number}`,
    text: [
      `Bonjour ${q.client.name},`,
      "",
      `Nous avons bien reçu votre paiement de ${formatPrice(amount / 100)}. Votre facture ${invoice.number} est disponible :`,
    ].join("\n"),
    links: [{ label: `Facture ${invoice.number}`, url: quoteUrl(q._id, "/devis/facture", { numero: invoice.number }) }],
  });
  return saved;
}
