// ecom orders V1: created at payment (one transaction with the stock decrement), read only by their buyer.
import type { CartRow } from "../cart/cart-v1";
import { cartEvent } from "../cart/cart-v1";
import { bumpCatalog } from "../../stores/catalog";
import type { CheckoutData } from "../checkout/checkout-v1";
import { checkoutTotals, getCheckoutRow } from "../checkout/checkout-v1";
import type { Caller, Ctx } from "../../core/context";
import { requireCaller } from "../../core/context";
import { nowIso, nowSeconds } from "../../core/db";
import type { CouponLimitCode } from "../pricing/coupon-limits";
import { COUPON_LIMIT_MESSAGES, couponLimitReached, customerOf } from "../pricing/coupon-limits";
import { overUnpaidLimit, recordUnpaidClient, sendConfirmRequest, UNPAID_LIMIT_MESSAGE, unpaidHolder } from "../checkout/unpaid";
import { expireUnpaid, HOLD_SECONDS } from "../checkout/unpaid-holds";
import { claimOnRead } from "../../iam/order-claims";
import { sendOrderMails } from "./order-mail";
import type { Router } from "../../core/http";
import type { WixError } from "../../core/http";
import { asObject, notFound } from "../../core/http";
import type { PricedLine, Totals } from "../pricing/pricing";
import { unavailableText } from "../pricing/pricing";
import { decodeCursor } from "../../core/query";
import { orderEvents, productChanged } from "./order-events";
import { orderSearchLimit, orderSearchPage, searchAllOrders } from "./owner-orders";
import type { OrderRow } from "./order-wire";
import { orderById, orderWire } from "./order-wire";
import { isElevated } from "../../core/elevated";
import { paymentIdOf, transactionsUpdated, transactionsWire } from "../after-sale/payments";

import { insertOrder } from "./order-insert";

/** How the order is paid: a card paid or only authorized on the payment page, or offline (on delivery). */
export type Payment = "card" | "offline" | "authorized";

export type PlaceResult =
  | { ok: true; orderId: string }
  | {
      ok: false;
      code: "OUT_OF_STOCK" | "ALREADY_COMPLETED" | "NOT_FOUND" | "REFUSED" | "UNPAID_LIMIT" | CouponLimitCode;
      message: string;
      /** Place Order's refusal as the API answers it (V2 carts). */
      refusal?: WixError;
    };

/**
 * Turns a checkout into an order: re-checks stock, decrements it, stores the order, marks the checkout
 * completed and deletes the cart, all in one immediate transaction so two buyers racing for the last
 * unit get exactly one order.
 */
export function placeOrder(ctx: Ctx, checkoutId: string, payment: "card" | "offline" | "authorized", client?: string): PlaceResult {
  return withOrderMails(ctx, payment === "offline", (onCreated) => placeOrderTransaction(ctx, checkoutId, payment, onCreated, client));
}

/**
 * Runs an order placement, then (after the commit, as Wix does) sends the buyer's confirmation and the owner's
 * notice, only when this run created the order (never for a replayed POST). An unpaid order first asks its buyer to
 * confirm it (checkout/unpaid.ts); those e-mails follow the confirmation.
 */
export function withOrderMails(ctx: Ctx, buyerConfirms: boolean, place: (onCreated: () => void) => PlaceResult): PlaceResult {
  let created = false;
  const result = place(() => (created = true));
  if (result.ok && created) {
    try {
      if (buyerConfirms) sendConfirmRequest(ctx, orderById(ctx, result.orderId));
      else sendOrderMails(ctx, result.orderId);
    } catch (err) {
      // The order is committed: a mail problem must not turn the buyer's confirmation into an error page.
      console.error("[platform] order e-mails failed", err);
    }
  }
  return result;
}

/** Takes the stock of `lines` (inside the caller's transaction); throws when it changed since it was checked. */
function takeStock(ctx: Ctx, lines: PricedLine[]): void {
  for (const l of lines) {
    const p = l.product!;
    if (!p.trackInventory) continue;
    const r = l.variant
      ? ctx.db
          .prepare("UPDATE variants SET quantity = quantity - ? WHERE id = ? AND quantity >= ?")
          .run(l.ref.quantity, l.variant.id, l.ref.quantity)
      : ctx.db
          .prepare("UPDATE products SET quantity = quantity - ? WHERE id = ? AND quantity >= ?")
          .run(l.ref.quantity, p.id, l.ref.quantity);
    if (!r.changes) throw new Error("stock changed inside the transaction");
    ctx.db.prepare("UPDATE products SET last_updated = ? WHERE id = ?").run(nowIso(), p.id);
    productChanged(ctx, p.id, l.variant?.id ?? null);
  }
  bumpCatalog(ctx);
}

export type ConfirmResult = {
  kind: "confirmed" | "already" | "canceled" | "out-of-stock" | "not-found";
  number?: string;
  message?: string;
};

/**
 * The buyer confirms an unpaid order from the e-mailed link (checkout/unpaid.ts): its stock is taken now and it is approved,
 * or it is cancelled when a line is no longer available. Once: a second confirmation says it is done.
 */
