// ecom current cart V1: one cart per caller (visitor or member). The handlers; the rows, wire shape, line
// validation and merging live in cart/cart-store.ts.
import { customerOf, requireCouponUsable } from "../pricing/coupon-limits";
import type { Caller, Ctx } from "../../core/context";
import { newId, requireCaller } from "../../core/context";
import { nowIso } from "../../core/db";
import type { ApiRequest, FieldViolation, Router } from "../../core/http";
import { appError, asObject, asString, validationError } from "../../core/http";
import {
  addressFromWire,
  calculationWire,
  computeTotals,
  contactFromWire,
  findCoupon,
  priceLine,
  shippingInfoWire,
  violationsWire,
  taxSummaryWire,
} from "../pricing/pricing";
import {
  addLines,
  buyerInfoWire,
  cartEvent,
  cartDestination,
  cartLines,
  cartWire,
  checkQuantity,
  ensureCart,
  getCart,
  parseNewLines,
  requireCart,
  touch,
} from "./cart-store";

export { buyerInfoWire, cartEvent, getCart, mergeCarts, type CartRow } from "./cart-store";

// ---------------------------------------------------------------- handlers

function estimate(ctx: Ctx, caller: Caller, req: ApiRequest) {
  const cart = requireCart(ctx, caller.owner);
  const sel = asObject(req.body.selectedShippingOption);
  const code = asString(sel?.code) ?? cart.selected_shipping;
  const lines = cartLines(ctx, cart.id).map((l) => priceLine(ctx, l));
  const asked = asString(asObject(req.body.shippingAddress)?.country);
  const t = computeTotals(ctx, lines, cart.coupon_code, code, asked ?? cartDestination(cart));
  return {
    cart: cartWire(ctx, cart, req.appOrigin, lines),
    ...calculationWire(ctx, t),
    taxSummary: taxSummaryWire(ctx, t),
    shippingInfo: shippingInfoWire(ctx, t),
  };
}

function createCheckout(ctx: Ctx, caller: Caller, req: ApiRequest) {
  const cart = requireCart(ctx, caller.owner);
  const body = req.body;
  const violations: FieldViolation[] = [];
  const email = body.email === undefined || body.email === null ? undefined : asString(body.email);
  if (body.email !== undefined && body.email !== null && (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)))
    violations.push({ field: "email", description: "must be a valid email address", violatedRule: "FORMAT" });
  const channel = body.channelType === undefined ? "WEB" : asString(body.channelType);
  if (!channel || !["WEB", "POS", "OTHER_PLATFORM", "WIX_APP_STORE", "BACKOFFICE_MERCHANT"].includes(channel))
    violations.push({ field: "channelType", description: "must be a supported channel type", violatedRule: "INVALID_ENUM_VALUE" });
  if (violations.length) throw validationError(violations);
  const refs = cartLines(ctx, cart.id);
  if (!refs.length) throw appError(400, "CART_IS_EMPTY", "Le panier est vide", { cartId: cart.id });
  const lines = refs.map((l) => priceLine(ctx, l));
  const bad = lines.filter((l) => l.status !== "AVAILABLE");
  const sel = asObject(body.selectedShippingOption);
  const t = computeTotals(ctx, lines, cart.coupon_code, asString(sel?.code) ?? cart.selected_shipping, cartDestination(cart));
  // The V1 typings list no code for it; LINE_ITEMS_OUT_OF_STOCK is the code the Cart V2 typings give the same refusal
  // (placeOrder), rather than one of ours: codes come from the SDK's typings.
  if (bad.length)
    throw appError(400, "LINE_ITEMS_OUT_OF_STOCK", "Certains articles du panier ne sont plus disponibles", {
      lineItemIds: bad.map((l) => l.ref.id),
      violations: violationsWire(t),
    });
  const contact = cart.contact_info ? JSON.parse(cart.contact_info) : {};
  const buyerEmail = email ?? cart.email ?? (buyerInfoWire(ctx, caller.owner) as { email?: string }).email ?? null;
  requireCouponUsable(ctx, t.coupon, customerOf(ctx, caller.owner, buyerEmail));
  const id = newId();
  const now = nowIso();
  const data = {
    lines: refs,
    couponCode: cart.coupon_code,
    shippingCode: t.selected?.code ?? null,
    email: buyerEmail,
    shippingAddress: addressFromWire(body.shippingAddress) ?? contact.address ?? null,
    billingAddress: addressFromWire(body.billingAddress) ?? addressFromWire(body.shippingAddress) ?? contact.address ?? null,
    contactDetails: contact.contactDetails ?? null,
    buyerNote: cart.buyer_note,
    channelType: channel,
    purchaseFlowId: cart.purchase_flow_id,
  };
  ctx.db
    .prepare("INSERT INTO checkouts (id, cart_id, owner, data, created_date, updated_date) VALUES (?, ?, ?, ?, ?, ?)")
    .run(id, cart.id, caller.owner, JSON.stringify(data), now, now);
  ctx.db.prepare("UPDATE carts SET checkout_id = ? WHERE id = ?").run(id, cart.id);
  return { checkoutId: id };
}

