/** Errors of a refused form, by field name (one French message each). */
export type FieldErrors = Record<string, string>;
