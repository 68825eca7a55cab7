import { data } from "react-router";
import type { z } from "zod";
import type { FieldErrors } from "~/models/form-answer";

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

export type FormResult<T> =
  { ok: true; data: T; values: Record<string, string> } | { ok: false; fieldErrors: FieldErrors; values: Record<string, string> };

/**
 * Validates a submitted form with a zod schema (messages in French in the
 * schema). `values` keeps what the user typed, to refill the form on error.
 */
export function parseForm<S extends z.ZodType>(schema: S, formData: FormData): FormResult<z.infer<S>> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData) if (typeof value === "string" && !(key in values)) values[key] = value;
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data, values };
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const name = issue.path.join(".") || "form";
    fieldErrors[name] ??= issue.message;
  }
  return { ok: false, fieldErrors, values };
}
