import { Form } from "react-router";
import type { FormAnswer } from "~/models/form-answer";
import { Section } from "~/components/Section";
import { FormKey } from "~/components/FormKey";
import { FormError } from "~/components/FormError";
import { PasswordField } from "./PasswordField";

type PasswordChangeFields = "currentPassword" | "newPassword" | "confirm";

const FIELDS: { name: PasswordChangeFields; label: string; autoComplete: "current-password" | "new-password" }[] = [
  { name: "currentPassword", label: "Mot de passe actuel", autoComplete: "current-password" },
  { name: "newPassword", label: "Nouveau mot de passe (8 caractères au moins)", autoComplete: "new-password" },
  { name: "confirm", label: "Nouveau mot de passe, à nouveau", autoComplete: "new-password" },
];

/** The member's password change on /account: the current password first, then the new one twice. */
export function PasswordChangeForm({ answer, busy }: { answer?: FormAnswer<PasswordChangeFields>; busy: boolean }) {
  return (
    <Section id="password-title" title="Mot de passe" className="card">
      <Form method="post" noValidate>
        <FormKey />
        <input type="hidden" name="intent" value="password" />
        <FormError message={answer?.formError} />
        {FIELDS.map((field) => (
          <PasswordField key={field.name} answer={answer} {...field} error={answer?.fieldErrors[field.name]} />
        ))}
        <button type="submit" disabled={busy}>
          Changer le mot de passe
        </button>
      </Form>
    </Section>
  );
}
