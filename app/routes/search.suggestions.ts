import { data } from "react-router";
import type { Route } from "./+types/search.suggestions";
import { searchSuggestions } from "~/.server/catalog.server";

/** GET /search/suggestions?q=typ → { names: [...] }: product names for the search box (scripts only). */
export async function loader({ url }: Route.LoaderArgs) {
  return data({ names: await searchSuggestions(url.searchParams.get("q")) }, { headers: { "Cache-Control": "private, max-age=30" } });
}
