import type { LegalIdentity } from "~/content/legal";
import { VAT_EXEMPTION } from "~/content/legal";
import { heading, longDate, paragraph, unicodePdf } from "../site/pdf-document.server";
import type { InvoiceBuyer, InvoiceLine } from "./invoice-pdf.server";
import { linesAndTotals, moneyIn, orderParties } from "./invoice-pdf.server";

/**
 * A refund's credit note (facture d'avoir) as an A4 PDF, laid out as the invoice it corrects (same parties, same
 * columns): its own number (AV-2026-0001, credit-notes.server.ts), the invoice's number and date, the lines and the
 * amounts given back, printed negative, with their VAT, how and when the money went back, the reason.
 */

export interface CreditNoteData {
  number: string;
  issueDate: string;
  invoiceNumber: string;
  invoiceDate: string;
  orderNumber: string;
  currency: string;
  buyer: InvoiceBuyer;
  /** What was given back, in positive cents (printed with a minus sign). */
  lines: InvoiceLine[];
  refundDate: string;
  refundedBy: "card" | "offline";
  reason?: string;
}

export function renderCreditNotePdf(note: CreditNoteData, seller: LegalIdentity): Promise<Buffer> {
  const money = moneyIn(note.currency);
  const { doc, done } = unicodePdf({
    Title: `Facture d'avoir ${note.number}`,
    Author: seller.businessName,
    Subject: `Avoir sur la facture n° ${note.invoiceNumber}`,
  });
  heading(doc, `Facture d'avoir n° ${note.number}`, [
    `Date d'émission : ${longDate(note.issueDate)} · Commande n° ${note.orderNumber}`,
    `Rectifie la facture n° ${note.invoiceNumber} du ${longDate(note.invoiceDate)}`,
  ]);
  orderParties(doc, seller, note.buyer);
  linesAndTotals(doc, note.lines, seller, money, { sign: "−" });
  const total = note.lines.reduce((s, l) => s + l.total, 0);
  paragraph(
    doc,
    `Avoir remboursé : ${money(total)} ${note.refundedBy === "card" ? "sur la carte bancaire du paiement" : "hors ligne (par virement ou en espèces)"} le ${longDate(note.refundDate)}.`,
    { gap: 1 },
  );
  if (note.reason) paragraph(doc, `Motif : ${note.reason}`, { gap: 0.5 });
  if (seller.vatExempt) paragraph(doc, VAT_EXEMPTION, { gap: 0.5 });
  doc.end();
  return done;
}
