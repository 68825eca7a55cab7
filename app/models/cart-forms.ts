import { z } from "zod";
import { cleanText, optionalPhoneField, quantityField, textField } from "~/lib/forms";
import { emailField } from "./identity-forms";
import { businessBuyerFields } from "./business-buyer";
import { COUNTRY_CODES, postalCodeError } from "./countries";
export { COUNTRIES, countryName, DEFAULT_COUNTRY, postalCodeError } from "./countries";
// Zod-free, so browser code imports them from their own modules (this one would bring zod along).
export { acceptedQuantity } from "~/lib/quantity";
export { availabilityProblem, stockProblem } from "./availability";

/**
 * Form contracts of the cart and checkout pages. Isomorphic on purpose: the
 * server validates with them and the browser uses the same helpers to decide
 * what it may show optimistically, so both sides always agree.
 */

// ---------------------------------------------------------------- cart

/** Line ids come from our own page; anything else is tampering or a stale page. */
const lineIdField = z
  .string({ error: "Article inconnu." })
  .trim()
  .min(1, "Article inconnu.")
  .max(100, "Article inconnu.")
  .regex(/^[A-Za-z0-9_-]+$/, "Article inconnu.");

/**
 * `quantityField`, guarded against digit strings too long for a safe integer
 * (zod's own English "Too big" message would leak through otherwise). 0 is allowed: a buyer who types 0 in the
 * cart means "remove this line" (issue 29.7), and the action removes it.
 */
export const cartQuantityField = quantityField(99, 0);

export const COUPON_MAX = 64;

export const couponField = z
  .string({ error: "Saisissez un code promo." })
  .transform((v) => cleanText(v))
  .pipe(z.string().min(1, "Saisissez un code promo.").max(COUPON_MAX, `Le code promo ne doit pas dépasser ${COUPON_MAX} caractères.`));

export const cartActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("update"), lineId: lineIdField, quantity: cartQuantityField }),
    z.object({ intent: z.literal("remove"), lineId: lineIdField }),
    z.object({ intent: z.literal("coupon"), code: couponField }),
    z.object({ intent: z.literal("remove-coupon") }),
  ],
  { error: "Action inconnue." },
);

export type CartActionInput = z.infer<typeof cartActionSchema>;

// ---------------------------------------------------------------- checkout

const countryField = z
  .string({ error: "Choisissez un pays." })
  .trim()
  .refine((v) => COUNTRY_CODES.has(v), "Choisissez un pays de la liste.");

const postalCodeField = (label: string) =>
  z
    .string({ error: `${label} est obligatoire.` })
    .transform((v) => cleanText(v).toUpperCase())
    .pipe(z.string().min(1, `${label} est obligatoire.`).max(12, `${label} ne doit pas dépasser 12 caractères.`));

const optional = <T extends z.ZodType>(schema: T) => z.union([z.literal("").transform(() => undefined), schema]).optional();

export const TERMS_REQUIRED = "Cochez la case pour accepter les conditions générales de vente.";
export const WAIVER_REQUIRED =
  "Votre commande contient un contenu numérique ou une prestation : cochez cette case pour en demander l'exécution immédiate.";

/** A postal address under the labels of its fieldset (the same rules for the delivery and the billing address). */
const addressSchema = (labels: { line: string; postalCode: string; city: string }) =>
  z
    .object({
      addressLine: textField(labels.line, 200),
      postalCode: postalCodeField(labels.postalCode),
      city: textField(labels.city, 100),
      country: countryField,
    })
    .superRefine((address, ctx) => {
      const postal = postalCodeError(address.postalCode, address.country);
      if (postal) ctx.addIssue({ code: "custom", path: ["postalCode"], message: postal });
    });

const mainAddressSchema = addressSchema({ line: "Adresse", postalCode: "Code postal", city: "Ville" });
const billingSchema = addressSchema({
  line: "Adresse de facturation",
  postalCode: "Code postal de facturation",
  city: "Ville de facturation",
});

type RawCheckout = Partial<Record<"addressLine" | "postalCode" | "city" | "country", string>> & {
  billingAddressLine?: string;
  billingPostalCode?: string;
  billingCity?: string;
  billingCountry?: string;
};

const mainAddressOf = (form: RawCheckout) => ({
  addressLine: form.addressLine ?? "",
  postalCode: form.postalCode ?? "",
  city: form.city ?? "",
  country: form.country ?? "",
});

