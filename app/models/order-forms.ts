import { z } from "zod";
import { isPlatformId } from "./ids";
import { CARRIERS, REFUND_REASONS, type Carrier, type RefundReason } from "./order-life";

/**
 * The owner's forms on one order as zod schemas (docs/decisions/0022-form-answer-contract.md), read by `parseForm` and
 * refused with the site's one FormAnswer: the French message beside each field, what was typed kept. The refund and
 * shipping forms have one quantity field per order line (`qty-<line>`, `ship-<line>`), so their schema is built from
 * the lines the order still has; the error about those quantities together is the field `lines`.
 */

export const NOTE_MAX = 2000;
export const REFUND_MESSAGE_MAX = 1000;

/** A checkbox: "on" when ticked, absent otherwise; any other value reads as not ticked. */
const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on");

/** Units of one line: absent, blank or 0 is none; otherwise 1 to 6 digits. NaN when it is not such a number. */
function units(raw: string | undefined): number {
  const text = (raw ?? "0").trim();
  if (text === "") return 0;
  return /^\d{1,6}$/.test(text) ? Number(text) : Number.NaN;
}

/** A refinement that runs even when a field was refused, so that every error of the form shows at once. */
const ALWAYS = { when: () => true };

type Line = { id: string; name: string };
export type PlannedLine = Line & { quantity: number };

/**
 * The units asked for each line, each between 0 and its maximum: the lines with units, or a French message naming the
 * first line out of range.
 */
function readLines<L extends Line>(
  fields: Record<string, unknown>,
  lines: L[],
  prefix: string,
  max: (line: L) => number,
  refusal: (line: L) => string,
): { lines: PlannedLine[]; error?: string } {
  const out: PlannedLine[] = [];
  for (const line of lines) {
    const raw = fields[`${prefix}${line.id}`];
    const quantity = units(typeof raw === "string" ? raw : undefined);
    if (!Number.isInteger(quantity) || quantity > max(line)) return { lines: out, error: refusal(line) };
    if (quantity > 0) out.push({ id: line.id, name: line.name, quantity });
  }
  return { lines: out };
}

// ---------------------------------------------------------------- refund

export interface RefundableLines {
  lines: Array<Line & { available: number }>;
  /** Whether shipping can still be refunded (some of it is left). */
  shippingLeft: boolean;
}

/** The refund form: units per line, the shipping, the reason, the customer's message and e-mail, the restock. */
export function refundFormSchema(order: RefundableLines) {
  const refundLines = (form: Record<string, unknown>) =>
    readLines(
      form,
      order.lines,
      "qty-",
      (l) => l.available,
      (l) => `Quantité à rembourser pour « ${l.name} » : entre 0 et ${l.available}.`,
    );
  const reasons = Object.keys(REFUND_REASONS) as [RefundReason, ...RefundReason[]];
  // Loose: the quantity fields (one per line) pass through to the refinement, which reads them.
  return z
    .looseObject({
      shipping: checkbox,
      reason: z.enum(reasons, { error: "Choisissez le motif du remboursement." }),
      message: z
        .string()
        .trim()
        .max(REFUND_MESSAGE_MAX, `Le message au client ne peut dépasser ${REFUND_MESSAGE_MAX} caractères.`)
        .optional(),
      notify: checkbox,
      restock: checkbox,
    })
    .superRefine(
      (form, ctx) => {
        const read = refundLines(form);
        if (read.error) ctx.addIssue({ code: "custom", path: ["lines"], message: read.error });
        if (form.shipping && !order.shippingLeft)
          ctx.addIssue({
            code: "custom",
            path: ["shipping"],
            message: "Les frais de livraison sont déjà remboursés ou la commande n'en a pas.",
          });
        if (!read.error && !read.lines.length && !form.shipping)
          ctx.addIssue({ code: "custom", path: ["lines"], message: "Choisissez au moins un article ou les frais de livraison." });
      },
      // Checked even when another field is refused: every error shows at once.
      ALWAYS,
    )
    .transform((form) => ({
      lines: refundLines(form).lines,
      shipping: form.shipping,
      reason: form.reason,
      ...(form.message ? { message: form.message } : {}),
      notify: form.notify,
      restock: form.restock,
    }));
}
export type RefundPlan = z.output<ReturnType<typeof refundFormSchema>>;

