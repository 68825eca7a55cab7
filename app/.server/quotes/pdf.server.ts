import { VAT_EXEMPTION, type LegalIdentity } from "~/content/legal";
import { formatPrice } from "~/lib/money";
import { COUNTRIES } from "~/models/countries";
import { unicodePdf } from "../site/pdf-document.server";
import { QUOTE_UNITS, quoteTotals, type QuoteInvoice, type QuoteRecord } from "~/models/quote";

/**
 * The quote (devis) and the invoices of its payments (facture d'acompte, facture de solde) as A4 PDFs, in the French
 * form a client expects: the seller's identity and SIRET, the client, dates and validity, each service with its
 * quantity and unit price before VAT, totals HT / TVA / TTC (or the art. 293 B mention), the deposit, the payment
 * terms, late-payment penalties and the 40 € recovery fee owed by businesses (Code de commerce L441-10, D441-5).
 * Text is set in DejaVu Sans (site/pdf-document.server.ts), which has every character a name may hold.
 */

const ACCENT = "#2455a4";
const MUTED = "#4f5b67";
const dateFmt = new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeZone: "Europe/Paris" });
const timeFmt = new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Paris" });
const money = (cents: number) => formatPrice(cents / 100);
const day = (ymd: string) => dateFmt.format(new Date(`${ymd}T12:00:00Z`));

export const LATE_PAYMENT =
  "Professionnels : en cas de retard de paiement, pénalités au taux d'intérêt appliqué par la BCE à son opération de refinancement la plus récente majoré de dix points, et indemnité forfaitaire de 40 € pour frais de recouvrement (art. L441-10 et D441-5 du Code de commerce). Pas d'escompte pour paiement anticipé.";

function newDoc(title: string, seller: LegalIdentity) {
  return unicodePdf({ Title: title, Author: seller.businessName });
}

function parties(doc: PDFKit.PDFDocument, q: QuoteRecord, seller: LegalIdentity) {
  const top = doc.y;
  doc.font("Bold").fontSize(11).fillColor("black").text("Prestataire", 50, top, { width: 240 });
  doc.font("Regular").fontSize(9.5);
  doc.text(
    [
      seller.businessName,
      seller.address,
      `SIRET : ${seller.siret}`,
      seller.vatExempt ? VAT_EXEMPTION : `TVA intracommunautaire : ${seller.vatNumber}`,
      seller.email,
    ].join("\n"),
    { width: 240 },
  );
  const bottom = doc.y;
  const c = q.client;
  const country = COUNTRIES.find((x) => x.code === c.country)?.name ?? c.country;
  doc.font("Bold").fontSize(11).text("Client", 310, top, { width: 235 });
  doc.font("Regular").fontSize(9.5);
  doc.text(
    [
      c.company,
      c.name,
      c.addressLine,
      `${c.postalCode} ${c.city}`,
      country,
      c.vatNumber ? `TVA intracommunautaire : ${c.vatNumber}` : "",
      c.email,
    ]
      .filter(Boolean)
      .join("\n"),
    { width: 235 },
  );
  doc.x = 50;
  doc.y = Math.max(bottom, doc.y) + 18;
}

const COLS = [
  { title: "Désignation", x: 50, w: 215, align: "left" as const },
  { title: "Qté", x: 265, w: 70, align: "right" as const },
  { title: "P.U. HT", x: 340, w: 90, align: "right" as const },
  { title: "Total HT", x: 435, w: 110, align: "right" as const },
];

function row(doc: PDFKit.PDFDocument, cells: string[], bold = false) {
  const y = doc.y;
  doc.font(bold ? "Bold" : "Regular").fontSize(9.5);
  let bottom = y;
  cells.forEach((text, i) => {
    doc.text(text, COLS[i]!.x, y, { width: COLS[i]!.w, align: COLS[i]!.align });
    bottom = Math.max(bottom, doc.y);
  });
  doc.x = 50;
  doc.y = bottom + 4;
}

function totalRow(doc: PDFKit.PDFDocument, label: string, value: string, bold = false) {
  const y = doc.y;
  doc.font(bold ? "Bold" : "Regular").fontSize(bold ? 11 : 9.5);
  doc.text(label, 270, y, { width: 160, align: "right" });
  doc.text(value, 435, y, { width: 110, align: "right" });
  doc.x = 50;
  doc.y += 3;
}

