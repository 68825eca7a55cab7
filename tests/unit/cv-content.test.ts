import { createRequire } from "node:module";
import { dirname } from "node:path";
import { describe, expect, it } from "vitest";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
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

describe("CV as PDF", () => {
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
