import type { Route } from "./+types/account.orders.$id.avoirs.$file";
import { memberCommerceOf } from "~/.server/wix/commerce.server";
import { creditNoteFile, memberInvoice } from "~/.server/orders/invoices.server";

/** The signed-in buyer's credit note (`AV-2026-0001.pdf`) for a refund of one of her orders (anyone else's is a 404). */
export async function loader({ context, url, params }: Route.LoaderArgs) {
  const asked = creditNoteFile(params.file);
  const commerce = memberCommerceOf(context, url);
  return memberInvoice(commerce, params.id, asked);
}
