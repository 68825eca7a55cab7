// ecom current cart V1, the data: one cart per caller (visitor or member), its lines, wire shape and events.
import { emitEvent, webhooksOn } from "../../events/webhooks";
import type { ProductRec } from "../../stores/catalog-store";
import { resolveVariant, loadProduct } from "../../stores/catalog-store";
import type { Ctx } from "../../core/context";
import { SHIPPING_CARRIER_ID, STORES_APP_ID, currency, newId, price } from "../../core/context";
import { nowIso } from "../../core/db";
import type { FieldViolation } from "../../core/http";
import { appError, asObject, asString, notFound, validationError } from "../../core/http";
import type { LineRef, PricedLine } from "../pricing/pricing";
import { addressToWire, computeTotals, findCoupon, lineItemWire, priceLine, shippingOptions } from "../pricing/pricing";
import { buyerInfoWire, identityOf } from "../parties/buyer";
import type { CartV2Source } from "./cart-v2-wire";
import { buyerOwner, cartV2Wire } from "./cart-v2-wire";

export { buyerInfoWire } from "../parties/buyer";

export const MAX_QUANTITY = 9999;

/** A cart row: the fields both versions read (cart/cart-v2-wire.ts's CartV2Source) and V1's checkout link. */
export interface CartRow extends CartV2Source {
  checkout_id: string | null;
}

interface LineRow {
  id: string;
  cart_id: string;
  product_id: string;
  variant_id: string | null;
  options: string;
  item_key: string;
  quantity: number;
  position: number;
  snapshot: string;
}

export function getCart(ctx: Ctx, owner: string): CartRow | null {
  return (ctx.db.prepare("SELECT * FROM carts WHERE owner = ?").get(owner) as CartRow | undefined) ?? null;
}

export function cartLines(ctx: Ctx, cartId: string): LineRef[] {
  return (ctx.db.prepare("SELECT * FROM cart_lines WHERE cart_id = ? ORDER BY position").all(cartId) as LineRow[]).map((r) => ({
    id: r.id,
    productId: r.product_id,
    variantId: r.variant_id,
    options: r.options === "null" ? null : JSON.parse(r.options),
    quantity: r.quantity,
    snapshot: JSON.parse(r.snapshot),
  }));
}

export function ensureCart(ctx: Ctx, owner: string): CartRow {
  const existing = getCart(ctx, owner);
  if (existing) return existing;
  ctx.db
    // updated_date "" = never touched: touch() (always called in the same transaction) sets it and says "created".
    .prepare("INSERT INTO carts (id, owner, purchase_flow_id, created_date, updated_date) VALUES (?, ?, ?, ?, '')")
    .run(newId(), owner, newId(), nowIso());
  // cart_created goes out from touch(), once the call has put its lines in: Wix's Cart Created event carries them.
  return getCart(ctx, owner)!;
}

export function requireCart(ctx: Ctx, owner: string): CartRow {
  const cart = getCart(ctx, owner);
  if (!cart) throw notFound("OWNED_CART_NOT_FOUND", "Aucun panier pour cet utilisateur", {});
  return cart;
}

/** After a change: the new date, the checkout (priced for the old cart) dropped, and cart_created or cart_updated. */
export function touch(ctx: Ctx, cartId: string): void {
  const before = ctx.db.prepare("SELECT updated_date FROM carts WHERE id = ?").get(cartId) as { updated_date: string } | undefined;
  // A cart ensureCart() made in this same call has never been touched: its first change is its creation.
  const fresh = before?.updated_date === "";
  // Cart V2's revision counts every change, whichever API made it.
  ctx.db.prepare("UPDATE carts SET updated_date = ?, checkout_id = NULL, revision = revision + 1 WHERE id = ?").run(nowIso(), cartId);
  const cart = cartById(ctx, cartId);
  if (cart) cartEvent(ctx, fresh ? "created" : "updated", cart);
}

export function cartById(ctx: Ctx, id: string): CartRow | null {
  return (ctx.db.prepare("SELECT * FROM carts WHERE id = ?").get(id) as CartRow | undefined) ?? null;
}

/**
 * cart_created / _updated / _deleted webhooks, in both versions: one cart is both a Cart V1 and a Cart V2 entity, so
 * a change made through either API is announced to listeners of either (the V1 entity as Cart V1 reads it, the V2
 * one as Cart V2 does). A placed cart is deleted for Cart V1 (as it always was) and updated for Cart V2.
 */
