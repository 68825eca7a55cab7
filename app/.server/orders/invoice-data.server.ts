import type { orderTransactions, orders } from "@wix/ecom";
import { isoDate } from "~/lib/dates";
import { cents } from "./money.server";
import type { CreditNoteRecord } from "./credit-notes.server";
import { refundedCents } from "./credit-notes.server";
import type { InvoiceLine, InvoiceData } from "./invoice-pdf.server";
import type { CreditNoteData } from "./credit-note-pdf.server";

/**
 * The figures of an order's documents from Wix's objects: the invoice from the order (orders.getOrder) and its
 * payment, a credit note from one of its refunds (orderTransactions: what was refunded, line by line, and how much).
 */

const rate = (r: unknown) => Math.round(Number(r ?? 0) * 1000) / 10;

/** An order line as the invoice prints it: its name with its options, quantity, total and VAT. */
function lineOf(l: orders.OrderLineItem): InvoiceLine {
  const options = (l.descriptionLines ?? [])
    .map((d) => d.plainText?.original ?? d.colorInfo?.original ?? "")
    .filter(Boolean)
    .join(", ");
  return {
    name: `${l.productName?.original ?? ""}${options ? ` (${options})` : ""}`,
    quantity: Number(l.quantity ?? 0),
    total: cents(l.totalPriceAfterTax),
    tax: cents(l.taxDetails?.totalTax ?? l.taxInfo?.taxAmount),
    rate: rate(l.taxDetails?.taxRate ?? l.taxInfo?.taxRate),
  };
}

/** The shipping as an invoice line, with its VAT: none when it was free. */
function shippingLine(order: orders.Order): InvoiceLine | null {
  const cost = order.shippingInfo?.cost;
  if (!cost || cents(cost.totalPriceAfterTax ?? cost.price) <= 0) return null;
  return {
    name: `Livraison : ${order.shippingInfo?.title ?? ""}`.trim(),
    quantity: 1,
    total: cents(cost.totalPriceAfterTax ?? cost.price),
    tax: cents(cost.taxDetails?.totalTax),
    rate: rate(cost.taxDetails?.taxRate),
  };
}

/**
 * Part of the order was sold without VAT because it left the EU: the whole order is exempt, or goods were shipped at
 * no rate at all (no tax region where they went).
 */
export function soldWithoutVat(order: orders.Order): boolean {
  return (
    order.taxInfo?.taxExempt === true ||
    (order.lineItems ?? []).some(
      (line) => line.itemType?.preset === "PHYSICAL" && line.taxDetails?.taxRate != null && Number(line.taxDetails.taxRate) === 0,
    )
  );
}

/** The store's invoice is numbered after its order (decision 0040). */
export const invoiceNumberOf = (order: orders.Order) => `F-${order.number}`;

/**
 * The invoice's figures from Wix's order: lines and shipping with their VAT, the buyer, the payment, the refunds
 * with their credit notes.
 */
export function invoiceData(
  order: orders.Order,
  refunds: orderTransactions.Refund[],
  offline: boolean,
  notes: CreditNoteRecord[] = [],
): InvoiceData {
  const paid = (order.activities ?? []).filter((a) => a.type === "ORDER_PAID").map((a) => isoDate(a._createdDate));
  const issueDate = paid.at(-1) ?? isoDate(order._createdDate) ?? new Date().toISOString();
  const shipping = shippingLine(order);
  const lines = [...(order.lineItems ?? []).map(lineOf), ...(shipping ? [shipping] : [])];
  const contact: orders.FullAddressContactDetails = order.billingInfo?.contactDetails ?? {};
  const address: orders.Address = order.billingInfo?.address ?? {};
  return {
    number: invoiceNumberOf(order),
    orderNumber: String(order.number ?? ""),
    issueDate,
    currency: order.currency ?? "EUR",
    buyer: {
      name: [contact.firstName, contact.lastName].filter(Boolean).join(" ") || undefined,
      company: contact.company || undefined,
      vatNumber: contact.vatId?._id ?? undefined,
      email: order.buyerInfo?.email ?? undefined,
      address: [
        address.addressLine1,
        address.addressLine2,
        [address.postalCode, address.city].filter(Boolean).join(" "),
        address.country,
      ].filter((v): v is string => typeof v === "string" && v.trim() !== ""),
    },
    lines,
    exported: soldWithoutVat(order),
    discount: cents(order.priceSummary?.discount),
    paidBy: offline ? "offline" : "card",
    refunds: refunds.map((r) => {
      const note = notes.find((n) => n.refundId === r._id);
      return { date: isoDate(r._createdDate), amount: cents(r.transactions?.[0]?.amount), ...(note ? { creditNote: note.number } : {}) };
    }),
  };
}

