// ecom current cart V1, the data: one cart per caller (visitor or member), its lines, wire shape and events.
import { emitEvent, webhooksOn } from "../events/webhooks";
import { resolveVariant, loadProduct } from "../stores/catalog-store";
import type { Ctx } from "../core/context";
import { STORES_APP_ID, currency, newId, price } from "../core/context";
import { nowIso } from "../core/db";
import type { FieldViolation } from "../core/http";
import { appError, asObject, asString, notFound, validationError } from "../core/http";
import type { LineRef, PricedLine } from "./pricing";
import { addressToWire, computeTotals, lineItemWire, priceLine } from "./pricing";

export const MAX_QUANTITY = 9999;

export interface CartRow {
  id: string;
  owner: string;
  buyer_note: string | null;
  coupon_code: string | null;
  contact_info: string | null;
  selected_shipping: string | null;
  email: string | null;
  checkout_id: string | null;
  /** Follows the cart into its checkout and order (Wix's purchase flow). */
  purchase_flow_id: string | null;
  created_date: string;
  updated_date: string;
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
  ctx.db.prepare("UPDATE carts SET updated_date = ?, checkout_id = NULL WHERE id = ?").run(nowIso(), cartId);
  const cart = ctx.db.prepare("SELECT * FROM carts WHERE id = ?").get(cartId) as CartRow | undefined;
  if (cart) cartEvent(ctx, fresh ? "created" : "updated", cart);
}

/** cart_created / _updated / _deleted webhooks; the entity is the cart as the SDK reads it. */
export function cartEvent(ctx: Ctx, kind: "created" | "updated" | "deleted", cart: CartRow): void {
  if (!webhooksOn(ctx)) return;
  const [k, id] = [cart.owner.slice(0, 1), cart.owner.slice(2)];
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
    identity: k === "m" ? { memberId: id } : { visitorId: id },
  });
}

export function buyerInfoWire(ctx: Ctx, owner: string, email?: string | null) {
  const [kind, id] = [owner.slice(0, 1), owner.slice(2)];
  if (kind === "m") {
    const m = ctx.db.prepare("SELECT contact_id, email FROM members WHERE id = ?").get(id) as
      { contact_id: string; email: string } | undefined;
    return { memberId: id, ...(m ? { contactId: m.contact_id } : {}), ...(email || m?.email ? { email: email || m?.email } : {}) };
  }
  return { visitorId: id, ...(email ? { email } : {}) };
}

export function cartWire(ctx: Ctx, cart: CartRow, appOrigin: string, priced?: PricedLine[]) {
  const cur = currency(ctx);
  const lines = priced ?? cartLines(ctx, cart.id).map((l) => priceLine(ctx, l));
  const t = computeTotals(ctx, lines, cart.coupon_code, cart.selected_shipping);
  const contact = cart.contact_info ? JSON.parse(cart.contact_info) : null;
  return {
    id: cart.id,
    lineItems: lines.map((l) => lineItemWire(ctx, l, appOrigin, "image")),
    ...(cart.buyer_note ? { buyerNote: cart.buyer_note } : {}),
    buyerInfo: buyerInfoWire(ctx, cart.owner, cart.email),
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
    ...(cart.selected_shipping ? { selectedShippingOption: { code: cart.selected_shipping, carrierId: "embedded-shipping" } } : {}),
    ...(cart.checkout_id ? { checkoutId: cart.checkout_id } : {}),
    createdDate: cart.created_date,
    updatedDate: cart.updated_date,
  };
}

// ---------------------------------------------------------------- validation

export function checkQuantity(q: unknown, field: string, violations: FieldViolation[]): number {
  if (typeof q !== "number" || !Number.isInteger(q)) {
    violations.push({ field, description: "must be an integer", violatedRule: "FORMAT" });
    return 0;
  }
  if (q < 1) violations.push({ field, description: "must be > 0", violatedRule: "MIN" });
  else if (q > MAX_QUANTITY) violations.push({ field, description: `must be <= ${MAX_QUANTITY}`, violatedRule: "MAX" });
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

/** Adds lines, merging identical catalog items (same product and variant) into one line. */
export function addLines(ctx: Ctx, cart: CartRow, lines: NewLine[]): void {
  const violations: FieldViolation[] = [];
  lines.forEach((l, i) => {
    const p = loadProduct(ctx, l.productId);
    if (!p || !p.visible)
      throw appError(404, "ITEM_NOT_FOUND", `Produit introuvable : ${l.productId}`, { catalogItemId: l.productId, index: i });
    const variant = resolveVariant(p, l.options ?? undefined, ctx.opts.catalogVersion);
    if (variant === "invalid")
      throw appError(400, "INVALID_CATALOG_OPTIONS", `Choisissez une variante valide pour « ${p.name} »`, {
        catalogItemId: l.productId,
        index: i,
      });
    const key = `${p.id}|${variant?.id ?? ""}`;
    const existing = ctx.db.prepare("SELECT * FROM cart_lines WHERE cart_id = ? AND item_key = ?").get(cart.id, key) as LineRow | undefined;
    if (existing) {
      const q = existing.quantity + l.quantity;
      if (q > MAX_QUANTITY) {
        violations.push({ field: `lineItems[${i}].quantity`, description: `must be <= ${MAX_QUANTITY}`, violatedRule: "MAX" });
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
