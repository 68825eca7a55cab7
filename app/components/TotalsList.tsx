import type { Money } from "~/models/cart";

/** What a totals block shows: the cart's estimate or an order's price summary, in the same words. */
interface TotalsRows {
  subtotal: Money;
  discount: Money;
  /** The coupon behind the discount, when it is known (orders). */
  couponCode?: string;
  /** Null when there is nothing to ship to speak of (an order of digital lines only). */
  shipping: { title?: string; value: string } | null;
  tax: Money;
  total: Money;
}

/**
 * The one totals block (cart, checkout, thank-you and order pages): prices include VAT, so the tax line reads
 * "TVA incluse". `prefix` names its row classes (`<prefix>-discount`, `-tax`, `-total`) for each page's styles.
 */
export function TotalsList({ rows, prefix, className }: { rows: TotalsRows; prefix: string; className?: string }) {
  return (
    <dl className={className}>
      <div>
        <dt>Sous-total</dt>
        <dd>{rows.subtotal.formatted}</dd>
      </div>
      {Number(rows.discount.amount) > 0 ? (
        <div className={`${prefix}-discount`}>
          <dt>Remise{rows.couponCode ? ` (${rows.couponCode})` : ""}</dt>
          <dd>−{rows.discount.formatted}</dd>
        </div>
      ) : null}
      {rows.shipping ? (
        <div>
          <dt>Livraison{rows.shipping.title ? ` (${rows.shipping.title})` : ""}</dt>
          <dd>{rows.shipping.value}</dd>
        </div>
      ) : null}
      <div className={`${prefix}-tax`}>
        <dt>TVA incluse</dt>
        <dd>{rows.tax.formatted}</dd>
      </div>
      <div className={`${prefix}-total`}>
        <dt>Total TTC</dt>
        <dd>{rows.total.formatted}</dd>
      </div>
    </dl>
  );
}
