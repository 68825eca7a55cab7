// ecom Draft Orders (`@wix/ecom` `draftOrders`), from scratch only (Create Draft Order with `draftOrder`, then
// Create Order From Draft): create, get, add line items, create the order, delete. App identity only (the typings'
// @applicableIdentity APP): visitors and members get 403. Codes are the typings' `*ApplicationErrors`; statuses
// (400 input, 404 unknown draft, 428 state) are this platform's reading of Wix's "Failed Precondition".
import type { Ctx } from "../../core/context";
import { currency, newId, orderPrice } from "../../core/context";
import { nowIso } from "../../core/db";
import { requireElevated } from "../../core/elevated";
import type { ApiRequest, Router } from "../../core/http";
import { appError, asObject, asString } from "../../core/http";
import { addressToWire } from "../parties/addresses";
import { balanceSummary } from "../after-sale/payments";
import { orderEvents } from "../orders/order-events";
import { sendOrderMails } from "../orders/order-mail";
import { nextOrderNumber, orderHead, orderPriceSummary } from "../orders/order-insert";
import { orderById, orderWire } from "../orders/order-wire";
import { emailKey } from "../../core/email";
import type { DraftData, DraftRow } from "./draft-store";
import { discountWire, draftById, draftTotals, feeWire, lineItemWire, readDiscounts, readFees, readLines } from "./draft-store";

/** Wix's app id for a call made with the site's API key (an app identity; the exact id Wix reports is not known). */
const API_KEY_APP_ID = "00000000-0000-4000-8000-0000000a9141";

function draftWire(ctx: Ctx, row: DraftRow) {
  const d = JSON.parse(row.data) as DraftData;
  const cur = currency(ctx);
  const t = draftTotals(ctx, d);
  const billingAddress = addressToWire(asObject(d.billingInfo.address) ?? null);
  return {
    id: row.id,
    ...(row.order_id ? { orderId: row.order_id } : {}),
    lineItems: d.lines.map((l) => ({ lineItem: lineItemWire(ctx, d, l, t.lineTax.get(l.id) ?? 0), added: true })),
    buyerInfo: d.buyerInfo,
    billingInfo: {
      ...(billingAddress ? { address: billingAddress } : {}),
      ...(d.billingInfo.contactDetails ? { contactDetails: d.billingInfo.contactDetails } : {}),
    },
    additionalFees: d.fees.map((f) => ({ additionalFee: feeWire(ctx, d, f), source: "CUSTOM", applied: f.applied })),
    discounts: d.discounts.map((x) => discountWire(ctx, d, x, t.subtotal)),
    createdDate: row.created_date,
    updatedDate: row.updated_date,
    createdBy: d.createdBy,
    status: row.status,
    weightUnit: "KG",
    currency: cur,
    priceSummary: {
      subtotal: orderPrice(t.subtotal, cur),
      shipping: orderPrice(0, cur),
      tax: orderPrice(t.tax, cur),
      discount: orderPrice(t.discount, cur),
      total: orderPrice(t.total, cur),
      totalAdditionalFees: orderPrice(t.fees, cur),
    },
    taxSummary: { totalTax: orderPrice(t.tax, cur) },
    taxInfo: { totalTax: orderPrice(t.tax, cur), taxExempt: d.taxExempt },
  };
}

/** CalculatedDraftOrder: the draft, its shipping options (none: nothing here ships from a draft) and calculation errors. */
const calculated = (ctx: Ctx, row: DraftRow) => ({
  draftOrder: draftWire(ctx, row),
  shippingOptions: [],
  calculationErrors: { orderValidationErrors: [] },
});

function saveDraft(ctx: Ctx, row: DraftRow, d: DraftData) {
  ctx.db.prepare("UPDATE draft_orders SET data = ?, updated_date = ? WHERE id = ?").run(JSON.stringify(d), nowIso(), row.id);
}

const committed = (id: string) =>
  appError(428, "DRAFT_ORDER_ALREADY_COMMITTED", `Draft order ${id} is already committed`, { draftOrderId: id });

