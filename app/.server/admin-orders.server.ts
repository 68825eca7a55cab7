import { mapLoaderErrors } from "./wix-errors.server";
import type { AdminOrderDetail, AdminOrderRow, OrderFilters } from "~/models/admin";
import { ACTIVITY_LABELS, FULFILLMENT_STATUS_OPTIONS, ORDER_STATUS_OPTIONS, PAYMENT_STATUS_OPTIONS } from "~/models/admin";
import { linkedOrderView, type SdkOrder } from "./checkout.server";
import type { ElevatedClient } from "./owner.server";
import { isoDate } from "~/lib/dates";
import { notFound } from "~/lib/http";
import { isPlatformId } from "~/models/ids";
import { AdminRefusal } from "./admin-actions.server";

/** The owner's orders: search with filters and cursor paging, one order with its payment, and the actions on them. */

const ORDERS_PAGE_SIZE = 20;
const TAG_RE = /^[\p{L}\p{N} _-]{1,40}$/u;
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** Filters read from the GET form: unknown values are dropped, never sent. */
export function readOrderFilters(params: URLSearchParams): OrderFilters {
  const pick = (name: string, allowed: Record<string, string>) => {
    const v = params.get(name) ?? "";
    // Own keys only: "constructor" or "__proto__" are `in` every object.
    return Object.hasOwn(allowed, v) ? v : undefined;
  };
  const tag = params.get("tag")?.trim() ?? "";
  const day = (name: string) => {
    const v = params.get(name) ?? "";
    return DAY_RE.test(v) && !Number.isNaN(Date.parse(v)) ? v : undefined;
  };
  return {
    status: pick("status", ORDER_STATUS_OPTIONS),
    paymentStatus: pick("paymentStatus", PAYMENT_STATUS_OPTIONS),
    fulfillmentStatus: pick("fulfillmentStatus", FULFILLMENT_STATUS_OPTIONS),
    tag: TAG_RE.test(tag) ? tag : undefined,
    from: day("from"),
    to: day("to"),
  };
}

export function validTag(value: string): string | null {
  const tag = value.trim();
  return TAG_RE.test(tag) ? tag : null;
}

function searchFilter(f: OrderFilters) {
  const parts: Record<string, unknown>[] = [];
  if (f.status) parts.push({ status: { $eq: f.status } });
  if (f.paymentStatus) parts.push({ paymentStatus: { $eq: f.paymentStatus } });
  if (f.fulfillmentStatus) parts.push({ fulfillmentStatus: { $eq: f.fulfillmentStatus } });
  if (f.tag) parts.push({ "tags.tags.tagIds": { $hasSome: [f.tag] } });
  if (f.from) parts.push({ createdDate: { $gte: `${f.from}T00:00:00.000Z` } });
  if (f.to) parts.push({ createdDate: { $lte: `${f.to}T23:59:59.999Z` } });
  return parts.length === 0 ? {} : parts.length === 1 ? parts[0]! : { $and: parts };
}

const label = (labels: Record<string, string>, v: unknown) => {
  const key = String(v ?? "");
  return Object.hasOwn(labels, key) ? labels[key]! : key || "—";
};

function toRow(o: SdkOrder): AdminOrderRow {
  const contact = o.billingInfo?.contactDetails ?? {};
  const name = [contact.firstName, contact.lastName].filter(Boolean).join(" ");
  return {
    id: o._id ?? "",
    number: String(o.number ?? ""),
    createdDate: isoDate(o._createdDate),
    buyer: name ? `${name} (${o.buyerInfo?.email ?? ""})` : (o.buyerInfo?.email ?? ""),
    total: o.priceSummary?.total?.formattedAmount ?? "",
    statusLabel: label(ORDER_STATUS_OPTIONS, o.status),
    paymentLabel: label(PAYMENT_STATUS_OPTIONS, o.paymentStatus),
    fulfillmentLabel: label(FULFILLMENT_STATUS_OPTIONS, o.fulfillmentStatus),
    tags: o.tags?.tags?.tagIds ?? [],
  };
}

export async function searchOrders(admin: ElevatedClient, filters: OrderFilters, cursor?: string, limit = ORDERS_PAGE_SIZE) {
  return mapLoaderErrors(async () => {
    const result = await admin.orders.searchOrders({
      filter: searchFilter(filters),
      sort: [{ fieldName: "_createdDate", order: "DESC" }],
      cursorPaging: cursor ? { limit, cursor } : { limit },
    } as Parameters<ElevatedClient["orders"]["searchOrders"]>[0]);
    return {
      orders: (result.orders ?? []).map(toRow),
      next: result.metadata?.cursors?.next ?? undefined,
      prev: result.metadata?.cursors?.prev ?? undefined,
    };
  });
}

export async function getOrderDetail(admin: ElevatedClient, id: string): Promise<AdminOrderDetail> {
  if (!isPlatformId(id)) notFound();
  return mapLoaderErrors(async () => {
    const raw = await admin.orders.getOrder(id);
    const tx = await admin.orderTransactions.listTransactionsForSingleOrder(id);
    const payment = tx?.orderTransactions?.payments?.[0];
    return {
      ...(await linkedOrderView(raw)),
      status: raw.status ?? "UNKNOWN",
      statusLabel: label(ORDER_STATUS_OPTIONS, raw.status),
      fulfillmentLabel: label(FULFILLMENT_STATUS_OPTIONS, raw.fulfillmentStatus),
      tags: raw.tags?.tags?.tagIds ?? [],
      activities: (raw.activities ?? []).map((a) => ({
        type: (a.type && ACTIVITY_LABELS[a.type]) ?? a.type ?? "",
        date: isoDate(a._createdDate),
      })),
      payment: payment?._id ? { id: payment._id, status: payment.regularPaymentDetails?.status ?? "" } : undefined,
    };
  });
}

/** An order id from the URL or a form, checked before the SDK writes it into a request path (app/models/ids.ts). */
function orderId(id: string): string {
  if (!isPlatformId(id)) throw new AdminRefusal("Commande introuvable.");
  return id;
}

export const cancelOrder = (admin: ElevatedClient, id: string, restock: boolean, notify: boolean) =>
  admin.orders.cancelOrder(orderId(id), { restockAllItems: restock, sendOrderCanceledEmail: notify });

export const capturePayment = (admin: ElevatedClient, id: string, paymentId: string) =>
  admin.orders.captureAuthorizedPayments(orderId(id), [{ paymentId }]);

export const voidPayment = (admin: ElevatedClient, id: string, paymentId: string) =>
  admin.orders.voidAuthorizedPayments(orderId(id), [paymentId]);

/** The SDK exports it at run time (POST …/payments-collector/orders/{id}/mark-as-paid) but its typings leave it out. */
type MarkAsPaid = { paymentCollectionMarkOrderAsPaid(ecomOrderId: string): Promise<unknown> };
export const markAsPaid = (admin: ElevatedClient, id: string) =>
  (admin.orders as unknown as MarkAsPaid).paymentCollectionMarkOrderAsPaid(orderId(id));

export async function tagOrders(admin: ElevatedClient, ids: string[], tag: string, assign: boolean) {
  const tags = { tags: { tagIds: [tag] } };
  const result = await admin.orders.bulkUpdateOrderTags(ids.map(orderId), assign ? { assignTags: tags } : { unassignTags: tags });
  return result.bulkActionMetadata?.totalSuccesses ?? 0;
}
