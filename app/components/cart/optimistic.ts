import type { Cart, CartLine } from "~/models/cart";
import { formatPrice } from "~/lib/money";
import { acceptedQuantity } from "~/lib/quantity";

/** The fetcher key of a cart line's forms (its quantity and remove forms share it). */
export const lineFetcherKey = (lineId: string) => `cart-line:${lineId}`;
export const COUPON_FETCHER_KEY = "cart-coupon";

export interface CartSubmission {
  formData?: FormData;
}

export interface OptimisticLine extends CartLine {
  pending: boolean;
  /**
   * Removal in flight: the line is hidden but stays mounted. A fetcher whose
   * component unmounts has its redirect ignored by React Router, so the cart
   * would never revalidate (and the notification never show).
   */
  removing: boolean;
}

export interface OptimisticCart {
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
 * The cart as it will be once the forms in flight succeed: a quantity changed,
 * a line gone, the coupon removed. If a submission fails, its fetcher settles
 * and the server's cart shows again (the rollback costs nothing).
 */
export function optimisticCart(cart: Cart, submissions: Iterable<CartSubmission>): OptimisticCart {
  const quantities = new Map<string, number>();
  const removed = new Set<string>();
  let couponRemoved = false;
  let pending = false;
  for (const { formData } of submissions) {
    if (!formData) continue;
    const intent = formData.get("intent");
    const lineId = String(formData.get("lineId") ?? "");
    if (intent === "update") {
      // 0 removes the line (the cart action treats it as "remove").
      const quantity = acceptedQuantity(formData.get("quantity"), 99, 0);
      if (quantity !== null && cart.lines.some((l) => l.id === lineId)) {
        if (quantity === 0) removed.add(lineId);
        else quantities.set(lineId, quantity);
        pending = true;
      }
    } else if (intent === "remove") {
      if (cart.lines.some((l) => l.id === lineId)) {
        removed.add(lineId);
        pending = true;
      }
    } else if (intent === "remove-coupon") {
      couponRemoved = true;
      pending = true;
    } else if (intent === "coupon") {
      pending = true;
    }
  }
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