function create(ctx: Ctx, req: ApiRequest) {
  requireElevated(ctx, req.headers, "createDraftOrder");
  if (asString(req.body.sourceOrderId) || asString(req.body.orderId))
    // Editing an existing order (sourceOrderId) is not imitated: refused as a feature the site does not have.
    throw appError(501, "NOT_IMPLEMENTED", "Draft orders of existing orders are not supported by the embedded platform", {});
  const input = asObject(req.body.draftOrder) ?? {};
  const buyer = asObject(input.buyerInfo) ?? {};
  const billing = asObject(input.billingInfo) ?? {};
  const d: DraftData = {
    lines: readLines(ctx, input, "draftOrder."),
    discounts: readDiscounts(input.discounts, "draftOrder."),
    fees: readFees(input.additionalFees, "draftOrder."),
    buyerInfo: {
      ...(asString(buyer.email) ? { email: asString(buyer.email) } : {}),
      ...(asString(buyer.contactId) ? { contactId: asString(buyer.contactId) } : {}),
      ...(asString(buyer.memberId) ? { memberId: asString(buyer.memberId) } : {}),
    },
    billingInfo: {
      ...(asObject(billing.address) ? { address: asObject(billing.address) } : {}),
      ...(asObject(billing.contactDetails) ? { contactDetails: asObject(billing.contactDetails) } : {}),
    },
    taxExempt: input.taxExempt === true,
    createdBy: { appId: API_KEY_APP_ID },
  };
  const t = draftTotals(ctx, d);
  const askedDiscount = d.discounts.filter((x) => x.applied).reduce((s, x) => s + (x.amountCents ?? 0), 0);
  if (askedDiscount > t.subtotal) throw appError(428, "DISCOUNTS_AMOUNT_EXCEED_ORDER_TOTALS", "Discounts exceed the order's totals", {});
  const id = newId();
  const now = nowIso();
  ctx.db
    .prepare("INSERT INTO draft_orders (id, status, order_id, data, created_date, updated_date) VALUES (?, 'DRAFT', NULL, ?, ?, ?)")
    .run(id, JSON.stringify(d), now, now);
  return { calculatedDraftOrder: calculated(ctx, draftById(ctx, id)) };
}

function addLineItems(ctx: Ctx, req: ApiRequest) {
  requireElevated(ctx, req.headers, "addLineItemsToDraftOrder");
  return ctx.db
    .transaction(() => {
      const row = draftById(ctx, req.params.draftOrderId!);
      if (row.status !== "DRAFT") throw committed(row.id);
      const d = JSON.parse(row.data) as DraftData;
      const added = readLines(ctx, req.body, "");
      if (d.lines.length + added.length > 300) throw appError(428, "MAX_ITEMS_REACHED", "A draft order holds at most 300 line items", {});
      if (added.some((l) => d.lines.some((x) => x.id === l.id)))
        throw appError(400, "DUPLICATED_LINE_ITEM_IDS", "Line item ids must be unique", {});
      d.lines.push(...added);
      saveDraft(ctx, row, d);
      return { calculatedDraftOrder: calculated(ctx, draftById(ctx, row.id)) };
    })
    .immediate();
}

/**
 * Create Order From Draft: an approved order, not paid, with the draft's lines, discounts and fees; the draft becomes
 * COMMITTED. The buyer's confirmation e-mail goes unless `createSettings.notifications.sendNotificationToBuyer` is false
 * (its default is true).
 */
function createOrder(ctx: Ctx, req: ApiRequest) {
  requireElevated(ctx, req.headers, "createOrderFromDraft");
  const notifications = asObject(asObject(req.body.createSettings)?.notifications) ?? {};
  let orderId = "";
  ctx.db
    .transaction(() => {
      const row = draftById(ctx, req.params.draftOrderId!);
      if (row.status !== "DRAFT") throw committed(row.id);
      const d = JSON.parse(row.data) as DraftData;
      if (!d.lines.length)
        throw appError(428, "CREATE_ORDER_FAILED_VALIDATIONS", "A draft order without line items cannot become an order", {});
      if (!d.taxExempt && !asObject(d.billingInfo.address))
        throw appError(428, "BILLING_ADDRESS_REQUIRED_FOR_TAX_CALCULATION", "A billing address is required to calculate taxes", {});
      orderId = insertDraftOrder(ctx, row, d);
      ctx.db
        .prepare("UPDATE draft_orders SET status = 'COMMITTED', order_id = ?, updated_date = ? WHERE id = ?")
        .run(orderId, nowIso(), row.id);
      orderEvents(ctx, orderId, ["created", "approved"], { identity: { owner: true } });
    })
    .immediate();
  if (notifications.sendNotificationToBuyer !== false) {
    try {
      sendOrderMails(ctx, orderId);
    } catch (err) {
      console.error("[platform] order e-mails failed", err);
    }
  }
  return {
    committedDraftOrder: draftWire(ctx, draftById(ctx, req.params.draftOrderId!)),
    createdOrder: orderWire(ctx, orderById(ctx, orderId), req.appOrigin),
  };
}

