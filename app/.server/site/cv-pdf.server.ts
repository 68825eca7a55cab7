import PDFDocument from "pdfkit";
import { cv, period } from "~/content/cv";
import { cvSchema } from "~/content/cv-schema";
import { getConfig } from "./config.server";
import { publicOrigin } from "./public-origin.server";
import { formatPhone } from "~/models/phone";
import { absoluteImageUrl } from "../wix/media.server";

/**
 * /cv.pdf: the CV as a one-page A4 PDF, in French, drawn from app/content/cv.ts (the page and the PDF never
 * disagree), laid out as a CV a client keeps: a side column with the photo, how to reach the owner, skills,
 * languages, certifications and education; the main column with the name, the summary, the experience, chosen
 * projects and references. pdfkit (docs/decisions/0016-cv-content-typed-module.md): its built-in Helvetica covers
 * French text (WinAnsi), so no font file ships. The document is small and built in a few milliseconds, so it is
 * rendered once and cached for the process: the content only changes with a deploy.
 */

const ACCENT = "#2455a4";
const MUTED = "#4f5b67";
const SIDE_BG = "#eef2f8";
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 36;
const SIDE = { x: MARGIN, width: 158 };
const MAIN = { x: MARGIN + 158 + 26, width: PAGE.width - (MARGIN + 158 + 26) - MARGIN };
const PHOTO_SIZE = 112;
/** The portrait as the PDF embeds it (JPEG, twice the drawn size), fetched once with this deadline. */
const PHOTO_PIXELS = 240;
const PHOTO_TIMEOUT_MS = 3000;

/** A PDF drawn without the portrait (it could not be read) is drawn again after this long. */
const PHOTO_RETRY_MS = 5 * 60_000;

let cached: Promise<Buffer> | undefined;
let redrawAfter = 0;

