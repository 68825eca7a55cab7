import { formatPrice } from "~/lib/money";
import { clientTitle, effectiveStatus, QUOTE_STATUSES, quoteTotals, type QuoteRecord } from "~/models/quote";

/** What a list of quotes shows of one version (the owner's list, a member's "Mes devis"), its status as of `today`. */
export function quoteListRow(q: QuoteRecord, today: string) {
  return {
    number: q.number,
    version: q.version,
    client: clientTitle(q.client),
    total: formatPrice(quoteTotals(q).totalTtc / 100),
    status: QUOTE_STATUSES[effectiveStatus(q, today)],
  };
}
