import { data } from "react-router";

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
