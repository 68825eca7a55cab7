import type { Route } from "./+types/products._index";
import { routeCssLinks } from "~/lib/route-css";
import { commerceOf } from "~/.server/wix/commerce.server";
import { CatalogView } from "~/components/catalog/CatalogView";
import { routeMeta } from "~/lib/meta";

export const links: Route.LinksFunction = routeCssLinks("catalog");

export const handle = {
  css: "catalog",
  breadcrumb: () => ({ label: "Boutique", to: "/products" }),
};

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) => {
  const page = loaderData?.page ?? 1;
  return routeMeta(
    { matches, location },
    {
      title: page > 1 ? `Boutique (page ${page})` : "Boutique",
      description: "Conseil, formations, livres et goodies : toute la boutique.",
    },
  );
};

export async function loader({ url, context }: Route.LoaderArgs) {
  return commerceOf(context).catalog.page(url);
}

export default function Products({ loaderData }: Route.ComponentProps) {
  return <CatalogView data={loaderData} title="Boutique" intro="Conseil, formations, livres et goodies pour les équipes tech." />;
}