export function confirmOrder(ctx: Ctx, orderId: string, placedCartData: (cartId: string) => CheckoutData | undefined): ConfirmResult {
  let approved = false;
  const result = ctx.db
    .transaction((): ConfirmResult => {
      expireUnpaid(ctx);
      const row = ctx.db.prepare("SELECT * FROM orders WHERE id = ?").get(orderId) as OrderRow | undefined;
      if (!row) return { kind: "not-found" };
      if (row.status === "APPROVED") return { kind: "already", number: row.number };
      if (row.status !== "INITIALIZED") return { kind: "canceled", number: row.number };
      // A V1 checkout's order reads its checkout; a Cart V2 order (its checkout id is the cart's) reads its placed cart.
      const checkout = row.checkout_id ? getCheckoutRow(ctx, row.checkout_id) : undefined;
      const data = checkout ? (JSON.parse(checkout.data) as CheckoutData) : row.checkout_id ? placedCartData(row.checkout_id) : undefined;
      const t = data ? checkoutTotals(ctx, data) : null;
      const bad = t ? t.lines.filter((l) => l.status !== "AVAILABLE") : [];
      if (!t || bad.length) {
        ctx.db.prepare("UPDATE orders SET status = 'CANCELED', updated_date = ? WHERE id = ?").run(nowIso(), row.id);
        orderEvents(ctx, row.id, ["canceled"]);
        return { kind: "out-of-stock", number: row.number, message: bad.map(unavailableText).join(" ") };
      }
      takeStock(ctx, t.lines);
      // It holds its stock unpaid from now on, until paid or sent, HOLD_SECONDS at most (checkout/unpaid-holds.ts).
      ctx.db
        .prepare("UPDATE orders SET status = 'APPROVED', hold_until = ?, updated_date = ? WHERE id = ?")
        .run(nowSeconds() + HOLD_SECONDS, nowIso(), row.id);
      orderEvents(ctx, row.id, ["approved"]);
      approved = true;
      return { kind: "confirmed", number: row.number };
    })
    .immediate();
  if (approved) {
    try {
      sendOrderMails(ctx, orderId);
    } catch (err) {
      console.error("[platform] order e-mails failed", err);
    }
  }
  return result;
}

export interface CommitInput {
  owner: string;
  data: CheckoutData;
  totals: Totals;
  payment: Payment;
  /**
   * An offline payment chosen by the buyer on the payment page waits for them to confirm it (checkout/unpaid.ts); the site's
   * own Place Order (API key) does not: false then.
   */
  buyerConfirms: boolean;
  /** The V1 checkout, or the V2 cart (Wix's checkout page names a Cart V2 purchase by the cart's id). */
  checkoutId: string;
  /** The cart it came from (Wix keeps it on the order as cartId). */
  cartId: string | null;
  /** The buyer's client address (the payment page's request): one of the keys an unpaid order counts against. */
  client?: string | null;
}

/**
 * The order itself, inside the caller's transaction: re-checks stock, decrements it and stores the order with its
 * events. Shared by the V1 checkout and the V2 cart (ecom/cart/cart-order.ts), which each do their own bookkeeping.
 */
export function commitOrder(ctx: Ctx, input: CommitInput): PlaceResult {
  const t = input.totals;
  const data = input.data;
  const bad = t.lines.filter((l) => l.status !== "AVAILABLE");
  if (bad.length || !t.lines.length)
    return { ok: false, code: "OUT_OF_STOCK", message: bad.map(unavailableText).join(" ") || "La commande est vide." };
  // The coupon's limits hold at the end too: two checkouts made while one use was left cannot both have it.
  const couponLimit = t.coupon ? couponLimitReached(ctx, t.coupon, customerOf(ctx, input.owner, data.email)) : null;
  if (couponLimit) return { ok: false, code: couponLimit, message: COUPON_LIMIT_MESSAGES[couponLimit] };
  const payment = input.payment;
  const unpaid = payment === "offline" && input.buyerConfirms;
  // An unpaid order takes no stock until its buyer confirms it, and a buyer's unpaid orders are capped (checkout/unpaid.ts).
  const holder = unpaidHolder(input.owner, data.email, input.client);
  if (unpaid && overUnpaidLimit(ctx, holder, t.lines)) return { ok: false, code: "UNPAID_LIMIT", message: UNPAID_LIMIT_MESSAGE };
  if (!unpaid) takeStock(ctx, t.lines);
  const orderId = insertOrder(ctx, {
    owner: input.owner,
    totals: t,
    data,
    status: unpaid ? "INITIALIZED" : "APPROVED",
    // An authorized card waits for the owner to capture or void it (payments collector): PENDING until then.
    paymentStatus: payment === "card" ? "PAID" : payment === "authorized" ? "PENDING" : "NOT_PAID",
    authorized: payment === "authorized",
    fulfillmentStatus: "NOT_FULFILLED",
    checkoutId: input.checkoutId,
    cartId: input.cartId,
  });
  if (unpaid) recordUnpaidClient(ctx, orderId, holder);
  // A card paid on the payment page: the order, created NOT_PAID, is paid at once (one payment status change).
  // An unpaid order is approved when its buyer confirms it (confirmOrder).
  orderEvents(
    ctx,
    orderId,
    payment === "card" ? ["created", "approved", "payment_status_updated"] : unpaid ? ["created"] : ["created", "approved"],
    { previousPaymentStatus: "NOT_PAID" },
  );
  // A card paid or authorized on the payment page is the order's first payment.
  if (payment === "card" || payment === "authorized") transactionsUpdated(ctx, orderId, { paymentIds: [paymentIdOf(orderId)] });
  return { ok: true, orderId };
}

