// ecom Order Payment Requests (`@wix/ecom` `orderPaymentRequests`, Developer Preview): a payment page for an amount of
// an existing order, with an optional expiry. Statuses UNPAID → PAID (paid on the page), EXPIRED (past
// `expirationDate`, checked on every access as Wix's periodic check would), VOIDED (void). App identity only.
// Codes are the typings' `*ApplicationErrors`; what they leave open is listed in platform/README.md.
import type { Ctx } from "../../core/context";
import { currency, newId, orderPrice } from "../../core/context";
import { nowIso } from "../../core/db";
import { requireElevated } from "../../core/elevated";
import type { ApiRequest, Router } from "../../core/http";
import { appError, asObject, asString, notFound, validationError, type FieldViolation } from "../../core/http";
import { applySort, matchFilter, parseSort } from "../../core/query";
import { emitEvent } from "../../events/webhooks";
import { cents, readOrderData } from "../orders/order-data";
import type { OrderRow } from "../orders/order-wire";
import { orderById } from "../orders/order-wire";

/** What the order received through its payment requests, in cents. */
export function paidByRequests(order: OrderRow): number {
  return (readOrderData(order)._requestPayments ?? []).reduce((s, p) => s + p.cents, 0);
}

export interface PaymentRequestRow {
  id: string;
  order_id: string;
  status: "UNPAID" | "PAID" | "EXPIRED" | "VOIDED";
  external_id: string | null;
  data: string;
  created_date: string;
  updated_date: string;
}

export interface PaymentRequestData {
  amountCents: number;
  title: string;
  description?: string;
  expirationDate?: string;
  appId: string;
  paymentGatewayOrderId?: string;
}

/** The app id the site's API key calls as (an app identity; the id Wix gives it is not known). */
const API_KEY_APP_ID = "00000000-0000-4000-8000-0000000a9141";

export function requestWire(ctx: Ctx, row: PaymentRequestRow) {
  const d = JSON.parse(row.data) as PaymentRequestData;
  const order = orderById(ctx, row.order_id);
  const cur = currency(ctx);
  return {
    id: row.id,
    source: { appId: d.appId, ...(row.external_id ? { externalId: row.external_id } : {}) },
    status: row.status,
    orderId: row.order_id,
    orderNumber: order.number,
    amount: orderPrice(d.amountCents, cur),
    currency: cur,
    ...(d.paymentGatewayOrderId ? { paymentGatewayOrderId: d.paymentGatewayOrderId } : {}),
    title: d.title,
    ...(d.description ? { description: d.description } : {}),
    ...(d.expirationDate ? { expirationDate: d.expirationDate } : {}),
    createdDate: row.created_date,
    updatedDate: row.updated_date,
  };
}

export function requestEvent(ctx: Ctx, row: PaymentRequestRow, slug: "created" | "updated" | "paid" | "expired" | "voided"): void {
  const entity = requestWire(ctx, row);
  emitEvent(ctx, {
    eventType: `wix.ecom.v1.order_payment_request_${slug}`,
    entityFqdn: "wix.ecom.v1.order_payment_request",
    slug,
    entityId: row.id,
    body: slug === "created" ? { created: entity } : slug === "updated" ? { updated: entity } : { action: { orderPaymentRequest: entity } },
    identity: { owner: true },
  });
}

/** Requests past their expiry become EXPIRED (with their event): called before every read and payment. */
export function expireDue(ctx: Ctx): void {
  const now = nowIso();
  const due = (ctx.db.prepare("SELECT * FROM payment_requests WHERE status = 'UNPAID'").all() as PaymentRequestRow[]).filter((r) => {
    const exp = (JSON.parse(r.data) as PaymentRequestData).expirationDate;
    return exp !== undefined && exp <= now;
  });
  if (!due.length) return;
  ctx.db
    .transaction(() => {
      for (const r of due) {
        ctx.db
          .prepare("UPDATE payment_requests SET status = 'EXPIRED', updated_date = ? WHERE id = ? AND status = 'UNPAID'")
          .run(now, r.id);
        requestEvent(ctx, { ...r, status: "EXPIRED", updated_date: now }, "expired");
      }
    })
    .immediate();
}

