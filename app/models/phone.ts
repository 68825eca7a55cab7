/**
 * An optional phone number typed by a buyer or a prospect (carriers and quote requests need one): French national
 * numbers (06 12 34 56 78) and international ones (+33 6 12 34 56 78, 0033 6…, +44 20 7946 0958), spaces, dots,
 * dashes and brackets allowed. Kept in the international form (E.164, "+33612345678"). Zod-free and isomorphic:
 * the contact and checkout schemas wrap it, the CV formats its own number with it.
 */

export const PHONE_ERROR = "Saisissez un numéro de téléphone valide (ex. : 06 12 34 56 78 ou +33 6 12 34 56 78).";
/** Longest text accepted before reading it: a number with generous separators. */
export const PHONE_MAX_LENGTH = 30;

export type PhoneReading = { ok: true; e164: string } | { ok: false; message: string };

export function readPhone(raw: string): PhoneReading {
  const typed = raw.trim();
  if (typed.length > PHONE_MAX_LENGTH || !/^\+?[\d\s.()-]+$/.test(typed)) return { ok: false, message: PHONE_ERROR };
  const digits = typed.replace(/\D/g, "");
  let e164: string;
  if (typed.startsWith("+")) e164 = `+${digits}`;
  else if (digits.startsWith("00")) e164 = `+${digits.slice(2)}`;
  // A French national number: ten digits, 0 then 1–9 (01–05 landlines, 06–07 mobiles, 08–09).
  else if (/^0[1-9]\d{8}$/.test(digits)) e164 = `+33${digits.slice(1)}`;
  else return { ok: false, message: PHONE_ERROR };
  // E.164: a country code not starting with 0 and at most 15 digits; +33 numbers have exactly 9 after the code.
  if (!/^\+[1-9]\d{7,14}$/.test(e164) || (e164.startsWith("+33") && !/^\+33[1-9]\d{8}$/.test(e164)))
    return { ok: false, message: PHONE_ERROR };
  return { ok: true, e164 };
}

/** "+33612345678" → "+33 6 12 34 56 78"; other countries' numbers stay as stored. */
export function formatPhone(e164: string): string {
  const french = /^\+33([1-9])(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(e164);
  return french ? `+33 ${french.slice(1).join(" ")}` : e164;
}
