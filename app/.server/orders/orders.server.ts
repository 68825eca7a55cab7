import type { orders } from "@wix/ecom";
import type { CommerceSession as Commerce } from "../wix/commerce-session.server";
import { linkedOrderView, toOrderView } from "../checkout/checkout.server";
import { notFound } from "~/lib/http";
import { isPlatformId } from "~/models/ids";
import type { MemberOrder } from "~/models/order";
import { money } from "~/lib/money";
import { shipmentViews } from "./after-sale-views.server";
import { isPaidOrder } from "./money.server";

/** A member's orders: French labels for the statuses the seed lists (platform/seed/demo.json). */

export const ORDER_STATUS_LABELS: Record<string, string> = {
  INITIALIZED: "En cours",
  APPROVED: "Confirmée",
  CANCELED: "Annulée",
  PENDING: "En attente",
  REJECTED: "Refusée",
};

export const FULFILLMENT_STATUS_LABELS: Record<string, string> = {
  NOT_FULFILLED: "Non expédiée",
  PARTIALLY_FULFILLED: "Partiellement expédiée",
  FULFILLED: "Expédiée",
};

function toMemberOrder(raw: orders.Order): MemberOrder {
  return {
    ...toOrderView(raw),
    statusLabel: ORDER_STATUS_LABELS[raw?.status ?? ""] ?? "Inconnu",
    fulfillmentStatusLabel: FULFILLMENT_STATUS_LABELS[raw?.fulfillmentStatus ?? ""] ?? "Inconnu",
  };
}

/**
 * The signed-in member's orders, newest first. Wix has no "my orders" call:
 * searchOrders filtered on the member id is the SDK's way (and the platform
 * scopes the answer to the caller whatever the filter says).
 */
export async function listMemberOrders(commerce: Commerce): Promise<MemberOrder[]> {
  const wix = await commerce.client();
  const { member } = await wix.members.getCurrentMember({ fieldsets: ["PUBLIC"] });
  if (!member?._id) return [];
  const result = await wix.orders.searchOrders({
    filter: { "buyerInfo.memberId": { $eq: member._id } },
    sort: [{ fieldName: "_createdDate", order: "DESC" }],
    cursorPaging: { limit: 100 },
  } as Parameters<typeof wix.orders.searchOrders>[0]);
  return (result.orders ?? []).map(toMemberOrder);
}

/**
 * One of the member's orders with what happened since: its shipments (orderFulfillments, readable with the member's
 * own token), the amount refunded and whether its invoice can be downloaded.
 */
export async function getMemberOrder(commerce: Commerce, orderId: string): Promise<MemberOrder> {
  if (!isPlatformId(orderId)) notFound();
  const wix = await commerce.client();
  const raw = await wix.orders.getOrder(orderId);
  const order = toMemberOrder(raw);
  const fulfilments = await wix.orderFulfillments.listFulfillmentsForSingleOrder(orderId);
  const refunded = money(raw.balanceSummary?.refunded);
  return {
    ...order,
    lines: (await linkedOrderView(raw)).lines,
    shipments: shipmentViews(raw, fulfilments.orderWithFulfillments?.fulfillments ?? [], order.pickup),
    ...(Number(refunded.amount) > 0 ? { refunded } : {}),
    invoiceable: isPaidOrder(raw.paymentStatus),
  };
}
