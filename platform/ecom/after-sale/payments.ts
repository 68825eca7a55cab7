// ecom payments collector (the owner's side of an order's payment) and the order's transactions. The payment page
// is the only provider here: one payment per order, APPROVED (card), AUTHORIZED (card, PLATFORM_PAYMENT_CAPTURE=manual)
// until captured (APPROVED) or voided (VOIDED), or PENDING (pay on delivery) until marked as paid.
import { createHash } from "node:crypto";
import type { Ctx } from "../../core/context";
import { orderPrice } from "../../core/context";
import { nowIso } from "../../core/db";
import { requireElevated } from "../../core/elevated";
import type { Router } from "../../core/http";
import { appError, asObject, asString, fieldError, validationError } from "../../core/http";
import { orderEvents } from "../orders/order-events";
import { emitEvent, webhooksOn, type EventIdentity } from "../../events/webhooks";
import type { OrderData } from "../orders/order-data";
import { addActivity, cents, readOrderData, saveOrderData } from "../orders/order-data";
import type { OrderRow } from "../orders/order-wire";
import { orderById, orderWire } from "../orders/order-wire";

/** A stable GUID derived from a name (the payment of an order keeps its id across reads). */
function uuidFrom(name: string): string {
  const h = createHash("sha256").update(name).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export type PaymentState = "APPROVED" | "AUTHORIZED" | "VOIDED" | "PENDING";

/** Payment statuses of an order whose money was received (refunds keep it received: nothing is left to collect). */
export const RECEIVED = new Set(["PAID", "PARTIALLY_REFUNDED", "FULLY_REFUNDED"]);

/**
 * The one payment's state. An authorization never outlives its order's cancel: Wix refuses to cancel an order
 * holding one (ORDER_HAS_AUTHORIZED_TRANSACTION), so an older canceled order still marked AUTHORIZED reads VOIDED
 * and can never be captured.
 */
export function paymentState(row: OrderRow, data: OrderData): PaymentState {
  const state = data._payment ?? (RECEIVED.has(row.payment_status) ? "APPROVED" : "PENDING");
  return state === "AUTHORIZED" && row.status === "CANCELED" ? "VOIDED" : state;
}

export const paymentIdOf = (orderId: string) => uuidFrom(`payment:${orderId}`);

/** What the refunds took back from the payment so far (succeeded or pending), in cents. */
export const refundedCents = (data: OrderData) =>
  (data._refunds ?? []).reduce(
    (sum, r) => sum + r.transactions.reduce((s, t) => (t.refundStatus === "FAILED" ? s : s + cents(t.amount)), 0),
    0,
  );

/** The transaction status Wix gives a payment: a received payment becomes PARTIALLY_REFUNDED, then REFUNDED. */
function transactionStatus(state: PaymentState, data: OrderData): string {
  if (state !== "APPROVED") return state;
  const refunded = refundedCents(data);
  if (!refunded) return "APPROVED";
  return refunded >= cents(data.priceSummary.total) ? "REFUNDED" : "PARTIALLY_REFUNDED";
}

/** The order's transactions on the wire (listTransactionsForSingleOrder, capture, void and refund answers). */
export function transactionsWire(row: OrderRow) {
  const o = readOrderData(row);
  const state = paymentState(row, o);
  // Pay on delivery stays an offline payment once marked as paid; a card authorized first keeps its authorization.
  const card = state !== "PENDING" && !o._offline;
  const delayed = state === "AUTHORIZED" || state === "VOIDED" || o._captured === true;
  // An order paid through payment requests (a deposit, then the balance) has one card payment per request.
  if (o._requestPayments?.length)
    return {
      orderId: row.id,
      payments: o._requestPayments.map((p) => ({
        id: requestPaymentIdOf(p.requestId),
        createdDate: p.date,
        updatedDate: p.date,
        amount: orderPrice(p.cents, o.currency ?? "EUR"),
        refundDisabled: false,
        regularPaymentDetails: {
          paymentOrderId: row.id,
          // Wix Payments' transaction id, a GUID; the provider's own reference beside it is free text.
          gatewayTransactionId: uuidFrom(`gateway:${p.requestId}`),
          providerTransactionId: `embedded-card-${p.requestId.slice(0, 8)}`,
          paymentMethod: "CreditCard",
          offlinePayment: false,
          status: "APPROVED",
          savedPaymentMethod: false,
        },
      })),
      refunds: o._refunds ?? [],
    };
  return {
    orderId: row.id,
    payments: [
      {
        id: paymentIdOf(row.id),
        createdDate: row.created_date,
        updatedDate: row.updated_date,
        amount: o.priceSummary.total,
        refundDisabled: false,
        regularPaymentDetails: {
          paymentOrderId: row.id,
          gatewayTransactionId: card ? uuidFrom(`gateway:${row.id}`) : null,
          // The (test) card provider's own reference, as a real provider's appears here.
          ...(card ? { providerTransactionId: `embedded-card-${row.number}` } : {}),
          paymentMethod: card ? "CreditCard" : "offline",
          offlinePayment: !card,
          status: transactionStatus(state, o),
          savedPaymentMethod: false,
          ...(delayed
            ? {
                authorizationDetails: {
                  delayedCapture: true,
                  authorizedDate: row.created_date,
                  // The capture, once made: the day the money was taken (an older captured order has no date kept).
                  captures:
                    o._captured && o._capturedDate
                      ? [
                          {
                            id: uuidFrom(`capture:${row.id}`),
                            status: "SUCCEEDED",
                            amount: o.priceSummary.total,
                            createdDate: o._capturedDate,
                          },
                        ]
                      : [],
                  ...(state === "VOIDED"
                    ? { void: { status: "SUCCEEDED", voidedDate: o._voidedDate ?? row.updated_date, reason: "MANUAL" } }
                    : {}),
                },
              }
            : {}),
        },
      },
    ],
    refunds: o._refunds ?? [],
  };
}

/** The id of the card payment of a payment request (one per paid request). */
export const requestPaymentIdOf = (requestId: string) => uuidFrom(`payment:${requestId}`);

/**
 * Order Transactions Updated (`orderTransactions.onOrderTransactionsUpdated`): "Triggered when a payment or refund is
 * added to an order, or when an existing payment is updated", an action event on `wix.ecom.v1.order_transactions`
 * whose body is the typings' PaymentsUpdated: the order's transactions and the ids of the payments and refunds changed.
 * Wix marks it deprecated (replaced by details_updated), yet the SDK still types it; see platform/README.md.
 */
export function transactionsUpdated(
  ctx: Ctx,
  orderId: string,
  changed: { paymentIds?: string[]; refundIds?: string[] },
  identity?: EventIdentity,
): void {
  if (!webhooksOn(ctx)) return;
  const row = orderById(ctx, orderId);
  emitEvent(ctx, {
    eventType: "wix.ecom.v1.order_transactions_updated",
    entityFqdn: "wix.ecom.v1.order_transactions",
    slug: "updated",
    entityId: orderId,
    body: {
      action: {
        orderTransactions: transactionsWire(row),
        paymentIds: changed.paymentIds ?? [],
        refundIds: changed.refundIds ?? [],
      },
    },
    identity: identity ?? { memberId: row.member_id, visitorId: row.visitor_id },
  });
}

function collectability(row: OrderRow, data: OrderData): string {
  if (row.status === "CANCELED") return "NONCOLLECTABLE_ORDER_IS_CANCELLED";
  if (row.status === "PENDING") return "NONCOLLECTABLE_ORDER_IS_PENDING";
  if (row.status === "REJECTED") return "NONCOLLECTABLE_ORDER_IS_REJECTED";
  if (RECEIVED.has(row.payment_status)) return "NONCOLLECTABLE_ORDER_IS_PAID";
  // An authorized card waits for capture or void, not for a new collection.
  const state = paymentState(row, data);
  return state === "PENDING" || state === "VOIDED" ? "COLLECTABLE" : "NONCOLLECTABLE_ORDER_IS_PENDING";
}

/**
 * Why a payment cannot be collected, as a code of the typings' PreparePaymentCollection errors: a canceled order
 * (ORDER_CANCELED), an order whose total is paid or held by a card authorization (ORDER_ALREADY_PAID). The
 * collectability status (NONCOLLECTABLE_ORDER_IS_PAID…) is what getPaymentCollectabilityStatus answers, not an
 * error code.
 */
function collectionRefusal(row: OrderRow, data: OrderData) {
  if (row.status === "CANCELED")
    return appError(400, "ORDER_CANCELED", "Cette commande est annulée : rien à encaisser", { orderId: row.id });
  if (RECEIVED.has(row.payment_status) || paymentState(row, data) === "AUTHORIZED")
    return appError(400, "ORDER_ALREADY_PAID", "Cette commande est déjà payée (ou son paiement autorisé)", { orderId: row.id });
  return null;
}

/** Moves the one payment: capture (AUTHORIZED → APPROVED, order PAID), void (→ VOIDED, order CANCELED payment). */
function settle(ctx: Ctx, orderId: string, paymentIds: string[], to: "APPROVED" | "VOIDED") {
  return ctx.db
    .transaction(() => {
      const row = orderById(ctx, orderId);
      const data = readOrderData(row);
      const id = paymentIdOf(orderId);
      for (const p of paymentIds) if (p !== id) throw appError(404, "PAYMENT_NOT_FOUND", `Paiement introuvable : ${p}`, { paymentId: p });
      const state = paymentState(row, data);
      if (state === "VOIDED") throw appError(400, "PAYMENT_ALREADY_VOIDED", "Cette autorisation est déjà annulée", { paymentId: id });
      if (state === "APPROVED") throw appError(400, "PAYMENT_ALREADY_CAPTURED", "Ce paiement est déjà encaissé", { paymentId: id });
      if (state !== "AUTHORIZED")
        throw appError(400, "PAYMENT_NOT_AUTHORIZED", "Ce paiement n'est pas une autorisation", { paymentId: id });
      data._payment = to;
      const amount = data.priceSummary.total;
      if (to === "APPROVED") {
        data._captured = true;
        data._capturedDate = nowIso();
        addActivity(data, "ORDER_PAID");
        addActivity(data, "AUTHORIZED_PAYMENT_CAPTURED", { authorizedPaymentCaptured: { paymentId: id, amount } });
      } else {
        data._voidedDate = nowIso();
        addActivity(data, "AUTHORIZED_PAYMENT_VOIDED", { authorizedPaymentVoided: { paymentId: id, amount } });
      }
      const total = cents(amount);
      data.balanceSummary = balanceSummary(to === "APPROVED" ? total : 0, total, data.currency ?? "EUR");
      saveOrderData(ctx, orderId, data, { payment_status: to === "APPROVED" ? "PAID" : "CANCELED" });
      orderEvents(ctx, orderId, ["updated", "payment_status_updated"], {
        identity: { owner: true },
        previousPaymentStatus: row.payment_status,
      });
      transactionsUpdated(ctx, orderId, { paymentIds: [id] }, { owner: true });
      return { orderTransactions: transactionsWire(orderById(ctx, orderId)) };
    })
    .immediate();
}

/** Pay on delivery (or a voided card paid another way): the owner received the money. */
function markAsPaid(ctx: Ctx, orderId: string, appOrigin: string) {
  return ctx.db
    .transaction(() => {
      const row = orderById(ctx, orderId);
      const data = readOrderData(row);
      const state = paymentState(row, data);
      // The typings' errors for this call: ORDER_ALREADY_PAID (…). A canceled order has nothing to collect: the
      // sibling collection calls' ORDER_CANCELED. An authorization still held counts as paid: capture it instead.
      if (row.status === "CANCELED") throw appError(400, "ORDER_CANCELED", "Cette commande est annulée", { orderId });
      // An order its buyer has not confirmed took no stock yet (ecom/checkout/unpaid.ts): it is not one to deliver and cash.
      // The typings list no application code for it, so it is refused as a plain validation error on the order id
      // (Wix's documented error format, "About Errors"), not with a code of ours (platform/README.md).
      if (row.status === "INITIALIZED") throw fieldError("orderId", "Commande pas encore confirmée par son acheteur");
      if (RECEIVED.has(row.payment_status) || state === "AUTHORIZED")
        throw appError(400, "ORDER_ALREADY_PAID", "Cette commande est déjà payée (ou son paiement autorisé)", { orderId });
      data._payment = "APPROVED";
      data._offline = true;
      addActivity(data, "ORDER_PAID");
      const total = cents(data.priceSummary.total);
      data.balanceSummary = balanceSummary(total, total, data.currency ?? "EUR");
      saveOrderData(ctx, orderId, data, { payment_status: "PAID" });
      orderEvents(ctx, orderId, ["updated", "payment_status_updated"], {
        identity: { owner: true },
        previousPaymentStatus: row.payment_status,
      });
      transactionsUpdated(ctx, orderId, { paymentIds: [paymentIdOf(orderId)] }, { owner: true });
      return { order: orderWire(ctx, orderById(ctx, orderId), appOrigin) };
    })
    .immediate();
}

const BASE = "/ecom/v1/payments-collector/orders/:id";

export function registerPayments(router: Router, ctx: Ctx): void {
  router
    .on("GET", `${BASE}/payment-collectability-status`, (req) => {
      requireElevated(ctx, req.headers, "getPaymentCollectabilityStatus");
      const row = orderById(ctx, req.params.id!);
      const data = readOrderData(row);
      const status = collectability(row, data);
      return { status, amount: status === "COLLECTABLE" ? data.priceSummary.total : { amount: "0.00", formattedAmount: "" } };
    })
    .on("POST", `${BASE}/prepare-payment-collection`, (req) => {
      requireElevated(ctx, req.headers, "preparePaymentCollection");
      const row = orderById(ctx, req.params.id!);
      const refusal = collectionRefusal(row, readOrderData(row));
      if (refusal) throw refusal;
      const amount = asString(asObject(req.body.amount)?.amount);
      if (!amount || !/^\d+(\.\d{1,2})?$/.test(amount) || Number(amount) <= 0)
        throw appError(400, "INVALID_AMOUNT", "Montant invalide", { amount: amount ?? null });
      return { paymentGatewayOrderId: uuidFrom(`gateway:${row.id}:${amount}`) };
    })
    .on("POST", `${BASE}/capture-authorized-payments`, (req) => {
      requireElevated(ctx, req.headers, "captureAuthorizedPayments");
      const payments = Array.isArray(req.body.payments) ? req.body.payments : [];
      if (!payments.length) throw validationError([{ field: "payments", description: "must not be empty", violatedRule: "MIN_SIZE" }]);
      const ids = payments.map((p) => asString(asObject(p)?.paymentId) ?? "");
      return settle(ctx, req.params.id!, ids, "APPROVED");
    })
    .on("POST", `${BASE}/void-authorized-payments`, (req) => {
      requireElevated(ctx, req.headers, "voidAuthorizedPayments");
      const ids = Array.isArray(req.body.paymentIds) ? req.body.paymentIds.map(String) : [];
      if (!ids.length) throw validationError([{ field: "paymentIds", description: "must not be empty", violatedRule: "MIN_SIZE" }]);
      return settle(ctx, req.params.id!, ids, "VOIDED");
    })
    .on("POST", `${BASE}/mark-as-paid`, (req) => {
      requireElevated(ctx, req.headers, "markOrderAsPaid");
      return markAsPaid(ctx, req.params.id!, req.appOrigin);
    })
    // orderTransactions.listTransactionsForMultipleOrders: 1 to 100 order ids (the typings' @minSize/@maxSize), an
    // elevated identity only ("Read Orders"); an unknown id answers 404 as the single-order read does.
    .on("POST", "/ecom/v1/payments/list-by-ids", (req) => {
      requireElevated(ctx, req.headers, "listTransactionsForMultipleOrders");
      const ids = Array.isArray(req.body.orderIds) ? req.body.orderIds : [];
      if (!ids.length || ids.length > 100 || ids.some((id) => typeof id !== "string" || !id || id.length > 100))
        throw validationError([
          { field: "orderIds", description: "must hold 1 to 100 order ids", violatedRule: ids.length ? "MAX_SIZE" : "MIN_SIZE" },
        ]);
      return { orderTransactions: (ids as string[]).map((id) => transactionsWire(orderById(ctx, id))) };
    });
}

/** The full `balanceSummary` of the typings; refunds are added by after-sale/refunds.ts, chargebacks do not happen here. */
export function balanceSummary(paidCents: number, totalCents: number, cur: string, refunded = 0) {
  const zero = orderPrice(0, cur);
  return {
    balance: orderPrice(totalCents - paidCents, cur),
    paid: orderPrice(paidCents, cur),
    refunded: orderPrice(refunded, cur),
    authorized: zero,
    pendingRefund: zero,
    pending: zero,
    chargeback: zero,
    chargebackReversal: zero,
    platformFees: zero,
    totalMinusPlatformFees: orderPrice(paidCents - refunded, cur),
  };
}
