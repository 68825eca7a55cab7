// Wix's Order Invoices (@wix/ecom `orderInvoices`): the record of the invoices issued for an order (id and issuing
// app; Wix's invoice itself, its number and document, live in the Wix Invoices app, which no module of this SDK
// reaches). Here the app draws the PDF (app/.server/orders/invoice-pdf.server.ts); the platform keeps the record and puts
// a signed invoice link in the buyer's e-mails and follow page (decision 0040).
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Ctx } from "../../core/context";
import { newId, requireCaller } from "../../core/context";
import { nowIso, nowSeconds } from "../../core/db";
import { isElevated, requireElevated } from "../../core/elevated";
import type { Router } from "../../core/http";
import { appError, asObject, asString, validationError } from "../../core/http";
import { addActivity, readOrderData, saveOrderData } from "../orders/order-data";
import { orderEvents } from "../orders/order-events";
import type { OrderRow } from "../orders/order-wire";
import { orderById } from "../orders/order-wire";

/** The id this platform answers as the issuing app of the invoices it records (its own, not a Wix app's). */
export const EMBEDDED_INVOICES_APP_ID = "5c0e9d2a-7b1f-4e3a-9c6d-2f8b4a1e0d17";
/** Where the app serves an order's invoice PDF (app/routes/factures.$orderId.ts). */
export const INVOICE_PATH = "/factures";
/** An invoice link stays valid a year: a buyer's bookkeeping outlives the follow link. */
export const INVOICE_LINK_TTL_SECONDS = 365 * 24 * 3600;

const invoicesOf = (row: OrderRow) => (readOrderData(row)._invoices ?? []).map((i) => ({ id: i.id, appId: i.appId }));

/** Paid or refunded orders have an invoice to download (a refund does not undo the sale's invoice). */
export const invoiceable = (row: Pick<OrderRow, "payment_status">) =>
  ["PAID", "PARTIALLY_REFUNDED", "FULLY_REFUNDED"].includes(row.payment_status);

/**
 * The signing key of invoice links: derived from the elevated API key, which the app and the platform both hold, so
 * the app can check a link the platform wrote in an e-mail (and the platform cannot be asked to sign one).
 */
function linkKey(apiKey: string): Buffer {
  return createHmac("sha256", apiKey).update("invoice-link-v1").digest();
}

export function signInvoiceToken(apiKey: string, orderId: string, expiresAt: number): string {
  const payload = Buffer.from(JSON.stringify({ o: orderId, e: expiresAt })).toString("base64url");
  return `${payload}.${createHmac("sha256", linkKey(apiKey)).update(payload).digest("base64url")}`;
}

/** Mirror of the app's check (app/.server/orders/invoice-links.server.ts), kept here for the platform's tests. */
export function verifyInvoiceToken(apiKey: string, token: string): string | null {
  const [payload, sig, extra] = token.split(".");
  if (!payload || !sig || extra !== undefined || token.length > 400) return null;
  const expected = createHmac("sha256", linkKey(apiKey)).update(payload).digest();
  const given = Buffer.from(sig, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected) || given.toString("base64url") !== sig) return null;
  let claims: { o?: unknown; e?: unknown };
  try {
    claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as typeof claims;
  } catch {
    return null;
  }
  return typeof claims.o === "string" && typeof claims.e === "number" && claims.e >= nowSeconds() ? claims.o : null;
}

/** The buyer's invoice link for e-mails and the follow page; none without an API key or before payment. */
export function invoiceUrl(ctx: Ctx, row: OrderRow, appOrigin: string): string | null {
  const key = ctx.opts.apiKey;
  if (!key || !invoiceable(row)) return null;
  const token = signInvoiceToken(key, row.id, nowSeconds() + INVOICE_LINK_TTL_SECONDS);
  return `${appOrigin}${INVOICE_PATH}/${encodeURIComponent(row.id)}?jeton=${encodeURIComponent(token)}`;
}

function generateInvoice(ctx: Ctx, orderId: string): string {
  return ctx.db
    .transaction(() => {
      const row = orderById(ctx, orderId);
      const data = readOrderData(row);
      if (data._invoices?.length)
        throw appError(409, "INVOICE_ALREADY_EXISTS", "Une facture existe déjà pour cette commande", { invoiceId: data._invoices[0]!.id });
      if (!row.email) throw appError(400, "MISSING_CONTACT_EMAIL", "La commande n'a pas d'adresse e-mail", { orderId });
      if (row.status === "INITIALIZED")
        throw appError(400, "GENERATE_INVOICE_NOT_SUPPORTED", "Une commande non confirmée n'a pas de facture", { orderId });
      const id = newId();
      data._invoices = [{ id, appId: EMBEDDED_INVOICES_APP_ID, createdDate: nowIso() }];
      addActivity(data, "INVOICE_ADDED");
      saveOrderData(ctx, orderId, data);
      orderEvents(ctx, orderId, ["updated"], { identity: { owner: true } });
      return id;
    })
    .immediate();
}

function readable(ctx: Ctx, headers: Headers, ids: string[]): OrderRow[] {
  if (isElevated(ctx, headers))
    return ids.flatMap((id) => (ctx.db.prepare("SELECT * FROM orders WHERE id = ?").all(id) as OrderRow[]).slice(0, 1));
  const caller = requireCaller(ctx, headers);
  return ids.flatMap((id) => {
    const row = ctx.db.prepare("SELECT * FROM orders WHERE id = ?").get(id) as OrderRow | undefined;
    const mine = row && (caller.memberId ? row.member_id === caller.memberId : row.visitor_id === caller.visitorId && !row.member_id);
    return mine ? [row] : [];
  });
}

export function registerInvoices(router: Router, ctx: Ctx): void {
  router
    .on("POST", "/ecom/v1/invoices/list-by-ids", (req) => {
      const ids = req.body.orderIds;
      if (!Array.isArray(ids) || !ids.length || ids.length > 100 || !ids.every((v) => typeof v === "string" && v.length <= 100))
        throw validationError([{ field: "orderIds", description: "must hold 1 to 100 order ids", violatedRule: "MAX_SIZE" }]);
      return {
        invoicesForOrder: readable(ctx, req.headers, ids as string[]).map((row) => ({ orderId: row.id, invoicesInfo: invoicesOf(row) })),
      };
    })
    .on("POST", "/ecom/v1/invoices/orders/:orderId", (req) => {
      requireElevated(ctx, req.headers, "generateInvoice");
      return { invoiceId: generateInvoice(ctx, req.params.orderId!) };
    })
    .on("POST", "/ecom/v1/invoices/orders/:orderId/add-invoice", (req) => {
      requireElevated(ctx, req.headers, "addInvoiceToOrder");
      const info = asObject(req.body.invoiceInfo) ?? {};
      const id = asString(info.id);
      if (!id || id.length > 100)
        throw validationError([{ field: "invoiceInfo.id", description: "is required", violatedRule: "REQUIRED_FIELD" }]);
      const appId = asString(info.appId) ?? EMBEDDED_INVOICES_APP_ID;
      return ctx.db
        .transaction(() => {
          const orderId = req.params.orderId!;
          const data = readOrderData(orderById(ctx, orderId));
          data._invoices = [...(data._invoices ?? []).filter((i) => i.id !== id), { id, appId, createdDate: nowIso() }];
          addActivity(data, "INVOICE_ADDED");
          saveOrderData(ctx, orderId, data);
          return { orderInvoices: data._invoices.map((i) => ({ id: i.id, appId: i.appId })) };
        })
        .immediate();
    });
}
