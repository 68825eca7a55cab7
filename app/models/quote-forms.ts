import { z } from "zod";
import { businessBuyerFields } from "./business-buyer";
import { COUNTRIES } from "./countries";
import { cleanText, directionControlMessage, emailField, hasDirectionControl, optionalText, textField } from "./fields";
import type { FieldErrors, FormAnswer, FormValues } from "./form-answer";
import { MAX_VALIDITY_DAYS, QUOTE_UNITS, quoteTotals, type QuoteContent, type QuoteLine, type QuoteUnit, type Share } from "./quote";

/**
 * The quote editor's form (the owner's) and the client's answer forms, with their French refusals beside each field.
 * The editor has a row of fields per line (`line-<i>-label`…), so its field names are typed here as template
 * literals, as the order forms' per-line fields are (app/models/order-life.ts).
 */

/** At most this many lines per quote (a page of the PDF holds about twenty). */
export const MAX_QUOTE_LINES = 20;
/** At most this much per line and per quote, in cents (a typo guard: 10 million euros). */
const MAX_CENTS = 1_000_000_000;
const MAX_QUANTITY = 1000;

type LineField = "product" | "label" | "qty" | "unit" | "price";
export type QuoteEditorField =
  | "clientName"
  | "clientCompany"
  | "clientEmail"
  | "clientAddress"
  | "clientPostalCode"
  | "clientCity"
  | "clientCountry"
  | "clientVatNumber"
  | "lineCount"
  | "lines"
  | "discountKind"
  | "discountValue"
  | "travel"
  | "vat"
  | "depositKind"
  | "depositValue"
  | "validUntil"
  | "paymentTerms"
  | "contactRequestId"
  | `line-${number}-${LineField}`;

export type QuoteEditorAnswer = FormAnswer<QuoteEditorField>;

/** The editor's choices for a discount, the VAT and the deposit: the values the parser below reads. */
export const DISCOUNT_KINDS = [
  { value: "none", label: "Aucune" },
  { value: "percent", label: "En pourcentage" },
  { value: "amount", label: "En euros HT" },
] as const;
export const VAT_REGIMES = [
  { value: "standard", label: "TVA 20 %" },
  { value: "franchise", label: "Franchise en base (art. 293 B du CGI)" },
] as const;
export const DEPOSIT_KINDS = [
  { value: "percent", label: "En pourcentage du TTC" },
  { value: "amount", label: "En euros TTC" },
] as const;

/** A catalog service the editor offers, with its price before VAT. */
export interface CatalogService {
  id: string;
  name: string;
  priceHtCents: number;
}

export const lineField = (i: number, f: LineField) => `line-${i}-${f}` as const;

/** Euros as typed ("1 200", "650,50", "45.5 €") to cents; a message when it is not an amount. */
export function readEuros(raw: string, label: string): { ok: true; cents: number } | { ok: false; message: string } {
  const text = raw.replace(/[\s\u00a0\u202f€]/g, "");
  if (/^-/.test(text)) return { ok: false, message: `${label} ne peut pas être négatif.` };
  const m = /^(\d{1,8})(?:[.,](\d{1,2}))?$/.exec(text);
  if (!m) return { ok: false, message: `${label} : saisissez un montant en euros (exemple : 650 ou 650,50).` };
  const cents = Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
  if (cents > MAX_CENTS) return { ok: false, message: `${label} dépasse 10 000 000 €.` };
  return { ok: true, cents };
}

/** A percentage as typed ("30", "12,5") to basis points (0.01 %). */
function readPercent(raw: string, label: string): { ok: true; basisPoints: number } | { ok: false; message: string } {
  const text = raw.replace(/[\s\u00a0\u202f%]/g, "");
  if (/^-/.test(text)) return { ok: false, message: `${label} ne peut pas être négatif.` };
  const m = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(text);
  const bp = m ? Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0")) : NaN;
  if (!m || bp > 10_000) return { ok: false, message: `${label} : saisissez un pourcentage entre 0 et 100.` };
  return { ok: true, basisPoints: bp };
}

