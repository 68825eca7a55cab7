// ecom orders V1: created at payment (one transaction with the stock decrement), read only by their buyer.
import type { CartRow } from "./cart";
import { buyerInfoWire, cartEvent } from "./cart";
import { bumpCatalog } from "../stores/catalog";
import type { CheckoutData } from "./checkout";
import { checkoutTotals, createdByWire, getCheckoutRow } from "./checkout";
import type { Caller, Ctx } from "../core/context";
import { currency, newId, orderPrice, requireCaller, taxRatePercent } from "../core/context";
import { nowIso } from "../core/db";
import { claimOnRead } from "../iam/order-claims";
import { sendOrderMails } from "./order-mail";
import type { Router } from "../core/http";
import { asObject, notFound } from "../core/http";
import type { PricedLine, Totals } from "./pricing";
import { addressToWire, isPickup, logisticsWire, optionDescriptionLines, taxIncluded, unavailableText } from "./pricing";
import { decodeCursor } from "../core/query";
import { orderEvents, productChanged } from "./order-events";
import { orderSearchLimit, orderSearchPage, searchAllOrders } from "./admin-orders";
import type { OrderRow } from "./order-wire";
import { orderById, orderWire } from "./order-wire";
import { isElevated } from "../core/elevated";
import { balanceSummary, transactionsWire } from "./payments";

function nextOrderNumber(ctx: Ctx): string {
  const row = ctx.db.prepare("SELECT MAX(CAST(number AS INTEGER)) AS n FROM orders").get() as { n: number | null };
  return String(Math.max(10000, row.n ?? 0) + 1);
}

export interface OrderInput {
  owner: string;
  totals: Totals;
  data: Pick<
    CheckoutData,
    "email" | "shippingAddress" | "billingAddress" | "contactDetails" | "buyerNote" | "channelType" | "purchaseFlowId"
  >;
  status: "INITIALIZED" | "APPROVED" | "CANCELED";
  paymentStatus: string;
  fulfillmentStatus: string;
  number?: string;
  createdDate?: string;
  checkoutId?: string | null;
  /** The cart the checkout came from (Wix keeps it on the order as cartId). */
  cartId?: string | null;
  /** The card was only authorized (PLATFORM_PAYMENT_CAPTURE=manual): the owner captures or voids it. */
  authorized?: boolean;
}

