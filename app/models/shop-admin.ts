import { z } from "zod";
import type { Money } from "./cart";
import { cleanText, directionControlMessage, hasDirectionControl } from "./fields";

/**
 * The owner's shop in /admin: products (visibility, price and price before, ribbon, stock per variant with the last
 * changes) and coupons, as the pages show them, and their forms as zod schemas (decision 0022).
 */

export interface StockLine {
  /** The variant (Catalog V3's or V1's id), and its V3 inventory item when the site runs V3. */
  variantId: string;
  inventoryItemId?: string;
  /** "Taille M · Noir", or "" for a product without options. */
  label: string;
  /** Units left; null when the stock is not counted (the product is only in or out of stock). */
  quantity: number | null;
  inStock: boolean;
}

export interface AdminProductRow {
  id: string;
  name: string;
  slug: string;
  visible: boolean;
  ribbon: string;
  price: Money;
  /** The price before, shown struck through, when it is higher. */
  compareAt?: Money;
  stock: StockLine[];
}

export interface HistoryEntry {
  date: string;
  text: string;
}

export interface AdminProductDetail extends AdminProductRow {
  /** Catalog V3's revision, sent back with each change (Wix refuses a stale one). */
  revision: string;
  history: HistoryEntry[];
}

export interface AdminCouponRow {
  id: string;
  name: string;
  code: string;
  /** "10 %" or "5,00 €". */
  discount: string;
  minimum?: string;
  start?: string;
  end?: string;
  uses: number;
  usageLimit?: number;
  oncePerCustomer: boolean;
  active: boolean;
  expired: boolean;
}

/** The variants at or under this many units are "low stock" (the storefront says "plus que N" from the same number). */
export { LOW_STOCK_MAX } from "./availability";

// ---------------------------------------------------------------- forms

const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on");

/** A price as the owner types it: "39,90", "39.90" or "39"; in euros, 0 to 1 000 000 excluded. */
const price = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .transform((v) => v.replace(/\s/g, "").replace(",", "."))
    .pipe(z.string().regex(/^\d{1,6}(\.\d{1,2})?$/, message))
    .transform(Number);

const optionalPrice = (message: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(price(message).optional());

/** A text the shop shows its customers: bounded, and no invisible character that would reverse or hide what follows. */
const shown = (label: string, max: number, tooLong: string) =>
  z
    .string()
    .max(max, tooLong)
    .refine((v) => !hasDirectionControl(v), directionControlMessage(label));

export const PRICE_MESSAGE = "Prix en euros, par exemple 39,90.";

export const productForm = z
  .object({
    visible: checkbox,
    price: price(PRICE_MESSAGE),
    compareAt: optionalPrice("Prix barré en euros, par exemple 49,90, ou laissez vide."),
    // Shown to every visitor beside the product: a control character is dropped, an invisible reversal refused.
    ribbon: z
      .string()
      .optional()
      .transform((v) => cleanText(v ?? ""))
      .pipe(shown("Le ruban", 30, "Le ruban tient en 30 caractères au plus.")),
    revision: z.string().max(40).default(""),
  })
  .superRefine((form, ctx) => {
    if (form.compareAt !== undefined && form.compareAt <= form.price)
      ctx.addIssue({ code: "custom", path: ["compareAt"], message: "Le prix barré doit être plus élevé que le prix." });
  });
export type ProductInput = z.output<typeof productForm>;

const units = (min: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,5}$/, message)
    .transform(Number)
    .refine((n) => n >= min, message);

/** One variant's stock: a level set (an inventory count), or an arrival added to what is left. */
export const stockForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("stock-set"),
    variantId: z.string().min(1).max(100),
    quantity: units(0, "Stock : un nombre entier de 0 à 99 999."),
  }),
  z.object({
    intent: z.literal("stock-add"),
    variantId: z.string().min(1).max(100),
    arrival: units(1, "Arrivage : un nombre entier de 1 à 99 999."),
  }),
]);
export type StockInput = z.output<typeof stockForm>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/**
 * A day of the calendar, "YYYY-MM-DD", from the year 2000: Date.UTC (parisDayMs) would roll 2026-02-31 over to 3 March
 * and read the years 0 to 99 as 1900 to 1999, so a day is taken only if it reads back the same.
 */
function calendarDay(v: string): boolean {
  const at = Date.parse(`${v}T00:00:00Z`);
  return DAY.test(v) && v >= "2000" && Number.isFinite(at) && new Date(at).toISOString().slice(0, 10) === v;
}

export const couponForm = z
  .object({
    // Shown to buyers in the cart, the order and the invoice.
    name: z
      .string()
      .transform((v) => cleanText(v))
      .pipe(
        shown("Le nom du code promo", 100, "Donnez un nom au code promo (100 caractères au plus).").min(
          1,
          "Donnez un nom au code promo (100 caractères au plus).",
        ),
      ),
    code: z
      .string()
      .trim()
      .transform((v) => v.toUpperCase())
      .pipe(z.string().regex(/^[A-Z0-9_-]{3,20}$/, "Code : 3 à 20 lettres, chiffres, tirets ou soulignés.")),
    kind: z.enum(["percent", "amount"], { error: "Choisissez une remise en pourcentage ou en euros." }),
    value: price("Valeur de la remise : un nombre, par exemple 10 ou 5,50."),
    minimum: optionalPrice("Sous-total minimum en euros, ou laissez vide."),
    start: z.string().refine(calendarDay, "Date de début : choisissez un jour."),
    end: z
      .string()
      .optional()
      .transform((v) => (v ? v : undefined))
      .pipe(z.string().refine(calendarDay, "Date de fin : choisissez un jour, ou laissez vide.").optional()),
    usageLimit: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : undefined))
      .pipe(units(1, "Nombre total d'utilisations : un nombre entier à partir de 1, ou laissez vide.").optional()),
    oncePerCustomer: checkbox,
  })
  .superRefine((form, ctx) => {
    if (form.value <= 0 || (form.kind === "percent" && form.value > 100))
      ctx.addIssue({ code: "custom", path: ["value"], message: "Valeur de la remise : plus de 0, et 100 % au plus." });
    if (form.end && form.end < form.start)
      ctx.addIssue({ code: "custom", path: ["end"], message: "La date de fin vient après la date de début." });
  });
export type CouponInput = z.output<typeof couponForm>;

export const couponIntentForm = z.object({
  intent: z.enum(["pause", "resume", "delete"]),
  couponId: z.string().min(1).max(100),
  code: z.string().max(20).default(""),
  confirmed: z.string().optional(),
});

/** The most an order paid on delivery may cost, in euros; 0 turns pay on delivery off (decision 0077). */
export const payOnDeliveryForm = z.object({
  ceiling: price("Plafond en euros, par exemple 300, ou 0 pour ne plus proposer le paiement à la livraison."),
});
