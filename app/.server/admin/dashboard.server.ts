import type { orderTransactions, orders as sdk } from "@wix/ecom";
import type { AdminOrderRow, DashboardFigures } from "~/models/admin";
import { formatPrice } from "~/lib/money";
import { nextDay, parisDayStart, parisToday } from "~/lib/paris-days";
import { toRow } from "./orders.server";
import type { ElevatedClient } from "./elevated-client.server";
import { mapLoaderErrors } from "../wix/errors.server";
import { cents, isPaidOrder } from "../orders/money.server";
import { isoDate } from "~/lib/dates";

/**
 * The dashboard: today's and this month's sales and orders (orders.searchOrders over the period, Europe/Paris days),
 * and the orders that wait for the owner. Sales are what was received and kept: the totals of paid orders minus
 * their refunds (balanceSummary.refunded); orders count every confirmed order of the period, canceled ones aside.
 */

/** The SDK's order (named apart: `orders` is also this module's list of them). */
type SdkOrder = sdk.Order;

/** The dashboard reads at most this many orders a period (its figures then say "at least"). */
const PERIOD_CAP = 1000;

/** The orders created (or updated) since `fromIso`, at most PERIOD_CAP of them. */
async function ordersSince(
  admin: ElevatedClient,
  fromIso: string,
  field: "createdDate" | "updatedDate" = "createdDate",
): Promise<{ orders: SdkOrder[]; truncated: boolean }> {
  const orders: SdkOrder[] = [];
  let cursor: string | undefined;
  do {
    const page = await admin.orders.searchOrders({
      filter: { [field]: { $gte: fromIso } },
      cursorPaging: cursor ? { limit: 100, cursor } : { limit: 100 },
    } as Parameters<ElevatedClient["orders"]["searchOrders"]>[0]);
    orders.push(...(page.orders ?? []));
    cursor = page.metadata?.hasNext ? (page.metadata?.cursors?.next ?? undefined) : undefined;
  } while (cursor && orders.length < PERIOD_CAP);
  return { orders, truncated: !!cursor };
}

function figures(orders: SdkOrder[], currency: string) {
  const kept = orders.filter((o) => o.status !== "CANCELED" || isPaidOrder(o.paymentStatus));
  const sales = kept
    .filter((o) => isPaidOrder(o.paymentStatus))
    .reduce((s, o) => s + cents(o.priceSummary?.total) - cents(o.balanceSummary?.refunded), 0);
  const cur = orders[0]?.currency ?? currency;
  return {
    sales: { amount: (sales / 100).toFixed(2), formatted: formatPrice(sales / 100, cur) },
    orders: kept.filter((o) => o.status !== "CANCELED").length,
  };
}

export async function dashboardFigures(admin: ElevatedClient, now = new Date()): Promise<DashboardFigures> {
  return mapLoaderErrors(async () => {
    const today = parisToday(now);
    const monthStart = `${today.slice(0, 8)}01`;
    const todayStart = parisDayStart(today);
    const tomorrow = parisDayStart(nextDay(today));
    const [{ orders, truncated }, moved] = await Promise.all([
      ordersSince(admin, parisDayStart(monthStart)),
      moneyMoved(admin, todayStart, tomorrow),
    ]);
    const created = (o: SdkOrder) => isoDate(o._createdDate) ?? "";
    const ofToday = orders.filter((o) => created(o) >= todayStart && created(o) < tomorrow);
    const money = (c: number) => ({ amount: (c / 100).toFixed(2), formatted: formatPrice(c / 100, "EUR") });
    return {
      today: { ...figures(ofToday, "EUR"), cashed: money(moved.cashed), refunded: money(moved.refunded) },
      month: figures(orders, "EUR"),
      truncated: truncated || moved.truncated,
    };
  });
}

/**
 * The money that moved in [from, to), in cents, whatever day its order was placed: what was cashed (a card charged
 * at checkout, an authorization captured, a payment marked as received) and what was refunded. An order whose money
 * moves is updated, so the orders updated since `from` (searchOrders on updatedDate) are read, then their
 * transactions (orderTransactions.listTransactionsForMultipleOrders, 100 orders a call).
 */
async function moneyMoved(admin: ElevatedClient, from: string, to: string) {
  const { orders, truncated } = await ordersSince(admin, from, "updatedDate");
  let cashed = 0;
  let refunded = 0;
  for (let i = 0; i < orders.length; i += 100) {
    const batch = orders.slice(i, i + 100);
    const ids = batch.map((o) => o._id).filter((id): id is string => !!id);
    if (!ids.length) continue;
    const { orderTransactions } = await admin.orderTransactions.listTransactionsForMultipleOrders(ids);
    const byId = new Map(batch.map((o) => [o._id, o]));
    for (const t of orderTransactions ?? []) {
      const moved = movedIn(t, byId.get(t.orderId), from, to);
      cashed += moved.cashed;
      refunded += moved.refunded;
    }
  }
  return { cashed, refunded, truncated };
}

