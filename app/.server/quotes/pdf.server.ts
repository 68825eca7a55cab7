import { VAT_EXEMPTION, type LegalIdentity } from "~/content/legal";
import { formatPrice } from "~/lib/money";
import { COUNTRIES } from "~/models/countries";
import type { Column } from "../site/pdf-document.server";
import { heading, LATE_PAYMENT, longDate, paragraph, parties, sellerLines, table, totals, unicodePdf } from "../site/pdf-document.server";
import { QUOTE_UNITS, quoteTotals, type QuoteInvoice, type QuoteRecord } from "~/models/quote";

/**
 * The quote (devis) and the invoices of its payments (facture d'acompte, facture de solde) as A4 PDFs, in the French
 * form a client expects: the seller's identity and SIRET, the client, dates and validity, each service with its
 * quantity and unit price before VAT, totals HT / TVA / TTC (or the art. 293 B mention), the deposit, the payment
 * terms, late-payment penalties and the 40 € recovery fee owed by businesses (Code de commerce L441-10, D441-5).
 * Text is set in DejaVu Sans (site/pdf-document.server.ts), which has every character a name may hold.
 */

const timeFmt = new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Paris" });
const money = (cents: number) => formatPrice(cents / 100);
const day = (ymd: string) => longDate(`${ymd}T12:00:00Z`);

function newDoc(title: string, seller: LegalIdentity) {
  return unicodePdf({ Title: title, Author: seller.businessName });
}

function quoteParties(doc: PDFKit.PDFDocument, q: QuoteRecord, seller: LegalIdentity) {
  const c = q.client;
  const country = COUNTRIES.find((x) => x.code === c.country)?.name ?? c.country;
  parties(
    doc,
    { title: "Prestataire", lines: sellerLines(seller) },
    {
      title: "Client",
      lines: [
        c.company,
        c.name,
        c.addressLine,
        `${c.postalCode} ${c.city}`,
        country,
        c.vatNumber ? `TVA intracommunautaire : ${c.vatNumber}` : "",
        c.email,
      ],
    },
  );
}

const COLS: Column[] = [
  { title: "Désignation", x: 50, w: 215, align: "left" },
  { title: "Qté", x: 265, w: 70, align: "right" },
  { title: "P.U. HT", x: 340, w: 90, align: "right" },
  { title: "Total HT", x: 435, w: 110, align: "right" },
];

/** The detail of the services and the totals: what the quote and both invoices show alike. */
function detail(doc: PDFKit.PDFDocument, q: QuoteRecord) {
  const t = quoteTotals(q);
  const rows = q.lines.map((l, i) => {
    const unit = QUOTE_UNITS.find((u) => u.value === l.unit)?.label ?? "";
    return [l.label, `${l.quantity} ${unit}`, money(l.unitPriceCents), money(t.lines[i]!.ht)];
  });
  if (t.travelHt) rows.push(["Frais de déplacement", "1 forfait", money(t.travelHt), money(t.travelHt)]);
  table(doc, COLS, rows);
  totals(doc, [
    ...(t.discountHt
      ? [
          { label: "Sous-total HT", amount: money(t.subtotalHt + t.travelHt) },
          { label: "Remise HT", amount: `−${money(t.discountHt)}` },
        ]
      : []),
    { label: "Total HT", amount: money(t.totalHt) },
    { label: q.vat === "franchise" ? "TVA" : "TVA 20 %", amount: q.vat === "franchise" ? "—" : money(t.vat) },
    { label: "Total TTC", amount: money(t.totalTtc), bold: true },
  ]);
  return t;
}

function footer(doc: PDFKit.PDFDocument, q: QuoteRecord) {
  if (q.vat === "franchise") paragraph(doc, VAT_EXEMPTION, { gap: 0.8 });
  paragraph(doc, `Conditions de paiement : ${q.paymentTerms}`, { gap: q.vat === "franchise" ? 0.4 : 0.8 });
  paragraph(doc, LATE_PAYMENT, { small: true, gap: 0.8 });
}

export function renderQuotePdf(q: QuoteRecord, seller: LegalIdentity): Promise<Buffer> {
  const { doc, done } = newDoc(`Devis ${q.number}`, seller);
  heading(doc, `Devis n° ${q.number}${q.version > 1 ? ` (version ${q.version})` : ""}`, [
    `Date : ${longDate(q.sentAt ?? q.createdAt)} · Valable jusqu'au ${day(q.validUntil)} · Devis gratuit`,
  ]);
  quoteParties(doc, q, seller);
  const t = detail(doc, q);
  paragraph(doc, `Acompte à l'acceptation : ${money(t.deposit)} TTC · Solde à la fin de la mission : ${money(t.balance)} TTC.`);
  footer(doc, q);
  paragraph(
    doc,
    q.acceptance
      ? `Bon pour accord : ${q.acceptance.name}, le ${timeFmt.format(new Date(q.acceptance.at))} (acceptation en ligne).`
      : "Bon pour accord (date, nom et signature du client) :",
    { bold: true, gap: 1 },
  );
  doc.end();
  return done;
}

/** A payment's invoice: the deposit's says the quote it advances; the balance's deducts the deposit already invoiced. */
export function renderQuoteInvoicePdf(q: QuoteRecord, invoice: QuoteInvoice, seller: LegalIdentity): Promise<Buffer> {
  const title = invoice.kind === "acompte" ? "Facture d'acompte" : "Facture de solde";
  const { doc, done } = newDoc(`${title} ${invoice.number}`, seller);
  heading(doc, `${title} n° ${invoice.number}`, [
    `Date d'émission : ${longDate(invoice.issuedAt)} · Devis n° ${q.number} accepté${q.orderNumber ? ` · Commande n° ${q.orderNumber}` : ""}`,
    "Nature de l'opération : prestations de services",
  ]);
  quoteParties(doc, q, seller);
  detail(doc, q);
  doc.moveDown(0.6);
  const vatShare = (cents: number) => (q.vat === "franchise" ? 0 : cents - Math.round((cents * 100) / 120));
  const previous = invoice.kind === "solde" ? q.invoices.filter((i) => i.kind === "acompte" && i.number !== invoice.number) : [];
  totals(doc, [
    ...previous.map((p) => ({ label: `Acompte facturé (${p.number})`, amount: `−${money(p.amountCents)}` })),
    { label: invoice.kind === "acompte" ? "Acompte HT" : "Solde HT", amount: money(invoice.amountCents - vatShare(invoice.amountCents)) },
    { label: "dont TVA", amount: q.vat === "franchise" ? "—" : money(vatShare(invoice.amountCents)) },
    { label: invoice.kind === "acompte" ? "Acompte TTC" : "Net à payer TTC", amount: money(invoice.amountCents), bold: true },
  ]);
  paragraph(doc, `Facture acquittée : ${money(invoice.amountCents)} payés par carte bancaire le ${longDate(invoice.issuedAt)}.`);
  footer(doc, q);
  doc.end();
  return done;
}
