import type { ElevatedClient } from "../admin/elevated-client.server";
import type { QuoteInvoice, QuoteRecord } from "~/models/quote";
import { isTaken } from "./store.server";

/**
 * The invoices of the quotes' payments (a deposit, a balance), numbered on one chronological, continuous sequence
 * per year: F-2026-0001, F-2026-0002… (CGI ann. II art. 242 nonies A: unique, chronological, no gap; one series per
 * year is allowed). Each invoice is an item of the site's `Invoices` collection whose id is its number, so a number is
 * given once (an insert of a taken id fails, WDE0074) and every number given is an invoice: no gap.
 * A payment is invoiced once: an `InvoiceClaims` item named after the payment request is inserted first, so two
 * readers noticing the same payment at once cannot both number it.
 * This series is apart from the store's `F-<order number>` invoices (decision 0040): another shape, no collision.
 */
const INVOICES = "Invoices";
const CLAIMS = "InvoiceClaims";

export const invoiceNumber = (year: number, seq: number) => `F-${year}-${String(seq).padStart(4, "0")}`;

/** The next number of the year's series, given to `fields` (retried when another invoice took it meanwhile). */
async function numberInvoice(admin: ElevatedClient, fields: Record<string, unknown>, issuedAt: Date): Promise<string> {
  const year = Number(new Intl.DateTimeFormat("en", { timeZone: "Europe/Paris", year: "numeric" }).format(issuedAt));
  for (let attempt = 0; attempt < 8; attempt++) {
    const last = await admin.items.query(INVOICES).eq("year", year).descending("seq").limit(1).find();
    const seq = Number(last.items[0]?.seq ?? 0) + 1;
    const number = invoiceNumber(year, seq);
    try {
      await admin.items.insert(INVOICES, { _id: number, year, seq, ...fields });
      return number;
    } catch (error) {
      if (!isTaken(error)) throw error;
    }
  }
  throw new Error("invoice number not given after 8 attempts");
}

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
  const number = await numberInvoice(
    admin,
    { kind, quoteNumber: q.number, quoteId: q._id, orderId: q.orderId, paymentRequestId, amountCents, issuedAt },
    paidAt,
  );
  return { number, kind, amountCents, issuedAt, paymentRequestId };
}
