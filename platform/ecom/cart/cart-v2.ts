// ecom Cart V2 (`@wix/ecom` currentCartV2 and cartV2, REST under /ecom/v2/carts): the same carts as Cart V1, read
// and changed the V2 way. Refusals use the codes of the SDK's typings (the *ApplicationErrors unions of
// @wix/auto_sdk_ecom_cart-v-2 and _current-cart-v-2); what the typings leave open is listed in platform/README.md.
import type { Caller, Ctx } from "../../core/context";
import { callerFromRequest, requireCaller } from "../../core/context";
import { isElevated, requireElevated } from "../../core/elevated";
import type { ApiRequest, FieldViolation, Router } from "../../core/http";
import { appError, asObject, asString, notFound, refuseUnsafeText, unauthenticated, validationError } from "../../core/http";
import { emitEvent, webhooksOn } from "../../events/webhooks";
import { createCartSession } from "../../redirects/redirects";
import { availableQuantity, isInStock, loadProduct } from "../../stores/catalog-store";
import { identityOf } from "../parties/buyer";
import type { CartRow } from "./cart-store";
import { addLines, cartById, cartEvent, cartLines, cartV2Of, checkQuantity, ensureCart, getCart, touch, variantOf } from "./cart-store";
import { cartCheckoutData, placeCartOrder } from "./cart-order";
import { cartTotalsFor, COUPON_LIMIT_MESSAGES, couponLimitReached, customerOf } from "../pricing/coupon-limits";
import { checkoutTotals } from "../checkout/checkout-v1";
import { buyerOwner, storedContact, summaryV2Wire } from "./cart-v2-wire";
import type { PricedLine } from "../pricing/pricing";
import {
  addressFromWire,
  computeTotals,
  contactFromWire,
  COUPON_REFUSAL_MESSAGES,
  couponRefusal,
  findCoupon,
  priceLine,
  shippingOptions,
} from "../pricing/pricing";
import { STORES_APP_ID } from "../../core/context";

/** Cart V2's bounds (typings: `requestedQuantity` 1..100000, `lineItems` maxSize 300, `note` maxLength 1000). */
const MAX_V2_QUANTITY = 100000;
const MAX_LINES = 300;
const MAX_NOTE = 1000;

// ---------------------------------------------------------------- access

interface Access {
  caller: Caller | null;
  cart: CartRow;
}

/** No such cart for this caller: 404 with Cart V1's code (the V2 typings name none for this case). */
const cartNotFound = (id?: string) => notFound("OWNED_CART_NOT_FOUND", "Aucun panier pour cet utilisateur", id ? { cartId: id } : {});

