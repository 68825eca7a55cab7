/** A date as the pages carry it (an ISO string): the SDK gives Date objects, some platform answers strings. */
export function isoDate(value: Date | string | null | undefined): string | undefined {
  if (value instanceof Date) return value.toISOString();
  return typeof value === "string" ? value : undefined;
}

/** "12 mars 2026": a day as the pages and documents write it, in Paris time. */
export const parisLongDate = new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeZone: "Europe/Paris" });
