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
          shipping: {
            title: totals.shippingTitle,
            value: totals.noShipping ? "Aucune (articles numériques)" : totals.shipping.formatted,
          },
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
