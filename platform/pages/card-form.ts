// The test card form of the hosted payment pages (an order's checkout, a payment request): its fields, every one
// checked at once, each error beside its field in French, and a summary linking to them for those who read the page
// from the top. What is kept for the next view follows a real payment page (decision 0078): the number, the expiry
// and the holder, never the security code.
import { e } from "../core/layout";

export const TEST_CARD_OK = "4242424242424242";
export const TEST_CARD_DECLINED = "4000000000000002";

export type CardField = "cardNumber" | "expiry" | "cvc" | "holder";

/** What a refused form shows on its next view: the errors by field, the values kept, a message for the whole page. */
export interface CardAnswer {
  errors?: Partial<Record<CardField, string>>;
  values?: { cardNumber?: string; expiry?: string; holder?: string };
  /** A refusal that is no field's (a declined card, an order that cannot be placed). */
  notice?: string;
}

/** The card as checked: its digits, and whether the test bank declines it. */
export interface CheckedCard {
  digits: string;
  declined: boolean;
}

const ORDER: CardField[] = ["cardNumber", "expiry", "cvc", "holder"];

/**
 * The expiry as typed, in the one spelling the page shows ("MM/AA"), or null when it is not a month and a year.
 * Common spellings are accepted: 12/30, 12/2030, 1230, 122030, 12-30, 12.30, 12 30, 1/30.
 */
export function normalizeExpiry(raw: string): string | null {
  const text = raw.trim();
  const match = /^(\d{1,2})\s*[/.\s-]\s*(\d{2}|\d{4})$/.exec(text) ?? /^(\d{2})(\d{2})$/.exec(text) ?? /^(\d{2})(\d{4})$/.exec(text);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 4 ? match[2]!.slice(2) : match[2]!;
  if (month < 1 || month > 12 || (match[2]!.length === 4 && !match[2]!.startsWith("20"))) return null;
  return `${String(month).padStart(2, "0")}/${year}`;
}

/** Null when the expiry is a month not yet past (a card is valid to the end of its month); else the field's message. */
export function expiryError(raw: string, now: Date): string | null {
  if (!raw.trim()) return "Indiquez la date d'expiration de la carte (MM/AA).";
  const normalized = normalizeExpiry(raw);
  if (!normalized) return "Date d'expiration invalide : indiquez le mois et l'année (exemple : 12/30).";
  const month = Number(normalized.slice(0, 2));
  const year = 2000 + Number(normalized.slice(3));
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
    return "Cette carte a expiré : utilisez une carte dont la date d'expiration n'est pas passée.";
  }
  return null;
}

/** The Luhn checksum every card number carries: a mistyped digit fails it. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

function numberError(digits: string): string | null {
  if (!digits) return "Indiquez le numéro de la carte.";
  if (!/^\d{13,19}$/.test(digits) || !luhnValid(digits)) return "Numéro de carte invalide : vérifiez les chiffres saisis.";
  if (digits !== TEST_CARD_OK && digits !== TEST_CARD_DECLINED)
    return "Numéro de carte invalide. Utilisez la carte de test 4242 4242 4242 4242.";
  return null;
}

function cvcError(cvc: string): string | null {
  if (!cvc) return "Indiquez le cryptogramme : les 3 chiffres au dos de la carte.";
  return /^\d{3}$/.test(cvc) ? null : "Cryptogramme invalide : 3 chiffres, au dos de la carte.";
}

function holderError(holder: string): string | null {
  if (!holder) return "Indiquez le nom du titulaire, tel qu'il figure sur la carte.";
  return /\p{L}/u.test(holder) ? null : "Nom du titulaire invalide : indiquez-le tel qu'il figure sur la carte.";
}

/** Every field checked at once; the answer to show when one is wrong, else the card. Sizes are capped as read. */
export function checkCard(
  form: URLSearchParams,
  now: Date,
): { ok: true; card: CheckedCard; values: CardAnswer["values"] } | { ok: false; answer: CardAnswer } {
  const typedNumber = (form.get("cardNumber") ?? "").slice(0, 40);
  const digits = typedNumber.replace(/[\s-]/g, "");
  const expiry = (form.get("expiry") ?? "").slice(0, 10).trim();
  const cvc = (form.get("cvc") ?? "").slice(0, 10).trim();
  const holder = (form.get("holder") ?? "").slice(0, 100).trim();
  const errors: CardAnswer["errors"] = {};
  const problems: [CardField, string | null][] = [
    ["cardNumber", numberError(digits)],
    ["expiry", expiryError(expiry, now)],
    ["cvc", cvcError(cvc)],
    ["holder", holderError(holder)],
  ];
  for (const [field, problem] of problems) if (problem) errors[field] = problem;
  const values = { cardNumber: typedNumber, expiry: expiry && !errors.expiry ? normalizeExpiry(expiry)! : expiry, holder };
  if (Object.keys(errors).length) return { ok: false, answer: { errors, values } };
  return { ok: true, card: { digits, declined: digits === TEST_CARD_DECLINED }, values };
}

