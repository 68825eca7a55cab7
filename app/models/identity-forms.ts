import { z } from "zod";
import { emailField, textField } from "./fields";

/**
 * The account's e-mail and password fields (log-in, sign-up, forgotten password), and the log-in and sign-up forms:
 * one set of rules and one wording, on the server and in the browser. The e-mail rule itself is `emailField`
 * (models/fields.ts), shared with the checkout and the contact form.
 */

/** An account's e-mail (log-in, sign-up, reset): the platform matches it in lower case. */
export const accountEmailField = emailField.transform((v) => v.toLowerCase());

/** The password of an existing account: anything not empty, bounded. */
const passwordField = z
  .string({ error: "Saisissez votre mot de passe." })
  .min(1, "Saisissez votre mot de passe.")
  .max(200, "Mot de passe trop long.");

/** A password being chosen (sign-up): the platform's own bounds, 8 to 200 characters. */
const newPasswordField = z
  .string({ error: "Le mot de passe doit contenir au moins 8 caractères." })
  .min(8, "Le mot de passe doit contenir au moins 8 caractères.")
  .max(200, "Mot de passe trop long (200 caractères au plus).");

/** The site's own login form. */
export const passwordLogin = z.object({
  email: accountEmailField,
  password: passwordField,
});

/** The site's own sign-up form. */
export const registration = z
  .object({
    firstName: textField("Le prénom", 60),
    lastName: textField("Le nom", 60),
    email: accountEmailField,
    password: newPasswordField,
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { path: ["confirm"], message: "Les deux mots de passe ne sont pas identiques." });
