import type { Route } from "./+types/account.orders.$id.facture";
import { memberCommerceOf } from "~/.server/wix/commerce.server";
import { memberInvoice } from "~/.server/orders/invoices.server";

/** The signed-in buyer's invoice for one of her paid orders (anyone else's order is a 404). */
export async function loader({ context, url, params }: Route.LoaderArgs) {
  const commerce = memberCommerceOf(context, url);
  return memberInvoice(commerce, params.id);
}
