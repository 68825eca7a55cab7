import type { Route } from "./+types/admin.orders.$id.facture";
import { commerceOf } from "~/.server/commerce.server";
import { ownerInvoice } from "~/.server/invoices.server";
import { requireOwner } from "~/.server/owner.server";

/** The owner opens any paid order's invoice (recorded through orderInvoices the first time). */
export async function loader({ context, url, params }: Route.LoaderArgs) {
  return ownerInvoice(await requireOwner(commerceOf(context), url), params.id);
}
