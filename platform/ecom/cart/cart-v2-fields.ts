// Cart V2's coupon, delivery method and Update Cart: what a buyer may write on the cart besides its lines.
import type { Ctx } from "../../core/context";
import { appError, asObject, asString, refuseUnsafeText, validationError } from "../../core/http";
import { COUPON_LIMIT_MESSAGES, couponLimitReached, customerOf } from "../pricing/coupon-limits";
import {
  addressFromWire,
  computeTotals,
  contactFromWire,
  COUPON_REFUSAL_MESSAGES,
  couponRefusal,
  findCoupon,
  shippingOptions,
} from "../pricing/pricing";
import type { CartRow } from "./cart-store";
import { cartById, cartDestination, setCartContact, setCartCoupon, setCartNote, setCartShipping, setCustomCheckoutUrl } from "./cart-store";
import { storedContact } from "./cart-v2-wire";
import { priced } from "./cart-v2-lines";

/** The typings' `note` maxLength. */
const MAX_NOTE = 1000;

export function addCoupon(ctx: Ctx, cart: CartRow, body: Record<string, unknown>): void {
  const raw = asObject(body.coupon);
  const code = asString(raw?.code)?.trim();
  if (!code) throw validationError([{ field: "coupon.code", description: "must not be empty", violatedRule: "REQUIRED_FIELD" }]);
  if (code.length > 100)
    throw validationError([{ field: "coupon.code", description: "must be at most 100 characters", violatedRule: "MAX_LENGTH" }]);
  if (cart.coupon_code) {
    if (cart.coupon_code.toLowerCase() === code.toLowerCase())
      throw appError(428, "COUPON_ALREADY_EXISTS", "Ce code promo est déjà appliqué", { couponCode: cart.coupon_code });
    throw appError(428, "MAX_COUPONS_PER_CART_EXCEEDED", "Un seul code promo par panier", {});
  }
  const coupon = findCoupon(ctx, code);
  if (!coupon) throw appError(400, "INVALID_COUPON_CODE", `Le code promo « ${code} » n'existe pas`, { couponCode: code });
  // Paused, out of its dates or over the cart's subtotal: refused where it is typed, as Cart V2's InvalidCouponReason.
  const refused = couponRefusal(coupon, computeTotals(ctx, priced(ctx, cart), null, null).subtotal);
  if (refused) throw appError(400, "INVALID_COUPON_STATUS", COUPON_REFUSAL_MESSAGES[refused], { couponCode: coupon.code, reason: refused });
  // A member (or a buyer whose e-mail the cart holds) who used it up is told now; Place Order checks again.
  const reached = couponLimitReached(ctx, coupon, customerOf(ctx, cart.owner, cart.email));
  if (reached)
    throw appError(400, "INVALID_COUPON_STATUS", COUPON_LIMIT_MESSAGES[reached], {
      couponCode: coupon.code,
      reason: reached === "ERROR_COUPON_USAGE_EXCEEDED" ? "MAX_USAGE_EXCEEDED" : "MAX_USAGE_PER_CUSTOMER_EXCEEDED",
    });
  setCartCoupon(ctx, cart.id, coupon.code);
}

export function removeCoupon(ctx: Ctx, cart: CartRow, body: Record<string, unknown>): void {
  const id = asString(body.couponId);
  if (!id) throw validationError([{ field: "couponId", description: "must not be empty", violatedRule: "REQUIRED_FIELD" }]);
  const coupon = findCoupon(ctx, cart.coupon_code);
  // A code that no longer exists has no coupon id left: its id in the cart is the code itself.
  const inCart = cart.coupon_code ? (coupon?.id ?? cart.coupon_code) : null;
  if (inCart !== id) throw appError(428, "COUPON_NOT_FOUND_IN_CART", "Ce code promo n'est pas dans le panier", { couponId: id });
  setCartCoupon(ctx, cart.id, null);
}

