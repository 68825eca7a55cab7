import type { Route } from "./+types/admin.devis.$number.pdf";
import { ownerOf } from "~/.server/admin/owner.server";

// The quote's PDF (`?facture=F-…`: one of its invoices), for the owner.
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const invoice = url.searchParams.get("facture");
  return ownerOf(context).quotes.pdf(params.number, invoice === null ? undefined : invoice);
}