const fieldMessage = (schema: z.ZodType, value: string | undefined): { ok: true; value: string } | { ok: false; message: string } => {
  const r = schema.safeParse(value);
  return r.success ? { ok: true, value: r.data as string } : { ok: false, message: r.error.issues[0]?.message ?? "Valeur refusée." };
};

/**
 * An optional text the client reads on the quote's page, PDF and e-mails: no character that would display what follows
 * it reversed (as every required text field already refuses, `textField`).
 */
const shownText = (schema: z.ZodType<string>, label: string) =>
  schema.refine((v) => !hasDirectionControl(v), directionControlMessage(label));

/**
 * The client's name and company, written into the e-mails the site sends them: no web address (a contact request
 * prefills them, typed by whoever sent it for any mailbox, and mail clients make an address clickable).
 */
const WEB_ADDRESS = /:\/\/|\bwww\./i;
const greeted = (schema: z.ZodType<string>, label: string) =>
  schema.refine((v) => !WEB_ADDRESS.test(v), `${label} ne doit pas contenir d'adresse web.`);

const COUNTRY_CODES = new Set(COUNTRIES.map((c) => c.code));
const UNIT_VALUES = new Set<string>(QUOTE_UNITS.map((u) => u.value));

/** How many line rows the editor shows: the lines typed, one empty row to add one, at least three. */
export function editorRowCount(values: FormValues<QuoteEditorField>, extra = 0): number {
  const typed = Number(values.lineCount ?? 0);
  const count = Number.isInteger(typed) && typed > 0 ? typed : 3;
  return Math.min(MAX_QUOTE_LINES, Math.max(3, count + extra));
}

export type QuoteEditorResult = { ok: true; content: QuoteContent } | ({ ok: false } & QuoteEditorAnswer);

/**
 * Reads the editor's form. `today` (YYYY-MM-DD, Paris) refuses a validity in the past; `catalog` gives a service
 * line its name and price when the owner left them empty. Every refusal is said beside its field, values kept.
 */
