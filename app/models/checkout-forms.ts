import { z } from "zod";
import { businessBuyerFields } from "./business-buyer";
import { addressSchema, ADDRESS_LABELS, type PostalAddress } from "./address";
import { emailField, idField, optionalPhoneField, textField } from "./fields";
import type { FieldErrors, FormValues } from "./form-answer";

/**
 * The checkout form's contract: the server validates with it, the page's values and errors are typed by its field
 * names (`CheckoutField`), so a renamed field is a type error on both sides.
 */

const TERMS_REQUIRED = "Cochez la case pour accepter les conditions générales de vente.";
export const WAIVER_REQUIRED =
  "Votre commande contient un contenu numérique ou une prestation : cochez cette case pour en demander l'exécution immédiate.";
export const SHIPPING_NOT_OFFERED = "Choisissez un mode de livraison de la liste.";

const mainAddressSchema = addressSchema(ADDRESS_LABELS);
const billingSchema = addressSchema({
  line: "Adresse de facturation",
  postalCode: "Code postal de facturation",
  city: "Ville de facturation",
});

/** Every field the form posts, as typed. Addresses are checked below, once the form says which ones are in use. */
const checkoutFields = z.object({
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
  // Empty: the platform's default option.
  shippingCode: z.union([z.literal("").transform(() => undefined), idField("Choisissez un mode de livraison.")]).optional(),
  sameBilling: z.string().optional(),
  billingAddressLine: z.string().optional(),
  billingPostalCode: z.string().optional(),
  billingCity: z.string().optional(),
  billingCountry: z.string().optional(),
  // The CGV must be accepted before ordering; the withdrawal waiver only when the cart has digital lines.
  acceptTerms: z.literal("on", { error: TERMS_REQUIRED }),
  waiveWithdrawal: z.string().optional(),
});

/** The checkout form's field names. */
export type CheckoutField = keyof z.input<typeof checkoutFields>;

/** Every field of the checkout form, to refill it (typed values or a member's details). */
export type CheckoutValues = FormValues<CheckoutField>;

/** The checkout form's errors, by field. */
export type CheckoutErrors = FieldErrors<CheckoutField>;

type RawCheckout = z.output<typeof checkoutFields>;

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

/** What the server knows of this checkout and never takes from the form. */
interface CheckoutFacts {
  /** The shipping options the platform offers (none: every line is digital); unset: any code is taken as offered. */
  shippingOptions?: ReadonlyArray<{ code: string; pickup: boolean }>;
  /** The platform's default option, used when the form sends none. */
  defaultShipping?: string;
  /** The cart has digital lines: the buyer must ask for immediate delivery and waive the withdrawal right. */
  digital?: boolean;
}

/**
 * The checkout form. Billing fields are always in the page without JS (the checkbox only decides whether they are
 * used), so they are validated only when "same billing address" is unchecked.
 *
 * A pickup (decided from the platform's options, never from the form) has no delivery address: the main address
 * fields are then the billing address ("same billing address" checked, as the page shows with scripts) or not needed
 * at all (unchecked: the billing fields are the billing address).
 */
export function checkoutSchemaFor(facts: CheckoutFacts = {}) {
  const option = (code: string | undefined) => facts.shippingOptions?.find((o) => o.code === (code ?? facts.defaultShipping));
  const isPickup = (code: string | undefined) => !!option(code)?.pickup;
  const needsMainAddress = (form: RawCheckout) => !isPickup(form.shippingCode) || !!form.sameBilling;
  return checkoutFields
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
        if (form.shippingCode && facts.shippingOptions && !option(form.shippingCode)) {
          ctx.addIssue({ code: "custom", path: ["shippingCode"], message: SHIPPING_NOT_OFFERED });
        }
        // French law asks for the buyer's express request and waiver before digital content is delivered at once.
        if (facts.digital && form.waiveWithdrawal !== "on") {
          ctx.addIssue({ code: "custom", path: ["waiveWithdrawal"], message: WAIVER_REQUIRED });
        }
        // Run even when another field failed: every wrong field is shown at once.
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
        shippingCode: form.shippingCode ?? facts.defaultShipping,
        waiveWithdrawal: form.waiveWithdrawal === "on",
      };
    });
}

/** The checkout form when no shipping option is a pickup and nothing is digital. */
export const checkoutSchema = checkoutSchemaFor();

export type CheckoutInput = z.infer<typeof checkoutSchema>;