/** Builds and stores an order; prices are frozen in it, images/URLs are resolved at read time. */
export function insertOrder(ctx: Ctx, input: OrderInput): string {
  const cur = currency(ctx);
  const rate = taxRatePercent(ctx);
  const t = input.totals;
  const id = newId();
  const number = input.number ?? nextOrderNumber(ctx);
  const created = input.createdDate ?? nowIso();
  const lines = t.lines.filter((l) => l.status !== "NOT_FOUND");
  const lineItems = lines.map((l: PricedLine) => {
    const disc = t.lineDiscounts.get(l.ref.id) ?? 0;
    const after = l.lineCents - disc;
    const tax = taxIncluded(after, rate);
    const p = l.product!;
    return {
      id: newId(),
      productName: { original: p.name, translated: p.name },
      catalogReference: {
        catalogItemId: p.id,
        appId: "215238eb-22a5-4c36-9e7b-e7c08025e04e",
        // Echoed exactly as the cart line was added (no form is rewritten into another).
        ...(l.ref.options ? { options: l.ref.options } : {}),
      },
      quantity: l.ref.quantity,
      totalDiscount: orderPrice(disc, cur),
      descriptionLines: l.variant ? optionDescriptionLines(p.options, l.variant.choices) : [],
      _imagePath: p.media[0] ?? null,
      _variantId: l.variant?.id ?? null,
      _slug: p.slug,
      physicalProperties: { weight: p.weight ?? 0, sku: l.variant?.sku || p.sku, shippable: l.physical },
      itemType: { preset: l.physical ? "PHYSICAL" : "DIGITAL" },
      price: orderPrice(l.unitCents, cur),
      priceBeforeDiscounts: orderPrice(l.fullCents, cur),
      totalPriceBeforeTax: orderPrice(after - tax, cur),
      totalPriceAfterTax: orderPrice(after, cur),
      lineItemPrice: orderPrice(l.lineCents, cur),
      paymentOption: "FULL_PAYMENT_ONLINE",
      taxDetails: { taxableAmount: orderPrice(after, cur), taxRate: String(rate / 100), totalTax: orderPrice(tax, cur) },
      rootCatalogItemId: p.id,
      // Inventory locations the line's stock came from: this store has one, Wix answers the empty list for it.
      locations: [],
      refundQuantity: 0,
      restockQuantity: 0,
      taxInfo: { taxAmount: orderPrice(tax, cur), taxIncludedInPrice: true, taxRate: String(rate / 100) },
    };
  });
  const contact = input.data.contactDetails ?? undefined;
  const shipAddr = addressToWire(input.data.shippingAddress);
  const shipTax = taxIncluded(t.shipping, rate);
  const shippingInfo = t.selected
    ? {
        carrierId: "embedded-shipping",
        code: t.selected.code,
        title: t.selected.title,
        logistics: isPickup(t.selected)
          ? logisticsWire(t.selected)
          : {
              deliveryTime: "3 à 5 jours ouvrés",
              ...(shipAddr ? { shippingDestination: { address: shipAddr, ...(contact ? { contactDetails: contact } : {}) } } : {}),
            },
        cost: {
          price: orderPrice(t.shipping, cur),
          totalPriceBeforeTax: orderPrice(t.shipping - shipTax, cur),
          totalPriceAfterTax: orderPrice(t.shipping, cur),
          taxDetails: { taxRate: String(rate / 100), totalTax: orderPrice(shipTax, cur) },
          discount: orderPrice(0, cur),
        },
      }
    : undefined;
  const paid = input.paymentStatus === "PAID";
  const activities = [{ id: newId(), createdDate: created, type: "ORDER_PLACED" }];
  if (paid) activities.push({ id: newId(), createdDate: created, type: "ORDER_PAID" });
  if (input.fulfillmentStatus === "FULFILLED") activities.push({ id: newId(), createdDate: created, type: "ORDER_FULFILLED" });
  if (input.status === "CANCELED") activities.push({ id: newId(), createdDate: created, type: "ORDER_CANCELED" });
  const priceSummary = {
    subtotal: orderPrice(t.subtotal, cur),
    shipping: orderPrice(t.shipping, cur),
    tax: orderPrice(t.tax, cur),
    discount: orderPrice(t.discount, cur),
    total: orderPrice(t.total, cur),
    totalPrice: orderPrice(t.total, cur),
    totalWithGiftCard: orderPrice(t.total, cur),
    totalWithoutGiftCard: orderPrice(t.total, cur),
    totalAdditionalFees: orderPrice(0, cur),
  };
  const order = {
    id,
    number,
    createdDate: created,
    updatedDate: created,
    purchasedDate: created,
    lineItems,
    buyerInfo: buyerInfoWire(ctx, input.owner, input.data.email),
    paymentStatus: input.paymentStatus,
    fulfillmentStatus: input.fulfillmentStatus,
    status: input.status,
    buyerLanguage: "fr",
    siteLanguage: "fr",
    weightUnit: "KG",
    currency: cur,
    taxIncludedInPrices: true,
    priceSummary,
    billingInfo: {
      ...(input.data.billingAddress ? { address: addressToWire(input.data.billingAddress) } : {}),
      ...(contact ? { contactDetails: contact } : {}),
    },
    ...(shippingInfo ? { shippingInfo } : {}),
    ...(shipAddr ? { recipientInfo: { address: shipAddr, ...(contact ? { contactDetails: contact } : {}) } } : {}),
    buyerNote: input.data.buyerNote ?? "",
    archived: false,
    taxSummary: { totalTax: orderPrice(t.tax, cur) },
    taxInfo: {
      totalTax: orderPrice(t.tax, cur),
      taxBreakdown: [
        {
          taxName: "TVA",
          taxRate: String(rate / 100),
          taxType: "VAT",
          jurisdiction: "FR",
          jurisdictionType: "COUNTRY",
          taxableAmount: orderPrice(t.total - t.tax, cur),
          taxAmount: orderPrice(t.tax, cur),
        },
      ],
      taxExempt: false,
    },
    createdBy: createdByWire(input.owner),
    attributionSource: "UNSPECIFIED",
    tags: { privateTags: { tagIds: [] }, tags: { tagIds: [] } },
    ...(input.data.purchaseFlowId ? { purchaseFlowId: input.data.purchaseFlowId } : {}),
    appliedDiscounts: t.coupon
      ? [
          {
            discountType: "GLOBAL",
            lineItemIds: lineItems.map((l) => l.id),
            coupon: { id: t.coupon.id, code: t.coupon.code, name: t.coupon.name, amount: orderPrice(t.discount, cur) },
          },
        ]
      : [],
    activities,
    channelInfo: { type: input.data.channelType || "WEB" },
    ...(input.checkoutId ? { checkoutId: input.checkoutId } : {}),
    ...(input.cartId ? { cartId: input.cartId } : {}),
    balanceSummary: balanceSummary(paid ? t.total : 0, t.total, cur),
    // Everything is paid now here (no deposit, no pay-later line): payNow is the whole price summary.
    payNow: priceSummary,
    // No custom checkout fields and no additional fees on this site: Wix answers the empty lists.
    customFields: [],
    additionalFees: [],
    seenByAHuman: false,
    // Internal (never on the wire): the state of the order's one payment, read by the payments collector.
    _payment: input.authorized ? "AUTHORIZED" : paid ? "APPROVED" : "PENDING",
  };
  const [kind, ownerId] = [input.owner.slice(0, 1), input.owner.slice(2)];
  ctx.db
    .prepare(
      `INSERT INTO orders (id, number, member_id, visitor_id, email, checkout_id, status, payment_status, fulfillment_status, data, created_date, updated_date)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      id,
      number,
      kind === "m" ? ownerId : null,
      kind === "v" ? ownerId : null,
      input.data.email,
      input.checkoutId ?? null,
      input.status,
      input.paymentStatus,
      input.fulfillmentStatus,
      JSON.stringify(order),
      created,
      created,
    );
  return id;
}

export type PlaceResult =
  { ok: true; orderId: string } | { ok: false; code: "OUT_OF_STOCK" | "ALREADY_COMPLETED" | "NOT_FOUND"; message: string };

/**
 * Turns a checkout into an order: re-checks stock, decrements it, stores the order, marks the checkout
 * completed and deletes the cart, all in one immediate transaction so two buyers racing for the last
 * unit get exactly one order.
 */
export function placeOrder(ctx: Ctx, checkoutId: string, payment: "card" | "offline" | "authorized"): PlaceResult {
  let created = false;
  const result = placeOrderTransaction(ctx, checkoutId, payment, () => (created = true));
  // After the commit, as Wix does: the buyer's confirmation and the owner's notice (never for a replayed POST).
  if (result.ok && created) {
    try {
      sendOrderMails(ctx, result.orderId);
    } catch (err) {
      // The order is committed and paid: a mail problem must not turn the buyer's confirmation into an error page.
      console.error("[platform] order e-mails failed", err);
    }
  }
  return result;
}

function placeOrderTransaction(
  ctx: Ctx,
  checkoutId: string,
  payment: "card" | "offline" | "authorized",
  onCreated: () => void,
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
      const t = checkoutTotals(ctx, data);
      const bad = t.lines.filter((l) => l.status !== "AVAILABLE");
      if (bad.length || !t.lines.length)
        return { ok: false, code: "OUT_OF_STOCK", message: bad.map(unavailableText).join(" ") || "La commande est vide." };
      for (const l of t.lines) {
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
      const orderId = insertOrder(ctx, {
        owner: row.owner,
        totals: t,
        data,
        status: "APPROVED",
        // An authorized card waits for the owner to capture or void it (payments collector): PENDING until then.
        paymentStatus: payment === "card" ? "PAID" : payment === "authorized" ? "PENDING" : "NOT_PAID",
        authorized: payment === "authorized",
        fulfillmentStatus: "NOT_FULFILLED",
        checkoutId: row.id,
        cartId: row.cart_id,
      });
      ctx.db.prepare("UPDATE checkouts SET completed = 1, order_id = ?, updated_date = ? WHERE id = ?").run(orderId, nowIso(), row.id);
      if (row.cart_id) {
        const cart = ctx.db.prepare("SELECT * FROM carts WHERE id = ?").get(row.cart_id) as CartRow | undefined;
        ctx.db.prepare("DELETE FROM carts WHERE id = ?").run(row.cart_id);
        if (cart) cartEvent(ctx, "deleted", cart);
      }
      // A card paid on the payment page: the order, created NOT_PAID, is paid at once (one payment status change).
      orderEvents(ctx, orderId, payment === "card" ? ["created", "approved", "payment_status_updated"] : ["created", "approved"], {
        previousPaymentStatus: "NOT_PAID",
      });
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
      if (isElevated(ctx, req.headers)) return { order: orderWire(ctx, orderById(ctx, req.params.id!), req.appOrigin) };
      const caller = requireCaller(ctx, req.headers);
      return { order: orderWire(ctx, ownedOrder(ctx, caller, req.params.id!), req.appOrigin) };
    })
    .on("POST", "/ecom/v1/orders/search", (req) => {
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
