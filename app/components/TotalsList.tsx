import type { Money } from "~/models/cart";
import type { VatBreakdown } from "~/models/vat";
import { EXPORT_EXEMPTION } from "~/models/vat";

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
  /** The VAT rate by rate; without it, one "TVA incluse" row. */
  vat?: VatBreakdown;
}

/**
 * The one totals block (cart, checkout, thank-you and order pages): prices include VAT, so the tax line reads
 * "TVA incluse". `prefix` names its row classes (`<prefix>-discount`, `-tax`, `-total`) for each page's styles.
 */
export function TotalsList({ rows, prefix, className }: { rows: TotalsRows; prefix: string; className?: string }) {
  return (
    <>
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
          <dt>{taxLabel(rows.vat)}</dt>
          <dd>{rows.tax.formatted}</dd>
        </div>
        {rows.vat && rows.vat.rates.length > 1
          ? rows.vat.rates.map((rate) => (
              <div key={rate.label} className={`${prefix}-vat-rate`}>
                <dt>dont {rate.label}</dt>
                <dd>{rate.amount.formatted}</dd>
              </div>
            ))
          : null}
        {rows.vat?.exempt ? (
          <div className={`${prefix}-vat-exempt`}>
            <dt>Biens expédiés hors UE</dt>
            <dd>sans TVA</dd>
          </div>
        ) : null}
        <div className={`${prefix}-total`}>
          <dt>Total TTC</dt>
          <dd>{rows.total.formatted}</dd>
        </div>
      </dl>
      {/* The article that exempts them: on the pages as on the invoice. */}
      {rows.vat?.exempt ? <p className={`${prefix}-vat-note`}>{EXPORT_EXEMPTION}.</p> : null}
    </>
  );
}

/** "TVA 5,5 % incluse" for one rate, "TVA incluse" for several (each on its row) or none. */
function taxLabel(vat: VatBreakdown | undefined): string {
  if (vat?.rates.length === 1) return `${vat.rates[0]!.label} incluse`;
  return "TVA incluse";
}
