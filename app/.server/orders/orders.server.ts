import type { orderFulfillments, orders } from "@wix/ecom";
import type { CommerceSession as Commerce } from "../wix/commerce-session.server";
import { linkedOrderView, toOrderView } from "../checkout/checkout.server";
import { notFound } from "~/lib/http";
import { isPlatformId } from "~/models/ids";
import type { MemberOrder } from "~/models/order";
import { money } from "~/lib/money";
import { fulfilmentStatusLabel } from "~/models/order-life";
import { pickupFulfilments, shipmentViews } from "./after-sale-views.server";
import { isPaidOrder } from "./money.server";
import { signInvoiceLink } from "./invoice-links.server";
import type { ElevatedClient } from "../admin/elevated-client.server";
import { clientForFollowLink, elevatedClientAfterCheck } from "../admin/elevated-client.server";
import { creditNoteLinks } from "./invoices.server";
import { getConfig } from "../site/config.server";

/** A member's orders: French labels for the statuses the seed lists (platform/seed/demo.json). */

export const ORDER_STATUS_LABELS: Record<string, string> = {
  INITIALIZED: "En cours",
  APPROVED: "Confirmée",
  CANCELED: "Annulée",
  PENDING: "En attente",
  REJECTED: "Refusée",
};

function toMemberOrder(raw: orders.Order, fulfilments: orderFulfillments.Fulfillment[] = []): MemberOrder {
  const view = toOrderView(raw);
  return {
    ...view,
    statusLabel: ORDER_STATUS_LABELS[raw?.status ?? ""] ?? "Inconnu",
    fulfillmentStatusLabel: fulfilmentStatusLabel(view.pickup, raw?.fulfillmentStatus, fulfilments),
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
  const list = result.orders ?? [];
  const pickups = await pickupFulfilments(wix, list);
  return list.map((o) => toMemberOrder(o, pickups.get(o._id ?? "")));
}

/** What reads an order and its fulfilments: the member's own client, or the elevated one after a follow link's check. */
type OrderReader = {
  orders: { getOrder(id: string): Promise<orders.Order> };
  orderFulfillments: { listFulfillmentsForSingleOrder(id: string): Promise<orderFulfillments.ListFulfillmentsForSingleOrderResponse> };
};

/**
 * An order with what happened since, as its buyer follows it: its status, its shipments or pickup (orderFulfillments)
 * with their tracking, the amount refunded, its lines linked to the catalog. The member's order page and a guest's
 * follow page show the same (components/OrderFollowUp.tsx); only the invoice's address differs.
 */
export async function orderFollowUp(
  client: OrderReader,
  orderId: string,
): Promise<{ order: MemberOrder; paid: boolean; raw: orders.Order }> {
  const [raw, found] = await Promise.all([
    client.orders.getOrder(orderId),
    client.orderFulfillments.listFulfillmentsForSingleOrder(orderId),
  ]);
  const fulfilments = found.orderWithFulfillments?.fulfillments ?? [];
  const order = toMemberOrder(raw, fulfilments);
  const refunded = money(raw.balanceSummary?.refunded);
  return {
    order: {
      ...order,
      lines: (await linkedOrderView(raw)).lines,
      shipments: shipmentViews(raw, fulfilments, order.pickup),
      ...(Number(refunded.amount) > 0 ? { refunded } : {}),
    },
    paid: isPaidOrder(raw.paymentStatus),
    raw,
  };
}

/**
 * The credit notes of a refunded order, for its buyer (read with the elevated client: her own read of the order
 * answered first, or a follow link's check), each behind `href`.
 */
async function withCreditNotes(admin: ElevatedClient, order: MemberOrder, raw: orders.Order, href: (number: string) => string) {
  if (!order.refunded) return order;
  const tx = await admin.orderTransactions.listTransactionsForSingleOrder(order.id);
  const creditNotes = await creditNoteLinks(admin, raw, tx?.orderTransactions?.refunds ?? [], href);
  return creditNotes.length ? { ...order, creditNotes } : order;
}

/** One of the signed-in member's orders, read with her own token, its invoice behind her account. */
export async function getMemberOrder(commerce: Commerce, orderId: string): Promise<MemberOrder> {
  if (!isPlatformId(orderId)) notFound();
  const { order, paid, raw } = await orderFollowUp(await commerce.client(), orderId);
  if (!paid) return order;
  const base = `/account/orders/${encodeURIComponent(orderId)}`;
  const documents = await withCreditNotes(elevatedClientAfterCheck(), order, raw, (n) => `${base}/avoirs/${n}.pdf`);
  return { ...documents, invoiceHref: `${base}/facture.pdf` };
}

/** How long the follow page's invoice link lasts: as long as the platform's e-mailed one (a buyer's bookkeeping). */
const INVOICE_LINK_TTL_SECONDS = 365 * 24 * 3600;

/**
 * The order a guest's follow link grants (its signature checked by the route), read with the site's API key, with
 * its invoice behind a signed link (orders/invoice-links.server.ts) once paid. Null without an API key.
 */
export async function guestOrder(orderId: string): Promise<MemberOrder | null> {
  const admin = clientForFollowLink();
  const apiKey = getConfig().admin.apiKey;
  if (!admin || !apiKey) return null;
  const { order, paid, raw } = await orderFollowUp(admin, orderId);
  if (!paid) return order;
  const token = signInvoiceLink(apiKey, orderId, Math.floor(Date.now() / 1000) + INVOICE_LINK_TTL_SECONDS);
  const invoiceHref = `/factures/${encodeURIComponent(orderId)}?jeton=${encodeURIComponent(token)}`;
  return { ...(await withCreditNotes(admin, order, raw, (n) => `${invoiceHref}&avoir=${n}`)), invoiceHref };
}
