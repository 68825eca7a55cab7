import { useRouteLoaderData } from "react-router";
import { FORM_KEY_FIELD } from "~/lib/form-key";

/**
 * The idempotency key of this page render (root loader), in every form that changes something: a second identical
 * POST from the same page is answered like the first without running again (server/idempotency.ts).
 */
export function FormKey() {
  const key = useRouteLoaderData<{ formKey?: string }>("root")?.formKey;
  return key ? <input type="hidden" name={FORM_KEY_FIELD} value={key} /> : null;
}