const within = (date: Date | string | null | undefined, from: string, to: string) => {
  const iso = isoDate(date) ?? "";
  return iso >= from && iso < to;
};

/** Payment statuses of money received (a refund keeps the payment received: the refund is counted apart). */
const RECEIVED = new Set(["APPROVED", "PARTIALLY_REFUNDED", "REFUNDED"]);

/**
 * One order's money in [from, to): a payment counts on the day it was received: its capture for an authorization,
 * the order's ORDER_PAID activity for an offline payment (marked as received by the owner; the payment itself keeps
 * no such date), its creation for a card charged at once. A refund counts on its creation day, failed ones aside.
 */
export function movedIn(t: orderTransactions.OrderTransactions, order: SdkOrder | undefined, from: string, to: string) {
  let cashed = 0;
  for (const p of t.payments ?? []) {
    const details = p.regularPaymentDetails;
    if (!details || !RECEIVED.has(String(details.status))) continue;
    const auth = details.authorizationDetails;
    if (auth?.delayedCapture) {
      for (const c of auth.captures ?? []) if (c.status === "SUCCEEDED" && within(c._createdDate, from, to)) cashed += cents(c.amount);
    } else if (details.offlinePayment) {
      const paidToday = (order?.activities ?? []).some((a) => a.type === "ORDER_PAID" && within(a._createdDate, from, to));
      if (paidToday) cashed += cents(p.amount);
    } else if (within(p._createdDate, from, to)) cashed += cents(p.amount);
  }
  let refunded = 0;
  for (const r of t.refunds ?? []) {
    if (!within(r._createdDate, from, to)) continue;
    for (const tx of r.transactions ?? []) if (tx.refundStatus !== "FAILED") refunded += cents(tx.amount);
  }
  return { cashed, refunded };
}

/**
 * What unpaid orders hold out of sale: the units of each product in approved orders not paid yet and not sent (a
 * confirmed pay-on-delivery order takes its stock; docs/decisions/0056-unpaid-holds-per-person.md). Most held first.
 */
function unpaidHolds(open: SdkOrder[]): Array<{ product: string; units: number; orders: number }> {
  const held = new Map<string, { units: number; orders: Set<string> }>();
  for (const order of open) {
    if (order.paymentStatus !== "NOT_PAID" || order.fulfillmentStatus !== "NOT_FULFILLED") continue;
    for (const line of order.lineItems ?? []) {
      if (line.itemType?.preset === "DIGITAL") continue;
      const product = line.productName?.translated ?? line.productName?.original ?? "";
      const entry = held.get(product) ?? { units: 0, orders: new Set<string>() };
      entry.units += line.quantity ?? 0;
      entry.orders.add(order._id ?? "");
      held.set(product, entry);
    }
  }
  return [...held]
    .map(([product, { units, orders }]) => ({ product, units, orders: orders.size }))
    .sort((a, b) => b.units - a.units || a.product.localeCompare(b.product, "fr"));
}

/** Orders that wait for the owner: cards to capture, parcels to send, pickups to prepare, payments due on delivery. */
export async function ordersToHandle(admin: ElevatedClient) {
  return mapLoaderErrors(async () => {
    const page = await admin.orders.searchOrders({
      filter: { status: { $eq: "APPROVED" }, fulfillmentStatus: { $in: ["NOT_FULFILLED", "PARTIALLY_FULFILLED"] } },
      sort: [{ fieldName: "_createdDate", order: "ASC" }],
      cursorPaging: { limit: 100 },
    } as Parameters<ElevatedClient["orders"]["searchOrders"]>[0]);
    const open: AdminOrderRow[] = (page.orders ?? []).map((o) => toRow(o));
    const captured = await admin.orders.searchOrders({
      filter: { status: { $eq: "APPROVED" }, paymentStatus: { $eq: "PENDING" } },
      sort: [{ fieldName: "_createdDate", order: "ASC" }],
      cursorPaging: { limit: 100 },
    } as Parameters<ElevatedClient["orders"]["searchOrders"]>[0]);
    return {
      toCapture: (captured.orders ?? []).map((o) => toRow(o)),
      // Downloads are never shipped and a store pickup is prepared, not shipped: neither is "to ship".
      toShip: open.filter((o) => o.physical && !o.pickup),
      toPrepare: open.filter((o) => o.physical && o.pickup),
      toCollect: open.filter((o) => o.paymentStatus === "NOT_PAID"),
      unpaidHolds: unpaidHolds(page.orders ?? []),
    };
  });
}