const LABELS: Record<CardField, string> = {
  cardNumber: "Numéro de carte",
  expiry: "Date d'expiration (MM/AA)",
  cvc: "Cryptogramme",
  holder: "Titulaire de la carte",
};

const INPUTS: Record<CardField, string> = {
  cardNumber: 'inputmode="numeric" autocomplete="cc-number" maxlength="40"',
  expiry: 'autocomplete="cc-exp" placeholder="12/30" maxlength="10"',
  cvc: 'inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4"',
  holder: 'autocomplete="cc-name" maxlength="100"',
};

function field(name: CardField, answer: CardAnswer): string {
  const error = answer.errors?.[name];
  // The security code is never written back: a real payment page asks for it again.
  const value = name === "cvc" ? "" : (answer.values?.[name] ?? "");
  const hint = name === "cvc" ? `<p class="hint" id="cvc-hint">Les 3 chiffres au dos de la carte.</p>` : "";
  const described = [name === "cvc" ? "cvc-hint" : "", error ? `${name}-error` : ""].filter(Boolean).join(" ");
  return `<div class="card-field"><label for="${name}">${e(LABELS[name])}</label>
<input type="text" id="${name}" name="${name}" ${INPUTS[name]} value="${e(value)}"${error ? ' aria-invalid="true"' : ""}${described ? ` aria-describedby="${described}"` : ""}>
${hint}${error ? `<p class="field-error" id="${name}-error">${e(error)}</p>` : ""}</div>`;
}

/** The errors' summary, each a link to its field (read first by a screen reader, useful without JavaScript). */
function summary(answer: CardAnswer): string {
  const wrong = ORDER.filter((f) => answer.errors?.[f]);
  if (!wrong.length) return "";
  const title = wrong.length === 1 ? "Un champ est à corriger :" : `${wrong.length} champs sont à corriger :`;
  return `<div class="error error-summary" role="alert" aria-labelledby="card-errors-title"><p id="card-errors-title"><strong>${title}</strong></p>
<ul>${wrong.map((f) => `<li><a href="#${f}">${e(LABELS[f])} : ${e(answer.errors![f]!)}</a></li>`).join("")}</ul></div>`;
}

/** The form's card part: its title, the test cards, the summary of errors, the four fields. */
export function cardFields(answer: CardAnswer = {}): string {
  return `<h2>Paiement par carte</h2>
<p class="hint">Carte de test : 4242 4242 4242 4242 (acceptée) ou 4000 0000 0000 0002 (refusée).</p>
${summary(answer)}
${field("cardNumber", answer)}
<div class="row">${field("expiry", answer)}${field("cvc", answer)}</div>
${field("holder", answer)}`;
}

/** The page-wide message of an answer (a declined card): an alert at the top of the page. */
export function noticeOf(answer: CardAnswer): string {
  return answer.notice ? `<p class="error" role="alert">${e(answer.notice)}</p>` : "";
}
