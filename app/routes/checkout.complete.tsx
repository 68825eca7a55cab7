import { Link } from "react-router";
import { notFound } from "~/lib/http";
import type { Route } from "./+types/checkout.complete";
import { privatePageMeta, routeMeta } from "~/lib/meta";
import { commerceOf } from "~/.server/wix/commerce.server";
import { OrderDetails } from "~/components/OrderDetails";
import { followPath } from "~/.server/orders/follow-link.server";
import { followLinksAvailable } from "~/.server/admin/owner.server";
import { routeCssLinks } from "~/lib/route-css";

export const links: Route.LinksFunction = routeCssLinks("cart");

export const meta: Route.MetaFunction = ({ matches, location }) =>
  privatePageMeta(routeMeta({ matches, location }, { title: "Merci pour votre commande" }));

export const handle = { css: "cart", breadcrumb: () => ({ label: "Confirmation de commande", to: "/checkout/complete" }) };

export async function loader({ request, context }: Route.LoaderArgs) {
  const orderId = new URL(request.url).searchParams.get("orderId") ?? "";
  const commerce = commerceOf(context);
  // A browser without a session has nobody's order to show (a malformed id is refused by the handler).
  if (commerce.role === "none") notFound();
  const order = await commerce.checkout.order(orderId);
  // A guest gets a link to follow the order from any device, and the offer of an account made from it (docs/decisions/0032-guest-follow-link.md).
  const guest = !commerce.isMember;
  return {
    order,
    member: commerce.isMember,
    followUrl: guest && followLinksAvailable() ? followPath(order.id) : null,
    registerUrl: guest ? `/account/register?commande=${encodeURIComponent(order.id)}` : null,
  };
}

export default function CheckoutComplete({ loaderData }: Route.ComponentProps) {
  const { order, member, followUrl, registerUrl } = loaderData;
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
      {order.awaitingConfirmation ? (
        <p className="notice" role="status">
          Confirmez votre commande avec le lien envoyé à {order.email ?? "votre adresse e-mail"} dans les 24 heures : sans confirmation,
          elle est annulée.
        </p>
      ) : order.email ? (
        <p className="muted">Un récapitulatif est envoyé à {order.email}.</p>
      ) : null}
      {followUrl || registerUrl ? (
        <div className="guest-follow card">
          {followUrl ? (
            <p>
              Gardez ce lien personnel pour suivre votre commande sans compte, depuis n'importe quel appareil :{" "}
              <a href={followUrl}>Suivre ma commande</a>
            </p>
          ) : null}
          {registerUrl ? (
            <p>
              Un compte retrouve cette commande et les suivantes dans « Mes commandes » : <Link to={registerUrl}>Créer mon compte</Link>
            </p>
          ) : null}
        </div>
      ) : null}
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