export function cartEvent(ctx: Ctx, kind: "created" | "updated" | "deleted", cart: CartRow, which: "both" | "v1" | "v2" = "both"): void {
  if (!webhooksOn(ctx)) return;
  const identity = identityOf(buyerOwner(cart));
  if (which !== "v2")
    emitEvent(ctx, {
      eventType: `wix.ecom.v1.cart_${kind}`,
      entityFqdn: "wix.ecom.v1.cart",
      slug: kind,
      entityId: cart.id,
      body:
        // Wix's Cart Deleted example: deletedEvent {movedToTrash: true}, the cart's id in entityId.
        kind === "deleted"
          ? { deleted: { movedToTrash: true } }
          : kind === "created"
            ? { created: cartWire(ctx, cart, ctx.opts.defaultAppOrigin) }
            : { updated: cartWire(ctx, cart, ctx.opts.defaultAppOrigin) },
      identity,
    });
  if (which === "v1") return;
  const entity = cartV2Of(ctx, cart, ctx.opts.defaultAppOrigin);
  emitEvent(ctx, {
    eventType: `wix.ecom.v2.cart_${kind}`,
    entityFqdn: "wix.ecom.v2.cart",
    slug: kind,
    entityId: cart.id,
    // Cart V2's CartDeletedEnvelope carries the cart itself (`entity: Cart` in the typings): deletedEvent.deletedEntity.
    body: kind === "deleted" ? { deleted: { deletedEntity: entity } } : kind === "created" ? { created: entity } : { updated: entity },
    identity,
  });
}

/** Where a cart's goods go: the country of its delivery address, null until it has one. */
export function cartDestination(cart: { contact_info: string | null }): string | null {
  const contact = cart.contact_info ? (JSON.parse(cart.contact_info) as { address?: { country?: unknown } | null }) : null;
  const country = contact?.address?.country;
  return typeof country === "string" && country ? country : null;
}

/** The Cart V2 entity of a cart row (lines priced now). */
export function cartV2Of(ctx: Ctx, cart: CartRow, appOrigin: string, priced?: PricedLine[]) {
  const lines = priced ?? cartLines(ctx, cart.id).map((l) => priceLine(ctx, l));
  const owner = buyerOwner(cart);
  const buyer = buyerInfoWire(ctx, owner) as { visitorId?: string; memberId?: string; contactId?: string; email?: string };
  const coupon = findCoupon(ctx, cart.coupon_code);
  return cartV2Wire(
    ctx,
    cart,
    lines,
    {
      customer: buyer,
      options: shippingOptions(ctx, cartDestination(cart)),
      coupon: coupon ? { id: coupon.id, code: coupon.code } : null,
      current: cart.owner === owner,
    },
    appOrigin,
  );
}

export function cartWire(ctx: Ctx, cart: CartRow, appOrigin: string, priced?: PricedLine[]) {
  const cur = currency(ctx);
  const lines = priced ?? cartLines(ctx, cart.id).map((l) => priceLine(ctx, l));
  const t = computeTotals(ctx, lines, cart.coupon_code, cart.selected_shipping, cartDestination(cart));
  const contact = cart.contact_info ? JSON.parse(cart.contact_info) : null;
  return {
    id: cart.id,
    lineItems: lines.map((l) => lineItemWire(ctx, l, appOrigin, "image")),
    ...(cart.buyer_note ? { buyerNote: cart.buyer_note } : {}),
    buyerInfo: buyerInfoWire(ctx, buyerOwner(cart), cart.email),
    currency: cur,
    conversionCurrency: cur,
    paymentCurrency: cur,
    buyerLanguage: "fr",
    siteLanguage: "fr",
    taxIncludedInPrices: true,
    weightUnit: "KG",
    subtotal: price(t.subtotal, cur),
    subtotalAfterDiscounts: price(t.subtotal - t.discount, cur),
    // Internal in the typings, sent by real Wix: the cart-level discount total.
    discount: price(t.discount, cur),
    ...(cart.purchase_flow_id ? { purchaseFlowId: cart.purchase_flow_id } : {}),
    appliedDiscounts: t.coupon ? [{ coupon: { id: t.coupon.id, code: t.coupon.code } }] : [],
    ...(contact
      ? {
          contactInfo: {
            ...(contact.address ? { address: addressToWire(contact.address) } : {}),
            ...(contact.contactDetails ? { contactDetails: contact.contactDetails } : {}),
          },
        }
      : {}),
    ...(cart.selected_shipping ? { selectedShippingOption: { code: cart.selected_shipping, carrierId: SHIPPING_CARRIER_ID } } : {}),
    ...(cart.checkout_id ? { checkoutId: cart.checkout_id } : {}),
    createdDate: cart.created_date,
    updatedDate: cart.updated_date,
  };
}

// ---------------------------------------------------------------- validation

