import type { Route } from "./+types/devis.pdf";
import { clientQuote } from "~/.server/quotes/client-route.server";
import { quotePdfResponse } from "~/.server/quotes/owner-view.server";

// The quote's PDF behind its signed link.
export async function loader({ url }: Route.LoaderArgs) {
  return quotePdfResponse((await clientQuote(url)).quote);
}
