import type { CommerceSession } from "./commerce-session.server";
import { linkedOrderView, toOrderView, type SdkOrder } from "./checkout.server";
import { notFound } from "~/lib/http";
import { isPlatformId } from "~/models/ids";
import type { MemberOrder } from "~/models/order";

/** A member's orders: French labels for the statuses the seed lists (platform/seed/demo.json). */

const ORDER_STATUS_LABELS: Record<string, string> = {
  INITIALIZED: "En cours",
  APPROVED: "Confirmée",
  CANCELED: "Annulée",
  PENDING: "En attente",
  REJECTED: "Refusée",
};

const FULFILLMENT_STATUS_LABELS: Record<string, string> = {
  NOT_FULFILLED: "Non expédiée",
  PARTIALLY_FULFILLED: "Partiellement expédiée",
  FULFILLED: "Expédiée",
};

function toMemberOrder(raw: SdkOrder): MemberOrder {
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
export async function listMemberOrders(commerce: CommerceSession): Promise<MemberOrder[]> {
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

export async function getMemberOrder(commerce: CommerceSession, orderId: string): Promise<MemberOrder> {
  if (!isPlatformId(orderId)) notFound();
  const wix = await commerce.client();
  const raw = await wix.orders.getOrder(orderId);
  return { ...toMemberOrder(raw), lines: (await linkedOrderView(raw)).lines };
}