function placeOrderTransaction(
  ctx: Ctx,
  checkoutId: string,
  payment: "card" | "offline" | "authorized",
  onCreated: () => void,
  client?: string,
): PlaceResult {
  return ctx.db
    .transaction((): PlaceResult => {
      const row = getCheckoutRow(ctx, checkoutId);
      if (!row) return { ok: false, code: "NOT_FOUND", message: "Cette commande est introuvable." };
      if (row.completed || row.order_id) {
        return row.order_id
          ? { ok: true, orderId: row.order_id }
          : { ok: false, code: "ALREADY_COMPLETED", message: "Cette commande a déjà été payée." };
      }
      const data = JSON.parse(row.data) as CheckoutData;
      const placed = commitOrder(ctx, {
        owner: row.owner,
        data,
        totals: checkoutTotals(ctx, data),
        payment,
        buyerConfirms: payment === "offline",
        checkoutId: row.id,
        cartId: row.cart_id,
        client,
      });
      if (!placed.ok) return placed;
      const orderId = placed.orderId;
      ctx.db.prepare("UPDATE checkouts SET completed = 1, order_id = ?, updated_date = ? WHERE id = ?").run(orderId, nowIso(), row.id);
      if (row.cart_id) {
        const cart = ctx.db.prepare("SELECT * FROM carts WHERE id = ?").get(row.cart_id) as CartRow | undefined;
        ctx.db.prepare("DELETE FROM carts WHERE id = ?").run(row.cart_id);
        if (cart) cartEvent(ctx, "deleted", cart);
      }
      onCreated();
      return { ok: true, orderId };
    })
    .immediate();
}

function ownedOrder(ctx: Ctx, caller: Caller, id: string): OrderRow {
  const row = ctx.db.prepare("SELECT * FROM orders WHERE id = ?").get(id) as OrderRow | undefined;
  const mine = row && (caller.memberId ? row.member_id === caller.memberId : row.visitor_id === caller.visitorId && !row.member_id);
  if (!row || !mine) throw notFound("ORDER_NOT_FOUND", `Commande introuvable : ${id}`, { orderId: id });
  return row;
}

export function registerOrders(router: Router, ctx: Ctx): void {
  router
    .on("GET", "/ecom/v1/orders/:id", (req) => {
      expireUnpaid(ctx);
      if (isElevated(ctx, req.headers)) return { order: orderWire(ctx, orderById(ctx, req.params.id!), req.appOrigin) };
      const caller = requireCaller(ctx, req.headers);
      return { order: orderWire(ctx, ownedOrder(ctx, caller, req.params.id!), req.appOrigin) };
    })
    .on("POST", "/ecom/v1/orders/search", (req) => {
      expireUnpaid(ctx);
      if (isElevated(ctx, req.headers)) return searchAllOrders(ctx, req);
      const caller = requireCaller(ctx, req.headers);
      const search = asObject(req.body.search) ?? {};
      const paging = asObject(search.cursorPaging) ?? {};
      const limit = orderSearchLimit(paging.limit);
      const offset = typeof paging.cursor === "string" && paging.cursor ? decodeCursor(paging.cursor) : 0;
      claimOnRead(ctx, caller.memberId);
      // Always scoped to the caller, whatever the filter says.
      const rows = (
        caller.memberId
          ? ctx.db.prepare("SELECT * FROM orders WHERE member_id = ?").all(caller.memberId)
          : ctx.db.prepare("SELECT * FROM orders WHERE visitor_id = ? AND member_id IS NULL").all(caller.visitorId)
      ) as OrderRow[];
      const { page, hasNext, cursors } = orderSearchPage(
        rows.map((r) => orderWire(ctx, r, req.appOrigin)),
        search,
        offset,
        limit,
      );
      return { orders: page, metadata: { count: page.length, cursors, hasNext } };
    })
    // orderTransactions.listTransactionsForSingleOrder. On Wix it needs an elevated identity; here the buyer may read
    // their own order's transactions (the payment page is the only payment provider).
    .on("GET", "/ecom/v1/payments/orders/:orderId", (req) => {
      const caller = isElevated(ctx, req.headers) ? null : requireCaller(ctx, req.headers);
      const row = caller ? ownedOrder(ctx, caller, req.params.orderId!) : orderById(ctx, req.params.orderId!);
      return { orderTransactions: transactionsWire(row) };
    });
}
