import type { orderInvoices, orderTransactions, orders } from "@wix/ecom";
import { redirect } from "react-router";
import { isPaidOrder } from "./money.server";
import type { CommerceSession as Commerce } from "../wix/commerce-session.server";
import { getConfig } from "../site/config.server";
import { checkInvoiceLink } from "./invoice-links.server";
import { renderInvoicePdf } from "./invoice-pdf.server";
import { renderCreditNotePdf } from "./credit-note-pdf.server";
import { creditNoteData, invoiceData, invoiceNumberOf } from "./invoice-data.server";
import { CREDIT_NOTE_NUMBER, type CreditNoteRecord, creditNotesOf, refundedCents } from "./credit-notes.server";
import type { ElevatedClient } from "../admin/elevated-client.server";
import { elevatedClientAfterCheck } from "../admin/elevated-client.server";
import { classifyWixError, mapLoaderErrors } from "../wix/errors.server";
import { notFound } from "~/lib/http";
import { isPlatformId } from "~/models/ids";
import type { CreditNoteLink } from "~/models/order";
import { moneyIn } from "~/lib/money";

/**
 * An order's invoice PDF and its credit notes', for their three readers: the owner (/admin/orders/:id/facture.pdf,
 * …/avoirs/AV-2026-0001.pdf), the signed-in buyer (/account/orders/:id/facture.pdf, …/avoirs/…: her own getOrder
 * answers first) and whoever holds the signed link of the buyer's e-mail or follow page (/factures/:id?jeton=…, and
 * `&avoir=AV-2026-0001`). The invoice is recorded on the order through orderInvoices the first time it is drawn
 * (generateInvoice), so Wix lists it; each refund's credit note is numbered by credit-notes.server.ts; the documents
 * are drawn by invoice-pdf.server.ts and credit-note-pdf.server.ts.
 */

/** The SDK exports it at run time (POST /ecom/v1/invoices/orders/{orderId}); its typings leave it out. */
type GenerateInvoice = { generateInvoice(orderId: string): Promise<{ invoiceId?: string }> };

type InvoiceListing = orderInvoices.ListInvoicesForMultipleOrdersResponse;

/**
 * Records the order's invoice unless `listed` (its listing, read now if not given) shows it; true when it was
 * recorded now, so a listing read before is out of date.
 */
async function ensureInvoiceRecord(admin: ElevatedClient, orderId: string, listed?: InvoiceListing): Promise<boolean> {
  const listing = listed ?? (await admin.orderInvoices.listInvoicesForMultipleOrders([orderId]));
  if (listing.invoicesForOrder?.[0]?.invoicesInfo?.length) return false;
  try {
    await (admin.orderInvoices as unknown as GenerateInvoice).generateInvoice(orderId);
  } catch (error) {
    // Drawn twice at once: the other request recorded it.
    const failure = classifyWixError(error);
    if (!(failure.kind === "application" && failure.code === "INVOICE_ALREADY_EXISTS")) throw error;
  }
  return true;
}

/**
 * What a reader of the order read already, in parallel with the order: its credit notes stored (storedCreditNotes)
 * and its invoice listing. `recorded` is told when the invoice was recorded now.
 */
export interface CreditNoteReads {
  stored: CreditNoteRecord[];
  listed: InvoiceListing;
  recorded?: () => void;
}

/** Which of the order's documents: its invoice, or one of its credit notes by number. */
export type OrderDocument = { kind: "invoice" } | { kind: "credit-note"; number: string };

/** The document asked, once its spelling is checked (a credit note's number, else the 404 screen before any read). */
export function documentAsked(creditNote: string | null | undefined): OrderDocument {
  if (creditNote === null || creditNote === undefined) return { kind: "invoice" };
  if (!CREDIT_NOTE_NUMBER.test(creditNote)) notFound();
  return { kind: "credit-note", number: creditNote };
}

/** A credit note's file name in a path (`AV-2026-0001.pdf`), else the 404 screen. */
export const creditNoteFile = (file: string): OrderDocument =>
  file.endsWith(".pdf") ? documentAsked(file.slice(0, -".pdf".length)) : notFound();

/**
 * The credit notes of an order the caller may read, numbering its refunds not yet numbered (credit-notes.server.ts);
 * the invoice they correct is recorded first if it was not yet.
 */
