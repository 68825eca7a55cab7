import type { Route } from "./+types/products._index";
import catalogStyles from "~/styles/catalog.css?url";
import { loadCatalogPage } from "~/.server/catalog.server";
import { CatalogView } from "~/components/catalog/CatalogView";
import { pageMeta, rootSite, siteMetaFor } from "~/lib/meta";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: catalogStyles }];

export const handle = { breadcrumb: () => ({ label: "Boutique", to: "/products" }) };

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) => {
  const page = loaderData?.page ?? 1;
  return pageMeta(siteMetaFor(rootSite(matches), location.pathname), {
    title: page > 1 ? `Boutique (page ${page})` : "Boutique",
    description: "Conseil, formations, livres et goodies : toute la boutique.",
  });
};

export async function loader({ url }: Route.LoaderArgs) {
  return loadCatalogPage(url);
}

export default function Products({ loaderData }: Route.ComponentProps) {
  return <CatalogView data={loaderData} title="Boutique" intro="Conseil, formations, livres et goodies pour les équipes tech." />;
}
