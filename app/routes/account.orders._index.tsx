import { Link } from "react-router";
import type { Route } from "./+types/account.orders._index";
import { commerceOf } from "~/.server/commerce.server";
import { requireMember } from "~/.server/auth.server";
import { routeMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches, location }) => routeMeta({ matches, location }, { title: "Mes commandes" });

export const handle = {
  breadcrumb: () => [
    { label: "Mon compte", to: "/account" },
    { label: "Mes commandes", to: "/account/orders" },
  ],
};

export async function loader({ context, url }: Route.LoaderArgs) {
  const commerce = commerceOf(context);
  requireMember(commerce, url);
  return { orders: await commerce.member.orders() };
}

const dateFormat = new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeZone: "Europe/Paris" });

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { orders } = loaderData;
  return (
    <div className="orders">
      <h1>Mes commandes</h1>
      {orders.length === 0 ? (
        <p>
          Vous n'avez pas encore passé de commande. <Link to="/products">Découvrir la boutique</Link>
        </p>
      ) : (
        <table className="orders-table stack-table">
          <caption className="visually-hidden">Vos commandes, de la plus récente à la plus ancienne</caption>
          <thead>
            <tr>
              <th scope="col">Commande</th>
              <th scope="col">Date</th>
              <th scope="col">Total</th>
              <th scope="col">Statut</th>
              <th scope="col">Paiement</th>
              <th scope="col">Expédition</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <tr key={order.id}>
                <td>
                  <Link to={`/account/orders/${encodeURIComponent(order.id)}`}>N° {order.number}</Link>
                </td>
                <td data-label="Date">{order.createdDate ? dateFormat.format(new Date(order.createdDate)) : ""}</td>
                <td data-label="Total">{order.total.formatted}</td>
                <td data-label="Statut">{order.statusLabel}</td>
                <td data-label="Paiement">{order.paymentStatusLabel}</td>
                {order.digitalOnly ? <td /> : <td data-label="Expédition">{order.fulfillmentStatusLabel}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
