import { elevatedClientAfterCheck } from "../admin/elevated-client.server";
import { getConfig } from "../site/config.server";
import { settlePayments } from "./client-quotes.server";
import { getQuote, withItsAnswer } from "./store.server";

/**
 * A quote's payment request paid, expired or voided, told by Wix's event (the webhook's signature is the check): the
 * quote is brought up to date at once (its invoice numbered and e-mailed, or the lapsed request noted) instead of at
 * its next read. The request's `source.externalId` names the quote version and the payment (`<version id>-acompte`,
 * `-solde`, set when the app made it); a request the app did not make is none of its business.
 */
export async function settleQuotePayment(request: { source?: { externalId?: string | null } | null }): Promise<void> {
  const match = /^(D-\d{4}-\d{4,}-v\d{1,3})-(acompte|solde)$/.exec(request.source?.externalId ?? "");
  if (!match || !getConfig().admin.apiKey) return;
  const admin = elevatedClientAfterCheck();
  const quote = await getQuote(admin, match[1]!);
  if (quote) await settlePayments(admin, await withItsAnswer(admin, quote));
}