export function requestById(ctx: Ctx, id: string): PaymentRequestRow {
  expireDue(ctx);
  const row = ctx.db.prepare("SELECT * FROM payment_requests WHERE id = ?").get(id) as PaymentRequestRow | undefined;
  if (!row) throw notFound("ORDER_PAYMENT_REQUEST_NOT_FOUND", `Order payment request ${id} was not found`, { orderPaymentRequestId: id });
  return row;
}

/** The hosted page that takes the payment (under /_platform on the app's origin, as the checkout's). */
export const requestPageUrl = (appOrigin: string, id: string) => `${appOrigin}/_platform/demande-paiement?id=${id}`;

function create(ctx: Ctx, req: ApiRequest) {
  requireElevated(ctx, req.headers, "createOrderPaymentRequest");
  const input = asObject(req.body.orderPaymentRequest) ?? {};
  const out: FieldViolation[] = [];
  const orderId = asString(input.orderId) ?? "";
  if (!orderId) out.push({ field: "orderPaymentRequest.orderId", description: "must not be empty", violatedRule: "REQUIRED_FIELD" });
  const title = asString(input.title) ?? "";
  if (!title || title.length > 200)
    out.push({ field: "orderPaymentRequest.title", description: "must be 1 to 200 characters", violatedRule: "MAX_LENGTH" });
  const description = asString(input.description);
  if (description !== undefined && description.length > 300)
    out.push({ field: "orderPaymentRequest.description", description: "must be at most 300 characters", violatedRule: "MAX_LENGTH" });
  const amount = asString(asObject(input.amount)?.amount);
  const amountCents = amount && /^\d+(\.\d{1,2})?$/.test(amount) ? Math.round(Number(amount) * 100) : 0;
  if (amountCents <= 0)
    out.push({
      field: "orderPaymentRequest.amount.amount",
      description: "must be a positive decimal string",
      violatedRule: "DECIMAL_FORMAT",
    });
  const externalId = asString(asObject(input.source)?.externalId);
  if (externalId !== undefined && (!externalId || externalId.length > 100))
    out.push({ field: "orderPaymentRequest.source.externalId", description: "must be 1 to 100 characters", violatedRule: "MAX_LENGTH" });
  const rawExpiry = input.expirationDate;
  const expirationDate =
    typeof rawExpiry === "string" && !Number.isNaN(Date.parse(rawExpiry)) ? new Date(rawExpiry).toISOString() : undefined;
  if (rawExpiry !== undefined && rawExpiry !== null && !expirationDate)
    out.push({ field: "orderPaymentRequest.expirationDate", description: "must be a date", violatedRule: "FORMAT" });
  if (out.length) throw validationError(out);
  return ctx.db
    .transaction(() => {
      const order = orderById(ctx, orderId);
      const orderTotal = cents((JSON.parse(order.data) as { priceSummary: { total: { amount: string } } }).priceSummary.total);
      const open = (
        ctx.db.prepare("SELECT data FROM payment_requests WHERE order_id = ? AND status = 'UNPAID'").all(orderId) as Array<{ data: string }>
      )
        .map((r) => (JSON.parse(r.data) as PaymentRequestData).amountCents)
        .reduce((s, c) => s + c, 0);
      // More than the order still owes (its payments and open requests counted) is refused; the typings name no code.
      if (order.status === "CANCELED" || amountCents + open + paidByRequests(order) > orderTotal)
        throw validationError([
          { field: "orderPaymentRequest.amount.amount", description: "must not exceed the order's balance", violatedRule: "MAX" },
        ]);
      const id = newId();
      const now = nowIso();
      // A date already past makes the request "created immediately with a status of EXPIRED" (About Order Payment Requests).
      const status = expirationDate && expirationDate <= now ? "EXPIRED" : "UNPAID";
      const data: PaymentRequestData = {
        amountCents,
        title,
        ...(description ? { description } : {}),
        ...(expirationDate ? { expirationDate } : {}),
        appId: API_KEY_APP_ID,
      };
      ctx.db
        .prepare(
          "INSERT INTO payment_requests (id, order_id, status, external_id, data, created_date, updated_date) VALUES (?, ?, ?, ?, ?, ?, ?)",
        )
        .run(id, orderId, status, externalId ?? null, JSON.stringify(data), now, now);
      const row = requestById(ctx, id);
      requestEvent(ctx, row, "created");
      return { orderPaymentRequest: requestWire(ctx, row), orderPaymentRequestUrl: requestPageUrl(req.appOrigin, id) };
    })
    .immediate();
}

