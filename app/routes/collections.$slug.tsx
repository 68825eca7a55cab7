import type { Route } from "./+types/collections.$slug";
import { routeCssLinks } from "~/lib/route-css";
import { commerceOf } from "~/.server/wix/commerce.server";
import { CatalogView } from "~/components/catalog/CatalogView";
import type { CatalogPageData } from "~/models/catalog";
import { routeMeta } from "~/lib/meta";
import type { Crumb } from "~/lib/breadcrumb";

export const links: Route.LinksFunction = routeCssLinks("catalog");

function collectionCrumbs(data: CatalogPageData | undefined): Crumb[] {
  const c = data?.collection;
  return [{ label: "Boutique", to: "/products" }, ...(c ? [{ label: c.name, to: `/collections/${c.slug}` }] : [])];
}

export const handle = {
  css: "catalog",
  // Several crumbs: this flat route sits below the catalog (and its collection) in the trail.
  breadcrumb: (match: { data: unknown }) => collectionCrumbs(match.data as CatalogPageData | undefined),
};

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) => {
  const name = loaderData?.collection?.name ?? "Boutique";
  const page = loaderData?.page ?? 1;
  return routeMeta(
    { matches, location },
    {
      title: page > 1 ? `${name} (page ${page})` : name,
      ...(loaderData?.collection?.description ? { description: loaderData.collection.description } : {}),
    },
  );
};

export async function loader({ params, url, context }: Route.LoaderArgs) {
  return commerceOf(context).catalog.page(url, params.slug);
}

export default function Collection({ loaderData }: Route.ComponentProps) {
  return <CatalogView data={loaderData} title={loaderData.collection?.name ?? "Boutique"} intro={loaderData.collection?.description} />;
}
