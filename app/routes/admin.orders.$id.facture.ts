import type { Route } from "./+types/admin.orders.$id.facture";
import { ownerInvoice } from "~/.server/orders/invoices.server";
import { elevatedClientOf } from "~/.server/admin/owner.server";

/** The owner opens any paid order's invoice (recorded through orderInvoices the first time). */
export async function loader({ context, params }: Route.LoaderArgs) {
  return ownerInvoice(elevatedClientOf(context), params.id);
}
