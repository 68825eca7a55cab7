import type { LegalIdentity } from "~/content/legal";
import { VAT_EXEMPTION } from "~/content/legal";
import { formatPrice } from "~/lib/money";
import { unicodePdf } from "../site/pdf-document.server";

/**
 * An order's invoice as an A4 PDF (pdfkit, in DejaVu Sans: site/pdf-document.server.ts): the publisher's legal identity (SIRET, VAT
 * number or the VAT franchise mention), the buyer (company and VAT number when given), each line with its VAT,
 * totals before and after VAT, the payment, and the refunds made since. Numbered after the order (decision 0040).
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

export interface InvoiceData {
  number: string;
  orderNumber: string;
  issueDate: string;
  currency: string;
  buyer: { name?: string; company?: string; vatNumber?: string; email?: string; address: string[] };
  lines: InvoiceLine[];
  discount: number;
  paidBy: "card" | "offline";
  refunds: Array<{ date?: string; amount: number }>;
}

const ACCENT = "#2455a4";
const MUTED = "#4f5b67";
const dateFmt = new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeZone: "Europe/Paris" });

export function renderInvoicePdf(invoice: InvoiceData, seller: LegalIdentity): Promise<Buffer> {
  const money = (cents: number) => formatPrice(cents / 100, invoice.currency);
  const { doc, done } = unicodePdf({
    Title: `Facture ${invoice.number}`,
    Author: seller.businessName,
    Subject: `Commande n° ${invoice.orderNumber}`,
  });
  const text = (s: string, opts?: PDFKit.Mixins.TextOptions) => doc.text(s, opts);

  doc.font("Bold").fontSize(20).fillColor(ACCENT);
  text(`Facture n° ${invoice.number}`);
  doc.font("Regular").fontSize(10).fillColor(MUTED);
  text(`Date d'émission : ${dateFmt.format(new Date(invoice.issueDate))} · Commande n° ${invoice.orderNumber}`);
  doc.moveDown(1).fillColor("black");

  const top = doc.y;
  doc.font("Bold").fontSize(11);
  text("Vendeur", { width: 240 });
  doc.font("Regular").fontSize(10);
  text(
    [
      seller.businessName,
      seller.address,
      `SIRET : ${seller.siret}`,
      seller.vatExempt ? VAT_EXEMPTION : `TVA intracommunautaire : ${seller.vatNumber}`,
      seller.email,
    ].join("\n"),
    {
      width: 240,
    },
  );
  const sellerBottom = doc.y;
  doc.font("Bold").fontSize(11).text("Client", 310, top, { width: 235 });
  doc.font("Regular").fontSize(10);
  const b = invoice.buyer;
  text(
    [b.company, b.name, b.vatNumber ? `TVA intracommunautaire : ${b.vatNumber}` : undefined, ...b.address, b.email]
      .filter((v): v is string => !!v)
      .join("\n"),
    { width: 235 },
  );
  doc.x = 50;
  doc.y = Math.max(sellerBottom, doc.y) + 20;

  // The lines: designation, quantity, total before VAT, VAT rate, total with VAT.
  const cols = [
    { title: "Désignation", x: 50, w: 220, align: "left" as const },
    { title: "Qté", x: 270, w: 35, align: "right" as const },
    { title: "Total HT", x: 310, w: 80, align: "right" as const },
    { title: "TVA", x: 395, w: 45, align: "right" as const },
    { title: "Total TTC", x: 445, w: 100, align: "right" as const },
  ];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    doc.font(bold ? "Bold" : "Regular").fontSize(10);
    let bottom = y;
    cells.forEach((c, i) => {
      doc.text(c, cols[i]!.x, y, { width: cols[i]!.w, align: cols[i]!.align });
      bottom = Math.max(bottom, doc.y);
    });
    doc.x = 50;
    doc.y = bottom + 4;
  };
  row(
    cols.map((c) => c.title),
    true,
  );
  doc.moveTo(50, doc.y).lineTo(545, doc.y).strokeColor("#b5bcc4").stroke();
  doc.y += 4;
  for (const l of invoice.lines)
    row([l.name, String(l.quantity), money(l.total - l.tax), seller.vatExempt ? "—" : `${l.rate} %`, money(l.total)]);
  doc.moveTo(50, doc.y).lineTo(545, doc.y).stroke();
  doc.y += 8;

  const total = invoice.lines.reduce((s, l) => s + l.total, 0);
  const tax = invoice.lines.reduce((s, l) => s + l.tax, 0);
  const totalRow = (label: string, value: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? "Bold" : "Regular").fontSize(bold ? 11 : 10);
    doc.text(label, 310, y, { width: 130, align: "right" });
    doc.text(value, 445, y, { width: 100, align: "right" });
    doc.x = 50;
    doc.y += 4;
  };
  if (invoice.discount > 0) totalRow("Dont remise", `−${money(invoice.discount)}`);
  totalRow("Total HT", money(total - tax));
  totalRow("TVA", money(tax));
  totalRow("Total TTC", money(total), true);
  doc.moveDown(1);

  doc.font("Regular").fontSize(10).fillColor("black");
  text(
    `Facture acquittée : ${money(total)} payés ${invoice.paidBy === "card" ? "par carte bancaire" : "hors ligne (à la livraison ou par virement)"} le ${dateFmt.format(new Date(invoice.issueDate))}.`,
    { width: 495 },
  );
  if (invoice.refunds.length) {
    doc.moveDown(0.5);
    text(
      `Remboursements effectués depuis : ${invoice.refunds
        .map((r) => `${money(r.amount)}${r.date ? ` le ${dateFmt.format(new Date(r.date))}` : ""}`)
        .join(", ")}.`,
      { width: 495 },
    );
  }
  if (seller.vatExempt) {
    doc.moveDown(0.5);
    text(VAT_EXEMPTION, { width: 495 });
  }
  doc.moveDown(1).fillColor(MUTED).fontSize(8.5);
  text(
    "Professionnels : en cas de retard de paiement, pénalités au taux d'intérêt légal majoré de dix points et indemnité forfaitaire de 40 € pour frais de recouvrement (art. L441-10 du Code de commerce). Pas d'escompte pour paiement anticipé.",
    { width: 495 },
  );
  doc.end();
  return done;
}
