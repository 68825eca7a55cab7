import type { orders as sdk } from "@wix/ecom";
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

async function ordersSince(admin: ElevatedClient, fromIso: string): Promise<{ orders: SdkOrder[]; truncated: boolean }> {
  const orders: SdkOrder[] = [];
  let cursor: string | undefined;
  do {
    const page = await admin.orders.searchOrders({
      filter: { createdDate: { $gte: fromIso } },
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
    const { orders, truncated } = await ordersSince(admin, parisDayStart(monthStart));
    const todayStart = parisDayStart(today);
    const tomorrow = parisDayStart(nextDay(today));
    const created = (o: SdkOrder) => isoDate(o._createdDate) ?? "";
    const ofToday = orders.filter((o) => created(o) >= todayStart && created(o) < tomorrow);
    return { today: figures(ofToday, "EUR"), month: figures(orders, "EUR"), truncated };
  });
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