export function cvPdf(): Promise<Buffer> {
  if (cached && redrawAfter && Date.now() > redrawAfter) cached = undefined;
  cached ??= (async () => {
    const photo = await portraitBytes();
    // A portrait that could not be read this time is tried again later; meanwhile the PDF is served without it.
    redrawAfter = photo ? 0 : Date.now() + PHOTO_RETRY_MS;
    return renderCvPdf(getConfig().site.ownerName, publicOrigin(), getConfig().legal.email, photo);
  })().catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

/**
 * The owner's portrait (SITE_PORTRAIT, a Wix Media image: the same one the /cv page shows), as JPEG bytes from Wix
 * Media's own URL (on the embedded platform its /_platform/media/, on the site's origin); undefined when it is not a
 * Wix Media image or cannot be read, and the PDF is drawn without it.
 */
async function portraitBytes(): Promise<Buffer | undefined> {
  const url = absoluteImageUrl(getConfig().site.portrait, PHOTO_PIXELS, PHOTO_PIXELS);
  if (!url) return undefined;
  try {
    const answer = await fetch(url, { signal: AbortSignal.timeout(PHOTO_TIMEOUT_MS) });
    const type = answer.headers.get("content-type") ?? "";
    if (!answer.ok || !/^image\/(jpeg|png)/.test(type)) return undefined;
    return Buffer.from(await answer.arrayBuffer());
  } catch {
    return undefined;
  }
}

export function renderCvPdf(ownerName: string, origin: string, email: string, photo?: Buffer): Promise<Buffer> {
  // The content's rules (dates, links, unique slugs): a broken edit fails here and in the unit tests, loudly.
  cvSchema.parse(cv);
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
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
  drawSideColumn(doc, origin, email, photo);
  drawMainColumn(doc, ownerName, origin);
  doc.end();
  return done;
}

type Doc = InstanceType<typeof PDFDocument>;

function sectionTitle(doc: Doc, title: string, x: number, width: number) {
  doc.moveDown(0.7).font("Helvetica-Bold").fontSize(10.5).fillColor(ACCENT).text(title.toLocaleUpperCase("fr-FR"), x, doc.y, { width });
  const y = doc.y + 1;
  doc
    .moveTo(x, y)
    .lineTo(x + width, y)
    .lineWidth(0.6)
    .strokeColor(ACCENT)
    .stroke();
  doc.y = y + 4;
  doc.fillColor("black");
}

/** The side column of page 1: photo, contact, skills, languages, certifications, education. */
function drawSideColumn(doc: Doc, origin: string, email: string, photo: Buffer | undefined) {
  const { x, width } = SIDE;
  doc
    .save()
    .rect(0, 0, x + width + 12, PAGE.height)
    .fill(SIDE_BG)
    .restore();
  doc.y = MARGIN;
  if (photo) {
    const left = x + (width - PHOTO_SIZE) / 2;
    doc
      .save()
      .circle(left + PHOTO_SIZE / 2, MARGIN + PHOTO_SIZE / 2, PHOTO_SIZE / 2)
      .clip();
    doc.image(photo, left, MARGIN, { width: PHOTO_SIZE, height: PHOTO_SIZE });
    doc.restore();
    doc.y = MARGIN + PHOTO_SIZE + 6;
  }
  const line = (label: string, value: string, link?: string) => {
    doc.font("Helvetica-Bold").fontSize(8).fillColor(MUTED).text(label, x, doc.y, { width });
    doc
      .font("Helvetica")
      .fontSize(8.5)
      .fillColor("black")
      .text(value, x, doc.y, { width, ...(link ? { link } : {}) });
    doc.moveDown(0.25);
  };
  sectionTitle(doc, "Contact", x, width);
  line("E-mail", email, `mailto:${email}`);
  line("Téléphone", formatPhone(cv.phone));
  line("Site", origin.replace(/^https?:\/\//, ""), origin);
  line("Lieu", cv.location);
  for (const l of cv.links) line(l.label, l.url.replace(/^https:\/\/(www\.)?/, ""), l.url);

  sectionTitle(doc, "Compétences", x, width);
  for (const s of cv.skills) {
    doc.font("Helvetica-Bold").fontSize(8.5).text(s.area, x, doc.y, { width });
    doc.font("Helvetica").fontSize(8.5).text(s.items.join(", "), x, doc.y, { width });
    doc.moveDown(0.3);
  }
  sectionTitle(doc, "Langues", x, width);
  for (const l of cv.languages) doc.font("Helvetica").fontSize(8.5).text(`${l.name} : ${l.level}`, x, doc.y, { width });
  sectionTitle(doc, "Certifications", x, width);
  for (const c of cv.certifications) {
    doc.font("Helvetica").fontSize(8.5).text(c.name, x, doc.y, { width });
    doc.fillColor(MUTED).fontSize(8).text(`${c.issuer}, ${c.year}`, x, doc.y, { width }).fillColor("black").moveDown(0.2);
  }
  sectionTitle(doc, "Formation", x, width);
  for (const e of cv.education) {
    doc.font("Helvetica").fontSize(8.5).text(e.degree, x, doc.y, { width });
    doc.fillColor(MUTED).fontSize(8).text(`${e.school}, ${e.year}`, x, doc.y, { width }).fillColor("black").moveDown(0.2);
  }
}

/** The main column: who, what they do, experience, chosen projects, references. */
function drawMainColumn(doc: Doc, ownerName: string, origin: string) {
  const { x, width } = MAIN;
  const at = { width };
  doc.font("Helvetica-Bold").fontSize(22).fillColor("black").text(ownerName, x, MARGIN, at);
  doc.font("Helvetica").fontSize(11.5).fillColor(ACCENT).text(cv.jobTitle, x, doc.y, at);
  doc
    .moveDown(0.5)
    .fillColor("black")
    .fontSize(9.5)
    .text(cv.summary, x, doc.y, { ...at, lineGap: 1 });

  const bullet = (text: string) =>
    doc
      .font("Helvetica")
      .fontSize(9)
      .text(`•  ${text}`, x + 8, doc.y, { width: width - 8 });
  sectionTitle(doc, "Expérience", x, width);
  for (const e of cv.experience) {
    doc.font("Helvetica-Bold").fontSize(10).text(e.role, x, doc.y, at);
    doc
      .font("Helvetica")
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(`${period(e)} · ${e.organisation}, ${e.place}`, x, doc.y, at);
    doc.fillColor("black").fontSize(9).text(e.summary, x, doc.y, at);
    for (const h of e.highlights) bullet(h);
    doc.moveDown(0.4);
  }

  sectionTitle(doc, "Réalisations choisies", x, width);
  for (const p of cv.projects) {
    doc.font("Helvetica-Bold").fontSize(9.5).text(`${p.title} (${p.client}, ${p.year})`, x, doc.y, at);
    doc.font("Helvetica").fontSize(9).text(p.summary, x, doc.y, at);
    const link = `${origin}/realisations/${p.slug}`;
    doc
      .fillColor(ACCENT)
      .fontSize(8)
      .text(link.replace(/^https?:\/\//, ""), x, doc.y, { ...at, link });
    doc.fillColor("black").moveDown(0.35);
  }

  sectionTitle(doc, "Références", x, width);
  for (const t of cv.testimonials) {
    doc.font("Helvetica-Oblique").fontSize(9).text(`« ${t.quote} »`, x, doc.y, at);
    doc.font("Helvetica").fontSize(8.5).fillColor(MUTED).text(`${t.author}, ${t.role}`, x, doc.y, at).fillColor("black").moveDown(0.3);
  }
}
