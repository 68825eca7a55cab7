// A payment request paid on the hosted page: the request becomes PAID, its amount a payment of the order (the order's
// payment status PARTIALLY_PAID, then PAID once its balance is zero), with the order's and the request's events.
import type { Ctx } from "../../core/context";
import { nowIso } from "../../core/db";
import { createHash } from "node:crypto";
import { orderEvents } from "../orders/order-events";
import type { OrderData } from "../orders/order-data";
import { addActivity, cents, readOrderData, saveOrderData } from "../orders/order-data";
import type { OrderRow } from "../orders/order-wire";
import { balanceSummary, requestPaymentIdOf, transactionsUpdated } from "../after-sale/payments";
import type { PaymentRequestData, PaymentRequestRow } from "./payment-requests";
import { requestById, requestEvent } from "./payment-requests";

export type PayResult = { ok: true; orderId: string; replay: boolean } | { ok: false; message: string };

const gatewayId = (requestId: string) => {
  const h = createHash("sha256").update(`gateway:${requestId}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

/** Pays the request by card (the page checked the card). Paid already: answered as done, nothing moves twice. */
export function payRequest(ctx: Ctx, requestId: string): PayResult {
  return ctx.db
    .transaction((): PayResult => {
      const row = requestById(ctx, requestId);
      if (row.status === "PAID") return { ok: true, orderId: row.order_id, replay: true };
      if (row.status === "EXPIRED") return { ok: false, message: "Cette demande de paiement a expiré : aucun montant n'a été débité." };
      if (row.status === "VOIDED") return { ok: false, message: "Cette demande de paiement a été annulée : aucun montant n'a été débité." };
      const order = ctx.db.prepare("SELECT * FROM orders WHERE id = ?").get(row.order_id) as OrderRow;
      if (order.status === "CANCELED") return { ok: false, message: "Cette commande est annulée : aucun montant n'a été débité." };
      const d = JSON.parse(row.data) as PaymentRequestData;
      const now = nowIso();
      const data: OrderData = readOrderData(order);
      data._requestPayments = [...(data._requestPayments ?? []), { requestId, cents: d.amountCents, date: now }];
      const total = cents(data.priceSummary.total);
      const paid = data._requestPayments.reduce((s, p) => s + p.cents, 0);
      const status = paid >= total ? "PAID" : "PARTIALLY_PAID";
      if (status === "PAID") {
        data._payment = "APPROVED";
        addActivity(data, "ORDER_PAID");
      }
      data.balanceSummary = balanceSummary(paid, total, data.currency ?? "EUR");
      saveOrderData(ctx, order.id, data, { payment_status: status });
      ctx.db
        .prepare("UPDATE payment_requests SET status = 'PAID', data = ?, updated_date = ? WHERE id = ?")
        .run(JSON.stringify({ ...d, paymentGatewayOrderId: gatewayId(requestId) }), now, requestId);
      const paidRow: PaymentRequestRow = requestById(ctx, requestId);
      orderEvents(ctx, order.id, ["updated", "payment_status_updated"], { previousPaymentStatus: order.payment_status });
      transactionsUpdated(ctx, order.id, { paymentIds: [requestPaymentIdOf(requestId)] });
      requestEvent(ctx, paidRow, "paid");
      return { ok: true, orderId: order.id, replay: false };
    })
    .immediate();
}
