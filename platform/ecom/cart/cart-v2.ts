// ecom Cart V2 (`@wix/ecom` currentCartV2 and cartV2, REST under /ecom/v2/carts): the same carts as Cart V1, read
// and changed the V2 way. Refusals use the codes of the SDK's typings (the *ApplicationErrors unions of
// @wix/auto_sdk_ecom_cart-v-2 and _current-cart-v-2); what the typings leave open is listed in platform/README.md.
// This module holds the routes and who may reach which cart; line items are in cart-v2-lines.ts, the other fields a
// buyer writes in cart-v2-fields.ts, and every SQL statement in cart-store.ts.
import type { Caller, Ctx } from "../../core/context";
import { callerFromRequest, requireCaller } from "../../core/context";
import { isElevated, requireElevated } from "../../core/elevated";
import type { ApiRequest, Router } from "../../core/http";
import { appError, asObject, asString, notFound, unauthenticated } from "../../core/http";
import { emitEvent, webhooksOn } from "../../events/webhooks";
import { createCartSession } from "../../redirects/redirects";
import { identityOf } from "../parties/buyer";
import type { CartRow } from "./cart-store";
import {
  cartById,
  cartDestination,
  cartEvent,
  cartV2Of,
  deleteCart,
  ensureCart,
  getCart,
  setCartOwner,
  setCartShipping,
  touch,
} from "./cart-store";
import { cartCheckoutData, placeCartOrder } from "./cart-order";
import { cartTotalsFor } from "../pricing/coupon-limits";
import { checkoutTotals } from "../checkout/checkout-v1";
import { buyerOwner, summaryV2Wire } from "./cart-v2-wire";
import { findCoupon } from "../pricing/pricing";
import { addCatalogItems, parseCatalogItems, priced, removeLineItems, updateLineItems } from "./cart-v2-lines";
import { addCoupon, removeCoupon, setDeliveryMethod, updateCart } from "./cart-v2-fields";

// ---------------------------------------------------------------- access

interface Access {
  caller: Caller | null;
  cart: CartRow;
}

/** No such cart for this caller, by id: 404 with Cart V1's code (the V2 typings name none for this case). */
const cartNotFound = (id?: string) => notFound("OWNED_CART_NOT_FOUND", "Aucun panier pour cet utilisateur", id ? { cartId: id } : {});

/**
 * No current cart yet (a first visit, or after an order or Delete Current Cart): Get Current Cart documents no
 * custom error, only Wix's standard ones, and "404 - Not found: resource not found or doesn't exist" is the one
 * for a missing resource; the code is the one public Cart V2 storefronts read (platform/README.md, "Cart V2").
 */
const noCurrentCart = () => notFound("CURRENT_CART_NOT_FOUND", "Aucun panier en cours pour cet utilisateur", {});

/** The caller's current cart, or 404. */
function currentCart(ctx: Ctx, req: ApiRequest): Access {
  const caller = requireCaller(ctx, req.headers);
  const cart = getCart(ctx, caller.owner);
  if (!cart) throw noCurrentCart();
  return { caller, cart };
}

/** A cart by id: its buyer's (current or not) or the site's (elevated identity); anyone else gets the same 404. */
function cartByIdFor(ctx: Ctx, req: ApiRequest): Access {
  const id = req.params.cartId!;
  if (isElevated(ctx, req.headers)) {
    const cart = cartById(ctx, id);
    if (!cart) throw cartNotFound(id);
    return { caller: null, cart };
  }
  const caller = callerFromRequest(ctx, req.headers);
  if (!caller) throw unauthenticated();
  const cart = cartById(ctx, id);
  if (!cart || buyerOwner(cart) !== caller.owner) throw cartNotFound(id);
  return { caller, cart };
}

function notOrdered(cart: CartRow): void {
  if (cart.order_id)
    throw appError(428, "CART_ALREADY_ORDERED", "Ce panier est déjà devenu une commande", { cartId: cart.id, orderId: cart.order_id });
}

// ---------------------------------------------------------------- wire

function cartOut(ctx: Ctx, cartId: string, appOrigin: string) {
  return { cart: cartV2Of(ctx, cartById(ctx, cartId)!, appOrigin) };
}

function withSummary(ctx: Ctx, cartId: string, appOrigin: string, parts: { delivery: boolean; tax: boolean }) {
  const cart = cartById(ctx, cartId)!;
  const lines = priced(ctx, cart);
  const t = cartTotalsFor(ctx, lines, cart, cartDestination(cart));
  const gone = cart.coupon_code && !findCoupon(ctx, cart.coupon_code) ? cart.coupon_code : null;
  return { cart: cartV2Of(ctx, cart, appOrigin, lines), summary: summaryV2Wire(ctx, cart, t, parts, gone) };
}