export function setDeliveryMethod(ctx: Ctx, cart: CartRow, raw: unknown, field = "deliveryMethod"): void {
  const m = asObject(raw);
  const code = asString(m?.code);
  if (!code) throw validationError([{ field: `${field}.code`, description: "must not be empty", violatedRule: "REQUIRED_FIELD" }]);
  const appId = asString(m?.appId) ?? null;
  // Only what ships to the cart's delivery address (the site's default destination until it has one).
  const option = shippingOptions(ctx, cartDestination(cart)).find((o) => o.code === code);
  if (!option)
    throw appError(400, "DELIVERY_METHOD_NOT_FOUND", "Mode de livraison inconnu", {
      code: code.slice(0, 100),
      appId: appId?.slice(0, 100) ?? null,
    });
  if (!priced(ctx, cart).some((l) => l.physical))
    throw appError(428, "DELIVERY_METHOD_MISSING_LINE_ITEMS", "Aucun article du panier n'est livré", {});
  setCartShipping(ctx, cart.id, option.code);
}

// ---------------------------------------------------------------- update cart

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function checkedAddress(raw: unknown, field: string): Record<string, unknown> | null {
  if (raw === undefined || raw === null) return null;
  const a = addressFromWire(raw);
  const country = a?.country;
  if (country !== undefined && !/^[A-Z]{2}$/.test(String(country)))
    throw appError(400, "INVALID_ADDRESS_FORMAT", "Pays invalide (code ISO à deux lettres)", { field: `${field}.country` });
  return a;
}

/**
 * Update Cart: the fields a buyer may write (`note`, `customerInfo`, `deliveryInfo.address`/`.method`,
 * `paymentInfo.billingAddress`/`.billingContact`, `customCheckoutUrl`); the rest is read-only and ignored. A
 * `revision` that is not the cart's is refused (CartRevisionMismatchErrorData of the typings).
 */
export function updateCart(ctx: Ctx, cart: CartRow, body: Record<string, unknown>): void {
  const patch = asObject(body.cart);
  if (!patch) throw validationError([{ field: "cart", description: "is required", violatedRule: "REQUIRED_FIELD" }]);
  const revision = patch.revision;
  if (revision !== undefined && revision !== null && String(revision) !== String(cart.revision))
    throw appError(409, "CART_REVISION_MISMATCH", "Le panier a changé entre-temps : rechargez-le", {
      expectedRevision: String(revision).slice(0, 20),
      currentRevision: String(cart.revision),
    });
  const contact = storedContact(cart.contact_info);
  const billing = storedContact(cart.billing);
  let email: string | undefined;
  if (patch.note !== undefined) {
    const note = patch.note;
    if (note !== null && (typeof note !== "string" || note.length > MAX_NOTE))
      throw validationError([
        { field: "cart.note", description: `must be a string of at most ${MAX_NOTE} characters`, violatedRule: "MAX_LENGTH" },
      ]);
    if (typeof note === "string") refuseUnsafeText(note.replace(/[\r\n\t]/g, " "), "cart.note");
    setCartNote(ctx, cart.id, note || null);
  }
  const customer = asObject(patch.customerInfo);
  if (customer) {
    const details = contactFromWire(customer);
    if (details) contact.contactDetails = { ...(contact.contactDetails ?? {}), ...details };
    if (customer.email !== undefined && customer.email !== null) {
      email = asString(customer.email)?.trim();
      if (!email || email.length > 320 || !EMAIL.test(email))
        throw validationError([{ field: "cart.customerInfo.email", description: "must be a valid email address", violatedRule: "FORMAT" }]);
    }
  }
  const delivery = asObject(patch.deliveryInfo);
  if (delivery && delivery.address !== undefined) contact.address = checkedAddress(delivery.address, "cart.deliveryInfo.address");
  const payment = asObject(patch.paymentInfo);
  if (payment && payment.billingAddress !== undefined)
    billing.address = checkedAddress(payment.billingAddress, "cart.paymentInfo.billingAddress");
  if (payment && payment.billingContact !== undefined) billing.contactDetails = contactFromWire(payment.billingContact);
  if (patch.customCheckoutUrl !== undefined) {
    const url = patch.customCheckoutUrl;
    if (url !== null && (typeof url !== "string" || url.length > 2048 || !/^https?:\/\/[^\s]+$/i.test(url)))
      throw validationError([
        { field: "cart.customCheckoutUrl", description: "must be an http(s) URL of at most 2048 characters", violatedRule: "FORMAT" },
      ]);
    setCustomCheckoutUrl(ctx, cart.id, url || null);
  }
  setCartContact(ctx, cart.id, contact, billing, email ?? null);
  const method = asObject(delivery?.method);
  if (method) setDeliveryMethod(ctx, cartById(ctx, cart.id)!, method, "cart.deliveryInfo.method");
}
