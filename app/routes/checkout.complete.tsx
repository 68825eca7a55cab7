import { data, Link } from "react-router";
import type { Route } from "./+types/checkout.complete";
import cartStyles from "~/styles/cart.css?url";
import { pageMeta, rootSite, siteMetaFor } from "~/lib/meta";
import { privatePageMeta } from "~/components/cart/meta";
import { commerceOf } from "~/.server/commerce.server";
import { getOrderView } from "~/.server/checkout.server";
import { OrderDetails } from "~/components/OrderDetails";
import { failedLoader } from "~/.server/wix-errors.server";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: cartStyles }];

export const meta: Route.MetaFunction = ({ matches, location }) =>
  privatePageMeta(pageMeta(siteMetaFor(rootSite(matches), location.pathname), { title: "Merci pour votre commande" }));

export const handle = { breadcrumb: () => ({ label: "Confirmation de commande", to: "/checkout/complete" }) };

const ORDER_ID = /^[A-Za-z0-9_-]{1,100}$/;

export async function loader({ request, context }: Route.LoaderArgs) {
  const orderId = new URL(request.url).searchParams.get("orderId") ?? "";
  const commerce = commerceOf(context);
  // No id, a malformed one, or a browser without a session: nobody's order to show.
  if (!ORDER_ID.test(orderId) || commerce.role === "none") throw data(null, { status: 404, statusText: "Not Found" });
  try {
    return { order: await getOrderView(commerce, orderId), member: commerce.isMember };
  } catch (error) {
    failedLoader(error);
  }
}

export default function CheckoutComplete({ loaderData }: Route.ComponentProps) {
  const { order, member } = loaderData;
  return (
    <section className="thanks-page" aria-labelledby="order-title">
      <h1 id="order-title">Merci pour votre commande !</h1>
      <p className="thanks-number">
        Commande n° <strong>{order.number}</strong>
      </p>
      <p>
        Statut du paiement :{" "}
        <strong className="payment-status" data-status={order.paymentStatus}>
          {order.paymentStatusLabel}
        </strong>
        {order.paymentStatus === "NOT_PAID" ? " — vous réglerez à la livraison ou au retrait." : null}
      </p>
      {order.email ? <p className="muted">Un récapitulatif est envoyé à {order.email}.</p> : null}
      <OrderDetails order={order} />
      <p className="thanks-links">
        {member ? (
          <Link to="/account/orders" className="button">
            Voir mes commandes
          </Link>
        ) : null}
        <Link to="/products" className={member ? "button-ghost button" : "button"}>
          Continuer mes achats
        </Link>
      </p>
    </section>
  );
}
