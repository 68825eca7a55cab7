import type { orders } from "@wix/ecom";
import { FULFILLMENT_STATUS_OPTIONS, ORDER_STATUS_OPTIONS, PAYMENT_STATUS_OPTIONS } from "~/models/admin";
import type { ElevatedClient } from "./elevated-client.server";
import { mapLoaderErrors } from "../wix/errors.server";
import { nextDay, parisDayStart, validDay } from "~/lib/paris-days";
import { redirectWithToast } from "../http/toast.server";

/**
 * The accountant's export: every order created in a period (Europe/Paris days), one CSV row each, through
 * orders.searchOrders' cursor pages. French spreadsheet conventions (";" separator, decimal comma, UTF-8 with BOM);
 * a cell that a spreadsheet would run as a formula (=, +, -, @, tab, carriage return at its start) is neutralised
 * with a leading apostrophe (OWASP "CSV injection"): names and e-mails come from buyers.
 */

/** At most this many orders per export: a period with more asks for a shorter one. */
export const EXPORT_MAX_ORDERS = 5000;
const PAGE = 100;

/** One spreadsheet cell: quoted, inner quotes doubled, a formula start defused. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

const decimal = (m: orders.Price | undefined) => (m?.amount ? String(m.amount).replace(".", ",") : "0,00");
const label = (labels: Record<string, string>, v: unknown) => labels[String(v ?? "")] ?? String(v ?? "");
const dateTime = new Intl.DateTimeFormat("fr-FR", { dateStyle: "short", timeStyle: "short", timeZone: "Europe/Paris" });

const HEADER = [
  "N° de commande",
  "Date",
  "Client",
  "E-mail",
  "Société",
  "N° de TVA",
  "Statut",
  "Paiement",
  "Expédition",
  "Sous-total",
  "Remise",
  "Livraison",
  "TVA",
  "Total TTC",
  "Remboursé",
  "Devise",
];

function row(o: orders.Order): string[] {
  const c: orders.FullAddressContactDetails = o.billingInfo?.contactDetails ?? {};
  const created = o._createdDate instanceof Date ? o._createdDate : new Date(o._createdDate ?? 0);
  const p: orders.PriceSummary = o.priceSummary ?? {};
  return [
    String(o.number ?? ""),
    dateTime.format(created),
    [c.firstName, c.lastName].filter(Boolean).join(" "),
    o.buyerInfo?.email ?? "",
    c.company ?? "",
    c.vatId?._id ?? "",
    label(ORDER_STATUS_OPTIONS, o.status),
    label(PAYMENT_STATUS_OPTIONS, o.paymentStatus),
    label(FULFILLMENT_STATUS_OPTIONS, o.fulfillmentStatus),
    decimal(p.subtotal),
    decimal(p.discount),
    decimal(p.shipping),
    decimal(p.tax),
    decimal(p.total),
    decimal(o.balanceSummary?.refunded),
    o.currency ?? "EUR",
  ];
}

/** Every order created from `from` to `to` (both included), oldest first, as CSV text; null when over the cap. */
export async function exportOrders(admin: ElevatedClient, from: string, to: string): Promise<{ csv: string; count: number } | null> {
  return mapLoaderErrors(async () => {
    const filter = { $and: [{ createdDate: { $gte: parisDayStart(from) } }, { createdDate: { $lt: parisDayStart(nextDay(to)) } }] };
    const rows: string[][] = [];
    let cursor: string | undefined;
    do {
      const page = await admin.orders.searchOrders({
        filter,
        sort: [{ fieldName: "_createdDate", order: "ASC" }],
        cursorPaging: cursor ? { limit: PAGE, cursor } : { limit: PAGE },
      } as Parameters<ElevatedClient["orders"]["searchOrders"]>[0]);
      for (const o of page.orders ?? []) rows.push(row(o));
      if (rows.length > EXPORT_MAX_ORDERS) return null;
      cursor = page.metadata?.hasNext ? (page.metadata?.cursors?.next ?? undefined) : undefined;
    } while (cursor);
    const lines = [HEADER, ...rows].map((cells) => cells.map(csvCell).join(";"));
    return { csv: `\uFEFF${lines.join("\r\n")}\r\n`, count: rows.length };
  });
}

/** GET /admin/orders/export.csv?from=…&to=…: the period's CSV as a download, or back to the orders with why not. */
export async function exportOrdersCsv(admin: ElevatedClient, request: Request, params: URLSearchParams): Promise<Response> {
  const from = validDay(params.get("from"));
  const to = validDay(params.get("to"));
  if (!from || !to || from > to)
    return redirectWithToast(request, "/admin/orders", {
      type: "error",
      title: "Période d'export invalide : choisissez une date de début et une date de fin (début ≤ fin).",
    });
  const result = await exportOrders(admin, from, to);
  if (!result)
    return redirectWithToast(request, "/admin/orders", {
      type: "error",
      title: `Plus de ${EXPORT_MAX_ORDERS} commandes sur cette période : exportez-la en plusieurs fois.`,
    });
  return new Response(result.csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="commandes-${from}-au-${to}.csv"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