function voidRequest(ctx: Ctx, req: ApiRequest) {
  requireElevated(ctx, req.headers, "voidOrderPaymentRequest");
  const id = asString(req.body.orderPaymentRequestId) ?? "";
  return ctx.db
    .transaction(() => {
      const row = requestById(ctx, id);
      // "Voiding … already VOIDED succeeds without making any changes. Voiding a PAID or EXPIRED … fails."
      if (row.status === "VOIDED") return {};
      if (row.status === "PAID")
        throw appError(428, "CANNOT_VOID_PAID_ORDER_PAYMENT_REQUEST", "A paid payment request cannot be voided", { id });
      if (row.status === "EXPIRED")
        throw appError(428, "CANNOT_VOID_EXPIRED_ORDER_PAYMENT_REQUEST", "An expired payment request cannot be voided", { id });
      const now = nowIso();
      ctx.db.prepare("UPDATE payment_requests SET status = 'VOIDED', updated_date = ? WHERE id = ?").run(now, id);
      requestEvent(ctx, { ...row, status: "VOIDED", updated_date: now }, "voided");
      return {};
    })
    .immediate();
}

const QUERY_FILTERS = new Set([
  "id",
  "orderId",
  "paymentGatewayOrderId",
  "source.appId",
  "source.externalId",
  "createdDate",
  "updatedDate",
  "description",
  "expirationDate",
  "orderNumber",
  "status",
  "title",
  "amount.amount",
]);

function query(ctx: Ctx, req: ApiRequest) {
  requireElevated(ctx, req.headers, "queryOrderPaymentRequests");
  expireDue(ctx);
  const q = asObject(req.body.query) ?? {};
  const filter = asObject(q.filter) ?? {};
  const fields = (f: Record<string, unknown>): string[] =>
    Object.entries(f).flatMap(([k, v]) =>
      k.startsWith("$") ? (Array.isArray(v) ? v.flatMap((x) => fields(asObject(x) ?? {})) : []) : [k],
    );
  const bad = fields(filter).find((f) => !QUERY_FILTERS.has(f));
  if (bad)
    throw validationError([
      { field: "query.filter", description: `Field '${bad}' is not declared as filterable`, violatedRule: "VALIDATION" },
    ]);
  const limit = Number(asObject(q.cursorPaging)?.limit ?? 50);
  if (!Number.isInteger(limit) || limit < 0 || limit > 1000)
    throw validationError([{ field: "query.cursorPaging.limit", description: "must be between 0 and 1000", violatedRule: "MAX" }]);
  const rows = ctx.db.prepare("SELECT * FROM payment_requests").all() as PaymentRequestRow[];
  const all = applySort(
    rows.map((r) => requestWire(ctx, r)).filter((w) => matchFilter(w, filter)),
    parseSort(q.sort),
  );
  const page = all.slice(0, limit);
  return { orderPaymentRequests: page, pagingMetadata: { count: page.length, cursors: {}, hasNext: all.length > page.length } };
}

export function registerPaymentRequests(router: Router, ctx: Ctx): void {
  router
    .on("POST", "/ecom/v1/order-payment-requests", (req) => create(ctx, req))
    .on("POST", "/ecom/v1/order-payment-requests/url", (req) => {
      requireElevated(ctx, req.headers, "getOrderPaymentRequestUrl");
      const row = requestById(ctx, asString(req.body.orderPaymentRequestId) ?? "");
      return { orderPaymentRequestUrl: requestPageUrl(req.appOrigin, row.id) };
    })
    .on("POST", "/ecom/v1/order-payment-requests/void", (req) => voidRequest(ctx, req))
    .on("POST", "/ecom/v1/order-payment-requests/query", (req) => query(ctx, req))
    .on("GET", "/ecom/v1/order-payment-requests/:orderPaymentRequestId", (req) => {
      requireElevated(ctx, req.headers, "getOrderPaymentRequest");
      return { orderPaymentRequest: requestWire(ctx, requestById(ctx, req.params.orderPaymentRequestId!)) };
    });
}