export async function orderCreditNotes(
  admin: ElevatedClient,
  order: orders.Order,
  refunds: orderTransactions.Refund[],
  read?: CreditNoteReads,
) {
  if (!order._id || !isPaidOrder(order.paymentStatus) || !refunds.some((r) => refundedCents(r) > 0)) return [];
  if (await ensureInvoiceRecord(admin, order._id, read?.listed)) read?.recorded?.();
  return creditNotesOf(admin, { id: order._id, invoiceNumber: invoiceNumberOf(order) }, refunds, read?.stored);
}

/** The order's credit notes as its pages offer them; `href` is where this reader downloads each one. */
export async function creditNoteLinks(
  admin: ElevatedClient,
  order: orders.Order,
  refunds: orderTransactions.Refund[],
  href: (file: string) => string,
  read?: CreditNoteReads,
): Promise<CreditNoteLink[]> {
  const notes = await orderCreditNotes(admin, order, refunds, read);
  return notes.map((n) => ({
    number: n.number,
    amount: moneyIn({ amount: (n.amountCents / 100).toFixed(2) }, order.currency ?? "EUR"),
    issuedAt: n.issuedAt,
    href: href(n.number),
  }));
}

async function documentPdf(admin: ElevatedClient, orderId: string, asked: OrderDocument): Promise<{ pdf: Buffer; filename: string }> {
  const order = await admin.orders.getOrder(orderId);
  // An invoice is for money received: before payment there is none to give.
  if (!isPaidOrder(order.paymentStatus)) notFound();
  await ensureInvoiceRecord(admin, orderId);
  const tx = await admin.orderTransactions.listTransactionsForSingleOrder(orderId);
  const payment = tx?.orderTransactions?.payments?.[0];
  const refunds = tx?.orderTransactions?.refunds ?? [];
  const notes = await orderCreditNotes(admin, order, refunds);
  const invoice = invoiceData(order, refunds, payment?.regularPaymentDetails?.offlinePayment === true, notes);
  const seller = getConfig().legal;
  if (asked.kind === "invoice") return { pdf: await renderInvoicePdf(invoice, seller), filename: `facture-${invoice.number}` };
  const note = notes.find((n) => n.number === asked.number);
  const refund = refunds.find((r) => r._id === note?.refundId);
  if (!note || !refund) notFound();
  return { pdf: await renderCreditNotePdf(creditNoteData(order, refund, note, invoice), seller), filename: `avoir-${note.number}` };
}

function pdfResponse({ pdf, filename }: { pdf: Buffer; filename: string }): Response {
  return new Response(new Uint8Array(pdf), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `inline; filename="${filename}.pdf"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}

export async function ownerInvoice(admin: ElevatedClient, orderId: string, asked: OrderDocument = { kind: "invoice" }): Promise<Response> {
  if (!isPlatformId(orderId)) notFound();
  return pdfResponse(await mapLoaderErrors(() => documentPdf(admin, orderId, asked)));
}

/** The buyer's own order (her token reads it, or the platform answers 404), then the elevated client draws it. */
export async function memberInvoice(commerce: Commerce, orderId: string, asked: OrderDocument = { kind: "invoice" }): Promise<Response> {
  if (!isPlatformId(orderId)) notFound();
  return pdfResponse(
    await mapLoaderErrors(async () => {
      const wix = await commerce.client();
      await wix.orders.getOrder(orderId);
      return documentPdf(elevatedClientAfterCheck(), orderId, asked);
    }),
  );
}

/** The signed link grants the order's documents: its invoice, and its credit notes (`avoir=`). */
export async function linkedInvoice(orderId: string, token: string | null, asked: OrderDocument = { kind: "invoice" }): Promise<Response> {
  const apiKey = getConfig().admin.apiKey;
  if (!isPlatformId(orderId) || !apiKey) notFound();
  const check = checkInvoiceLink(apiKey, orderId, token);
  // A PDF route has no page to show a refusal on: the buyer is sent to the error screen's page, which says what to do.
  if (!check.ok) throw redirect(`/factures/lien-non-valide?raison=${check.reason === "expired" ? "expire" : "modifie"}`);
  return pdfResponse(await mapLoaderErrors(() => documentPdf(elevatedClientAfterCheck(), orderId, asked)));
}
