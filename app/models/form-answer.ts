import type { z } from "zod";

/**
 * What an action answers when it refuses a form (HTTP 400), the one contract of every form of the site
 * (docs/decisions/0022-form-answer-contract.md): the French message beside each field, the message above the form,
 * and what was typed (secrets never), so the page comes back filled with JavaScript as without. `F` is the form's
 * field names: a page that reads a field its form does not have, or no longer has, is a type error.
 */
export interface FormAnswer<F extends string = string> {
  fieldErrors: FieldErrors<F>;
  formError?: string;
  values: FormValues<F>;
  /**
   * Never sent (types only): the form's field names, so that the answers of different forms stay apart in a route's
   * union of answers (their optional keys alone would let TypeScript fold one into the other).
   */
  readonly fields?: readonly F[];
}

export type FieldErrors<F extends string = string> = Partial<Record<F, string>>;
export type FormValues<F extends string = string> = Partial<Record<F, string>>;

type KeysOfUnion<T> = T extends unknown ? keyof T : never;

/** The field names of a form's schema: the keys of what it reads, in every branch of a union. */
export type FieldsOf<S extends z.ZodType> = KeysOfUnion<z.input<S>> & string;

/** The field names of the form answers among an action's answers (never when it has none). */
export type AnswerField<A> = A extends { fieldErrors: unknown; fields?: readonly (infer F)[] } ? F & string : never;

/** The form answer among an action's answers (a redirect, a confirmation step, nothing yet): undefined when it is not one. */
export function formAnswerOf<A>(answer: A): FormAnswer<AnswerField<A>> | undefined {
  if (typeof answer !== "object" || answer === null || !("fieldErrors" in answer) || !("values" in answer)) return undefined;
  return answer as unknown as FormAnswer<AnswerField<A>>;
}

/** What a field needs from the answer: its name, the value typed (else `fallback`, e.g. the saved profile), its error. */
export function fieldProps<F extends string>(answer: FormAnswer<F> | undefined, name: NoInfer<F>, fallback?: string) {
  return { name, defaultValue: answer?.values[name] ?? fallback, error: answer?.fieldErrors[name] };
}