export function parseQuoteEditor(
  values: FormValues<QuoteEditorField>,
  catalog: ReadonlyMap<string, CatalogService>,
  today: string,
): QuoteEditorResult {
  const errors: FieldErrors<QuoteEditorField> = {};
  const fail = (field: QuoteEditorField, message: string) => void (errors[field] ??= message);
  const read = (field: QuoteEditorField, schema: z.ZodType) => {
    const r = fieldMessage(schema, values[field]);
    if (!r.ok) fail(field, r.message);
    return r.ok ? r.value : "";
  };

  const name = read("clientName", greeted(textField("Le nom du client", 120), "Le nom du client"));
  const company = read("clientCompany", greeted(shownText(businessBuyerFields.company, "Le nom de la société"), "Le nom de la société"));
  const email = read("clientEmail", emailField);
  const addressLine = read("clientAddress", textField("L'adresse de facturation", 150));
  const postalCode = read("clientPostalCode", textField("Le code postal", 12));
  const city = read("clientCity", textField("La ville", 80));
  const country = (values.clientCountry ?? "FR").trim().toUpperCase();
  if (!COUNTRY_CODES.has(country)) fail("clientCountry", "Choisissez un pays de la liste.");
  const vatNumber = read("clientVatNumber", businessBuyerFields.vatNumber);

  const lines: QuoteLine[] = [];
  const rows = editorRowCount(values);
  for (let i = 0; i < rows; i++) {
    const productId = (values[lineField(i, "product")] ?? "").trim();
    const label = cleanText(values[lineField(i, "label")] ?? "");
    const priceText = (values[lineField(i, "price")] ?? "").trim();
    if (!productId && !label && !priceText) continue;
    const service = productId ? catalog.get(productId) : undefined;
    if (productId && !service) {
      fail(lineField(i, "product"), "Ce service n'est plus au catalogue : choisissez-en un autre ou une ligne libre.");
      continue;
    }
    const finalLabel = label || service?.name || "";
    if (!finalLabel) fail(lineField(i, "label"), "Décrivez la prestation de cette ligne.");
    else if (finalLabel.length > 200) fail(lineField(i, "label"), "La désignation ne doit pas dépasser 200 caractères.");
    else if (/[<>]/.test(finalLabel)) fail(lineField(i, "label"), "La désignation ne doit pas contenir les caractères < ou >.");
    else if (hasDirectionControl(finalLabel)) fail(lineField(i, "label"), directionControlMessage("La désignation"));
    const qtyText = (values[lineField(i, "qty")] ?? "1").trim();
    const quantity = /^\d{1,4}$/.test(qtyText) ? Number(qtyText) : NaN;
    if (!(quantity >= 1 && quantity <= MAX_QUANTITY))
      fail(lineField(i, "qty"), `La quantité doit être un nombre entier de 1 à ${MAX_QUANTITY} (jours ou unités).`);
    const unit = (values[lineField(i, "unit")] ?? "jour") as QuoteUnit;
    if (!UNIT_VALUES.has(unit)) fail(lineField(i, "unit"), "Choisissez une unité de la liste.");
    let unitPriceCents = service?.priceHtCents ?? 0;
    if (priceText) {
      const price = readEuros(priceText, "Le prix unitaire");
      if (price.ok) unitPriceCents = price.cents;
      else fail(lineField(i, "price"), price.message);
    } else if (!service) fail(lineField(i, "price"), "Indiquez le prix unitaire HT.");
    lines.push({ ...(service ? { productId: service.id } : {}), label: finalLabel, quantity, unit, unitPriceCents });
  }
  if (!lines.length) fail("lines", "Ajoutez au moins une ligne : un service du catalogue ou une prestation libre.");

  let discount: Share | null = null;
  const discountKind = values.discountKind ?? "none";
  const discountText = (values.discountValue ?? "").trim();
  if (discountKind === "percent" || discountKind === "amount") {
    if (!discountText) fail("discountValue", "Indiquez la remise, ou choisissez « Aucune ».");
    else if (discountKind === "percent") {
      const r = readPercent(discountText, "La remise");
      if (r.ok) discount = { kind: "percent", basisPoints: r.basisPoints };
      else fail("discountValue", r.message);
    } else {
      const r = readEuros(discountText, "La remise");
      if (r.ok) discount = { kind: "amount", cents: r.cents };
      else fail("discountValue", r.message);
    }
  } else if (discountKind !== "none") fail("discountKind", "Choisissez un type de remise de la liste.");

  let travelCents = 0;
  const travelText = (values.travel ?? "").trim();
  if (travelText) {
    const r = readEuros(travelText, "Les frais de déplacement");
    if (r.ok) travelCents = r.cents;
    else fail("travel", r.message);
  }

  const vat = values.vat === "franchise" ? "franchise" : "standard";
  if (values.vat && values.vat !== "franchise" && values.vat !== "standard") fail("vat", "Choisissez la TVA de la liste.");

  let deposit: Share = { kind: "percent", basisPoints: 3000 };
  const depositText = (values.depositValue ?? "").trim();
  if (values.depositKind === "amount") {
    const r = readEuros(depositText, "L'acompte");
    if (r.ok) deposit = { kind: "amount", cents: r.cents };
    else fail("depositValue", r.message);
  } else if (values.depositKind === "percent" || values.depositKind === undefined) {
    const r = readPercent(depositText || "30", "L'acompte");
    if (r.ok) deposit = { kind: "percent", basisPoints: r.basisPoints };
    else fail("depositValue", r.message);
  } else fail("depositKind", "Choisissez un type d'acompte de la liste.");

  const validUntil = (values.validUntil ?? "").trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(validUntil) || Number.isNaN(Date.parse(`${validUntil}T00:00:00Z`)))
    fail("validUntil", "Indiquez la date de fin de validité (jj/mm/aaaa).");
  else if (validUntil < today) fail("validUntil", "La date de validité est passée : choisissez aujourd'hui ou plus tard.");
  else {
    const latest = new Date(`${today}T12:00:00Z`);
    latest.setUTCDate(latest.getUTCDate() + MAX_VALIDITY_DAYS);
    const ymd = latest.toISOString().slice(0, 10);
    if (validUntil > ymd)
      fail("validUntil", `Un devis reste valable un an au plus : choisissez une date jusqu'au ${ymd.split("-").reverse().join("/")}.`);
  }

  const paymentTerms = read("paymentTerms", shownText(optionalText("Les conditions de paiement", 500), "Les conditions de paiement"));
  const contactRequestId = (values.contactRequestId ?? "").trim();
  if (contactRequestId && !/^[0-9a-f-]{36}$/i.test(contactRequestId)) fail("contactRequestId", "Demande de contact inconnue.");

  // The totals' rules need every figure read first.
  if (lines.length && !Object.keys(errors).some((k) => k.startsWith("line-") || k === "discountValue" || k === "travel")) {
    const totals = quoteTotals({ lines, discount, travelCents, vat, deposit });
    if (discount && totals.discountHt > totals.subtotalHt) fail("discountValue", "La remise dépasse le montant des lignes.");
    else if (totals.totalTtc <= 0) fail("lines", "Le devis est à 0 € : indiquez le prix des prestations.");
    else if (totals.totalTtc > MAX_CENTS) fail("lines", "Le total dépasse 10 000 000 €.");
    else if (!errors.depositValue && totals.deposit <= 0) fail("depositValue", "L'acompte doit être supérieur à 0 €.");
    else if (!errors.depositValue && totals.deposit >= totals.totalTtc)
      fail("depositValue", "L'acompte doit être inférieur au total TTC : le solde est payé à la fin de la mission.");
  }

  if (Object.keys(errors).length) return { ok: false, fieldErrors: errors, values };
  return {
    ok: true,
    content: {
      client: { name, company, email, addressLine, postalCode, city, country, vatNumber },
      lines,
      discount,
      travelCents,
      vat,
      deposit,
      validUntil,
      paymentTerms: paymentTerms || DEFAULT_PAYMENT_TERMS,
      ...(contactRequestId ? { contactRequestId } : {}),
    },
  };
}

