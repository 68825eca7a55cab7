import type { VatBreakdown } from "./cart";

export type { VatBreakdown };

/** The invoice's and the pages' mention for goods shipped outside the EU. */
export const EXPORT_EXEMPTION = "Exonération de TVA, article 262 I du CGI";

export const NO_VAT: VatBreakdown = { rates: [], exempt: false };
