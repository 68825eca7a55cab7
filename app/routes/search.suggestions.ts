import { data } from "react-router";
import type { Route } from "./+types/search.suggestions";
import { commerceOf } from "~/.server/wix/commerce.server";

/** GET /search/suggestions?q=typ → { names: [...] }: product names for the search box (scripts only). */
export async function loader({ url, context }: Route.LoaderArgs) {
  return data(
    { names: await commerceOf(context).catalog.suggestions(url.searchParams.get("q")) },
    { headers: { "Cache-Control": "private, max-age=30" } },
  );
}
