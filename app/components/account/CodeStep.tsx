import type { ReactNode } from "react";
import { Field } from "~/components/Field";
import { AuthForm } from "~/components/account/AuthForm";
import { useFormAnswer } from "~/hooks/use-form-answer";
import type { AnswerField } from "~/models/form-answer";

/**
 * The page that asks for a 6-digit code e-mailed to `email` (sign-up, change of login address): only reached mid-flow,
 * so its form carries no honeypot. `note` ends the paragraph about the code; `children` come below the form.
 */
export function CodeStep<A>({
  title,
  email,
  note,
  submitLabel,
  actionData,
  children,
}: {
  title: string;
  email: string;
  note?: string;
  submitLabel: string;
  /** The action's answer: among its refusals, the one of a form with the `code` field. */
  actionData: A & ("code" extends AnswerField<A> ? unknown : never);
  children?: ReactNode;
}) {
  const { busy, bind, formError } = useFormAnswer(actionData);
  return (
    <div className="narrow auth-page">
      <h1>{title}</h1>
      <p>
        Un code à 6 chiffres vient d'être envoyé à <strong>{email}</strong>. Il est valable 15 minutes.{note ? ` ${note}` : null}
      </p>
      <AuthForm busy={busy} submitLabel={submitLabel} formError={formError} honeypot={false}>
        <Field label="Code de vérification" {...bind("code" as AnswerField<A>)} inputMode="numeric" autoComplete="one-time-code" required />
      </AuthForm>
      {children}
    </div>
  );
}
