import type { ReactNode } from "react";
import { Form } from "react-router";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { FormError } from "~/components/FormError";
import { FormKey } from "~/components/FormKey";

/**
 * The card form of the sign-in pages (login, register, verify, forgot password): it posts to its own
 * route, carries the honeypot unless the page is only reachable mid-flow, shows the form-level error
 * above the fields (hidden inputs go in the children too) and ends with its one submit button.
 */
export function AuthForm({
  busy,
  submitLabel,
  formError,
  honeypot = true,
  afterSubmit,
  children,
}: {
  busy: boolean;
  submitLabel: string;
  formError?: string;
  honeypot?: boolean;
  /** Shown below the button, inside the card. */
  afterSubmit?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Form method="post" noValidate className="card">
      <FormKey />
      {honeypot ? <HoneypotInputs label="Ne pas remplir ce champ" /> : null}
      <FormError message={formError} />
      {children}
      <button type="submit" disabled={busy}>
        {submitLabel}
      </button>
      {afterSubmit}
    </Form>
  );
}
