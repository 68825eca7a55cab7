import { z } from "zod";
import { PLATFORM_ID } from "./ids";
import { readPhone } from "./phone";
import { MAX_QUANTITY, readQuantity } from "./quantity";

/**
 * The rules of the fields many forms share (text, e-mail, quantity, phone, ids): one rule and one French wording per kind
 * of input, on the server and in the browser. A form's schema is built from these, never from its own copy.
 */

// In the browser the CSP forbids eval: zod's probe for its compiled fast path (`new Function`) would be reported as a
// CSP violation on every page with a form. Set before any schema is built (modules that build schemas import this one).
if (typeof document !== "undefined") z.config({ jitless: true });

/** Removes control characters (keeping tabs/newlines only where asked) and trims. */
export function cleanText(value: string, { multiline = false } = {}): string {
  const pattern = multiline ? /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g : /[\u0000-\u001F\u007F-\u009F]/g;
  return value.replace(pattern, "").trim();
}

/** Format characters (bidirectional overrides and isolates, marks, zero-width characters, BOM) and line/paragraph separators. */
const BIDI_CONTROLS = /[\p{Cf}\u2028\u2029]/u;

/** Whether a text holds a character that would reverse or hide what is displayed after it (see `textField`). */
export const hasDirectionControl = (v: string) => BIDI_CONTROLS.test(v);
export const directionControlMessage = (label: string) => `${label} contient un caractère invisible d'inversion du texte : retirez-le.`;

/** A required single-line text field: trimmed, control characters removed, bounded. */
export function textField(label: string, max = 120) {
  return z
    .string({ error: `${label} est obligatoire.` })
    .transform((v) => cleanText(v))
    .pipe(
      z
        .string()
        .min(1, `${label} est obligatoire.`)
        .max(max, `${label} ne doit pas dépasser ${max} caractères.`)
        .refine((v) => !/[<>]/.test(v), `${label} ne doit pas contenir les caractères < ou >.`)
        // Bidirectional overrides make a name or an address display reversed ("U+202E"): refused, not stripped,
        // so the person sees what the site will not keep.
        .refine((v) => !hasDirectionControl(v), directionControlMessage(label)),
    );
}

/** An optional single-line text field: missing reads as "", control characters removed, bounded. */
export function optionalText(label: string, max: number) {
  return z
    .string()
    .optional()
    .transform((v) => cleanText(v ?? ""))
    .pipe(z.string().max(max, `${label} ne doit pas dépasser ${max} caractères.`));
}

export const EMAIL_INVALID = "Saisissez une adresse e-mail valide (exemple : nom@domaine.fr).";

/** An e-mail address as typed: control characters removed, trimmed, at most 254 characters (RFC 5321). */
export const emailField = z
  .string({ error: "E-mail est obligatoire." })
  .transform((v) => cleanText(v))
  .pipe(
    z
      .string()
      .min(1, "E-mail est obligatoire.")
      .max(254, "E-mail ne doit pas dépasser 254 caractères.")
      .pipe(z.email({ error: EMAIL_INVALID })),
  );

/** Quantity typed by a user: a whole number from 1 to `max` (the rule is `readQuantity`, which the browser runs too). */
export function quantityField(max = MAX_QUANTITY, min: 0 | 1 = 1) {
  return z.string({ error: "Indiquez une quantité." }).transform((value, ctx) => {
    const reading = readQuantity(value, max, min);
    if (reading.ok) return reading.quantity;
    ctx.issues.push({ code: "custom", message: reading.message, input: value });
    return z.NEVER;
  });
}

/**
 * An id the platform handed out (a line, a product, a shipping option's code), sent back by one of our pages:
 * anything else is tampering or a stale page, told with `message` (app/models/ids.ts says why the shape matters).
 */
export function idField(message: string) {
  return z.string({ error: message }).trim().regex(PLATFORM_ID, message);
}

/**
 * An optional phone number (models/phone.ts `readPhone`): empty is undefined, anything else must read as a number,
 * kept in the international form.
 */
export function optionalPhoneField() {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      const typed = cleanText(value ?? "");
      if (!typed) return undefined;
      const reading = readPhone(typed);
      if (reading.ok) return reading.e164;
      ctx.issues.push({ code: "custom", message: reading.message, input: value });
      return z.NEVER;
    });
}
