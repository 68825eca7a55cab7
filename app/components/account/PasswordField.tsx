import type { ComponentProps } from "react";
import { Field } from "~/components/Field";
import { useResetKey } from "~/hooks/use-reset-key";

/**
 * A required password input that starts empty again after each answer of the form's action (`answer`): with
 * JavaScript as without, where the server-rendered page never refills it.
 */
export function PasswordField({ answer, ...field }: { answer: unknown } & ComponentProps<typeof Field>) {
  const resetKey = useResetKey(answer);
  return <Field key={resetKey} type="password" required {...field} />;
}
