import type { Route } from "./+types/sitemap.xml";
import { sitemapResponse } from "~/.server/site/sitemap.server";

export function loader({ request }: Route.LoaderArgs) {
  return sitemapResponse(new URL(request.url));
}