const billingAddressOf = (form: RawCheckout) => ({
  addressLine: form.billingAddressLine ?? "",
  postalCode: form.billingPostalCode ?? "",
  city: form.billingCity ?? "",
  country: form.billingCountry ?? "",
});

/**
 * The checkout form. Billing fields are always in the page without JS (the
 * checkbox only decides whether they are used), so they are validated only
 * when "same billing address" is unchecked.
 *
 * `isPickup` says whether a shipping code (the one submitted, or none: the
 * default) is collected by the buyer. The server decides it from the platform's
 * options, never from the form. A pickup has no delivery address: the main
 * address fields are then the billing address ("same billing address"
 * checked, as the page shows with scripts) or not needed at all (unchecked:
 * the billing fields are the billing address).
 */
export function checkoutSchemaFor(isPickup: (shippingCode: string | undefined) => boolean) {
  const needsMainAddress = (form: { shippingCode?: string; sameBilling?: string }) => !isPickup(form.shippingCode) || !!form.sameBilling;
  return z
    .object({
      email: emailField,
      firstName: textField("Prénom", 80),
      lastName: textField("Nom", 80),
      // Optional: a carrier or the owner may need to call about a delivery or a service.
      phone: optionalPhoneField(),
      ...businessBuyerFields,
      addressLine: z.string().optional(),
      postalCode: z.string().optional(),
      city: z.string().optional(),
      country: z.string().optional(),
      shippingCode: optional(
        z
          .string()
          .trim()
          .max(100)
          .regex(/^[A-Za-z0-9_-]+$/, "Choisissez un mode de livraison."),
      ),
      sameBilling: z.string().optional(),
      billingAddressLine: z.string().optional(),
      billingPostalCode: z.string().optional(),
      billingCity: z.string().optional(),
      billingCountry: z.string().optional(),
      // The CGV must be accepted before ordering; the withdrawal waiver is checked by the action (digital lines only).
      acceptTerms: z.literal("on", { error: TERMS_REQUIRED }),
      waiveWithdrawal: z.string().optional(),
    })
    .superRefine(
      (form, ctx) => {
        const report = (result: z.ZodSafeParseResult<PostalAddress>, prefix: "" | "billing") => {
          for (const issue of result.error?.issues ?? []) {
            const key = String(issue.path[0] ?? "addressLine");
            const path = prefix ? `${prefix}${key[0]!.toUpperCase()}${key.slice(1)}` : key;
            ctx.addIssue({ code: "custom", path: [path], message: issue.message });
          }
        };
        if (needsMainAddress(form)) report(mainAddressSchema.safeParse(mainAddressOf(form)), "");
        if (!form.sameBilling) report(billingSchema.safeParse(billingAddressOf(form)), "billing");
        // Run even when another field failed: every wrong address field is shown at once, as before the split.
      },
      { when: () => true },
    )
    .transform((form) => {
      // Both parses succeed here: superRefine checked the addresses in use.
      const main = needsMainAddress(form) ? mainAddressSchema.parse(mainAddressOf(form)) : null;
      const billing = form.sameBilling ? main! : billingSchema.parse(billingAddressOf(form));
      return {
        email: form.email,
        firstName: form.firstName,
        lastName: form.lastName,
        ...(form.phone ? { phone: form.phone } : {}),
        company: form.company,
        vatNumber: form.vatNumber,
        /** Null for a pickup: nothing is delivered. */
        shipping: isPickup(form.shippingCode) ? null : main,
        billing,
        sameBilling: !!form.sameBilling,
        shippingCode: form.shippingCode,
        waiveWithdrawal: form.waiveWithdrawal === "on",
      };
    });
}

/** The checkout form when no shipping option is a pickup. */
export const checkoutSchema = checkoutSchemaFor(() => false);

export interface PostalAddress {
  addressLine: string;
  postalCode: string;
  city: string;
  country: string;
}

export type CheckoutInput = z.infer<typeof checkoutSchema>;

/** Every field of the checkout form, to refill it (typed values or a member's details). */
export type CheckoutValues = Partial<
  Record<
    | "email"
    | "firstName"
    | "lastName"
    | "phone"
    | "addressLine"
    | "postalCode"
    | "city"
    | "country"
    | "shippingCode"
    | "sameBilling"
    | "billingAddressLine"
    | "billingPostalCode"
    | "billingCity"
    | "billingCountry"
    | "acceptTerms"
    | "waiveWithdrawal",
    string
  >
>;