/** A line quantity from hostile input: an integer from 1 to `max` (Cart V1's 9999; Cart V2 allows 100000). */
export function checkQuantity(q: unknown, field: string, violations: FieldViolation[], max = MAX_QUANTITY): number {
  if (typeof q !== "number" || !Number.isInteger(q)) {
    violations.push({ field, description: "must be an integer", violatedRule: "FORMAT" });
    return 0;
  }
  if (q < 1) violations.push({ field, description: "must be > 0", violatedRule: "MIN" });
  else if (q > max) violations.push({ field, description: `must be <= ${max}`, violatedRule: "MAX" });
  return q;
}

interface NewLine {
  productId: string;
  options: Record<string, unknown> | null;
  quantity: number;
}

export function parseNewLines(body: Record<string, unknown>, required: boolean): NewLine[] {
  const violations: FieldViolation[] = [];
  const raw = body.lineItems;
  if (Array.isArray(body.customLineItems) && body.customLineItems.length)
    violations.push({ field: "customLineItems", description: "are not supported", violatedRule: "FIELD_NOT_ALLOWED" });
  if (raw === undefined || raw === null) {
    if (required && !violations.length) violations.push({ field: "lineItems", description: "must not be empty", violatedRule: "MIN_SIZE" });
    if (violations.length) throw validationError(violations);
    return [];
  }
  if (!Array.isArray(raw)) throw validationError([{ field: "lineItems", description: "must be an array", violatedRule: "FORMAT" }]);
  if (required && !raw.length) violations.push({ field: "lineItems", description: "must not be empty", violatedRule: "MIN_SIZE" });
  if (raw.length > 300) violations.push({ field: "lineItems", description: "must contain at most 300 items", violatedRule: "MAX_SIZE" });
  const out: NewLine[] = [];
  raw.forEach((item, i) => {
    const o = asObject(item);
    if (!o) {
      violations.push({ field: `lineItems[${i}]`, description: "must be an object", violatedRule: "FORMAT" });
      return;
    }
    const ref = asObject(o.catalogReference);
    const productId = asString(ref?.catalogItemId);
    if (!ref) violations.push({ field: `lineItems[${i}].catalogReference`, description: "is required", violatedRule: "REQUIRED_FIELD" });
    else if (!productId)
      violations.push({
        field: `lineItems[${i}].catalogReference.catalogItemId`,
        description: "must not be empty",
        violatedRule: "REQUIRED_FIELD",
      });
    const appId = ref?.appId;
    if (ref && appId !== undefined && appId !== STORES_APP_ID)
      violations.push({
        field: `lineItems[${i}].catalogReference.appId`,
        description: "must be the Wix Stores app id",
        violatedRule: "VALIDATION",
      });
    const options = ref?.options === undefined || ref?.options === null ? null : asObject(ref.options);
    if (ref && ref.options !== undefined && ref.options !== null && !options)
      violations.push({ field: `lineItems[${i}].catalogReference.options`, description: "must be an object", violatedRule: "FORMAT" });
    const quantity = o.quantity === undefined ? 1 : checkQuantity(o.quantity, `lineItems[${i}].quantity`, violations);
    if (productId) out.push({ productId, options: options ?? null, quantity });
  });
  if (violations.length) throw validationError(violations);
  return out;
}

/** The variant a catalog reference names, for the site's catalog (one place for Cart V1 and V2). */
export function variantOf(ctx: Ctx, p: ProductRec, options: Record<string, unknown> | undefined) {
  return resolveVariant(p, options, ctx.opts.catalogVersion);
}

