// VAT as Wix's manual tax calculator computes it (Tax Groups, Tax Regions, Manual Tax Mappings): a line's rate is the
// one mapped to its product's tax group in the tax region of the line's taxable address. A country with no tax region
// collects no tax (NO_TAX_COLLECTED): goods leaving the EU are exempt (article 262 I of the French tax code). Prices
// include VAT: the rate decides how much of a price is VAT, never the price (docs/decisions/0082-vat-by-product.md).
import type { Ctx } from "../../core/context";
import { taxRatePercent } from "../../core/context";

/** Where the site's business is: lines taxed at the business address (services, pickups) use its regions. */
export const BUSINESS_COUNTRY = "FR";

interface MappingRow {
  tax_group_id: string;
  rate_percent: number;
}

/** Whether the site has tax regions at all: without any, one global manual rate applies everywhere. */
function hasTaxRegions(ctx: Ctx): boolean {
  return !!ctx.db.prepare("SELECT 1 FROM tax_regions LIMIT 1").get();
}

function defaultGroupId(ctx: Ctx): string | null {
  const row = ctx.db.prepare("SELECT id FROM tax_groups WHERE is_default = 1 LIMIT 1").get() as { id: string } | undefined;
  return row?.id ?? null;
}

/**
 * The rates of one country by tax group: null when the country has no tax region (no tax collected there); the global
 * rate for every group when the site has no regions.
 */
export interface CountryRates {
  country: string;
  /** False: no tax collected in this country (no tax region). */
  collected: boolean;
  rateOf(taxGroupId: string | null): number;
}

export function countryRates(ctx: Ctx, country: string): CountryRates {
  if (!hasTaxRegions(ctx)) {
    const rate = taxRatePercent(ctx);
    return { country, collected: true, rateOf: () => rate };
  }
  const region = ctx.db.prepare("SELECT id FROM tax_regions WHERE country = ?").get(country) as { id: string } | undefined;
  if (!region) return { country, collected: false, rateOf: () => 0 };
  const rows = ctx.db
    .prepare("SELECT tax_group_id, rate_percent FROM manual_tax_mappings WHERE tax_region_id = ?")
    .all(region.id) as MappingRow[];
  const byGroup = new Map(rows.map((r) => [r.tax_group_id, r.rate_percent]));
  const fallback = defaultGroupId(ctx);
  return {
    country,
    collected: true,
    rateOf: (group) => byGroup.get(group ?? fallback ?? "") ?? (fallback ? (byGroup.get(fallback) ?? 0) : 0),
  };
}

/** VAT inside an amount that includes it, at a rate in percent (rounded to the cent). */
export function taxIncluded(grossCents: number, ratePercent: number): number {
  return Math.round((grossCents * ratePercent) / (100 + ratePercent));
}

/** A rate as Wix writes it on the wire: a decimal fraction ("0.055" for 5.5 %). */
export function rateWire(ratePercent: number): string {
  return String(Math.round(ratePercent * 1000) / 100000);
}

/** "TVA 5,5 %": the name of a rate on the wire and on the documents. */
export function rateName(ratePercent: number): string {
  return `TVA ${String(ratePercent).replace(".", ",")} %`;
}

/** One rate's share of a set of totals: the gross amounts it taxes and the VAT inside them. */
export interface RateTotal {
  ratePercent: number;
  grossCents: number;
  taxCents: number;
}

/** Amounts by rate, highest rate first; exempt amounts (rate 0 of a country without tax) are kept apart by the caller. */
export function byRate(entries: { ratePercent: number; grossCents: number; taxCents: number }[]): RateTotal[] {
  const out = new Map<number, RateTotal>();
  for (const e of entries) {
    const t = out.get(e.ratePercent) ?? { ratePercent: e.ratePercent, grossCents: 0, taxCents: 0 };
    t.grossCents += e.grossCents;
    t.taxCents += e.taxCents;
    out.set(e.ratePercent, t);
  }
  return [...out.values()].sort((a, b) => b.ratePercent - a.ratePercent);
}
