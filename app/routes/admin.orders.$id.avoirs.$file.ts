import type { Route } from "./+types/admin.orders.$id.avoirs.$file";
import { ownerOf } from "~/.server/admin/owner.server";

/** The owner opens one of an order's credit notes (`AV-2026-0001.pdf`), one per refund. */
export async function loader({ context, params }: Route.LoaderArgs) {
  return ownerOf(context).orders.creditNote(params.id, params.file);
}
