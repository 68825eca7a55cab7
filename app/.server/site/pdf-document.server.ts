import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import PDFDocument from "pdfkit";
import { VAT_EXEMPTION, type LegalIdentity } from "~/content/legal";
import { parisLongDate } from "~/lib/dates";

/**
 * An A4 PDF document (pdfkit) whose text is set in DejaVu Sans, an embedded Unicode font (the `dejavu-fonts-ttf`
 * package): pdfkit's standard fonts only know WinAnsi, so "Łukasz" printed "V¶7" and the minus sign a quote mark.
 * The documents the site draws (a quote and its invoices, an order's invoice and its credit notes) share it and the
 * layout below: a heading, the two parties side by side, a table of lines, a totals block, paragraphs. Their text
 * uses the fonts "Regular" and "Bold". `done` resolves with the bytes once `doc.end()` was called.
 */

const FONT_DIR = join(dirname(createRequire(import.meta.url).resolve("dejavu-fonts-ttf/package.json")), "ttf");
export const UNICODE_FONTS = { regular: join(FONT_DIR, "DejaVuSans.ttf"), bold: join(FONT_DIR, "DejaVuSans-Bold.ttf") } as const;

const ACCENT = "#2455a4";
const MUTED = "#4f5b67";
const RULE = "#b5bcc4";
const LEFT = 50;
const RIGHT = 545;
const WIDTH = RIGHT - LEFT;
const BODY = 10;

/** A long French date in Paris time ("20 novembre 2026"). */
export const longDate = (iso: string) => parisLongDate.format(new Date(iso));

export function unicodePdf(info: PDFKit.DocumentInfo): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const doc = new PDFDocument({ size: "A4", margin: LEFT, lang: "fr-FR", displayTitle: true, info });
  doc.registerFont("Regular", UNICODE_FONTS.regular);
  doc.registerFont("Bold", UNICODE_FONTS.bold);
  doc.font("Regular");
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  return { doc, done };
}

/** The document's title in the accent colour, then its dates and references, one muted line each. */
export function heading(doc: PDFKit.PDFDocument, title: string, details: string[]): void {
  doc.font("Bold").fontSize(20).fillColor(ACCENT).text(title, LEFT, doc.y, { width: WIDTH });
  doc.font("Regular").fontSize(BODY).fillColor(MUTED);
  for (const line of details) doc.text(line, { width: WIDTH });
  doc.moveDown(1).fillColor("black");
}

/** The seller's legal identity as every document prints it: name, address, SIRET, VAT number or the franchise mention. */
export const sellerLines = (seller: LegalIdentity): string[] => [
  seller.businessName,
  seller.address,
  `SIRET : ${seller.siret}`,
  seller.vatExempt ? VAT_EXEMPTION : `TVA intracommunautaire : ${seller.vatNumber}`,
  seller.email,
];

export interface Party {
  title: string;
  /** Its lines; empty ones are left out. */
  lines: Array<string | undefined>;
}

/** The seller on the left, the client on the right, the text going on below the taller of the two. */
export function parties(doc: PDFKit.PDFDocument, left: Party, right: Party): void {
  const top = doc.y;
  let bottom = top;
  for (const [party, x, w] of [
    [left, LEFT, 240],
    [right, 310, 235],
  ] as const) {
    doc.font("Bold").fontSize(11).fillColor("black").text(party.title, x, top, { width: w });
    doc.font("Regular").fontSize(BODY);
    doc.text(party.lines.filter((l): l is string => !!l).join("\n"), { width: w });
    bottom = Math.max(bottom, doc.y);
  }
  doc.x = LEFT;
  doc.y = bottom + 18;
}

export interface Column {
  title: string;
  x: number;
  w: number;
  align: "left" | "right";
}

function row(doc: PDFKit.PDFDocument, cols: Column[], cells: string[], bold = false): void {
  const y = doc.y;
  doc.font(bold ? "Bold" : "Regular").fontSize(BODY);
  let bottom = y;
  cells.forEach((text, i) => {
    doc.text(text, cols[i]!.x, y, { width: cols[i]!.w, align: cols[i]!.align });
    bottom = Math.max(bottom, doc.y);
  });
  doc.x = LEFT;
  doc.y = bottom + 4;
}

const rule = (doc: PDFKit.PDFDocument) => doc.moveTo(LEFT, doc.y).lineTo(RIGHT, doc.y).strokeColor(RULE).stroke();

/** The lines' table: a bold header row between rules, then one row per line. */
export function table(doc: PDFKit.PDFDocument, cols: Column[], rows: string[][]): void {
  row(
    doc,
    cols,
    cols.map((c) => c.title),
    true,
  );
  rule(doc);
  doc.y += 4;
  for (const cells of rows) row(doc, cols, cells);
  rule(doc);
  doc.y += 6;
}

/** One row of a totals block: its label and its amount, already formatted; the last one is usually bold. */
export interface TotalLine {
  label: string;
  amount: string;
  bold?: boolean;
}

/** The totals, right-aligned under the table's last columns. */
export function totals(doc: PDFKit.PDFDocument, lines: TotalLine[]): void {
  for (const { label, amount, bold } of lines) {
    const y = doc.y;
    doc.font(bold ? "Bold" : "Regular").fontSize(bold ? 11 : BODY);
    doc.text(label, 250, y, { width: 190, align: "right" });
    doc.text(amount, 445, y, { width: 100, align: "right" });
    doc.x = LEFT;
    doc.y += 3;
  }
}

/** A paragraph across the page after a small gap; `small` for the legal fine print. */
export function paragraph(doc: PDFKit.PDFDocument, text: string, { small = false, bold = false, gap = 0.6 } = {}): void {
  doc
    .moveDown(gap)
    .font(bold ? "Bold" : "Regular")
    .fontSize(small ? 8.5 : BODY)
    .fillColor(small ? MUTED : "black");
  doc.text(text, LEFT, doc.y, { width: WIDTH });
  doc.fillColor("black");
}

/** What a business client owes for paying late (Code de commerce L441-10 and D441-5): on every invoice and quote. */
export const LATE_PAYMENT =
  "Professionnels : en cas de retard de paiement, pénalités au taux d'intérêt appliqué par la BCE à son opération de refinancement la plus récente majoré de dix points, et indemnité forfaitaire de 40 € pour frais de recouvrement (art. L441-10 et D441-5 du Code de commerce). Pas d'escompte pour paiement anticipé.";
