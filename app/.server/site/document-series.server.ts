import type { ElevatedClient } from "../admin/elevated-client.server";

/**
 * The numbering of the site's legal documents on chronological, continuous series per year (CGI ann. II art. 242
 * nonies A: unique, chronological, no gap; one series per year is allowed): the quotes' invoices `F-2026-0001` and
 * the store's credit notes `AV-2026-0001`. Each document is an item of a Wix Data collection of the site whose id is
 * its number, so a number is given once (an insert of a taken id fails, WDE0074), whichever replica asks at the same
 * moment, and every number given is a document: no gap.
 */

/** Wix Data's answer to an insert whose id is already taken. */
export const isTaken = (error: unknown) =>
  (error as { details?: { applicationError?: { code?: string } } })?.details?.applicationError?.code === "WDE0074";

export const seriesNumber = (prefix: string, year: number, seq: number) => `${prefix}-${year}-${String(seq).padStart(4, "0")}`;

/** The year of the series a document issued at this moment belongs to (Paris time: the owner's calendar). */
export const seriesYear = (issuedAt: Date) =>
  Number(new Intl.DateTimeFormat("en", { timeZone: "Europe/Paris", year: "numeric" }).format(issuedAt));

/** The next number of the year's series in `collection`, given to `fields` (retried when another took it meanwhile). */
export async function numberInSeries(
  admin: ElevatedClient,
  series: { collection: string; prefix: string },
  fields: Record<string, unknown>,
  issuedAt: Date,
): Promise<string> {
  const year = seriesYear(issuedAt);
  for (let attempt = 0; attempt < 8; attempt++) {
    const last = await admin.items.query(series.collection).eq("year", year).descending("seq").limit(1).find();
    const seq = Number(last.items[0]?.seq ?? 0) + 1;
    const number = seriesNumber(series.prefix, year, seq);
    try {
      await admin.items.insert(series.collection, { _id: number, year, seq, ...fields });
      return number;
    } catch (error) {
      if (!isTaken(error)) throw error;
    }
  }
  throw new Error(`${series.prefix} number not given after 8 attempts`);
}
