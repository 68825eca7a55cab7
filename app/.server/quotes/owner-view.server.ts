import { data } from "react-router";
import type { ElevatedClient } from "../admin/elevated-client.server";
import { getConfig } from "../site/config.server";
import type { QuoteRecord } from "~/models/quote";
import { settlePayments } from "./client-quotes.server";
import { renderQuoteInvoicePdf, renderQuotePdf } from "./pdf.server";
import { versionsOf, withItsAnswer } from "./store.server";

/** The latest version of a quote by its number (payments Wix received since brought up to date), or the 404 screen. */
export async function ownerQuote(admin: ElevatedClient, number: string): Promise<QuoteRecord> {
  if (!/^D-\d{4}-\d{4,}$/.test(number)) throw data("Devis introuvable", { status: 404 });
  const [latest] = await versionsOf(admin, number);
  if (!latest) throw data("Devis introuvable", { status: 404 });
  return settlePayments(admin, await withItsAnswer(admin, latest));
}

const pdfHeaders = (file: string) => ({
  "content-type": "application/pdf",
  "content-disposition": `inline; filename="${file}.pdf"`,
  "cache-control": "private, no-store",
  "x-robots-tag": "noindex",
});

/** The quote's PDF, or the invoice numbered `invoiceNumber` of its payments (404 when it has none by that number). */
export async function quotePdfResponse(q: QuoteRecord, invoiceNumber?: string | null): Promise<Response> {
  const seller = getConfig().legal;
  if (invoiceNumber === undefined) return new Response(new Uint8Array(await renderQuotePdf(q, seller)), { headers: pdfHeaders(q.number) });
  const invoice = q.invoices.find((i) => i.number === invoiceNumber);
  if (!invoice) throw data("Facture introuvable", { status: 404 });
  return new Response(new Uint8Array(await renderQuoteInvoicePdf(q, invoice, seller)), { headers: pdfHeaders(invoice.number) });
}
