import { Link } from "react-router";
import type { Route } from "./+types/account.orders.$id";
import { OrderDetails } from "~/components/OrderDetails";
import { OrderFollowUp } from "~/components/OrderFollowUp";
import { memberCommerceOf } from "~/.server/wix/commerce.server";
import { routeMeta } from "~/lib/meta";
import { ACCOUNT_CRUMB } from "~/lib/breadcrumb";

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  routeMeta(
    { matches, location },
    {
      title: loaderData ? `Commande n° ${loaderData.order.number}` : "Commande",
    },
  );

export const handle = {
  breadcrumb: (match: { pathname: string; loaderData?: unknown }) => [
    ACCOUNT_CRUMB,
    { label: "Mes commandes", to: "/account/orders" },
    {
      label: `Commande n° ${(match.loaderData as { order?: { number: string } } | undefined)?.order?.number ?? ""}`,
      to: match.pathname,
    },
  ],
};

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const commerce = memberCommerceOf(context, url);
  return { order: await commerce.member.order(params.id) };
}

export default function OrderPage({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  return (
    <div className="order-page">
      <h1>Commande n° {order.number}</h1>
      <OrderFollowUp order={order} />
      <OrderDetails order={order} />
      <p>
        <Link to="/account/orders">← Toutes mes commandes</Link>
      </p>
    </div>
  );
}
