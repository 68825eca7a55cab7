import { createRequire } from "node:module";
import { dirname } from "node:path";
import { describe, expect, it } from "vitest";
import { getDocument, OPS } from "pdfjs-dist/legacy/build/pdf.mjs";
import { Resvg } from "@resvg/resvg-js";
import { cv, period, projectBySlug } from "~/content/cv";
import { cvSchema } from "~/content/cv-schema";
import { STATIC_PATHS } from "~/.server/site/sitemap.server";
import { renderCvPdf } from "~/.server/site/cv-pdf.server";
import { personFacts } from "~/lib/person";
import { personLd } from "~/lib/structured-data";

const ORIGIN = "https://shop.example";
/** pdf.js reads the 14 standard fonts' metrics from its own package when a PDF uses them (pdfkit's Helvetica). */
const STANDARD_FONTS = `${dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"))}/standard_fonts/`;
const site = {
  origin: ORIGIN,
  ownerName: "Julien Moreau",
  title: "Conseil",
  description: "Informaticien",
  imageUrl: `${ORIGIN}/social-card.png`,
  portrait: { src: "/portrait.webp", width: 192, height: 192 },
  portraitUrl: `${ORIGIN}/_platform/media/site__portrait.jpg/v1/fill/w_800,h_800,al_c,q_85,enc_auto/portrait.jpg`,
  profilePicture: { src: "/profile.webp", width: 56, height: 56 },
};

describe("CV content", () => {
  it("follows its schema; a duplicate slug, a date like 03/2019 or an http link is refused", () => {
    expect(() => cvSchema.parse(cv)).not.toThrow();
    const twice = { ...cv, projects: [cv.projects[0]!, cv.projects[0]!] };
    expect(() => cvSchema.parse(twice)).toThrow(/two projects share a slug/);
    expect(() => cvSchema.parse({ ...cv, experience: [{ ...cv.experience[0]!, start: "03/2019" }] })).toThrow();
    expect(() => cvSchema.parse({ ...cv, links: [{ label: "Site", url: "http://exemple.fr" }] })).toThrow();
  });

  it("holds a timeline, projects with unique slugs, certifications, languages, testimonials and links", () => {
    expect(cv.experience.length).toBeGreaterThan(0);
    expect(new Set(cv.projects.map((p) => p.slug)).size).toBe(cv.projects.length);
    expect(cv.certifications.length).toBeGreaterThan(0);
    expect(cv.languages.map((l) => l.name)).toContain("Français");
    expect(cv.testimonials.length).toBeGreaterThan(0);
    expect(cv.links.map((l) => l.label)).toEqual(expect.arrayContaining(["LinkedIn", "GitHub", "Malt"]));
    expect(cv.photo.alt.length).toBeGreaterThan(10);
    expect(period({ start: "2019-03" })).toBe("mars 2019 – aujourd'hui");
    expect(projectBySlug("inconnu")).toBeUndefined();
  });

  it("the sitemap lists /cv, every project page and /contact", () => {
    expect(STATIC_PATHS).toEqual(expect.arrayContaining(["/cv", "/contact", ...cv.projects.map((p) => `/realisations/${p.slug}`)]));
  });

  it("describes the owner as a schema.org Person with the CV's photo and profiles", () => {
    const ld = personLd(personFacts(site, "/cv"));
    expect(ld["@context"]).toBe("https://schema.org");
    expect(ld["@type"]).toBe("Person");
    for (const key of ["name", "jobTitle", "url", "image", "sameAs"]) expect(ld[key], key).toBeTruthy();
    expect(ld.url).toBe(`${ORIGIN}/cv`);
    expect(ld.image).toBe(site.portraitUrl);
    expect(ld.sameAs).toEqual(cv.links.map((l) => l.url));
    for (const url of ld.sameAs as string[]) expect(new URL(url).protocol).toBe("https:");
  });
});

/** A small JPEG-free portrait for the PDF: a PNG drawn from an SVG (pdfkit embeds PNG and JPEG). */
function portraitPng(): Buffer {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#2455a4"/><circle cx="32" cy="26" r="12" fill="#fff"/></svg>';
  return Buffer.from(new Resvg(svg).render().asPng());
}

/** Each page's text, and whether it paints an image. */
async function pdfPages(bytes: Buffer) {
  const pdf = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: STANDARD_FONTS }).promise;
  const pages: { text: string; images: number }[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const content = await page.getTextContent();
    const ops = await page.getOperatorList();
    const images = ops.fnArray.filter((fn) => fn === OPS.paintImageXObject || fn === OPS.paintInlineImageXObject).length;
    pages.push({
      text: content.items
        .map((i) => ("str" in i ? i.str : ""))
        .join(" ")
        .replace(/\s+/g, " "),
      images,
    });
  }
  return pages;
}

describe("CV as PDF", () => {
  it("is one A4 page a client keeps: the photo, how to reach the owner, every section", async () => {
    const pages = await pdfPages(await renderCvPdf("Julien Moreau", ORIGIN, "contact@exemple.fr", portraitPng()));
    expect(pages).toHaveLength(1);
    const [page] = pages;
    expect(page!.images).toBe(1);
    for (const heading of [
      "CONTACT",
      "COMPÉTENCES",
      "LANGUES",
      "CERTIFICATIONS",
      "FORMATION",
      "EXPÉRIENCE",
      "RÉALISATIONS CHOISIES",
      "RÉFÉRENCES",
    ])
      expect(page!.text, heading).toContain(heading);
    expect(page!.text).toContain("contact@exemple.fr");
    expect(page!.text).toContain("+33 6 12 34 56 78");
    for (const t of cv.testimonials) expect(page!.text).toContain(t.author);
    for (const c of cv.certifications) expect(page!.text).toContain(c.name);
  });

  it("without a readable portrait, the same page without the photo", async () => {
    const pages = await pdfPages(await renderCvPdf("Julien Moreau", ORIGIN, "contact@exemple.fr"));
    expect(pages).toHaveLength(1);
    expect(pages[0]!.images).toBe(0);
    expect(pages[0]!.text).toContain("EXPÉRIENCE");
  });

  it("opens as an A4 French document with the owner's name and the whole timeline", async () => {
    const bytes = await renderCvPdf("Julien Moreau", ORIGIN, "contact@exemple.fr");
    const pdf = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: STANDARD_FONTS }).promise;
    const { info } = (await pdf.getMetadata()) as unknown as { info: Record<string, unknown> };
    expect(info.Title).toBe("CV — Julien Moreau");
    expect(info.Author).toBe("Julien Moreau");
    expect(info.Language).toBe("fr-FR");
    let text = "";
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const [, , width, height] = page.view;
      // A4 in points (210 × 297 mm).
      expect(Math.round(width!)).toBe(595);
      expect(Math.round(height!)).toBe(842);
      const content = await page.getTextContent();
      text += content.items.map((i) => ("str" in i ? i.str : "")).join(" ") + "\n";
    }
    const flat = text.replace(/\s+/g, " ");
    expect(flat).toContain("Julien Moreau");
    for (const e of cv.experience) {
      expect(flat).toContain(e.role);
      expect(flat).toContain(period(e));
    }
    for (const p of cv.projects) expect(flat).toContain(p.title);
  });
});
