import type { Route } from "./+types/devis.facture";
import { clientQuote } from "~/.server/quotes/client-route.server";
import { quotePdfResponse } from "~/.server/quotes/owner-view.server";

// One invoice of the quote's payments (`numero`), behind the quote's signed link: another quote's invoice is a 404.
export async function loader({ url }: Route.LoaderArgs) {
  return quotePdfResponse((await clientQuote(url)).quote, url.searchParams.get("numero") ?? "");
}
