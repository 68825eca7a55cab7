import type { Route } from "./+types/admin.devis.$number.pdf";
import { elevatedClientOf } from "~/.server/admin/owner.server";
import { ownerQuote, quotePdfResponse } from "~/.server/quotes/owner-view.server";

// The quote's PDF (`?facture=F-…`: one of its invoices), for the owner.
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const q = await ownerQuote(elevatedClientOf(context), params.number);
  const invoice = url.searchParams.get("facture");
  return quotePdfResponse(q, invoice === null ? undefined : invoice);
}
