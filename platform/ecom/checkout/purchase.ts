// What the hosted payment page sells: a Checkout V1 (redirect session of a checkout id) or a Cart V2 (Get Checkout
// URL, or a redirect session naming the cart's id). One view of either, and one way to place its order.
import type { Ctx } from "../../core/context";
import { cartById } from "../cart/cart-store";
import { cartCheckoutData, placeCartOrder, placeRefusal } from "../cart/cart-order";
import type { CheckoutData } from "./checkout-v1";
import { checkoutTotals, getCheckoutRow } from "./checkout-v1";
import type { PlaceResult } from "../orders/orders";
import { placeOrder } from "../orders/orders";
import type { Totals } from "../pricing/pricing";

/** The payment session's target: exactly one of the two. */
export interface PurchaseRef {
  checkoutId?: string;
  cartId?: string;
}

export interface Purchase {
  data: CheckoutData;
  totals: Totals;
  /** Set once paid (the page then only links to the confirmation). */
  orderId: string | null;
  /** Why it cannot be paid yet, in French (unavailable lines, no delivery method or address, a vanished coupon). */
  blocked: string | null;
}

const UNAVAILABLE = "Certains articles ne sont plus disponibles. Retournez au panier pour modifier votre commande.";

export function purchaseOf(ctx: Ctx, ref: PurchaseRef): Purchase | null {
  if (ref.cartId) {
    const cart = cartById(ctx, ref.cartId);
    if (!cart) return null;
    const data = cartCheckoutData(ctx, cart);
    const totals = checkoutTotals(ctx, data);
    if (cart.order_id) return { data, totals, orderId: cart.order_id, blocked: null };
    const refusal = placeRefusal(ctx, cart, data, totals);
    const code = (refusal?.body.details as { applicationError?: { code?: string } } | undefined)?.applicationError?.code;
    const blocked = !refusal ? null : code === "LINE_ITEMS_OUT_OF_STOCK" || code === "EMPTY_CART" ? UNAVAILABLE : refusal.message;
    return { data, totals, orderId: null, blocked };
  }
  const row = ref.checkoutId ? getCheckoutRow(ctx, ref.checkoutId) : null;
  if (!row) return null;
  const data = JSON.parse(row.data) as CheckoutData;
  const totals = checkoutTotals(ctx, data);
  if (row.completed && row.order_id) return { data, totals, orderId: row.order_id, blocked: null };
  return { data, totals, orderId: null, blocked: totals.lines.some((l) => l.status !== "AVAILABLE") ? UNAVAILABLE : null };
}

/** Places the purchase's order; `client` is the buyer's address (an unpaid order counts against it). */
export function placePurchase(ctx: Ctx, ref: PurchaseRef, payment: "card" | "offline" | "authorized", client?: string): PlaceResult {
  return ref.cartId ? placeCartOrder(ctx, ref.cartId, payment, true, client) : placeOrder(ctx, ref.checkoutId ?? "", payment, client);
}
