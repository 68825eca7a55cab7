import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import PDFDocument from "pdfkit";

/**
 * An A4 PDF document (pdfkit) whose text is set in DejaVu Sans, an embedded Unicode font (the `dejavu-fonts-ttf`
 * package): pdfkit's standard fonts only know WinAnsi, so "Łukasz" printed "V¶7" and the minus sign a quote mark.
 * The documents the site draws (a quote and its invoices, an order's invoice and its credit notes) share it; their
 * text uses the fonts "Regular" and "Bold". `done` resolves with the bytes once `doc.end()` was called.
 */

const FONT_DIR = join(dirname(createRequire(import.meta.url).resolve("dejavu-fonts-ttf/package.json")), "ttf");
export const UNICODE_FONTS = { regular: join(FONT_DIR, "DejaVuSans.ttf"), bold: join(FONT_DIR, "DejaVuSans-Bold.ttf") } as const;

export function unicodePdf(info: PDFKit.DocumentInfo): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const doc = new PDFDocument({ size: "A4", margin: 50, lang: "fr-FR", displayTitle: true, info });
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
