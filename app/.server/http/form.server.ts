import { data } from "react-router";
import type { z } from "zod";
import type { FieldErrors, FieldsOf, FormAnswer, FormValues } from "~/models/form-answer";

const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/**
 * A submitted form as a plain object with no prototype (text fields only,
 * last value wins); a field named after the prototype chain is refused with a
 * 400, so no later merge or lookup can be steered through it.
 */
export async function formObject(request: Request): Promise<Record<string, string>> {
  const out = Object.create(null) as Record<string, string>;
  for (const [key, value] of await request.formData()) {
    if (FORBIDDEN_KEYS.has(key)) throw data("Champ de formulaire refusé.", { status: 400 });
    if (typeof value === "string") out[key] = value;
  }
  return out;
}

/** Like formObject, plus the repeated fields named in `lists` (checkbox groups) as arrays, capped at `max` each. */
export async function formWithLists(
  request: Request,
  lists: string[],
  max = 100,
): Promise<{ fields: Record<string, string>; lists: Record<string, string[]> }> {
  const fields = Object.create(null) as Record<string, string>;
  const out = Object.create(null) as Record<string, string[]>;
  for (const name of lists) out[name] = [];
  for (const [key, value] of await request.formData()) {
    if (FORBIDDEN_KEYS.has(key)) throw data("Champ de formulaire refusé.", { status: 400 });
    if (typeof value !== "string") continue;
    if (lists.includes(key)) {
      if (out[key]!.length < max && value.length <= 200) out[key]!.push(value);
    } else fields[key] = value;
  }
  return { fields, lists: out };
}

export type FormResult<T, F extends string> = { ok: true; data: T; values: FormValues<F> } | ({ ok: false } & FormAnswer<F>);

/**
 * Validates a submitted form with a zod schema (messages in French in the schema). `values` keeps what the user
 * typed, to refill the form on error; an issue about the whole form (no field) is the answer's `formError`.
 */
export function parseForm<S extends z.ZodType>(schema: S, formData: FormData): FormResult<z.output<S>, FieldsOf<S>> {
  type F = FieldsOf<S>;
  const values: Record<string, string> = {};
  for (const [key, value] of formData) if (typeof value === "string" && !(key in values)) values[key] = value;
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data, values: values as FormValues<F> };
  const fieldErrors: Record<string, string> = {};
  let formError: string | undefined;
  for (const issue of result.error.issues) {
    if (issue.path.length === 0) formError ??= issue.message;
    else fieldErrors[issue.path.join(".")] ??= issue.message;
  }
  return { ok: false, fieldErrors: fieldErrors as FieldErrors<F>, values: values as FormValues<F>, ...(formError ? { formError } : {}) };
}

/** Never sent back: a refused form shows its password fields empty (the page would otherwise write them in its HTML). */
const SECRET_FIELD = /password|^confirm$/i;

/**
 * The one way an action refuses a form: 400 with the form answer (app/models/form-answer.ts), secrets left out of
 * the values; `extra` tells which of a page's forms answered (`{ intent: "address" }`).
 */
export function refuseForm<F extends string, E extends string = F, X extends object = Record<never, never>>(
  answer: { values: FormValues<F>; fieldErrors?: FieldErrors<E>; formError?: string },
  extra?: X,
) {
  const values = Object.fromEntries(Object.entries(answer.values).filter(([name]) => !SECRET_FIELD.test(name)));
  const body = {
    fieldErrors: answer.fieldErrors ?? {},
    values,
    ...(answer.formError ? { formError: answer.formError } : {}),
  } as FormAnswer<F | E>;
  return data({ ...(extra as X), ...body }, { status: 400 });
}

/**
 * Refuses a form the schema let through, on what the server found wrong (a wrong current password, a change the
 * platform refused): the message beside its field when the refusal names one, for the whole form otherwise.
 */
export function refuseWith<F extends string, E extends string = never, X extends object = Record<never, never>>(
  values: FormValues<F>,
  refusal: { field?: E | null; message: string },
  extra?: X,
) {
  const answer = refusal.field
    ? { values, fieldErrors: { [refusal.field]: refusal.message } as FieldErrors<E> }
    : { values, formError: refusal.message };
  return refuseForm<F, E, X>(answer, extra);
}
