import { Form } from "react-router";
import { Field } from "~/components/Field";
import { fieldProps, type FormAnswer } from "~/models/form-answer";
import { Section } from "~/components/Section";
import { FormKey } from "~/components/FormKey";
import { FormError } from "~/components/FormError";
import { PasswordField } from "./PasswordField";

/**
 * The member's login e-mail change on /account: the new address and the current password; a code sent to the new
 * address proves it next (/account/email).
 */
export function EmailChangeForm({
  email,
  verified,
  answer,
  busy,
}: {
  email: string;
  verified: boolean;
  answer?: FormAnswer<"newEmail" | "currentPassword">;
  busy: boolean;
}) {
  return (
    <Section id="email-title" title="Adresse e-mail de connexion" className="card">
      <p className="muted">
        Actuelle : <strong>{email}</strong>
        {verified ? "" : " (pas encore vérifiée : le code envoyé à cette adresse vous sera demandé à la connexion)"}. Un code envoyé à la
        nouvelle adresse la confirmera.
      </p>
      <Form method="post" noValidate>
        <FormKey />
        <input type="hidden" name="intent" value="email" />
        <FormError message={answer?.formError} />
        <Field label="Nouvelle adresse e-mail" type="email" {...fieldProps(answer, "newEmail")} autoComplete="email" required />
        <PasswordField
          answer={answer}
          label="Mot de passe actuel"
          name="currentPassword"
          autoComplete="current-password"
          error={answer?.fieldErrors.currentPassword}
        />
        <button type="submit" disabled={busy}>
          Changer l'adresse e-mail
        </button>
      </Form>
    </Section>
  );
}
