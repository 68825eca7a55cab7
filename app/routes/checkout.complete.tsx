import { data, Link } from "react-router";
import type { Route } from "./+types/checkout.complete";
import cartStyles from "~/styles/cart.css?url";
import { pageMeta, rootSite, siteMetaFor } from "~/lib/meta";
import { privatePageMeta } from "~/components/cart/meta";
import { commerceOf } from "~/.server/commerce.server";
import { getOrderView, type OrderAddress } from "~/.server/checkout.server";
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

function Address({ title, address }: { title: string; address?: OrderAddress }) {
  if (!address) return null;
  return (
    <div className="thanks-address">
      <h3>{title}</h3>
      <address>
        {address.name ? (
          <>
            {address.name}
            <br />
          </>
        ) : null}
        {address.lines.map((line, i) => (
          <span key={i}>
            {line}
            {i < address.lines.length - 1 ? <br /> : null}
          </span>
        ))}
      </address>
    </div>
  );
}

export default function CheckoutComplete({ loaderData }: Route.ComponentProps) {
  const { order, member } = loaderData;
  const hasDiscount = Number(order.discount.amount) > 0;
  return (
    <section className="thanks-page" aria-labelledby="order-title">
      <h1 id="order-title">Merci pour votre commande !</h1>
      <p className="thanks-number">
        Commande n° <strong>{order.number}</strong>
      </p>
      <p>
        Statut du paiement : <strong className="payment-status" data-status={order.paymentStatus}>{order.paymentStatusLabel}</strong>
        {order.paymentStatus === "NOT_PAID" ? " — vous réglerez à la livraison ou au retrait." : null}
      </p>
      {order.email ? <p className="muted">Un récapitulatif est envoyé à {order.email}.</p> : null}
      <div className="thanks-layout">
        <div>
          <h2>Articles</h2>
          <ul className="thanks-lines">
            {order.lines.map((line) => (
              <li key={line.id}>
                {line.image ? <img src={line.image} alt="" width={64} height={64} loading="lazy" /> : null}
                <span className="thanks-line-name">
                  {line.url ? <Link to={line.url}>{line.name}</Link> : line.name}
                  {line.options.length > 0 ? (
                    <span className="muted"> ({line.options.map((o) => `${o.name} : ${o.value}`).join(", ")})</span>
                  ) : null}
                  <span className="muted">
                    {" "}
                    × {line.quantity} à {line.unitPrice.formatted}
                  </span>
                </span>
                <span>{line.total.formatted}</span>
              </li>
            ))}
          </ul>
          <div className="thanks-addresses">
            <Address title="Livraison" address={order.shippingAddress} />
            <Address title="Facturation" address={order.billingAddress} />
          </div>
        </div>
        <div className="cart-totals" aria-label="Montant de la commande" role="group">
          <dl>
            <div>
              <dt>Sous-total</dt>
              <dd>{order.subtotal.formatted}</dd>
            </div>
            {hasDiscount ? (
              <div className="cart-totals-discount">
                <dt>Remise{order.couponCode ? ` (${order.couponCode})` : ""}</dt>
                <dd>−{order.discount.formatted}</dd>
              </div>
            ) : null}
            {order.shippingTitle ? (
              <div>
                <dt>{order.shippingTitle}</dt>
                <dd>{order.shipping.formatted}</dd>
              </div>
            ) : null}
            <div className="cart-totals-tax">
              <dt>TVA incluse</dt>
              <dd>{order.tax.formatted}</dd>
            </div>
            <div className="cart-totals-total">
              <dt>Total</dt>
              <dd>{order.total.formatted}</dd>
            </div>
          </dl>
        </div>
      </div>
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
