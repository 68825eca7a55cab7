import type { LegalIdentity } from "~/content/legal";
import { VAT_EXEMPTION } from "~/content/legal";
import { formatPrice } from "~/lib/money";
import { EXPORT_EXEMPTION } from "~/models/vat";
import type { Column, TotalLine } from "../site/pdf-document.server";
import { heading, LATE_PAYMENT, longDate, paragraph, parties, sellerLines, table, totals, unicodePdf } from "../site/pdf-document.server";

/**
 * An order's invoice as an A4 PDF (site/pdf-document.server.ts: DejaVu Sans, the layout every document shares): the
 * publisher's legal identity (SIRET, VAT number or the VAT franchise mention), the buyer (company and VAT number when
 * given), each line with its VAT, totals before and after VAT, the payment, and the refunds made since with their
 * credit notes (credit-note-pdf.server.ts draws those). Numbered after the order (decision 0040).
 */

export interface InvoiceLine {
  name: string;
  quantity: number;
  /** Cents, VAT included (Wix's totalPriceAfterTax), after discounts. */
  total: number;
  /** Cents of VAT in `total`. */
  tax: number;
  /** Percent (20 for 0.2). */
  rate: number;
}

export interface InvoiceBuyer {
  name?: string;
  company?: string;
  vatNumber?: string;
  email?: string;
  address: string[];
}

export interface InvoiceData {
  number: string;
  orderNumber: string;
  issueDate: string;
  currency: string;
  buyer: InvoiceBuyer;
  lines: InvoiceLine[];
  discount: number;
  paidBy: "card" | "offline";
  /** Each refund with the number of its credit note (absent only while another request is numbering it). */
  refunds: Array<{ date?: string; amount: number; creditNote?: string }>;
  /** Goods shipped outside the EU without VAT: the invoice gives the article that exempts them. */
  exported?: boolean;
}

export const moneyIn = (currency: string) => (cents: number) => formatPrice(cents / 100, currency);

/** "5,5 %": a rate as a French invoice writes it. */
const percent = (rate: number) => `${String(rate).replace(".", ",")} %`;

const INVOICE_COLUMNS: Column[] = [
  { title: "Désignation", x: 50, w: 220, align: "left" },
  { title: "Qté", x: 270, w: 35, align: "right" },
  { title: "Total HT", x: 310, w: 80, align: "right" },
  { title: "TVA", x: 395, w: 45, align: "right" },
  { title: "Total TTC", x: 445, w: 100, align: "right" },
];

/** The parties of an order's invoice and of its credit notes: the seller, then the buyer as billed. */
export function orderParties(doc: PDFKit.PDFDocument, seller: LegalIdentity, b: InvoiceBuyer): void {
  parties(
    doc,
    { title: "Vendeur", lines: sellerLines(seller) },
    {
      title: "Client",
      lines: [b.company, b.name, b.vatNumber ? `TVA intracommunautaire : ${b.vatNumber}` : undefined, ...b.address, b.email],
    },
  );
}

/**
 * The lines' table (designation, quantity, total before VAT, VAT rate, total with VAT), and their totals before and
 * after VAT; `sign` "−" prints every amount as taken back (a credit note).
 */
export function linesAndTotals(
  doc: PDFKit.PDFDocument,
  lines: InvoiceLine[],
  seller: LegalIdentity,
  money: (cents: number) => string,
  { sign = "", before = [] as TotalLine[] } = {},
): void {
  const amount = (cents: number) => `${cents ? sign : ""}${money(cents)}`;
  table(
    doc,
    INVOICE_COLUMNS,
    lines.map((l) => [l.name, String(l.quantity), amount(l.total - l.tax), seller.vatExempt ? "—" : percent(l.rate), amount(l.total)]),
  );
  totals(doc, [...before, ...vatTotals(lines, amount, !seller.vatExempt)]);
}

/**
 * Total HT, the VAT rate by rate with the amount before VAT it falls on (when there are several rates: a French
 * invoice gives each), the VAT, Total TTC.
 */
function vatTotals(lines: InvoiceLine[], amount: (cents: number) => string, byRate: boolean): TotalLine[] {
  const total = lines.reduce((s, l) => s + l.total, 0);
  const tax = lines.reduce((s, l) => s + l.tax, 0);
  const rates = new Map<number, { base: number; tax: number }>();
  for (const l of lines) {
    const r = rates.get(l.rate) ?? { base: 0, tax: 0 };
    rates.set(l.rate, { base: r.base + l.total - l.tax, tax: r.tax + l.tax });
  }
  const breakdown =
    byRate && rates.size > 1
      ? [...rates.entries()]
          .sort(([a], [b]) => b - a)
          .map(([rate, r]) => ({ label: `TVA ${percent(rate)} sur ${amount(r.base)} HT`, amount: amount(r.tax) }))
      : [];
  return [
    { label: "Total HT", amount: amount(total - tax) },
    ...breakdown,
    { label: "TVA", amount: amount(tax) },
    { label: "Total TTC", amount: amount(total), bold: true },
  ];
}

export function renderInvoicePdf(invoice: InvoiceData, seller: LegalIdentity): Promise<Buffer> {
  const money = moneyIn(invoice.currency);
  const { doc, done } = unicodePdf({
    Title: `Facture ${invoice.number}`,
    Author: seller.businessName,
    Subject: `Commande n° ${invoice.orderNumber}`,
  });
  heading(doc, `Facture n° ${invoice.number}`, [`Date d'émission : ${longDate(invoice.issueDate)} · Commande n° ${invoice.orderNumber}`]);
  orderParties(doc, seller, invoice.buyer);
  linesAndTotals(doc, invoice.lines, seller, money, {
    before: invoice.discount > 0 ? [{ label: "Dont remise", amount: `−${money(invoice.discount)}` }] : [],
  });

  const total = invoice.lines.reduce((s, l) => s + l.total, 0);
  paragraph(
    doc,
    `Facture acquittée : ${money(total)} payés ${invoice.paidBy === "card" ? "par carte bancaire" : "hors ligne (à la livraison ou par virement)"} le ${longDate(invoice.issueDate)}.`,
    { gap: 1 },
  );
  if (invoice.refunds.length)
    paragraph(
      doc,
      `Remboursements effectués depuis : ${invoice.refunds
        .map(
          (r) =>
            `${money(r.amount)}${r.date ? ` le ${longDate(r.date)}` : ""}${r.creditNote ? ` (facture d'avoir n° ${r.creditNote})` : ""}`,
        )
        .join(", ")}.`,
      { gap: 0.5 },
    );
  if (seller.vatExempt) paragraph(doc, VAT_EXEMPTION, { gap: 0.5 });
  else if (invoice.exported) paragraph(doc, `${EXPORT_EXEMPTION} (biens expédiés hors de l'Union européenne).`, { gap: 0.5 });
  paragraph(doc, LATE_PAYMENT, { small: true, gap: 1 });
  doc.end();
  return done;
}
