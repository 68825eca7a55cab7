import { Link } from "react-router";
import { CartTotalsSummary } from "~/components/cart/CartTotalsSummary";
import type { Cart, CartTotals } from "~/models/cart";

/** The checkout's side summary: the lines and the platform's totals for the cart's delivery method. */
export function CheckoutSummary({
  cart,
  totals,
  pending = false,
  couponError,
}: {
  cart: Cart;
  totals: CartTotals;
  pending?: boolean;
  /** Why the cart's coupon was refused when the checkout was sent (once per customer, used up). */
  couponError?: string;
}) {
  return (
    <aside className="checkout-summary" aria-labelledby="summary-title">
      <h2 id="summary-title">Récapitulatif</h2>
      <ul className="checkout-lines">
        {cart.lines.map((line) => (
          <li key={line.id}>
            <span className="checkout-line-name">
              {line.name}
              {line.options.length > 0 ? (
                <span className="muted"> ({line.options.map((o) => `${o.name} : ${o.value}`).join(", ")})</span>
              ) : null}
              <span className="muted"> × {line.quantity}</span>
            </span>
            <span>{line.linePrice.formatted}</span>
          </li>
        ))}
      </ul>
      <CartTotalsSummary totals={totals} pending={pending} />
      {couponError ? (
        <p className="field-error checkout-coupon-error" role="alert">
          {cart.couponCode ? `Code promo ${cart.couponCode} : ` : ""}
          {couponError} <Link to="/cart">Retirez-le du panier</Link> ou connectez-vous à votre compte pour continuer.
        </p>
      ) : null}
      <p>
        <Link to="/cart">Modifier le panier</Link>
      </p>
    </aside>
  );
}