// ---------------------------------------------------------------- shipment

const TRACKING_RE = /^[A-Za-z0-9-]{4,40}$/;

/** The shipping form: units per line (all left by default), the carrier, its tracking number (and link for another). */
export function shipFormSchema(toFulfil: Array<Line & { quantity: number }>) {
  const shipLines = (form: Record<string, unknown>) =>
    readLines(
      form,
      toFulfil,
      "ship-",
      (l) => l.quantity,
      (l) => `Quantité à expédier pour « ${l.name} » : entre 0 et ${l.quantity}.`,
    );
  const carriers = Object.keys(CARRIERS) as [Carrier, ...Carrier[]];
  return z
    .looseObject({
      carrier: z.enum(carriers, { error: "Choisissez le transporteur." }),
      trackingNumber: z
        .string({ error: "Numéro de suivi : 4 à 40 lettres, chiffres ou tirets." })
        .transform((v) => v.replace(/\s+/g, ""))
        .pipe(z.string().regex(TRACKING_RE, "Numéro de suivi : 4 à 40 lettres, chiffres ou tirets.")),
      carrierName: z.string().trim().optional(),
      trackingLink: z.string().trim().optional(),
    })
    .superRefine((form, ctx) => {
      const read = shipLines(form);
      if (read.error) ctx.addIssue({ code: "custom", path: ["lines"], message: read.error });
      else if (!read.lines.length) ctx.addIssue({ code: "custom", path: ["lines"], message: "Choisissez au moins un article à expédier." });
      if (form.carrier !== "other") return;
      const name = form.carrierName ?? "";
      if (!name || name.length > 60)
        ctx.addIssue({ code: "custom", path: ["carrierName"], message: "Nom du transporteur : 1 à 60 caractères." });
      if (!httpsLink(form.trackingLink))
        ctx.addIssue({ code: "custom", path: ["trackingLink"], message: "Lien de suivi : une adresse https:// complète." });
    }, ALWAYS)
    .transform((form) => ({
      lines: shipLines(form).lines,
      carrier: form.carrier,
      trackingNumber: form.trackingNumber,
      ...(form.carrier === "other" ? { other: { name: form.carrierName ?? "", link: httpsLink(form.trackingLink) ?? "" } } : {}),
    }));
}

/** A complete https:// address of at most 500 characters, normalised; undefined otherwise. */
function httpsLink(given: string | undefined): string | undefined {
  const url = given && URL.canParse(given) ? new URL(given) : null;
  return url && url.protocol === "https:" && given!.length <= 500 ? url.href : undefined;
}
export type ShipInput = z.output<ReturnType<typeof shipFormSchema>>;

// ---------------------------------------------------------------- the other forms

export const noteFormSchema = z.object({
  message: z
    .string({ error: `Écrivez une note de 1 à ${NOTE_MAX} caractères.` })
    .trim()
    .min(1, `Écrivez une note de 1 à ${NOTE_MAX} caractères.`)
    .max(NOTE_MAX, `Écrivez une note de 1 à ${NOTE_MAX} caractères.`),
});

/** Cancel: restock and notify (ticked by default), and a paid order's full refund. */
export const cancelFormSchema = z.object({ restock: checkbox, notify: checkbox, refund: checkbox });
export type CancelPlan = z.output<typeof cancelFormSchema>;

/** A store pickup handed over: which "ready" fulfilment (its id, sent by the page). */
export const pickedUpFormSchema = z.object({
  fulfillmentId: z.string({ error: "Retrait introuvable." }).refine(isPlatformId, "Retrait introuvable."),
});

/** The buttons that send nothing but their intent (capture, void, mark as paid, ready for pickup). */
export const buttonFormSchema = z.object({});
