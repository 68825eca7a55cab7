import type { Cart, CartLine } from "~/models/cart";
import { formatPrice } from "~/lib/money";
import { cartChanges, type CartSubmission } from "~/models/cart-intents";

/** The fetcher key of a cart line's forms (its quantity and remove forms share it). */
export const lineFetcherKey = (lineId: string) => `cart-line:${lineId}`;
export const COUPON_FETCHER_KEY = "cart-coupon";

export interface OptimisticLine extends CartLine {
  pending: boolean;
  /**
   * Removal in flight: the line is hidden but stays mounted. A fetcher whose
   * component unmounts has its redirect ignored by React Router, so the cart
   * would never revalidate (and the notification never show).
   */
  removing: boolean;
}

interface OptimisticCart {
  /** Every line of the server's cart, removed ones flagged `removing`. */
  lines: OptimisticLine[];
  /** Lines still in the cart once the changes in flight succeed. */
  visibleLines: OptimisticLine[];
  itemCount: number;
  couponCode?: string;
  /** Some change is on its way: totals shown are the last ones the platform computed. */
  pending: boolean;
}

/**
 * The cart as it will be once the forms in flight succeed (`cartChanges`, the header count's reading too): a
 * quantity changed, a line gone, the coupon removed. If a submission fails, its fetcher settles and the server's cart
 * shows again (the rollback costs nothing).
 */
export function optimisticCart(cart: Cart, submissions: Iterable<CartSubmission>): OptimisticCart {
  const { quantities, removed, couponRemoved, pending } = cartChanges(
    cart.lines.map((line) => line.id),
    submissions,
  );
  const lines = cart.lines.map((line): OptimisticLine => {
    if (removed.has(line.id)) return { ...line, pending: true, removing: true };
    const quantity = quantities.get(line.id);
    if (quantity === undefined || quantity === line.quantity) return { ...line, pending: quantity !== undefined, removing: false };
    const amount = (Number(line.unitPrice.amount) * quantity).toFixed(2);
    return { ...line, quantity, pending: true, removing: false, linePrice: { amount, formatted: formatPrice(amount, cart.currency) } };
  });
  const visibleLines = lines.filter((line) => !line.removing);
  return {
    lines,
    visibleLines,
    itemCount: visibleLines.reduce((sum, line) => sum + line.quantity, 0),
    couponCode: couponRemoved ? undefined : cart.couponCode,
    pending,
  };
}
