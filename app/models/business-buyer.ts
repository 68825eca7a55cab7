import { z } from "zod";
import { optionalText } from "./fields";

/**
 * A business buyer's company name and intra-EU VAT number (both optional) for the invoice. The number is checked
 * for its format only (country prefix and length per the EU's VIES rules); whether it is registered is the
 * accountant's check (VIES needs the network).
 */

const VAT_FORMATS: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[0-9A-Z]\d{7}[0-9A-Z]$/,
  FI: /^\d{8}$/,
  FR: /^[0-9A-HJ-NP-Z]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^\d[0-9A-Z+*]\d{5}[A-Z]{1,2}$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{12}$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
  XI: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
};

export const VAT_NUMBER_INVALID =
  "Le numéro de TVA intracommunautaire n'est pas valide : deux lettres de pays puis le numéro (ex. : FR 12 345678901).";

/** "fr 12 345 678 901" → "FR12345678901"; null when it is not an EU VAT number's format. */
export function normalizeVatNumber(raw: string): string | null {
  const compact = raw.replace(/[\s.-]/g, "").toUpperCase();
  const format = VAT_FORMATS[compact.slice(0, 2)];
  return format && format.test(compact.slice(2)) ? compact : null;
}

export const businessBuyerFields = {
  company: optionalText("Le nom de la société", 120).refine(
    (v) => !/[<>]/.test(v),
    "Le nom de la société ne doit pas contenir les caractères < ou >.",
  ),
  vatNumber: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const typed = (v ?? "").trim();
      if (!typed) return "";
      const vat = typed.length <= 40 ? normalizeVatNumber(typed) : null;
      if (!vat) {
        ctx.addIssue({ code: "custom", message: VAT_NUMBER_INVALID });
        return z.NEVER;
      }
      return vat;
    }),
};