/** The detail of the services and the totals: what the quote and both invoices show alike. */
function detail(doc: PDFKit.PDFDocument, q: QuoteRecord) {
  const t = quoteTotals(q);
  row(
    doc,
    COLS.map((c) => c.title),
    true,
  );
  doc.moveTo(50, doc.y).lineTo(545, doc.y).strokeColor("#b5bcc4").stroke();
  doc.y += 4;
  q.lines.forEach((l, i) => {
    const unit = QUOTE_UNITS.find((u) => u.value === l.unit)?.label ?? "";
    row(doc, [l.label, `${l.quantity} ${unit}`, money(l.unitPriceCents), money(t.lines[i]!.ht)]);
  });
  if (t.travelHt) row(doc, ["Frais de déplacement", "1 forfait", money(t.travelHt), money(t.travelHt)]);
  doc.moveTo(50, doc.y).lineTo(545, doc.y).stroke();
  doc.y += 6;
  if (t.discountHt) {
    totalRow(doc, "Sous-total HT", money(t.subtotalHt + t.travelHt));
    totalRow(doc, "Remise HT", `−${money(t.discountHt)}`);
  }
  totalRow(doc, "Total HT", money(t.totalHt));
  totalRow(doc, q.vat === "franchise" ? "TVA" : "TVA 20 %", q.vat === "franchise" ? "—" : money(t.vat));
  totalRow(doc, "Total TTC", money(t.totalTtc), true);
  return t;
}

function footer(doc: PDFKit.PDFDocument, q: QuoteRecord) {
  doc.moveDown(0.8).font("Regular").fontSize(9.5).fillColor("black");
  if (q.vat === "franchise") doc.text(VAT_EXEMPTION, { width: 495 }).moveDown(0.4);
  doc.text(`Conditions de paiement : ${q.paymentTerms}`, { width: 495 });
  doc.moveDown(0.8).fillColor(MUTED).fontSize(8);
  doc.text(LATE_PAYMENT, { width: 495 });
}

export function renderQuotePdf(q: QuoteRecord, seller: LegalIdentity): Promise<Buffer> {
  const { doc, done } = newDoc(`Devis ${q.number}`, seller);
  doc
    .font("Bold")
    .fontSize(20)
    .fillColor(ACCENT)
    .text(`Devis n° ${q.number}${q.version > 1 ? ` (version ${q.version})` : ""}`);
  doc.font("Regular").fontSize(9.5).fillColor(MUTED);
  doc.text(`Date : ${dateFmt.format(new Date(q.sentAt ?? q.createdAt))} · Valable jusqu'au ${day(q.validUntil)} · Devis gratuit`);
  doc.moveDown(1);
  parties(doc, q, seller);
  const t = detail(doc, q);
  doc.moveDown(0.6).font("Regular").fontSize(9.5).fillColor("black");
  doc.text(`Acompte à l'acceptation : ${money(t.deposit)} TTC · Solde à la fin de la mission : ${money(t.balance)} TTC.`, 50, doc.y, {
    width: 495,
  });
  footer(doc, q);
  doc.moveDown(1).fillColor("black").font("Bold").fontSize(10);
  if (q.acceptance)
    doc.text(`Bon pour accord : ${q.acceptance.name}, le ${timeFmt.format(new Date(q.acceptance.at))} (acceptation en ligne).`, {
      width: 495,
    });
  else doc.text("Bon pour accord (date, nom et signature du client) :", { width: 495 });
  doc.end();
  return done;
}

/** A payment's invoice: the deposit's says the quote it advances; the balance's deducts the deposit already invoiced. */
export function renderQuoteInvoicePdf(q: QuoteRecord, invoice: QuoteInvoice, seller: LegalIdentity): Promise<Buffer> {
  const title = invoice.kind === "acompte" ? "Facture d'acompte" : "Facture de solde";
  const { doc, done } = newDoc(`${title} ${invoice.number}`, seller);
  doc.font("Bold").fontSize(20).fillColor(ACCENT).text(`${title} n° ${invoice.number}`);
  doc.font("Regular").fontSize(9.5).fillColor(MUTED);
  doc.text(
    `Date d'émission : ${dateFmt.format(new Date(invoice.issuedAt))} · Devis n° ${q.number} accepté${q.orderNumber ? ` · Commande n° ${q.orderNumber}` : ""}`,
  );
  doc.text("Nature de l'opération : prestations de services");
  doc.moveDown(1);
  parties(doc, q, seller);
  detail(doc, q);
  doc.moveDown(0.6);
  const vatShare = (cents: number) => (q.vat === "franchise" ? 0 : cents - Math.round((cents * 100) / 120));
  const previous = q.invoices.filter((i) => i.kind === "acompte" && i.number !== invoice.number);
  if (invoice.kind === "solde") for (const p of previous) totalRow(doc, `Acompte facturé (${p.number})`, `−${money(p.amountCents)}`);
  totalRow(doc, invoice.kind === "acompte" ? "Acompte HT" : "Solde HT", money(invoice.amountCents - vatShare(invoice.amountCents)));
  totalRow(doc, "dont TVA", q.vat === "franchise" ? "—" : money(vatShare(invoice.amountCents)));
  totalRow(doc, invoice.kind === "acompte" ? "Acompte TTC" : "Net à payer TTC", money(invoice.amountCents), true);
  doc.moveDown(0.6).font("Regular").fontSize(9.5).fillColor("black");
  doc.text(
    `Facture acquittée : ${money(invoice.amountCents)} payés par carte bancaire le ${dateFmt.format(new Date(invoice.issuedAt))}.`,
    50,
    doc.y,
    { width: 495 },
  );
  footer(doc, q);
  doc.end();
  return done;
}