/** The VAT inside an amount that includes it, at this rate. */
const vatIn = (total: number, ratePercent: number) => Math.round((total * ratePercent) / (100 + ratePercent));

/**
 * A credit note's lines: each refunded line for the amount Wix says it refunded, the shipping refunded, and what the
 * refund gave back beyond them (an amount refunded without items) with the invoice's average VAT.
 */
function refundedLines(order: orders.Order, refund: orderTransactions.Refund, invoice: InvoiceData): InvoiceLine[] {
  const byId = new Map((order.lineItems ?? []).map((l) => [l._id, l]));
  const refundedOf = new Map((refund.summary?.breakdown?.lineItems ?? []).map((b) => [b.lineItemId, cents(b.totalRefundedAmount)]));
  const items = refund.details?.lineItems?.length ? refund.details.lineItems : (refund.details?.items ?? []);
  const lines = items.flatMap((item): InvoiceLine[] => {
    const raw = byId.get(item.lineItemId);
    if (!raw) return [];
    const line = lineOf(raw);
    const quantity = Number(item.quantity ?? 0);
    const total = refundedOf.get(item.lineItemId) ?? Math.round((line.total * quantity) / Math.max(1, line.quantity));
    return [{ ...line, quantity, total, tax: vatIn(total, line.rate) }];
  });
  const shipping = shippingLine(order);
  const shippingBack = cents(refund.details?.shipping?.amount);
  if (shipping && shippingBack > 0) lines.push({ ...shipping, total: shippingBack, tax: vatIn(shippingBack, shipping.rate) });
  const rest = refundedCents(refund) - lines.reduce((s, l) => s + l.total, 0);
  if (rest > 0) {
    const total = invoice.lines.reduce((s, l) => s + l.total, 0);
    const tax = total ? Math.round((rest * invoice.lines.reduce((s, l) => s + l.tax, 0)) / total) : 0;
    const rates = new Set(invoice.lines.map((l) => l.rate));
    const averageRate = rest > tax ? Math.round((tax / (rest - tax)) * 1000) / 10 : 0;
    lines.push({
      name: "Remboursement sans retour d'article",
      quantity: 1,
      total: rest,
      tax,
      rate: rates.size === 1 ? [...rates][0]! : averageRate,
    });
  }
  return lines;
}

/** A refund's credit note: its number and date, the invoice it corrects, the buyer as invoiced, what was given back. */
export function creditNoteData(
  order: orders.Order,
  refund: orderTransactions.Refund,
  note: CreditNoteRecord,
  invoice: InvoiceData,
): CreditNoteData {
  const reason = refund.details?.reason?.trim();
  return {
    number: note.number,
    issueDate: note.issuedAt,
    invoiceNumber: invoice.number,
    invoiceDate: invoice.issueDate,
    orderNumber: invoice.orderNumber,
    currency: invoice.currency,
    buyer: invoice.buyer,
    lines: refundedLines(order, refund, invoice),
    refundDate: isoDate(refund._createdDate) ?? note.issuedAt,
    refundedBy: refund.transactions?.some((t) => t.externalRefund) ? "offline" : "card",
    ...(reason ? { reason } : {}),
  };
}
