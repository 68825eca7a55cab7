import type { orderBilling, orders } from "@wix/ecom";
import { mapLoaderErrors } from "../wix/errors.server";
import { isPaidOrder } from "../orders/money.server";
import { isoDate } from "~/lib/dates";
import type { AdminOrderDetail, Refundability } from "~/models/admin";
import {
  ACTIVITY_LABELS,
  COLLECTABILITY_LABELS,
  FULFILLMENT_STATUS_OPTIONS,
  ORDER_STATUS_OPTIONS,
  PAYMENT_STATUS_OPTIONS,
} from "~/models/admin";
import { NON_REFUNDABLE_LABELS } from "~/models/order-life";
import { linkedOrderView } from "../checkout/checkout.server";
import { refundViews, shipmentViews } from "../orders/after-sale-views.server";
import type { ElevatedClient } from "./owner.server";
import { notFound } from "~/lib/http";
import { isPlatformId } from "~/models/ids";
import { formatPrice, money } from "~/lib/money";

/**
 * One order as the owner sees it: the order (orders.getOrder) with its payment and refunds
 * (orderTransactions.listTransactionsForSingleOrder), what can still be refunded (orderBilling.getOrderRefundability),
 * whether money can still be collected (orders.getPaymentCollectabilityStatus), its shipments
 * (orderFulfillments.listFulfillmentsForSingleOrder) and its invoice (orderInvoices.listInvoicesForMultipleOrders).
 */

const label = (labels: Record<string, string>, v: unknown) => {
  const key = String(v ?? "");
  return Object.hasOwn(labels, key) ? labels[key]! : key || "—";
};

function refundabilityView(raw: orderBilling.GetOrderRefundabilityResponse, order: orders.Order): Refundability {
  const payment = raw?.payments?.[0];
  const reason: string | undefined = payment?.nonRefundable?.reason;
  const mode: Refundability["mode"] = payment?.refundable ? "refundable" : payment?.manuallyRefundable ? "manual" : "none";
  const names = new Map((order.lineItems ?? []).map((l) => [l._id, l]));
  return {
    mode,
    ...(mode === "none" ? { reason: NON_REFUNDABLE_LABELS[reason ?? "UNKNOWN_REASON"] ?? NON_REFUNDABLE_LABELS.UNKNOWN_REASON } : {}),
    maxRefund: money(raw?.paymentsSummary?.monetary?.maxRefund),
    lines: (raw?.lineItems ?? []).map((l) => {
      const line = names.get(l.lineItemId);
      const quantity = Number(line?.quantity ?? 1) || 1;
      const after = Math.round(Number(line?.totalPriceAfterTax?.amount ?? 0) * 100);
      const unit = (after / quantity / 100).toFixed(2);
      return {
        id: l.lineItemId ?? "",
        name: line?.productName?.translated ?? line?.productName?.original ?? "",
        available: Number(l.availableRefundQuantity ?? 0),
        refunded: Number(l.refundedQuantity ?? 0),
        unit: { amount: unit, formatted: formatPrice(unit, order.currency ?? "EUR") },
      };
    }),
    ...(raw?.shipping
      ? { shipping: { available: money(raw.shipping.availableRefundAmount), refunded: money(raw.shipping.refundedAmount) } }
      : {}),
  };
}

export async function getOrderDetail(admin: ElevatedClient, id: string): Promise<AdminOrderDetail> {
  if (!isPlatformId(id)) notFound();
  return mapLoaderErrors(async () => {
    const raw = await admin.orders.getOrder(id);
    const [tx, refundable, collectable, fulfilments, invoices] = await Promise.all([
      admin.orderTransactions.listTransactionsForSingleOrder(id),
      admin.orderBilling.getOrderRefundability(id),
      admin.orders.getPaymentCollectabilityStatus(id),
      admin.orderFulfillments.listFulfillmentsForSingleOrder(id),
      admin.orderInvoices.listInvoicesForMultipleOrders([id]),
    ]);
    const payment = tx?.orderTransactions?.payments?.[0];
    // Lines linked to the catalog's product pages (V1 or V3), as the customer's order page links them.
    const view = await linkedOrderView(raw);
    const pickup = view.pickup;
    const shipments = shipmentViews(raw, fulfilments?.orderWithFulfillments?.fulfillments ?? [], pickup);
    const shipped = new Map<string | undefined, number>();
    for (const f of fulfilments?.orderWithFulfillments?.fulfillments ?? [])
      for (const li of f.lineItems ?? []) shipped.set(li._id, (shipped.get(li._id) ?? 0) + Number(li.quantity ?? 0));
    const invoice = invoices?.invoicesForOrder?.[0]?.invoicesInfo?.[0];
    return {
      ...view,
      // The admin's labels know the refunded statuses the filters offer.
      paymentStatusLabel: label(PAYMENT_STATUS_OPTIONS, raw.paymentStatus),
      status: raw.status ?? "",
      statusLabel: label(ORDER_STATUS_OPTIONS, raw.status),
      fulfillmentStatus: raw.fulfillmentStatus ?? "",
      fulfillmentLabel: label(FULFILLMENT_STATUS_OPTIONS, raw.fulfillmentStatus),
      tags: raw.tags?.tags?.tagIds ?? [],
      activities: (raw.activities ?? [])
        .filter((a) => a.type !== "MERCHANT_COMMENT")
        .map((a) => ({ type: ACTIVITY_LABELS[a.type ?? ""] ?? a.type ?? "", date: isoDate(a._createdDate) })),
      notes: (raw.activities ?? [])
        .filter((a) => a.type === "MERCHANT_COMMENT" && typeof a.merchantComment?.message === "string")
        .map((a) => ({ id: a._id ?? "", date: isoDate(a._createdDate), message: a.merchantComment?.message ?? "" })),
      payment: payment
        ? {
            id: payment._id ?? "",
            status: payment.regularPaymentDetails?.status ?? "",
            offline: payment.regularPaymentDetails?.offlinePayment === true,
          }
        : undefined,
      collectability: { status: collectable?.status ?? "UNKNOWN", label: label(COLLECTABILITY_LABELS, collectable?.status) },
      refundability: refundabilityView(refundable, raw),
      refunds: refundViews(raw, tx?.orderTransactions?.refunds ?? []),
      shipments,
      toFulfil: view.lines
        .map((l) => ({ id: l.id, name: l.name, quantity: l.quantity - (shipped.get(l.id) ?? 0) }))
        .filter((l) => l.quantity > 0),
      shippable: !pickup && view.lines.some((l) => !l.digital),
      invoice: invoice?._id ? { id: invoice._id } : null,
      invoiceable: isPaidOrder(raw.paymentStatus),
    };
  });
}
