import { z } from "zod";
import { textField } from "~/models/fields";
import { COUNTRIES, postalCodeError } from "./cart-forms";

/** The postal address a member keeps in the profile (Wix member `contact.addresses[0]`), checked like the checkout's. */
export const memberAddressSchema = z
  .object({
    addressLine: textField("Adresse", 200),
    postalCode: textField("Code postal", 12).transform((v) => v.toUpperCase()),
    city: textField("Ville", 100),
    country: z
      .string({ error: "Choisissez un pays." })
      .trim()
      .refine((v) => COUNTRIES.some((c) => c.code === v), "Choisissez un pays de la liste."),
  })
  .superRefine((form, ctx) => {
    const postal = postalCodeError(form.postalCode, form.country);
    if (postal && COUNTRIES.some((c) => c.code === form.country)) ctx.addIssue({ code: "custom", path: ["postalCode"], message: postal });
  });

export type MemberAddress = z.infer<typeof memberAddressSchema>;
