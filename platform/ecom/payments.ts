// ecom payments collector (the owner's side of an order's payment) and the order's transactions. The payment page
// is the only provider here: one payment per order, APPROVED (card), AUTHORIZED (card, PLATFORM_PAYMENT_CAPTURE=manual)
// until captured (APPROVED) or voided (VOIDED), or PENDING (pay on delivery) until marked as paid.
import { createHash } from "node:crypto";
import type { Ctx } from "../core/context";
import { newId, orderPrice } from "../core/context";
import { nowIso } from "../core/db";
import { requireElevated } from "../core/elevated";
import type { Router } from "../core/http";
import { appError, asObject, asString, validationError } from "../core/http";
import { orderEvents } from "./order-events";
import type { OrderRow } from "./order-wire";
import { orderById, orderWire } from "./order-wire";

/** A stable GUID derived from a name (the payment of an order keeps its id across reads). */
function uuidFrom(name: string): string {
  const h = createHash("sha256").update(name).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

type PaymentState = "APPROVED" | "AUTHORIZED" | "VOIDED" | "PENDING";

interface PaymentData {
  _payment?: PaymentState;
  priceSummary: { total: { amount: string; formattedAmount: string } };
  activities: Record<string, unknown>[];
  currency?: string;
}

function paymentState(row: OrderRow, data: PaymentData): PaymentState {
  return data._payment ?? (row.payment_status === "PAID" ? "APPROVED" : "PENDING");
}

export const paymentIdOf = (orderId: string) => uuidFrom(`payment:${orderId}`);

/** The order's transactions on the wire (listTransactionsForSingleOrder, capture and void answers). */
export function transactionsWire(row: OrderRow) {
  const o = JSON.parse(row.data) as PaymentData;
  const state = paymentState(row, o);
  const card = state !== "PENDING";
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
          gatewayTransactionId: card ? `embedded-${row.number}` : null,
          // The (test) card provider's own reference, as a real provider's appears here.
          ...(card ? { providerTransactionId: `embedded-card-${row.number}` } : {}),
          paymentMethod: card ? "CreditCard" : "offline",
          offlinePayment: !card,
          status: state,
          savedPaymentMethod: false,
          ...(state === "AUTHORIZED" || state === "VOIDED" || o._payment
            ? { authorizationDetails: { delayedCapture: true, authorizedDate: row.created_date, captures: [] } }
            : {}),
        },
      },
    ],
    refunds: [],
  };
}

function collectability(row: OrderRow, data: PaymentData): string {
  if (row.status === "CANCELED") return "NONCOLLECTABLE_ORDER_IS_CANCELLED";
  if (row.status === "PENDING") return "NONCOLLECTABLE_ORDER_IS_PENDING";
  if (row.status === "REJECTED") return "NONCOLLECTABLE_ORDER_IS_REJECTED";
  if (row.payment_status === "PAID") return "NONCOLLECTABLE_ORDER_IS_PAID";
  // An authorized card waits for capture or void, not for a new collection.
  return paymentState(row, data) === "PENDING" ? "COLLECTABLE" : "NONCOLLECTABLE_ORDER_IS_PENDING";
}

/** Moves the one payment: capture (AUTHORIZED → APPROVED, order PAID), void (→ VOIDED, order CANCELED payment). */
function settle(ctx: Ctx, orderId: string, paymentIds: string[], to: "APPROVED" | "VOIDED") {
  return ctx.db
    .transaction(() => {
      const row = orderById(ctx, orderId);
      const data = JSON.parse(row.data) as PaymentData;
      const id = paymentIdOf(orderId);
      for (const p of paymentIds) if (p !== id) throw appError(404, "PAYMENT_NOT_FOUND", `Paiement introuvable : ${p}`, { paymentId: p });
      const state = paymentState(row, data);
      if (state === "VOIDED") throw appError(400, "PAYMENT_ALREADY_VOIDED", "Cette autorisation est déjà annulée", { paymentId: id });
      if (state === "APPROVED") throw appError(400, "PAYMENT_ALREADY_CAPTURED", "Ce paiement est déjà encaissé", { paymentId: id });
      if (state !== "AUTHORIZED")
        throw appError(400, "PAYMENT_NOT_AUTHORIZED", "Ce paiement n'est pas une autorisation", { paymentId: id });
      data._payment = to;
      const now = nowIso();
      data.activities.push({ id: newId(), createdDate: now, type: to === "APPROVED" ? "ORDER_PAID" : "PAYMENT_VOIDED" });
      const total = Math.round(Number(data.priceSummary.total.amount) * 100);
      (data as unknown as { balanceSummary: unknown }).balanceSummary = balanceSummary(
        to === "APPROVED" ? total : 0,
        total,
        data.currency ?? "EUR",
      );
      ctx.db
        .prepare("UPDATE orders SET data = ?, payment_status = ?, updated_date = ? WHERE id = ?")
        .run(JSON.stringify(data), to === "APPROVED" ? "PAID" : "CANCELED", now, orderId);
      orderEvents(ctx, orderId, ["updated", "payment_status_updated"], {
        identity: { owner: true },
        previousPaymentStatus: row.payment_status,
      });
      return { orderTransactions: transactionsWire(orderById(ctx, orderId)) };
    })
    .immediate();
}

