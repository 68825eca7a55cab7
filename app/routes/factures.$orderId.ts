import type { Route } from "./+types/factures.$orderId";
import { documentAsked, linkedInvoice } from "~/.server/orders/invoices.server";

/**
 * The invoice behind the signed link of the buyer's e-mail or follow page, or one of its credit notes
 * (`&avoir=AV-2026-0001`): no account needed (decision 0040).
 */
export async function loader({ url, params }: Route.LoaderArgs) {
  return linkedInvoice(params.orderId, url.searchParams.get("jeton"), documentAsked(url.searchParams.get("avoir")));
}
