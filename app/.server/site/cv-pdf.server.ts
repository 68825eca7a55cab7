import PDFDocument from "pdfkit";
import { cv, period } from "~/content/cv";
import { cvSchema } from "~/content/cv-schema";
import { getConfig } from "./config.server";
import { publicOrigin } from "./public-origin.server";
import { formatPhone } from "~/models/phone";

/**
 * /cv.pdf: the CV as an A4 PDF, in French, drawn from app/content/cv.ts (the page and the PDF never disagree).
 * pdfkit (docs/decisions/0016-cv-content-typed-module.md): its built-in Helvetica covers French text (WinAnsi), so
 * no font file ships; text wraps and pages break on their own. The document is small and built in a few
 * milliseconds, so it is rendered per request and cached for the process: the content only changes with a deploy.
 */

const ACCENT = "#2455a4";
const MUTED = "#4f5b67";
let cached: Promise<Buffer> | undefined;

export function cvPdf(): Promise<Buffer> {
  cached ??= renderCvPdf(getConfig().site.ownerName, publicOrigin(), getConfig().legal.email).catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

export function renderCvPdf(ownerName: string, origin: string, email: string): Promise<Buffer> {
  // The content's rules (dates, links, unique slugs): a broken edit fails here and in the unit tests, loudly.
  cvSchema.parse(cv);
  const doc = new PDFDocument({
    size: "A4",
    margin: 50,
    lang: "fr-FR",
    displayTitle: true,
    info: { Title: `CV — ${ownerName}`, Author: ownerName, Subject: cv.jobTitle, Keywords: "CV, informaticien, consultant" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const heading = (title: string) => {
    doc.moveDown(0.8).font("Helvetica-Bold").fontSize(13).fillColor(ACCENT).text(title.toLocaleUpperCase("fr-FR"));
    doc.moveDown(0.2).fillColor("black");
  };
  const bullet = (line: string) => doc.font("Helvetica").fontSize(10).text(`•  ${line}`, { indent: 10 });

  doc.font("Helvetica-Bold").fontSize(22).text(ownerName);
  doc.font("Helvetica").fontSize(12).fillColor(ACCENT).text(cv.jobTitle);
  doc
    .fillColor(MUTED)
    .fontSize(10)
    .text(`${cv.location} · ${origin.replace(/^https?:\/\//, "")}`);
  // How to reach the owner, first: recruiters and buyers print or forward the PDF alone.
  doc.text(`E-mail : ${email}   Téléphone : ${formatPhone(cv.phone)}`);
  doc.text(cv.links.map((l) => `${l.label} : ${l.url.replace(/^https:\/\//, "")}`).join("   "));
  doc.moveDown(0.6).fillColor("black").fontSize(10.5).text(cv.summary);

  heading("Expérience");
  for (const e of cv.experience) {
    doc.font("Helvetica-Bold").fontSize(11).text(e.role, { continued: false });
    doc
      .font("Helvetica")
      .fontSize(9.5)
      .fillColor(MUTED)
      .text(`${period(e)} · ${e.organisation}, ${e.place}`);
    doc.fillColor("black").fontSize(10).text(e.summary);
    for (const h of e.highlights) bullet(h);
    doc.moveDown(0.5);
  }

  heading("Réalisations choisies");
  for (const p of cv.projects) {
    doc.font("Helvetica-Bold").fontSize(10.5).text(`${p.title} (${p.client}, ${p.year})`);
    doc.font("Helvetica").fontSize(10).text(p.summary);
    doc
      .fillColor(MUTED)
      .fontSize(9)
      .text(`${origin}/realisations/${p.slug}`, { link: `${origin}/realisations/${p.slug}` });
    doc.fillColor("black").moveDown(0.4);
  }

  heading("Compétences");
  for (const s of cv.skills) {
    doc.font("Helvetica-Bold").fontSize(10).text(`${s.area} : `, { continued: true });
    doc.font("Helvetica").text(s.items.join(", "));
  }
  heading("Formation");
  for (const e of cv.education) bullet(`${e.degree} — ${e.school}, ${e.year}`);
  heading("Certifications");
  for (const c of cv.certifications) bullet(`${c.name} — ${c.issuer}, ${c.year}`);
  heading("Langues");
  for (const l of cv.languages) bullet(`${l.name} : ${l.level}`);
  heading("Références");
  for (const t of cv.testimonials) {
    doc.font("Helvetica-Oblique").fontSize(10).text(`« ${t.quote} »`);
    doc.font("Helvetica").fontSize(9).fillColor(MUTED).text(`${t.author}, ${t.role}`).fillColor("black").moveDown(0.3);
  }
  doc.end();
  return done;
}
