import { z } from "zod";
import { canonicalEmail } from "./email";
import { cleanText, EMAIL_INVALID, textField } from "./fields";

/**
 * The account's e-mail and password fields (log-in, sign-up, forgotten password), and the log-in and sign-up forms:
 * one set of rules and one wording, on the server and in the browser. An account's e-mail is sent in its canonical
 * form; `emailField` (models/fields.ts) stays the rule of the checkout's and the contact form's e-mail.
 */

/**
 * An account's e-mail (log-in, sign-up, reset), sent in its canonical form (app/models/email.ts): "ＡＤＡ@Exemple.fr." and
 * "ada@exemple.fr" are one account, and an address with no canonical form (a Cyrillic letter in a Latin domain
 * name, a non-ASCII local part) is refused here with the usual message.
 */
export const accountEmailField = z
  .string({ error: "E-mail est obligatoire." })
  .transform((v) => cleanText(v))
  .pipe(z.string().min(1, "E-mail est obligatoire.").max(254, "E-mail ne doit pas dépasser 254 caractères."))
  .transform((v, ctx) => {
    const email = canonicalEmail(v);
    if (email) return email;
    ctx.addIssue({ code: "custom", message: EMAIL_INVALID });
    return z.NEVER;
  });

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

/** The account page's password change: the current password (checked by Wix as a login), the new one twice. */
const currentPasswordField = z
  .string({ error: "Saisissez votre mot de passe actuel." })
  .min(1, "Saisissez votre mot de passe actuel.")
  .max(200, "Mot de passe trop long.");

export const passwordChange = z
  .object({
    currentPassword: currentPasswordField,
    newPassword: newPasswordField,
    confirm: z.string(),
  })
  .refine((v) => v.newPassword === v.confirm, { path: ["confirm"], message: "Les deux mots de passe ne sont pas identiques." });

/** The account page's login e-mail change: the new address (proved next by a code sent to it), the current password. */
export const emailChange = z.object({
  newEmail: accountEmailField,
  currentPassword: currentPasswordField,
});

/** The 6-digit code e-mailed to prove an address (sign-up, login, a new login e-mail). */
export const verificationCode = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "Le code contient 6 chiffres."),
});