/** The caller's current cart, or 404. */
function currentCart(ctx: Ctx, req: ApiRequest): Access {
  const caller = requireCaller(ctx, req.headers);
  const cart = getCart(ctx, caller.owner);
  if (!cart) throw cartNotFound();
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

function priced(ctx: Ctx, cart: CartRow): PricedLine[] {
  return cartLines(ctx, cart.id).map((l) => priceLine(ctx, l));
}

function cartOut(ctx: Ctx, cartId: string, appOrigin: string) {
  return { cart: cartV2Of(ctx, cartById(ctx, cartId)!, appOrigin) };
}

function withSummary(ctx: Ctx, cartId: string, appOrigin: string, parts: { delivery: boolean; tax: boolean }) {
  const cart = cartById(ctx, cartId)!;
  const lines = priced(ctx, cart);
  const t = cartTotalsFor(ctx, lines, cart);
  const gone = cart.coupon_code && !findCoupon(ctx, cart.coupon_code) ? cart.coupon_code : null;
  return { cart: cartV2Of(ctx, cart, appOrigin, lines), summary: summaryV2Wire(ctx, cart, t, parts, gone) };
}

// ---------------------------------------------------------------- line items

interface CatalogItem {
  index: number;
  productId: string;
  options: Record<string, unknown> | null;
  reference: Record<string, unknown>;
  quantity: number;
}

const checkQuantityV2 = (q: unknown, field: string, violations: FieldViolation[]) => checkQuantity(q, field, violations, MAX_V2_QUANTITY);

/**
 * `catalogItems` (CatalogItemInput) from hostile input. Custom line items and catalog overrides set prices the
 * catalog does not: refused to buyers (overrides are the site's own business, custom items are not imitated).
 */
function parseCatalogItems(body: Record<string, unknown>, elevated: boolean): CatalogItem[] {
  const violations: FieldViolation[] = [];
  if (Array.isArray(body.customItems) && body.customItems.length)
    violations.push({ field: "customItems", description: "custom line items are not supported", violatedRule: "FIELD_NOT_ALLOWED" });
  const raw = body.catalogItems;
  if (raw !== undefined && raw !== null && !Array.isArray(raw))
    violations.push({ field: "catalogItems", description: "must be an array", violatedRule: "FORMAT" });
  const list = Array.isArray(raw) ? raw : [];
  if (list.length > MAX_LINES)
    throw appError(400, "MAX_LINE_ITEMS_EXCEEDED", `Au plus ${MAX_LINES} articles par panier`, {
      requestCount: list.length,
      maxCount: MAX_LINES,
    });
  const out: CatalogItem[] = [];
  list.forEach((item, i) => {
    const o = asObject(item);
    const at = `catalogItems[${i}]`;
    if (!o) {
      violations.push({ field: at, description: "must be an object", violatedRule: "FORMAT" });
      return;
    }
    if (o.catalogOverrideFields !== undefined && o.catalogOverrideFields !== null && !elevated)
      violations.push({
        field: `${at}.catalogOverrideFields`,
        description: "is not allowed for this identity",
        violatedRule: "FIELD_NOT_ALLOWED",
      });
    const ref = asObject(o.catalogReference);
    const productId = asString(ref?.catalogItemId);
    if (!ref) violations.push({ field: `${at}.catalogReference`, description: "is required", violatedRule: "REQUIRED_FIELD" });
    else if (!productId || productId.length > 36)
      violations.push({
        field: `${at}.catalogReference.catalogItemId`,
        description: "must be 1 to 36 characters",
        violatedRule: "REQUIRED_FIELD",
      });
    if (ref && ref.appId !== STORES_APP_ID)
      violations.push({ field: `${at}.catalogReference.appId`, description: "must be the Wix Stores app id", violatedRule: "VALIDATION" });
    const options = ref?.options === undefined || ref?.options === null ? null : asObject(ref.options);
    if (ref && ref.options !== undefined && ref.options !== null && !options)
      violations.push({ field: `${at}.catalogReference.options`, description: "must be an object", violatedRule: "FORMAT" });
    if (o.quantity === undefined) violations.push({ field: `${at}.quantity`, description: "is required", violatedRule: "REQUIRED_FIELD" });
    const quantity = checkQuantityV2(o.quantity, `${at}.quantity`, violations);
    if (ref && productId) out.push({ index: i, productId, options: options ?? null, reference: { ...ref }, quantity });
  });
  if (violations.length) throw validationError(violations);
  return out;
}

interface ShortEntry {
  id: Record<string, unknown>;
  requestedQuantity: number;
  availableQuantity: number;
}

const insufficient = (entries: ShortEntry[]) =>
  appError(428, "INSUFFICIENT_INVENTORY", "Stock insuffisant pour la quantité demandée", { invalidItems: entries });

/**
 * Adds catalog items: every item must exist in the catalog (ITEM_NOT_FOUND_IN_CATALOG) and be in stock for the
 * quantity asked plus what the cart already holds (INSUFFICIENT_INVENTORY), all checked before anything changes.
 */
function addCatalogItems(ctx: Ctx, cart: CartRow, items: CatalogItem[]): void {
  const missing: Record<string, unknown>[] = [];
  const wanted = new Map<string, { item: CatalogItem; total: number; available: number | null }>();
  const inCart = new Map(cartLines(ctx, cart.id).map((l) => [`${l.productId}|${l.variantId ?? ""}`, l.quantity]));
  for (const item of items) {
    const p = loadProduct(ctx, item.productId);
    const variant = p && p.visible ? variantOf(ctx, p, item.options ?? undefined) : "invalid";
    if (!p || variant === "invalid") {
      missing.push({ catalogReference: item.reference });
      continue;
    }
    const key = `${p.id}|${variant?.id ?? ""}`;
    const available = isInStock(p, variant) ? availableQuantity(p, variant) : 0;
    const seen = wanted.get(key);
    wanted.set(key, { item, total: (seen?.total ?? inCart.get(key) ?? 0) + item.quantity, available });
  }
  if (missing.length) throw appError(428, "ITEM_NOT_FOUND_IN_CATALOG", "Article introuvable dans le catalogue", { invalidItems: missing });
  const short = [...wanted.values()]
    .filter((w) => w.available !== null && w.total > w.available)
    .map((w) => ({ id: { catalogReference: w.item.reference }, requestedQuantity: w.total, availableQuantity: w.available! }));
  if (short.length) throw insufficient(short);
  const lineCount = new Set([...inCart.keys(), ...wanted.keys()]).size;
  if (lineCount > MAX_LINES)
    throw appError(400, "MAX_LINE_ITEMS_EXCEEDED", `Au plus ${MAX_LINES} articles par panier`, {
      requestCount: lineCount,
      maxCount: MAX_LINES,
    });
  addLines(
    ctx,
    cart,
    items.map((i) => ({ productId: i.productId, options: i.options, quantity: i.quantity })),
    MAX_V2_QUANTITY,
  );
}

function removeLineItems(ctx: Ctx, cart: CartRow, body: Record<string, unknown>): void {
  const ids = body.lineItemIds;
  if (!Array.isArray(ids) || !ids.length)
    throw validationError([{ field: "lineItemIds", description: "must not be empty", violatedRule: "MIN_SIZE" }]);
  if (!ids.every((x) => typeof x === "string" && x.length <= 100))
    throw validationError([{ field: "lineItemIds", description: "must be a list of line item ids", violatedRule: "FORMAT" }]);
  const present = new Set(cartLines(ctx, cart.id).map((l) => l.id));
  const unknown = (ids as string[]).filter((id) => !present.has(id));
  if (unknown.length) throw appError(428, "LINE_ITEM_NOT_FOUND_IN_CART", "Ligne de panier introuvable", { lineItemIds: unknown });
  const del = ctx.db.prepare("DELETE FROM cart_lines WHERE cart_id = ? AND id = ?");
  for (const id of ids as string[]) del.run(cart.id, id);
}

/** `lineItems: [{lineItemId, quantity: {newQuantity}}]` (LineItemUpdate), checked whole before any change. */
function updateLineItems(ctx: Ctx, cart: CartRow, body: Record<string, unknown>): void {
  const raw = body.lineItems;
  if (!Array.isArray(raw) || !raw.length)
    throw validationError([{ field: "lineItems", description: "must not be empty", violatedRule: "MIN_SIZE" }]);
  if (raw.length > MAX_LINES)
    throw validationError([{ field: "lineItems", description: `must contain at most ${MAX_LINES} items`, violatedRule: "MAX_SIZE" }]);
  const violations: FieldViolation[] = [];
  const updates: { id: string; quantity: number | null }[] = [];
  raw.forEach((item, i) => {
    const o = asObject(item);
    const id = asString(o?.lineItemId);
    if (!id) violations.push({ field: `lineItems[${i}].lineItemId`, description: "must not be empty", violatedRule: "REQUIRED_FIELD" });
    const q = asObject(o?.quantity);
    const quantity = q ? checkQuantityV2(q.newQuantity, `lineItems[${i}].quantity.newQuantity`, violations) : null;
    if (id) updates.push({ id, quantity });
  });
  if (violations.length) throw validationError(violations);
  const seen = new Set<string>();
  const dupes = updates.filter((u) => (seen.has(u.id) ? true : (seen.add(u.id), false))).map((u) => u.id);
  if (dupes.length)
    throw appError(400, "DUPLICATE_LINE_ITEM_UPDATES", "Ligne modifiée deux fois", { duplicateLineItemIds: [...new Set(dupes)] });
  const empty = updates.filter((u) => u.quantity === null).map((u) => u.id);
  if (empty.length) throw appError(400, "EMPTY_LINE_ITEM_UPDATES", "Aucune modification pour ces lignes", { lineItemIds: empty });
  const lines = new Map(priced(ctx, cart).map((l) => [l.ref.id, l]));
  const unknown = updates.filter((u) => !lines.has(u.id)).map((u) => u.id);
  if (unknown.length) throw appError(428, "LINE_ITEM_NOT_FOUND_IN_CART", "Ligne de panier introuvable", { lineItemIds: unknown });
  const short = updates
    .map((u) => ({ u, l: lines.get(u.id)! }))
    .filter(
      ({ u, l }) =>
        l.status === "NOT_FOUND" || (l.quantityAvailable !== null && u.quantity! > l.quantityAvailable) || l.status === "NOT_AVAILABLE",
    )
    .map(({ u, l }) => ({ id: { lineItemId: u.id }, requestedQuantity: u.quantity!, availableQuantity: l.quantityAvailable ?? 0 }));
  if (short.length) throw insufficient(short);
  const set = ctx.db.prepare("UPDATE cart_lines SET quantity = ? WHERE cart_id = ? AND id = ?");
  for (const u of updates) set.run(u.quantity, cart.id, u.id);
}

// ---------------------------------------------------------------- coupons and delivery

function addCoupon(ctx: Ctx, cart: CartRow, body: Record<string, unknown>): void {
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
  ctx.db.prepare("UPDATE carts SET coupon_code = ? WHERE id = ?").run(coupon.code, cart.id);
}

function removeCoupon(ctx: Ctx, cart: CartRow, body: Record<string, unknown>): void {
  const id = asString(body.couponId);
  if (!id) throw validationError([{ field: "couponId", description: "must not be empty", violatedRule: "REQUIRED_FIELD" }]);
  const coupon = findCoupon(ctx, cart.coupon_code);
  // A code that no longer exists has no coupon id left: its id in the cart is the code itself.
  const inCart = cart.coupon_code ? (coupon?.id ?? cart.coupon_code) : null;
  if (inCart !== id) throw appError(428, "COUPON_NOT_FOUND_IN_CART", "Ce code promo n'est pas dans le panier", { couponId: id });
  ctx.db.prepare("UPDATE carts SET coupon_code = NULL WHERE id = ?").run(cart.id);
}

function setDeliveryMethod(ctx: Ctx, cart: CartRow, raw: unknown, field = "deliveryMethod"): void {
  const m = asObject(raw);
  const code = asString(m?.code);
  if (!code) throw validationError([{ field: `${field}.code`, description: "must not be empty", violatedRule: "REQUIRED_FIELD" }]);
  const appId = asString(m?.appId) ?? null;
  const option = shippingOptions(ctx).find((o) => o.code === code);
  if (!option)
    throw appError(400, "DELIVERY_METHOD_NOT_FOUND", "Mode de livraison inconnu", {
      code: code.slice(0, 100),
      appId: appId?.slice(0, 100) ?? null,
    });
  if (!priced(ctx, cart).some((l) => l.physical))
    throw appError(428, "DELIVERY_METHOD_MISSING_LINE_ITEMS", "Aucun article du panier n'est livré", {});
  ctx.db.prepare("UPDATE carts SET selected_shipping = ? WHERE id = ?").run(option.code, cart.id);
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
function updateCart(ctx: Ctx, cart: CartRow, body: Record<string, unknown>): void {
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
    ctx.db.prepare("UPDATE carts SET buyer_note = ? WHERE id = ?").run(note || null, cart.id);
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
    ctx.db.prepare("UPDATE carts SET custom_checkout_url = ? WHERE id = ?").run(url || null, cart.id);
  }
  ctx.db
    .prepare("UPDATE carts SET contact_info = ?, billing = ?, email = COALESCE(?, email) WHERE id = ?")
    .run(JSON.stringify(contact), JSON.stringify(billing), email ?? null, cart.id);
  const method = asObject(delivery?.method);
  if (method) setDeliveryMethod(ctx, cartById(ctx, cart.id)!, method, "cart.deliveryInfo.method");
}

// ---------------------------------------------------------------- carts of their own

/** A new current cart for the caller; the one they had stays readable by id, no longer current. */
function createCurrent(ctx: Ctx, caller: Caller): CartRow {
  const old = getCart(ctx, caller.owner);
  if (old) ctx.db.prepare("UPDATE carts SET owner = ?, placed_by = ? WHERE id = ?").run(`cart:${old.id}`, caller.owner, old.id);
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
  "remove-delivery-method": (ctx, cart) => ctx.db.prepare("UPDATE carts SET selected_shipping = NULL WHERE id = ?").run(cart.id),
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
        ctx.db.prepare("UPDATE carts SET owner = ?, placed_by = ? WHERE id = ?").run(`cart:${cart.id}`, caller.owner, cart.id);
        // The caller's current cart stays current.
        if (current) ctx.db.prepare("UPDATE carts SET owner = ?, placed_by = NULL WHERE id = ?").run(caller.owner, current.id);
        return cartOut(ctx, cart.id, req.appOrigin);
      });
    });

  both("GET", "", (c, a, req) => cartOut(c, a.cart.id, req.appOrigin));
  both("PATCH", "", (c, a, req) => change(updateCart)(c, a, req));
  both("DELETE", "", (c, a) =>
    tx(() => {
      c.db.prepare("DELETE FROM carts WHERE id = ?").run(a.cart.id);
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