export function registerCart(router: Router, ctx: Ctx): void {
  const tx = <T>(fn: () => T): T => ctx.db.transaction(fn).immediate();
  const base = "/ecom/v1/carts/current";
  router
    .on("GET", base, (req) => {
      const caller = requireCaller(ctx, req.headers);
      return { cart: cartWire(ctx, requireCart(ctx, caller.owner), req.appOrigin) };
    })
    .on("POST", `${base}/add-to-cart`, (req) => {
      const caller = requireCaller(ctx, req.headers);
      const lines = parseNewLines(req.body, true);
      return tx(() => {
        const cart = ensureCart(ctx, caller.owner);
        addLines(ctx, cart, lines);
        touch(ctx, cart.id);
        return { cart: cartWire(ctx, getCart(ctx, caller.owner)!, req.appOrigin) };
      });
    })
    .on("POST", `${base}/remove-line-items`, (req) => {
      const caller = requireCaller(ctx, req.headers);
      const ids = req.body.lineItemIds;
      if (!Array.isArray(ids) || !ids.length)
        throw validationError([{ field: "lineItemIds", description: "must not be empty", violatedRule: "MIN_SIZE" }]);
      if (!ids.every((x) => typeof x === "string"))
        throw validationError([{ field: "lineItemIds", description: "must be a list of strings", violatedRule: "FORMAT" }]);
      return tx(() => {
        const cart = requireCart(ctx, caller.owner);
        const del = ctx.db.prepare("DELETE FROM cart_lines WHERE cart_id = ? AND id = ?");
        for (const id of ids as string[]) del.run(cart.id, id);
        touch(ctx, cart.id);
        return { cart: cartWire(ctx, getCart(ctx, caller.owner)!, req.appOrigin) };
      });
    })
    .on("POST", `${base}/update-line-items-quantity`, (req) => {
      const caller = requireCaller(ctx, req.headers);
      const raw = req.body.lineItems;
      const violations: FieldViolation[] = [];
      if (!Array.isArray(raw) || !raw.length)
        throw validationError([{ field: "lineItems", description: "must not be empty", violatedRule: "MIN_SIZE" }]);
      const updates: { id: string; quantity: number }[] = [];
      raw.forEach((item, i) => {
        const o = asObject(item);
        const id = asString(o?.id);
        if (!id) violations.push({ field: `lineItems[${i}].id`, description: "must not be empty", violatedRule: "REQUIRED_FIELD" });
        const q = checkQuantity(o?.quantity, `lineItems[${i}].quantity`, violations);
        if (id) updates.push({ id, quantity: q });
      });
      if (violations.length) throw validationError(violations);
      return tx(() => {
        const cart = requireCart(ctx, caller.owner);
        for (const u of updates) {
          const r = ctx.db.prepare("UPDATE cart_lines SET quantity = ? WHERE cart_id = ? AND id = ?").run(u.quantity, cart.id, u.id);
          if (!r.changes) throw appError(404, "LINE_ITEM_NOT_FOUND", `Ligne de panier introuvable : ${u.id}`, { lineItemId: u.id });
        }
        touch(ctx, cart.id);
        return { cart: cartWire(ctx, getCart(ctx, caller.owner)!, req.appOrigin) };
      });
    })
    .on("PATCH", base, (req) => {
      const caller = requireCaller(ctx, req.headers);
      const body = req.body;
      const lines = parseNewLines(body, false);
      const info = asObject(body.cartInfo);
      const couponCode = body.couponCode === undefined || body.couponCode === null ? undefined : asString(body.couponCode);
      if (body.couponCode !== undefined && body.couponCode !== null && couponCode === undefined)
        throw validationError([{ field: "couponCode", description: "must be a string", violatedRule: "FORMAT" }]);
      const note = info?.buyerNote;
      if (note !== undefined && note !== null && (typeof note !== "string" || note.length > 1000))
        throw validationError([
          { field: "cartInfo.buyerNote", description: "must be a string of at most 1000 characters", violatedRule: "MAX_LENGTH" },
        ]);
      return tx(() => {
        const cart = lines.length ? ensureCart(ctx, caller.owner) : requireCart(ctx, caller.owner);
        if (couponCode !== undefined) {
          const trimmed = couponCode.trim();
          if (trimmed) {
            const c = findCoupon(ctx, trimmed);
            if (!c)
              throw appError(400, "ERROR_COUPON_DOES_NOT_EXIST", `Le code promo « ${trimmed} » n'existe pas`, { couponCode: trimmed });
            // A member who used it up is told now; a visitor's e-mail is checked at checkout (ecom/pricing/coupon-limits.ts).
            requireCouponUsable(ctx, c, customerOf(ctx, caller.owner, cart.email));
            ctx.db.prepare("UPDATE carts SET coupon_code = ? WHERE id = ?").run(c.code, cart.id);
          } else ctx.db.prepare("UPDATE carts SET coupon_code = NULL WHERE id = ?").run(cart.id);
        }
        if (info) {
          if (note !== undefined) ctx.db.prepare("UPDATE carts SET buyer_note = ? WHERE id = ?").run(note || null, cart.id);
          const ci = asObject(info.contactInfo);
          if (ci) {
            const value = { address: addressFromWire(ci.address), contactDetails: contactFromWire(ci.contactDetails) };
            ctx.db.prepare("UPDATE carts SET contact_info = ? WHERE id = ?").run(JSON.stringify(value), cart.id);
          }
          const sel = asObject(info.selectedShippingOption);
          if (sel) ctx.db.prepare("UPDATE carts SET selected_shipping = ? WHERE id = ?").run(asString(sel.code) ?? null, cart.id);
          const email = asString(asObject(info.buyerInfo)?.email);
          if (email) ctx.db.prepare("UPDATE carts SET email = ? WHERE id = ?").run(email.slice(0, 320), cart.id);
        }
        if (lines.length) addLines(ctx, cart, lines);
        touch(ctx, cart.id);
        return { cart: cartWire(ctx, getCart(ctx, caller.owner)!, req.appOrigin) };
      });
    })
    .on("POST", `${base}/remove-coupon`, (req) => {
      const caller = requireCaller(ctx, req.headers);
      return tx(() => {
        const cart = requireCart(ctx, caller.owner);
        ctx.db.prepare("UPDATE carts SET coupon_code = NULL WHERE id = ?").run(cart.id);
        touch(ctx, cart.id);
        return { cart: cartWire(ctx, getCart(ctx, caller.owner)!, req.appOrigin) };
      });
    })
    .on("POST", `${base}/estimate-totals`, (req) => estimate(ctx, requireCaller(ctx, req.headers), req))
    .on("POST", `${base}/create-checkout`, (req) => {
      const caller = requireCaller(ctx, req.headers);
      return tx(() => createCheckout(ctx, caller, req));
    })
    .on("DELETE", base, (req) => {
      const caller = requireCaller(ctx, req.headers);
      return tx(() => {
        const cart = requireCart(ctx, caller.owner);
        ctx.db.prepare("DELETE FROM carts WHERE id = ?").run(cart.id);
        cartEvent(ctx, "deleted", cart);
        return {};
      });
    });
}
