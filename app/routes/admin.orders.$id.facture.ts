import type { Route } from "./+types/admin.orders.$id.facture";
import { ownerOf } from "~/.server/admin/owner.server";

/** The owner opens any paid order's invoice (recorded through orderInvoices the first time). */
export async function loader({ context, params }: Route.LoaderArgs) {
  return ownerOf(context).orders.invoice(params.id);
}