function insertDraftOrder(ctx: Ctx, row: DraftRow, d: DraftData): string {
  const cur = currency(ctx);
  const t = draftTotals(ctx, d);
  const id = newId();
  const number = nextOrderNumber(ctx);
  const created = nowIso();
  const email = asString(d.buyerInfo.email) ?? null;
  const billingAddress = addressToWire(asObject(d.billingInfo.address) ?? null);
  // A draft order has no delivery: its shipping is nothing.
  const priceSummary = orderPriceSummary(cur, { ...t, shipping: 0 });
  const order = {
    ...orderHead(cur, {
      id,
      number,
      created,
      lineItems: d.lines.map((l) => lineItemWire(ctx, d, l, t.lineTax.get(l.id) ?? 0)),
      buyerInfo: d.buyerInfo,
      paymentStatus: "NOT_PAID",
      fulfillmentStatus: "NOT_FULFILLED",
      status: "APPROVED",
      priceSummary,
    }),
    billingInfo: {
      ...(billingAddress ? { address: billingAddress } : {}),
      ...(d.billingInfo.contactDetails ? { contactDetails: d.billingInfo.contactDetails } : {}),
    },
    buyerNote: "",
    archived: false,
    taxSummary: { totalTax: orderPrice(t.tax, cur) },
    taxInfo: { totalTax: orderPrice(t.tax, cur), taxExempt: d.taxExempt },
    createdBy: d.createdBy,
    attributionSource: "UNSPECIFIED",
    tags: { privateTags: { tagIds: [] }, tags: { tagIds: [] } },
    appliedDiscounts: d.discounts
      .filter((x) => x.applied)
      .map((x) => ({ ...discountWire(ctx, d, x, t.subtotal).discount, discountType: "GLOBAL" })),
    activities: [{ id: newId(), createdDate: created, type: "ORDER_PLACED" }],
    channelInfo: { type: "BACKOFFICE_MERCHANT" },
    balanceSummary: balanceSummary(0, t.total, cur),
    payNow: priceSummary,
    customFields: [],
    additionalFees: d.fees.filter((f) => f.applied).map((f) => feeWire(ctx, d, f)),
    seenByAHuman: false,
    _payment: "PENDING",
    _draftOrderId: row.id,
  };
  ctx.db
    .prepare(
      `INSERT INTO orders (id, number, member_id, visitor_id, email, buyer_key, checkout_id, status, payment_status, fulfillment_status, data, created_date, updated_date)
       VALUES (?, ?, ?, NULL, ?, ?, NULL, 'APPROVED', 'NOT_PAID', 'NOT_FULFILLED', ?, ?, ?)`,
    )
    .run(
      id,
      number,
      asString(d.buyerInfo.memberId) ?? null,
      email,
      email ? emailKey(email) : null,
      JSON.stringify(order),
      created,
      created,
    );
  return id;
}

export function registerDraftOrders(router: Router, ctx: Ctx): void {
  router
    .on("POST", "/ecom/v1/draft-orders", (req) => create(ctx, req))
    .on("POST", "/ecom/v1/draft-orders/:draftOrderId/add-line-items", (req) => addLineItems(ctx, req))
    .on("POST", "/ecom/v1/draft-orders/:draftOrderId/create-order", (req) => createOrder(ctx, req))
    .on("GET", "/ecom/v1/draft-orders/:draftOrderId", (req) => {
      requireElevated(ctx, req.headers, "getDraftOrder");
      return { calculatedDraftOrder: calculated(ctx, draftById(ctx, req.params.draftOrderId!)) };
    })
    .on("DELETE", "/ecom/v1/draft-orders/:draftOrderId", (req) => {
      requireElevated(ctx, req.headers, "deleteDraftOrder");
      const row = draftById(ctx, req.params.draftOrderId!);
      // "Draft orders with status 'COMMITTED' cannot be deleted."
      if (row.status !== "DRAFT")
        throw appError(428, "DRAFT_ORDER_CANNOT_BE_DELETED", `Draft order ${row.id} is committed and cannot be deleted`, {
          draftOrderId: row.id,
        });
      ctx.db.prepare("DELETE FROM draft_orders WHERE id = ?").run(row.id);
      return {};
    });
}