export const DEFAULT_PAYMENT_TERMS =
  "Acompte à l'acceptation du devis, solde à la fin de la mission, par carte bancaire sur la page de paiement sécurisée.";

/** The editor's values for a saved quote (to revise it, or to show a draft again). */
export function editorValues(q: QuoteContent): FormValues<QuoteEditorField> {
  const euros = (cents: number) => (cents / 100).toFixed(2).replace(".", ",").replace(/,00$/, "");
  const percent = (bp: number) => String(bp / 100).replace(".", ",");
  const values: FormValues<QuoteEditorField> = {
    clientName: q.client.name,
    clientCompany: q.client.company,
    clientEmail: q.client.email,
    clientAddress: q.client.addressLine,
    clientPostalCode: q.client.postalCode,
    clientCity: q.client.city,
    clientCountry: q.client.country,
    clientVatNumber: q.client.vatNumber,
    lineCount: String(q.lines.length + 1),
    discountKind: q.discount?.kind ?? "none",
    discountValue: q.discount ? (q.discount.kind === "percent" ? percent(q.discount.basisPoints) : euros(q.discount.cents)) : "",
    travel: q.travelCents ? euros(q.travelCents) : "",
    vat: q.vat,
    depositKind: q.deposit.kind,
    depositValue: q.deposit.kind === "percent" ? percent(q.deposit.basisPoints) : euros(q.deposit.cents),
    validUntil: q.validUntil,
    paymentTerms: q.paymentTerms,
    ...(q.contactRequestId ? { contactRequestId: q.contactRequestId } : {}),
  };
  q.lines.forEach((l, i) => {
    if (l.productId) values[lineField(i, "product")] = l.productId;
    values[lineField(i, "label")] = l.label;
    values[lineField(i, "qty")] = String(l.quantity);
    values[lineField(i, "unit")] = l.unit;
    values[lineField(i, "price")] = euros(l.unitPriceCents);
  });
  return values;
}

/** The client's "Bon pour accord": the name typed as a signature, and the tick. */
export const acceptSchema = z.object({
  signatureName: textField("Votre nom", 120),
  approval: z.literal("on", { error: "Cochez « Bon pour accord » pour accepter le devis." }),
});

/** The client's refusal: an optional reason. */
export const refuseSchema = z.object({
  reason: shownText(optionalText("La raison", 1000), "La raison"),
});
