import { z } from "zod";
import { cleanText, textField } from "./fields";
import { COUNTRY_CODES, postalCodeError } from "./countries";

/**
 * A postal address: the one rule of every form that asks for one (the checkout's delivery and billing addresses, the
 * member's address on /account), so the same input gets the same French message everywhere.
 */

export interface PostalAddress {
  addressLine: string;
  postalCode: string;
  city: string;
  country: string;
}

/** The labels a fieldset gives its address fields (the messages name them). */
interface AddressLabels {
  line: string;
  postalCode: string;
  city: string;
}

export const ADDRESS_LABELS: AddressLabels = { line: "Adresse", postalCode: "Code postal", city: "Ville" };

/** The shape is the country's (checked below), so only presence, length and control characters are checked here. */
const postalCodeField = (label: string) =>
  z
    .string({ error: `${label} est obligatoire.` })
    .transform((v) => cleanText(v).toUpperCase())
    .pipe(z.string().min(1, `${label} est obligatoire.`).max(12, `${label} ne doit pas dépasser 12 caractères.`));

const countryField = z
  .string({ error: "Choisissez un pays." })
  .trim()
  .refine((v) => COUNTRY_CODES.has(v), "Choisissez un pays de la liste.");

/** A postal address under the labels of its fieldset. */
export function addressSchema(labels: AddressLabels = ADDRESS_LABELS) {
  return z
    .object({
      addressLine: textField(labels.line, 200),
      postalCode: postalCodeField(labels.postalCode),
      city: textField(labels.city, 100),
      country: countryField,
    })
    .superRefine((address, ctx) => {
      // A country not in the list has its own message; its postal code cannot be judged.
      if (!COUNTRY_CODES.has(address.country)) return;
      const postal = postalCodeError(address.postalCode, address.country);
      if (postal) ctx.addIssue({ code: "custom", path: ["postalCode"], message: postal });
    });
}

/** A member's saved address (Wix member `contact.addresses[]`), by its id there; the first is her default one. */
export interface SavedAddress extends PostalAddress {
  id: string;
}

/** How many addresses a member keeps (docs/decisions/0080-member-addresses-first-is-default.md). */
export const MAX_SAVED_ADDRESSES = 10;

/** A member's address on /account: added, or edited by its id; the checkout is prefilled with her default one. */
export const memberAddressSchema = addressSchema().safeExtend({ addressId: z.string().trim().max(100).optional() });

/** The address an action of the account page's list is about (default, delete). */
export const addressChoice = z.object({ addressId: z.string().trim().min(1, "Choisissez une adresse.").max(100) });
