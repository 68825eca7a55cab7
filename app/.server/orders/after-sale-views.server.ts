import type { orderFulfillments, orderTransactions, orders } from "@wix/ecom";
import type { RefundView, ShipmentView } from "~/models/order-life";
import { REFUND_STATUS_LABELS, shipmentLabel } from "~/models/order-life";
import { money } from "~/lib/money";
import { isoDate } from "~/lib/dates";

/**
 * An order's shipments (orderFulfillments) and refunds (orderTransactions' refunds) as the pages show them, for the
 * owner's order page and the customer's. Only http(s) tracking links are kept: the link comes from the owner's form
 * or a carrier, and lands in an href.
 */

const webLink = (v: unknown) => (typeof v === "string" && /^https?:\/\//i.test(v) ? v : undefined);

/** Keyed by the line's id as the SDK types it (optional): a shipment or refund line names the same id. */
function lineNames(order: orders.Order): Map<string | undefined, string> {
  return new Map((order?.lineItems ?? []).map((l) => [l._id, l.productName?.translated ?? l.productName?.original ?? ""]));
}

type FulfilmentReader = {
  orderFulfillments: {
    listFulfillmentsForMultipleOrders(ids: string[]): Promise<orderFulfillments.ListFulfillmentsForMultipleOrdersResponse>;
  };
};

/**
 * The fulfilments of the pickup orders of a list that were made ready (one read for the whole list), by order id: the
 * list's "Expédition" column tells "Prête à retirer" from "Retirée" with them (models/order-life.ts
 * fulfilmentStatusLabel). Orders sent by carrier need none.
 */
export async function pickupFulfilments(
  client: FulfilmentReader,
  list: orders.Order[],
): Promise<Map<string, orderFulfillments.Fulfillment[]>> {
  const ids = list
    .filter((o) => o._id && o.shippingInfo?.logistics?.pickupDetails && o.fulfillmentStatus && o.fulfillmentStatus !== "NOT_FULFILLED")
    .map((o) => o._id!);
  if (!ids.length) return new Map();
  const found = await client.orderFulfillments.listFulfillmentsForMultipleOrders(ids.slice(0, 100));
  return new Map((found.ordersWithFulfillments ?? []).map((o) => [o.orderId ?? "", o.fulfillments ?? []]));
}

export function shipmentViews(order: orders.Order, fulfillments: orderFulfillments.Fulfillment[], pickup: boolean): ShipmentView[] {
  const names = lineNames(order);
  return fulfillments.map((f) => ({
    id: f._id ?? "",
    date: isoDate(f._createdDate),
    lines: (f.lineItems ?? []).map((li) => ({ name: names.get(li._id) ?? "Article", quantity: Number(li.quantity ?? 0) })),
    ...(f.trackingInfo?.shippingProvider ? { carrier: String(f.trackingInfo.shippingProvider) } : {}),
    ...(f.trackingInfo?.trackingNumber ? { trackingNumber: String(f.trackingInfo.trackingNumber) } : {}),
    ...(webLink(f.trackingInfo?.trackingLink) ? { trackingLink: webLink(f.trackingInfo?.trackingLink) } : {}),
    label: shipmentLabel(pickup, f.status, f.completed),
    ...(f.status ? { status: String(f.status) } : {}),
  }));
}

export function refundViews(order: orders.Order, refunds: orderTransactions.Refund[]): RefundView[] {
  const names = lineNames(order);
  return refunds.map((r) => {
    const t: orderTransactions.RefundTransaction = r.transactions?.[0] ?? {};
    const status = String(t.refundStatus ?? "PENDING");
    const lines = r.details?.lineItems?.length ? r.details.lineItems : (r.details?.items ?? []);
    return {
      id: r._id ?? "",
      date: isoDate(r._createdDate),
      amount: money(t.amount),
      status,
      statusLabel: REFUND_STATUS_LABELS[status] ?? status,
      ...(r.details?.reason ? { reason: String(r.details.reason) } : {}),
      lines: lines.map((li) => ({ name: names.get(li.lineItemId) ?? "Article", quantity: Number(li.quantity ?? 0) })),
      ...(r.details?.shipping?.amount ? { shipping: money(r.details.shipping.amount) } : {}),
      external: t.externalRefund === true,
    };
  });
}
