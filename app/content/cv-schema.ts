import { z } from "zod";

/**
 * The shape of app/content/cv.ts. The data module only imports its types (so the browser never loads zod for the CV
 * page); this schema checks the rules types cannot say (https links, YYYY-MM dates, unique slugs) in the unit tests
 * and before the server renders the PDF.
 */

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "slug: lowercase letters, digits and dashes");
const yearMonth = z.string().regex(/^\d{4}(-\d{2})?$/, "date: YYYY or YYYY-MM");
const text = z.string().trim().min(1);
const httpsUrl = z.url({ protocol: /^https$/ });

const experience = z.object({
  role: text,
  organisation: text,
  place: text,
  start: yearMonth,
  /** Absent: ongoing ("aujourd'hui"). */
  end: yearMonth.optional(),
  summary: text,
  highlights: z.array(text).min(1),
});

const project = z.object({
  slug,
  title: text,
  client: text,
  year: z.number().int().min(1990).max(2100),
  summary: text,
  context: text,
  work: z.array(text).min(1),
  results: z.array(text).min(1),
  stack: z.array(text).min(1),
});

export const cvSchema = z
  .object({
    jobTitle: text,
    location: text,
    summary: text,
    photo: z.object({ alt: text }),
    links: z.array(z.object({ label: text, url: httpsUrl })).min(1),
    experience: z.array(experience).min(1),
    projects: z.array(project).min(1),
    certifications: z.array(z.object({ name: text, issuer: text, year: z.number().int() })),
    languages: z.array(z.object({ name: text, level: text })).min(1),
    /** Skills by area, for recruiters and buyers who scan for a technology. */
    skills: z.array(z.object({ area: text, items: z.array(text).min(1) })).min(1),
    education: z.array(z.object({ degree: text, school: text, year: z.number().int().min(1950).max(2100) })).min(1),
    /** The professional phone, international form without spaces (+33612345678): a `tel:` link and the PDF. */
    phone: z.string().regex(/^\+\d{8,15}$/, "phone: +<country code><number>, digits only"),
    testimonials: z.array(z.object({ quote: text, author: text, role: text })),
  })
  .refine((cv) => new Set(cv.projects.map((p) => p.slug)).size === cv.projects.length, "two projects share a slug");

export type Cv = z.output<typeof cvSchema>;
export type CvProject = Cv["projects"][number];
export type CvExperience = Cv["experience"][number];
