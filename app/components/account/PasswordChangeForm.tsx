import { Form } from "react-router";
import type { FormAnswer } from "~/models/form-answer";
import { Section } from "~/components/Section";
import { FormKey } from "~/components/FormKey";
import { FormError } from "~/components/FormError";
import { PasswordField } from "./PasswordField";

type PasswordChangeFields = "currentPassword" | "newPassword" | "confirm";

/** The member's password change on /account: the current password first, then the new one twice. */
export function PasswordChangeForm({ answer, busy }: { answer?: FormAnswer<PasswordChangeFields>; busy: boolean }) {
  return (
    <Section id="password-title" title="Mot de passe" className="card">
      <Form method="post" noValidate>
        <FormKey />
        <input type="hidden" name="intent" value="password" />
        <FormError message={answer?.formError} />
        <PasswordField
          answer={answer}
          label="Mot de passe actuel"
          name="currentPassword"
          autoComplete="current-password"
          error={answer?.fieldErrors.currentPassword}
        />
        <PasswordField
          answer={answer}
          label="Nouveau mot de passe (8 caractères au moins)"
          name="newPassword"
          autoComplete="new-password"
          error={answer?.fieldErrors.newPassword}
        />
        <PasswordField
          answer={answer}
          label="Nouveau mot de passe, à nouveau"
          name="confirm"
          autoComplete="new-password"
          error={answer?.fieldErrors.confirm}
        />
        <button type="submit" disabled={busy}>
          Changer le mot de passe
        </button>
      </Form>
    </Section>
  );
}
