/** A date as the pages carry it (an ISO string): the SDK gives Date objects, some platform answers strings. */
export function isoDate(value: Date | string | null | undefined): string | undefined {
  if (value instanceof Date) return value.toISOString();
  return typeof value === "string" ? value : undefined;
}
