import type { orderFulfillments, orders } from "@wix/ecom";
import { mapLoaderErrors } from "../wix/errors.server";
import type { AdminOrderRow, OrderFilters } from "~/models/admin";
import { FULFILLMENT_STATUS_OPTIONS, ORDER_STATUS_OPTIONS, PAYMENT_STATUS_OPTIONS } from "~/models/admin";
import type { ElevatedClient } from "./elevated-client.server";
import { orderId } from "./order-actions.server";
import { isoDate } from "~/lib/dates";
import { fulfilmentStatusLabel } from "~/models/order-life";
import { pickupFulfilments } from "../orders/after-sale-views.server";

/** The owner's orders: search (number, e-mail, name) with filters and cursor paging, and tags in bulk. */

export const ORDERS_PAGE_SIZE = 20;
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
  const q = (params.get("q") ?? "").trim().slice(0, 100);
  return {
    ...(q ? { q } : {}),
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

/**
 * The search box, on the fields Wix's searchOrders filters ("Supported Filters and Sorting"): a number is the order
 * number, an address the buyer's e-mail (its start), anything else the start of the buyer's full name or e-mail, or
 * a member's surname. The order's full name only filters by its start ("Sam Bernard" starts with the first name), so
 * a surname is looked up where Wix filters it: the members whose `contact.lastName` starts with it (queryMembers),
 * whose orders are then matched on `buyerInfo.memberId`. A guest is found by first name or e-mail only.
 */
async function textFilter(admin: ElevatedClient, q: string): Promise<Record<string, unknown>> {
  const digits = q.replace(/^n°\s*/i, "");
  if (/^\d{1,10}$/.test(digits)) return { number: { $eq: Number(digits) } };
  if (q.includes("@")) return { "buyerInfo.email": { $startsWith: q.toLowerCase() } };
  const bySurname = await admin.members.queryMembers().startsWith("contact.lastName", q).limit(100).find();
  const memberIds = bySurname.items.map((m) => m._id).filter((id): id is string => !!id);
  return {
    $or: [
      { "billingInfo.contactDetails.fullName": { $startsWith: q } },
      { "buyerInfo.email": { $startsWith: q.toLowerCase() } },
      ...(memberIds.length ? [{ "buyerInfo.memberId": { $in: memberIds } }] : []),
    ],
  };
}

async function searchFilter(admin: ElevatedClient, f: OrderFilters) {
  const parts: Record<string, unknown>[] = [];
  if (f.q) parts.push(await textFilter(admin, f.q));
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

/** One order of a list; a pickup's fulfilments (after-sale-views.server.ts pickupFulfilments) tell ready from collected. */
export function toRow(o: orders.Order, fulfilments: orderFulfillments.Fulfillment[] = []): AdminOrderRow {
  const pickup = !!o.shippingInfo?.logistics?.pickupDetails;
  const contact: orders.FullAddressContactDetails = o.billingInfo?.contactDetails ?? {};
  const name = [contact.firstName, contact.lastName].filter(Boolean).join(" ");
  return {
    id: o._id ?? "",
    number: String(o.number ?? ""),
    createdDate: isoDate(o._createdDate),
    buyer: name ? `${name} (${o.buyerInfo?.email ?? ""})` : (o.buyerInfo?.email ?? ""),
    total: o.priceSummary?.total?.formattedAmount ?? "",
    statusLabel: label(ORDER_STATUS_OPTIONS, o.status),
    paymentLabel: label(PAYMENT_STATUS_OPTIONS, o.paymentStatus),
    fulfillmentLabel: fulfilmentStatusLabel(pickup, o.fulfillmentStatus, fulfilments),
    tags: o.tags?.tags?.tagIds ?? [],
    email: o.buyerInfo?.email ?? "",
    pickup,
    physical: (o.lineItems ?? []).some((l) => l.itemType?.preset !== "DIGITAL" && l.physicalProperties?.shippable !== false),
    totalAmount: o.priceSummary?.total?.amount ?? "0",
    paymentStatus: o.paymentStatus ?? "",
    status: o.status ?? "",
    fulfillmentStatus: o.fulfillmentStatus ?? "",
  };
}

export async function searchOrders(admin: ElevatedClient, filters: OrderFilters, cursor?: string, limit = ORDERS_PAGE_SIZE) {
  return mapLoaderErrors(async () => {
    const result = await admin.orders.searchOrders({
      filter: await searchFilter(admin, filters),
      sort: [{ fieldName: "_createdDate", order: "DESC" }],
      cursorPaging: cursor ? { limit, cursor } : { limit },
    } as Parameters<ElevatedClient["orders"]["searchOrders"]>[0]);
    const list = result.orders ?? [];
    const pickups = await pickupFulfilments(admin, list);
    return {
      orders: list.map((o) => toRow(o, pickups.get(o._id ?? ""))),
      next: result.metadata?.cursors?.next ?? undefined,
      prev: result.metadata?.cursors?.prev ?? undefined,
    };
  });
}

export async function tagOrders(admin: ElevatedClient, ids: string[], tag: string, assign: boolean) {
  const tags = { tags: { tagIds: [tag] } };
  const result = await admin.orders.bulkUpdateOrderTags(ids.map(orderId), assign ? { assignTags: tags } : { unassignTags: tags });
  return result.bulkActionMetadata?.totalSuccesses ?? 0;
}
