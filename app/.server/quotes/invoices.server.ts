import type { ElevatedClient } from "../admin/elevated-client.server";
import type { QuoteInvoice, QuoteRecord } from "~/models/quote";
import { isTaken, numberInSeries } from "../site/document-series.server";

/**
 * The invoices of the quotes' payments (a deposit, a balance), numbered on the year's series F-2026-0001,
 * F-2026-0002… of the site's `Invoices` collection (site/document-series.server.ts: given once, no gap).
 * A payment is invoiced once: an `InvoiceClaims` item named after the payment request is inserted first, so two
 * readers noticing the same payment at once cannot both number it.
 * This series is apart from the store's `F-<order number>` invoices (decision 0040): another shape, no collision.
 */
const INVOICES = "Invoices";
const CLAIMS = "InvoiceClaims";

/**
 * The invoice of a paid payment request of the quote: the one already issued, or a new one; null when another reader
 * is issuing it right now (the caller reads the quote again later).
 */
export async function invoicePayment(
  admin: ElevatedClient,
  q: QuoteRecord,
  kind: QuoteInvoice["kind"],
  paymentRequestId: string,
  amountCents: number,
  paidAt: Date,
): Promise<QuoteInvoice | null> {
  const known = q.invoices.find((i) => i.paymentRequestId === paymentRequestId);
  if (known) return known;
  const issued = await admin.items.query(INVOICES).eq("paymentRequestId", paymentRequestId).limit(1).find();
  const found = issued.items[0];
  if (found)
    return { number: String(found._id), kind, amountCents: Number(found.amountCents), issuedAt: String(found.issuedAt), paymentRequestId };
  try {
    await admin.items.insert(CLAIMS, { _id: paymentRequestId, at: new Date().toISOString() });
  } catch (error) {
    if (isTaken(error)) return null;
    throw error;
  }
  const issuedAt = paidAt.toISOString();
  const number = await numberInSeries(
    admin,
    { collection: INVOICES, prefix: "F" },
    { kind, quoteNumber: q.number, quoteId: q._id, orderId: q.orderId, paymentRequestId, amountCents, issuedAt },
    paidAt,
  );
  return { number, kind, amountCents, issuedAt, paymentRequestId };
}