// ---------------------------------------------------------------- carts of their own

/** A new current cart for the caller; the one they had stays readable by id, no longer current. */
function createCurrent(ctx: Ctx, caller: Caller): CartRow {
  const old = getCart(ctx, caller.owner);
  if (old) setCartOwner(ctx, old.id, `cart:${old.id}`, caller.owner);
  return ensureCart(ctx, caller.owner);
}

function createFromBody(ctx: Ctx, cart: CartRow, body: Record<string, unknown>, elevated: boolean): void {
  const items = parseCatalogItems(body, elevated);
  if (asObject(body.cart)) updateCart(ctx, cart, { cart: body.cart });
  if (items.length) addCatalogItems(ctx, cart, items);
  const coupons = Array.isArray(body.coupons) ? body.coupons : [];
  if (coupons.length > 1) throw appError(428, "MAX_COUPONS_PER_CART_EXCEEDED", "Un seul code promo par panier", {});
  if (coupons.length) addCoupon(ctx, cartById(ctx, cart.id)!, { coupon: coupons[0] });
  if (Array.isArray(body.giftCards) && body.giftCards.length) throw giftCardRefused(body.giftCards[0]);
  if (asObject(body.deliveryMethod)) setDeliveryMethod(ctx, cartById(ctx, cart.id)!, body.deliveryMethod);
}

/** No gift cards are sold or kept here: any code is unknown (InvalidGiftCardCodeErrorData). */
const giftCardRefused = (raw: unknown) =>
  appError(400, "INVALID_GIFT_CARD_CODE", "Carte cadeau inconnue", {
    giftCardCode: (asString(asObject(raw)?.code) ?? "").slice(0, 4).padEnd(8, "*"),
  });

// ---------------------------------------------------------------- routes

type Change = (ctx: Ctx, cart: CartRow, body: Record<string, unknown>) => void;

const CHANGES: Record<string, Change> = {
  "remove-line-items": removeLineItems,
  "update-line-items": updateLineItems,
  "add-coupon": addCoupon,
  "remove-coupon": removeCoupon,
  "set-delivery-method": (ctx, cart, body) => setDeliveryMethod(ctx, cart, body.deliveryMethod),
  "remove-delivery-method": (ctx, cart) => setCartShipping(ctx, cart.id, null),
  "add-gift-card": (_ctx, _cart, body) => {
    throw giftCardRefused(body.giftCard);
  },
  "remove-gift-card": (_ctx, _cart, body) => {
    throw appError(428, "GIFT_CARD_NOT_FOUND_IN_CART", "Aucune carte cadeau dans le panier", {
      giftCardId: (asString(body.giftCardId) ?? "").slice(0, 100),
    });
  },
};

function estimateParts(body: Record<string, unknown>) {
  return { delivery: body.calculateDelivery === true, tax: body.calculateTax === true };
}

function calculated(ctx: Ctx, cart: CartRow, appOrigin: string) {
  const out = withSummary(ctx, cart.id, appOrigin, { delivery: true, tax: true });
  if (webhooksOn(ctx))
    emitEvent(ctx, {
      eventType: "wix.ecom.v2.cart_calculated",
      entityFqdn: "wix.ecom.v2.cart",
      slug: "calculated",
      entityId: cart.id,
      body: { action: out.summary },
      identity: identityOf(buyerOwner(cart)),
    });
  return out;
}

