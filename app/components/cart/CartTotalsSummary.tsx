import type { CartTotals } from "~/models/cart";

/** The platform's estimate, as the buyer reads it (prices include VAT). */
export function CartTotalsSummary({ totals, pending = false }: { totals: CartTotals; pending?: boolean }) {
  const shipping = totals.shippingOptions.find((option) => option.code === totals.selectedShipping);
  const hasDiscount = Number(totals.discount.amount) > 0;
  return (
    <div className="cart-totals" role="group" aria-label="Montant de la commande" aria-busy={pending || undefined}>
      <dl>
        <div>
          <dt>Sous-total</dt>
          <dd>{totals.subtotal.formatted}</dd>
        </div>
        {hasDiscount ? (
          <div className="cart-totals-discount">
            <dt>Remise</dt>
            <dd>−{totals.discount.formatted}</dd>
          </div>
        ) : null}
        <div>
          <dt>Livraison{shipping ? ` (${shipping.title})` : ""}</dt>
          <dd>{totals.shippingOptions.length === 0 ? "Aucune (articles numériques)" : totals.shipping.formatted}</dd>
        </div>
        <div className="cart-totals-tax">
          <dt>TVA incluse</dt>
          <dd>{totals.tax.formatted}</dd>
        </div>
        <div className="cart-totals-total">
          <dt>Total TTC</dt>
          <dd>{totals.total.formatted}</dd>
        </div>
      </dl>
      {pending ? (
        <p className="cart-totals-pending" role="status">
          Mise à jour des totaux…
        </p>
      ) : null}
    </div>
  );
}