const BASE = "/ecom/v1/payments-collector/orders/:id";

export function registerPayments(router: Router, ctx: Ctx): void {
  router
    .on("GET", `${BASE}/payment-collectability-status`, (req) => {
      requireElevated(ctx, req.headers, "getPaymentCollectabilityStatus");
      const row = orderById(ctx, req.params.id!);
      const data = JSON.parse(row.data) as PaymentData;
      const status = collectability(row, data);
      return { status, amount: status === "COLLECTABLE" ? data.priceSummary.total : { amount: "0.00", formattedAmount: "" } };
    })
    .on("POST", `${BASE}/prepare-payment-collection`, (req) => {
      requireElevated(ctx, req.headers, "preparePaymentCollection");
      const row = orderById(ctx, req.params.id!);
      const data = JSON.parse(row.data) as PaymentData;
      const status = collectability(row, data);
      if (status !== "COLLECTABLE") throw appError(400, status, "Cette commande ne peut pas être encaissée", { status });
      const amount = asString(asObject(req.body.amount)?.amount);
      if (!amount || !/^\d+(\.\d{1,2})?$/.test(amount))
        throw validationError([{ field: "amount.amount", description: "must be a decimal amount", violatedRule: "FORMAT" }]);
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
      // Pay on delivery: the owner received the money.
      requireElevated(ctx, req.headers, "markOrderAsPaid");
      return ctx.db
        .transaction(() => {
          const row = orderById(ctx, req.params.id!);
          const data = JSON.parse(row.data) as PaymentData;
          if (row.payment_status === "PAID") throw appError(400, "ORDER_ALREADY_PAID", "Cette commande est déjà payée", {});
          // An order its buyer has not confirmed took no stock yet (ecom/unpaid.ts): it is not one to deliver and cash.
          if (paymentState(row, data) !== "PENDING" || row.status === "CANCELED" || row.status === "INITIALIZED")
            throw appError(400, "NOT_MARKABLE_AS_PAID", "Seule une commande payable à la livraison peut être marquée payée", {});
          data._payment = "APPROVED";
          data.activities.push({ id: newId(), createdDate: nowIso(), type: "ORDER_PAID" });
          const total = Math.round(Number(data.priceSummary.total.amount) * 100);
          (data as unknown as { balanceSummary: unknown }).balanceSummary = balanceSummary(total, total, data.currency ?? "EUR");
          ctx.db
            .prepare("UPDATE orders SET data = ?, payment_status = 'PAID', updated_date = ? WHERE id = ?")
            .run(JSON.stringify(data), nowIso(), row.id);
          orderEvents(ctx, row.id, ["updated", "payment_status_updated"], {
            identity: { owner: true },
            previousPaymentStatus: row.payment_status,
          });
          return { order: orderWire(ctx, orderById(ctx, row.id), req.appOrigin) };
        })
        .immediate();
    });
}

/** The full `balanceSummary` of the typings; refunds, authorizations and chargebacks do not happen here. */
export function balanceSummary(paidCents: number, totalCents: number, cur: string) {
  const zero = orderPrice(0, cur);
  return {
    balance: orderPrice(totalCents - paidCents, cur),
    paid: orderPrice(paidCents, cur),
    refunded: zero,
    authorized: zero,
    pendingRefund: zero,
    pending: zero,
    chargeback: zero,
    chargebackReversal: zero,
    platformFees: zero,
    totalMinusPlatformFees: orderPrice(paidCents, cur),
  };
}