export function registerCartV2(router: Router, ctx: Ctx): void {
  const tx = <T>(fn: () => T): T => ctx.db.transaction(fn).immediate();
  /** Registers one operation under the current cart and under a cart id (the current cart's routes first). */
  const both = (method: string, suffix: string, handler: (ctx: Ctx, access: Access, req: ApiRequest) => unknown) => {
    router.on(method, `/ecom/v2/carts/current${suffix}`, (req) => handler(ctx, currentCart(ctx, req), req));
    router.on(method, `/ecom/v2/carts/:cartId${suffix}`, (req) => handler(ctx, cartByIdFor(ctx, req), req));
  };
  const change = (fn: Change) => (c: Ctx, a: Access, req: ApiRequest) =>
    tx(() => {
      const cart = cartById(c, a.cart.id)!;
      notOrdered(cart);
      fn(c, cart, req.body);
      touch(c, cart.id);
      return cartOut(c, cart.id, req.appOrigin);
    });

  router
    .on("POST", "/ecom/v2/carts/current", (req) => {
      const caller = requireCaller(ctx, req.headers);
      return tx(() => {
        const cart = createCurrent(ctx, caller);
        createFromBody(ctx, cart, req.body, false);
        touch(ctx, cart.id);
        return cartOut(ctx, cart.id, req.appOrigin);
      });
    })
    // Adds to the current cart, creating it first when there is none ("Add Line Items To Current Cart").
    .on("POST", "/ecom/v2/carts/current/add-line-items", (req) => {
      const caller = requireCaller(ctx, req.headers);
      const items = parseCatalogItems(req.body, false);
      if (!items.length) throw appError(400, "NO_LINE_ITEMS_TO_ADD", "Aucun article à ajouter", {});
      return tx(() => {
        const cart = ensureCart(ctx, caller.owner);
        addCatalogItems(ctx, cart, items);
        touch(ctx, cart.id);
        return cartOut(ctx, cart.id, req.appOrigin);
      });
    })
    .on("POST", "/ecom/v2/carts/:cartId/add-line-items", (req) => {
      const a = cartByIdFor(ctx, req);
      const items = parseCatalogItems(req.body, !a.caller);
      if (!items.length) throw appError(400, "NO_LINE_ITEMS_TO_ADD", "Aucun article à ajouter", {});
      return tx(() => {
        const cart = cartById(ctx, a.cart.id)!;
        notOrdered(cart);
        addCatalogItems(ctx, cart, items);
        touch(ctx, cart.id);
        return cartOut(ctx, cart.id, req.appOrigin);
      });
    })
    // A cart of the caller's own that is not their current one (Create Cart by id).
    .on("POST", "/ecom/v2/carts", (req) => {
      const caller = requireCaller(ctx, req.headers);
      return tx(() => {
        const current = getCart(ctx, caller.owner);
        const cart = createCurrent(ctx, caller);
        createFromBody(ctx, cart, req.body, false);
        touch(ctx, cart.id);
        setCartOwner(ctx, cart.id, `cart:${cart.id}`, caller.owner);
        // The caller's current cart stays current.
        if (current) setCartOwner(ctx, current.id, caller.owner, null);
        return cartOut(ctx, cart.id, req.appOrigin);
      });
    });

  both("GET", "", (c, a, req) => cartOut(c, a.cart.id, req.appOrigin));
  both("PATCH", "", (c, a, req) => change(updateCart)(c, a, req));
  both("DELETE", "", (c, a) =>
    tx(() => {
      deleteCart(c, a.cart.id);
      cartEvent(c, "deleted", a.cart, a.cart.order_id ? "v2" : "both");
      return {};
    }),
  );
  // Prices, stock and discounts are always read live here: a refresh changes nothing but answers the cart.
  both("POST", "/refresh", (c, a, req) => {
    notOrdered(a.cart);
    return cartOut(c, a.cart.id, req.appOrigin);
  });
  both("POST", "/estimate", (c, a, req) => {
    notOrdered(a.cart);
    return withSummary(c, a.cart.id, req.appOrigin, estimateParts(req.body));
  });
  both("POST", "/calculate", (c, a, req) => {
    notOrdered(a.cart);
    return calculated(c, a.cart, req.appOrigin);
  });
  for (const [name, fn] of Object.entries(CHANGES)) both("POST", `/${name}`, change(fn));

  router
    .on("POST", "/ecom/v2/carts/:cartId/get-checkout-url", (req) => {
      const { cart } = cartByIdFor(ctx, req);
      notOrdered(cart);
      // The cart's own checkout page when it has one ({checkout_id} = the cart id, as the typings say).
      if (cart.custom_checkout_url) return { checkoutUrl: cart.custom_checkout_url.replaceAll("{checkout_id}", cart.id) };
      return { checkoutUrl: createCartSession(ctx, buyerOwner(cart), cart.id, req.appOrigin, {}).fullUrl };
    })
    // Place Order takes no payment here: the order waits for payment (offline, like the payment page's "à la
    // livraison"), or is paid when its total is 0. Buyers pay on the hosted page; this is the site's own call.
    .on("POST", "/ecom/v2/carts/:cartId/place-order", (req) => {
      requireElevated(ctx, req.headers, "placeOrder");
      const { cart } = cartByIdFor(ctx, req);
      notOrdered(cart);
      const total = checkoutTotals(ctx, cartCheckoutData(ctx, cart)).total;
      const result = placeCartOrder(ctx, cart.id, total === 0 ? "card" : "offline", false);
      if (!result.ok) throw result.refusal ?? appError(428, "INVALID_CART", result.message, {});
      return { orderId: result.orderId, completed: total === 0 };
    });
}
