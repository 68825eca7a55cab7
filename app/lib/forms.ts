import { z } from "zod";
import { readQuantity } from "./quantity";
import { readPhone } from "~/models/phone";

// In the browser the CSP forbids eval: zod's probe for its compiled fast path (`new Function`) would be reported as a
// CSP violation on every page with a form. Set before any schema is built (modules that build schemas import this one).
if (typeof document !== "undefined") z.config({ jitless: true });

export type FieldErrors = Record<string, string>;

export type FormResult<T> =
  { ok: true; data: T; values: Record<string, string> } | { ok: false; fieldErrors: FieldErrors; values: Record<string, string> };

/**
 * Validates a submitted form with a zod schema (messages in French in the
 * schema). `values` keeps what the user typed, to refill the form on error.
 */
export function parseForm<S extends z.ZodType>(schema: S, formData: FormData): FormResult<z.infer<S>> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData) if (typeof value === "string" && !(key in values)) values[key] = value;
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data, values };
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const name = issue.path.join(".") || "form";
    fieldErrors[name] ??= issue.message;
  }
  return { ok: false, fieldErrors, values };
}

/** Removes control characters (keeping tabs/newlines only where asked) and trims. */
export function cleanText(value: string, { multiline = false } = {}): string {
  const pattern = multiline ? /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g : /[\u0000-\u001F\u007F-\u009F]/g;
  return value.replace(pattern, "").trim();
}

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
        .refine((v) => !BIDI_CONTROLS.test(v), `${label} contient un caractère invisible d'inversion du texte : retirez-le.`),
    );
}

/** Format characters (bidirectional overrides and isolates, marks, zero-width characters, BOM) and line/paragraph separators. */
export const BIDI_CONTROLS = /[\p{Cf}\u2028\u2029]/u;

/** Quantity typed by a user: a whole number from 1 to `max` (the rule is `readQuantity`, which the browser runs too). */
export function quantityField(max = 99, min: 0 | 1 = 1) {
  return z.string({ error: "Indiquez une quantité." }).transform((value, ctx) => {
    const reading = readQuantity(value, max, min);
    if (reading.ok) return reading.quantity;
    ctx.issues.push({ code: "custom", message: reading.message, input: value });
    return z.NEVER;
  });
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
