/** Days as the owner lives them (Europe/Paris, summer time included), for the dashboard's and the export's periods. */

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** A yyyy-mm-dd that is a real day, or null. */
export function validDay(value: string | null): string | null {
  if (!value || !DAY_RE.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : null;
}

/**
 * The UTC instant a Paris day starts at. Paris is ahead of UTC at that day's UTC midnight by the same offset as at
 * its local midnight: the clocks change at 01:00 UTC, after both.
 */
export function parisDayStart(day: string): string {
  const midnight = new Date(`${day}T00:00:00Z`);
  const paris = new Date(midnight.toLocaleString("en-US", { timeZone: "Europe/Paris" }));
  const utc = new Date(midnight.toLocaleString("en-US", { timeZone: "UTC" }));
  return new Date(midnight.getTime() - (paris.getTime() - utc.getTime())).toISOString();
}

export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** Today in Paris, as yyyy-mm-dd. */
export function parisToday(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}
