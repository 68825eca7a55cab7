// A Cart V2 becomes an order (Place Order, and the hosted payment page of a V2 cart): the cart's own details are
// the checkout's (Cart V2 has no checkout entity), the order is stored as for a V1 checkout, and the cart stays,
// marked `orderPlaced`, readable by id but no longer the buyer's current cart.
import type { Ctx } from "../../core/context";
import { nowIso } from "../../core/db";
import { appError } from "../../core/http";
import { buyerInfoWire } from "../parties/buyer";
import type { CartRow } from "./cart-store";
import { cartById, cartEvent, cartLines } from "./cart-store";
import { buyerOwner, storedContact } from "./cart-v2-wire";
import type { CheckoutData } from "../checkout/checkout-v1";
import { checkoutTotals } from "../checkout/checkout-v1";
import type { Payment, PlaceResult } from "../orders/orders";
import { commitOrder, withOrderMails } from "../orders/orders";
import type { Totals } from "../pricing/pricing";
import { findCoupon, isPickup, unavailableText } from "../pricing/pricing";

/** What a V2 cart holds for its order, in the V1 checkout's terms (the payment page and the order read these). */
export function cartCheckoutData(ctx: Ctx, cart: CartRow): CheckoutData {
  const contact = storedContact(cart.contact_info);
  const billing = storedContact(cart.billing);
  const buyer = buyerInfoWire(ctx, buyerOwner(cart)) as { email?: string };
  return {
    lines: cartLines(ctx, cart.id),
    couponCode: cart.coupon_code,
    shippingCode: cart.selected_shipping,
    email: cart.email ?? buyer.email ?? null,
    shippingAddress: contact.address ?? null,
    billingAddress: billing.address ?? contact.address ?? null,
    // One contact on the order: the billing contact (a business buyer's company and VAT id) before the customer's.
    contactDetails: billing.contactDetails ?? contact.contactDetails ?? null,
    buyerNote: cart.buyer_note,
    channelType: "WEB",
    purchaseFlowId: cart.purchase_flow_id,
  };
}

/**
 * Why a cart cannot be placed, with Place Order's code from the typings (PlaceOrderApplicationErrors); null when it
 * can. Delivery needs a method chosen on the cart and, unless it is a pickup, an address.
 */
export function placeRefusal(ctx: Ctx, cart: CartRow, data: CheckoutData, t: Totals) {
  if (cart.order_id)
    return appError(428, "CART_ALREADY_ORDERED", "Ce panier est déjà devenu une commande", { cartId: cart.id, orderId: cart.order_id });
  if (!t.lines.length) return appError(428, "EMPTY_CART", "Le panier est vide", {});
  const bad = t.lines.filter((l) => l.status !== "AVAILABLE");
  if (bad.length)
    return appError(428, "LINE_ITEMS_OUT_OF_STOCK", "Certains articles du panier ne sont plus disponibles", {
      lineItemIds: bad.map((l) => l.ref.id),
      allLineItemsOutOfStock: bad.length === t.lines.length,
    });
  if (data.couponCode && !findCoupon(ctx, data.couponCode))
    return appError(428, "INVALID_CART", "Le code promo du panier n'existe plus", {
      violations: [
        {
          scope: "DISCOUNT",
          code: "INVALID_COUPON_CODE",
          severity: "ERROR",
          description: `Le code promo « ${data.couponCode} » n'existe plus.`,
          invalidCouponCodeData: { couponCode: data.couponCode },
        },
      ],
    });
  if (t.needsShipping) {
    const method = t.options.find((o) => o.code === data.shippingCode);
    if (!method) return appError(428, "MISSING_DELIVERY_METHOD", "Choisissez un mode de livraison", {});
    if (!isPickup(method) && !data.shippingAddress) return appError(428, "MISSING_DELIVERY_ADDRESS", "Indiquez l'adresse de livraison", {});
  }
  return null;
}

export type CartPayment = Payment;

/**
 * Places the cart's order once: a replay (the payment POST sent again) answers the same order. `byBuyer`: the buyer
 * chose on the payment page (an offline payment then waits for their confirmation, checkout/unpaid.ts); false for the site's
 * own Place Order (API key).
 */
export function placeCartOrder(ctx: Ctx, cartId: string, payment: CartPayment, byBuyer = true, client?: string): PlaceResult {
  const buyerConfirms = byBuyer && payment === "offline";
  return withOrderMails(ctx, buyerConfirms, (onCreated) =>
    ctx.db
      .transaction((): PlaceResult => {
        const cart = cartById(ctx, cartId);
        if (!cart) return { ok: false, code: "NOT_FOUND", message: "Ce panier est introuvable." };
        if (cart.order_id) return { ok: true, orderId: cart.order_id };
        const data = cartCheckoutData(ctx, cart);
        const t = checkoutTotals(ctx, data);
        const refusal = placeRefusal(ctx, cart, data, t);
        if (refusal) {
          const code = (refusal.body.details as { applicationError: { code: string } }).applicationError.code;
          const stock = code === "LINE_ITEMS_OUT_OF_STOCK" || code === "EMPTY_CART";
          const message = stock
            ? t.lines
                .filter((l) => l.status !== "AVAILABLE")
                .map(unavailableText)
                .join(" ")
            : "";
          return { ok: false, code: stock ? "OUT_OF_STOCK" : "REFUSED", message: message || refusal.message, refusal };
        }
        const placed = commitOrder(ctx, {
          owner: buyerOwner(cart),
          data,
          totals: t,
          payment,
          buyerConfirms,
          checkoutId: cart.id,
          cartId: cart.id,
          client,
        });
        if (!placed.ok) return placed;
        markPlaced(ctx, cart, placed.orderId);
        onCreated();
        return placed;
      })
      .immediate(),
  );
}

/**
 * The cart becomes its order's: `orderId` set, detached from its owner (their next cart is a new one). Cart V1 saw
 * its cart deleted at this point and still does; Cart V2 sees it updated.
 */
function markPlaced(ctx: Ctx, cart: CartRow, orderId: string): void {
  ctx.db
    .prepare("UPDATE carts SET order_id = ?, placed_by = ?, owner = ?, updated_date = ?, revision = revision + 1 WHERE id = ?")
    .run(orderId, buyerOwner(cart), `cart:${cart.id}`, nowIso(), cart.id);
  cartEvent(ctx, "deleted", cart, "v1");
  const placed = cartById(ctx, cart.id);
  if (placed) cartEvent(ctx, "updated", placed, "v2");
}

/** The checkout details of a cart that became an order (the cart stays readable by id): confirming its order reads them. */
export function placedCartData(ctx: Ctx, cartId: string): CheckoutData | undefined {
  const cart = cartById(ctx, cartId);
  return cart?.order_id ? cartCheckoutData(ctx, cart) : undefined;
}