/** Adds lines, merging identical catalog items (same product and variant) into one line. */
export function addLines(ctx: Ctx, cart: CartRow, lines: NewLine[], max = MAX_QUANTITY): void {
  const violations: FieldViolation[] = [];
  lines.forEach((l, i) => {
    const p = loadProduct(ctx, l.productId);
    if (!p || !p.visible)
      throw appError(404, "ITEM_NOT_FOUND", `Produit introuvable : ${l.productId}`, { catalogItemId: l.productId, index: i });
    const variant = variantOf(ctx, p, l.options ?? undefined);
    if (variant === "invalid")
      throw appError(400, "INVALID_CATALOG_OPTIONS", `Choisissez une variante valide pour « ${p.name} »`, {
        catalogItemId: l.productId,
        index: i,
      });
    const key = `${p.id}|${variant?.id ?? ""}`;
    const existing = ctx.db.prepare("SELECT * FROM cart_lines WHERE cart_id = ? AND item_key = ?").get(cart.id, key) as LineRow | undefined;
    if (existing) {
      const q = existing.quantity + l.quantity;
      if (q > max) {
        violations.push({ field: `lineItems[${i}].quantity`, description: `must be <= ${max}`, violatedRule: "MAX" });
        return;
      }
      ctx.db.prepare("UPDATE cart_lines SET quantity = ? WHERE id = ?").run(q, existing.id);
    } else {
      const pos = (
        ctx.db.prepare("SELECT COALESCE(MAX(position), 0) + 1 AS n FROM cart_lines WHERE cart_id = ?").get(cart.id) as { n: number }
      ).n;
      ctx.db
        .prepare(
          "INSERT INTO cart_lines (id, cart_id, product_id, variant_id, options, item_key, quantity, position, snapshot) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        )
        .run(
          newId(),
          cart.id,
          p.id,
          variant?.id ?? null,
          JSON.stringify(l.options),
          key,
          l.quantity,
          pos,
          JSON.stringify({ name: p.name, slug: p.slug }),
        );
    }
  });
  if (violations.length) throw validationError(violations);
}

/** Merges the visitor's cart into the member's (at login), summing quantities of identical items. */
export function mergeCarts(ctx: Ctx, fromOwner: string, toOwner: string): void {
  if (fromOwner === toOwner) return;
  const from = getCart(ctx, fromOwner);
  if (!from) return;
  const lines = cartLines(ctx, from.id);
  const to = ensureCart(ctx, toOwner);
  for (const l of lines) {
    const key = `${l.productId}|${l.variantId ?? ""}`;
    const existing = ctx.db.prepare("SELECT * FROM cart_lines WHERE cart_id = ? AND item_key = ?").get(to.id, key) as LineRow | undefined;
    if (existing) {
      ctx.db
        .prepare("UPDATE cart_lines SET quantity = ? WHERE id = ?")
        .run(Math.min(MAX_QUANTITY, existing.quantity + l.quantity), existing.id);
    } else {
      const pos = (
        ctx.db.prepare("SELECT COALESCE(MAX(position), 0) + 1 AS n FROM cart_lines WHERE cart_id = ?").get(to.id) as { n: number }
      ).n;
      ctx.db.prepare("UPDATE cart_lines SET cart_id = ?, position = ? WHERE id = ?").run(to.id, pos, l.id);
    }
  }
  if (from.coupon_code && !to.coupon_code) ctx.db.prepare("UPDATE carts SET coupon_code = ? WHERE id = ?").run(from.coupon_code, to.id);
  if (from.buyer_note && !to.buyer_note) ctx.db.prepare("UPDATE carts SET buyer_note = ? WHERE id = ?").run(from.buyer_note, to.id);
  ctx.db.prepare("DELETE FROM carts WHERE id = ?").run(from.id);
  touch(ctx, to.id);
}

// ---------------------------------------------------------------- Cart V2's writes (its routes hold no SQL)

export function deleteLines(ctx: Ctx, cartId: string, lineIds: string[]): void {
  const del = ctx.db.prepare("DELETE FROM cart_lines WHERE cart_id = ? AND id = ?");
  for (const id of lineIds) del.run(cartId, id);
}

export function setLineQuantities(ctx: Ctx, cartId: string, updates: { id: string; quantity: number }[]): void {
  const set = ctx.db.prepare("UPDATE cart_lines SET quantity = ? WHERE cart_id = ? AND id = ?");
  for (const u of updates) set.run(u.quantity, cartId, u.id);
}

export function setCartCoupon(ctx: Ctx, cartId: string, code: string | null): void {
  ctx.db.prepare("UPDATE carts SET coupon_code = ? WHERE id = ?").run(code, cartId);
}

export function setCartShipping(ctx: Ctx, cartId: string, code: string | null): void {
  ctx.db.prepare("UPDATE carts SET selected_shipping = ? WHERE id = ?").run(code, cartId);
}

export function setCartNote(ctx: Ctx, cartId: string, note: string | null): void {
  ctx.db.prepare("UPDATE carts SET buyer_note = ? WHERE id = ?").run(note, cartId);
}

export function setCustomCheckoutUrl(ctx: Ctx, cartId: string, url: string | null): void {
  ctx.db.prepare("UPDATE carts SET custom_checkout_url = ? WHERE id = ?").run(url, cartId);
}

/** The buyer's contact and billing (JSON), and the e-mail when one was given. */
export function setCartContact(ctx: Ctx, cartId: string, contact: unknown, billing: unknown, email: string | null): void {
  ctx.db
    .prepare("UPDATE carts SET contact_info = ?, billing = ?, email = COALESCE(?, email) WHERE id = ?")
    .run(JSON.stringify(contact), JSON.stringify(billing), email, cartId);
}

/** Gives a cart another owner key: `cart:<id>` keeps it readable by id only, the buyer's key makes it current. */
export function setCartOwner(ctx: Ctx, cartId: string, owner: string, placedBy: string | null): void {
  ctx.db.prepare("UPDATE carts SET owner = ?, placed_by = ? WHERE id = ?").run(owner, placedBy, cartId);
}

export function deleteCart(ctx: Ctx, cartId: string): void {
  ctx.db.prepare("DELETE FROM carts WHERE id = ?").run(cartId);
}
