import { Link } from "react-router";
import type { Route } from "./+types/account.orders.$id";
import { Facts } from "~/components/Facts";
import { OrderDetails } from "~/components/OrderDetails";
import { ShipmentList } from "~/components/OrderProgress";
import { Section } from "~/components/Section";
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

const dateFormat = new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Paris" });

export default function OrderPage({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  return (
    <div className="order-page">
      <h1>Commande n° {order.number}</h1>
      <Facts
        className="order-statuses"
        facts={[
          ["Passée le", order.createdDate ? dateFormat.format(new Date(order.createdDate)) : null],
          ["Statut", order.statusLabel],
          ["Paiement", order.paymentStatusLabel],
          ["Remboursé", order.refunded ? order.refunded.formatted : null],
          // Trainings and audits are not shipped: nothing to say about it.
          ["Expédition", order.digitalOnly ? null : order.fulfillmentStatusLabel],
        ]}
      />
      {order.shipments?.length ? (
        <Section id="order-shipments" title={order.pickup ? "Retrait" : "Suivi de livraison"}>
          <ShipmentList shipments={order.shipments} />
        </Section>
      ) : null}
      {order.invoiceable ? (
        <p>
          <a href={`/account/orders/${encodeURIComponent(order.id)}/facture.pdf`} className="button button-ghost">
            Télécharger la facture (PDF)
          </a>
        </p>
      ) : null}
      <OrderDetails order={order} />
      <p>
        <Link to="/account/orders">← Toutes mes commandes</Link>
      </p>
    </div>
  );
}
