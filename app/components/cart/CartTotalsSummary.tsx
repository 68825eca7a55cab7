import type { CartTotals } from "~/models/cart";
import { TotalsList } from "~/components/TotalsList";

/** The platform's estimate, as the buyer reads it (prices include VAT). */
export function CartTotalsSummary({ totals, pending = false }: { totals: CartTotals; pending?: boolean }) {
  return (
    <div className="cart-totals" role="group" aria-label="Montant de la commande" aria-busy={pending || undefined}>
      <TotalsList
        prefix="cart-totals"
        rows={{
          ...totals,
          // Nothing to ship (digital goods only): no delivery row at all, as on the order.
          shipping: totals.noShipping ? null : { title: totals.shippingTitle, value: totals.shipping.formatted },
        }}
      />
      {pending ? (
        <p className="cart-totals-pending" role="status">
          Mise à jour des totaux…
        </p>
      ) : null}
    </div>
  );
}
