// Wix's Order Fulfillments (@wix/ecom `orderFulfillments`): shipments of an order's lines with a carrier and a
// tracking number, or a store pickup made ready. The order's fulfillmentStatus follows the fulfilled quantities (as
// the typings say: "primarily derived from the fulfilled line item quantities"); the buyer gets Wix's shipping
// confirmation (tracking link) or pickup-ready e-mail. Read by the owner and by the order's buyer (the typings list
// MEMBER among the identities of the two list calls); written by the owner only.
import type { Ctx } from "../../core/context";
import { newId, requireCaller } from "../../core/context";
import { nowIso } from "../../core/db";
import { isElevated, requireElevated } from "../../core/elevated";
import type { Router } from "../../core/http";
import { appError, asObject, asString, boundedList, notFound, validationError, WixError } from "../../core/http";
import { deliver, sendAfterCommit } from "../../core/mail";
import type { OrderData, StoredFulfillment } from "../orders/order-data";
import { addActivity, readOrderData, saveOrderData } from "../orders/order-data";
import { orderEvents } from "../orders/order-events";
import { followUrl } from "../orders/order-links";
import type { OrderRow } from "../orders/order-wire";
import { orderById } from "../orders/order-wire";

const BASE = "/ecom/v1/fulfillments";
/** The typings' supported values of `status` (case-sensitive, any other is rejected). */
const STATUSES = new Set(["Pending", "Accepted", "Ready", "In_Delivery", "Fulfilled"]);
/** Providers for which Wix builds the tracking link itself (the typings' list). */
const TRACKING_URLS: Record<string, (n: string) => string> = {
  fedex: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  ups: (n) => `https://www.ups.com/track?tracknum=${n}`,
  usps: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  dhl: (n) => `https://www.dhl.com/fr-fr/home/tracking.html?tracking-id=${n}`,
  canadaPost: (n) => `https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=${n}`,
};

export const fulfillmentWire = (f: StoredFulfillment) => ({
  id: f.id,
  createdDate: f.createdDate,
  lineItems: f.lineItems,
  ...(f.trackingInfo ? { trackingInfo: f.trackingInfo } : {}),
  ...(f.customInfo ? { customInfo: f.customInfo } : {}),
  ...(f.status ? { status: f.status } : {}),
  ...(f.completed !== undefined && f.completed !== null ? { completed: f.completed } : {}),
});

const withFulfillments = (row: OrderRow) => ({
  orderId: row.id,
  fulfillments: (readOrderData(row)._fulfillments ?? []).map(fulfillmentWire),
});

/** How many units of each line the fulfillments hold. */
function fulfilledQuantities(data: OrderData, except?: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const f of data._fulfillments ?? []) {
    if (f.id === except) continue;
    for (const li of f.lineItems) out.set(li.id, (out.get(li.id) ?? 0) + li.quantity);
  }
  return out;
}

function fulfillmentStatus(data: OrderData): string {
  const done = fulfilledQuantities(data);
  const units = data.lineItems.reduce((s, l) => s + l.quantity, 0);
  const fulfilled = data.lineItems.reduce((s, l) => s + Math.min(l.quantity, done.get(l.id) ?? 0), 0);
  return fulfilled === 0 ? "NOT_FULFILLED" : fulfilled >= units ? "FULFILLED" : "PARTIALLY_FULFILLED";
}

const text = (v: unknown, field: string, max: number): string | null | undefined => {
  if (v === undefined) return undefined;
  if (v === null) return null;
  if (typeof v !== "string" || !v.trim() || v.length > max)
    throw validationError([{ field, description: `must be 1 to ${max} characters`, violatedRule: "MAX_LENGTH" }]);
  return v.trim();
};

function trackingOf(raw: unknown, field: string): StoredFulfillment["trackingInfo"] | undefined {
  const t = asObject(raw);
  if (!t) return undefined;
  const trackingNumber = text(t.trackingNumber, `${field}.trackingNumber`, 100);
  const shippingProvider = text(t.shippingProvider, `${field}.shippingProvider`, 100);
  let trackingLink = text(t.trackingLink, `${field}.trackingLink`, 2048);
  if (trackingLink && !/^https?:\/\/[^\s]+$/i.test(trackingLink))
    throw validationError([{ field: `${field}.trackingLink`, description: "must be a web URL", violatedRule: "FORMAT" }]);
  const known = shippingProvider ? TRACKING_URLS[shippingProvider] : undefined;
  if (known && trackingNumber) trackingLink = known(encodeURIComponent(trackingNumber));
  return { trackingNumber: trackingNumber ?? null, shippingProvider: shippingProvider ?? null, trackingLink: trackingLink ?? null };
}

function statusOf(raw: unknown, field: string): string | null | undefined {
  if (raw === undefined || raw === null) return raw as null | undefined;
  if (typeof raw !== "string" || !STATUSES.has(raw))
    throw validationError([{ field, description: `must be one of ${[...STATUSES].join(", ")}`, violatedRule: "INVALID_ENUM_VALUE" }]);
  return raw;
}

function checkTrackingNumber(data: OrderData, number: string | null | undefined, except?: string) {
  if (!number) return;
  if ((data._fulfillments ?? []).some((f) => f.id !== except && f.trackingInfo?.trackingNumber === number))
    throw appError(409, "TRACKING_NUMBER_ALREADY_EXISTS", "Ce numéro de suivi est déjà utilisé pour cette commande", {
      trackingNumber: number,
    });
}

/** The lines of a new fulfillment: a quantity defaults to what is left unfulfilled; more than that is refused. */
function linesOf(data: OrderData, raw: unknown, field: string): StoredFulfillment["lineItems"] {
  const list = Array.isArray(raw) ? raw : [];
  if (!list.length || list.length > 300)
    throw validationError([{ field, description: "must hold 1 to 300 line items", violatedRule: "MIN_SIZE" }]);
  const done = fulfilledQuantities(data);
  const out = new Map<string, number>();
  for (const [i, entry] of list.entries()) {
    const e = asObject(entry) ?? {};
    const id = asString(e.id) ?? "";
    const line = data.lineItems.find((l) => l.id === id);
    if (!line)
      throw validationError([{ field: `${field}[${i}].id`, description: "is not a line item of the order", violatedRule: "VALIDATION" }]);
    const left = line.quantity - (done.get(id) ?? 0) - (out.get(id) ?? 0);
    const quantity = e.quantity === undefined || e.quantity === null ? left : Number(e.quantity);
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > left)
      throw validationError([
        { field: `${field}[${i}].quantity`, description: `must be between 1 and the ${left} units not yet fulfilled`, violatedRule: "MAX" },
      ]);
    out.set(id, (out.get(id) ?? 0) + quantity);
  }
  return [...out].map(([id, quantity]) => ({ id, quantity }));
}

function save(ctx: Ctx, row: OrderRow, data: OrderData) {
  const before = row.fulfillment_status;
  const after = fulfillmentStatus(data);
  if (after === "FULFILLED" && before !== "FULFILLED") addActivity(data, "ORDER_FULFILLED");
  if (after === "NOT_FULFILLED" && before !== "NOT_FULFILLED") addActivity(data, "ORDER_NOT_FULFILLED");
  saveOrderData(ctx, row.id, data, { fulfillment_status: after });
  orderEvents(ctx, row.id, ["updated"], { identity: { owner: true } });
}

function createFulfillment(ctx: Ctx, orderId: string, raw: unknown, field = "fulfillment") {
  const f = asObject(raw) ?? {};
  let mail: (() => void) | undefined;
  const created = ctx.db
    .transaction(() => {
      const row = orderById(ctx, orderId);
      // "Fulfillments can only be created for orders that are in an approved state" (Order Fulfillments introduction).
      if (row.status !== "APPROVED")
        throw validationError([
          { field: "orderId", description: "fulfillments can only be created for approved orders", violatedRule: "VALIDATION" },
        ]);
      const data = readOrderData(row);
      const trackingInfo = trackingOf(f.trackingInfo, `${field}.trackingInfo`);
      checkTrackingNumber(data, trackingInfo?.trackingNumber);
      const fulfillment: StoredFulfillment = {
        id: newId(),
        createdDate: nowIso(),
        lineItems: linesOf(data, f.lineItems, `${field}.lineItems`),
        ...(trackingInfo ? { trackingInfo } : {}),
        ...(asObject(f.customInfo) ? { customInfo: customInfoOf(f.customInfo, `${field}.customInfo`) } : {}),
        status: statusOf(f.status, `${field}.status`) ?? null,
        completed: typeof f.completed === "boolean" ? f.completed : null,
      };
      data._fulfillments = [...(data._fulfillments ?? []), fulfillment];
      if (trackingInfo?.trackingNumber) addActivity(data, "TRACKING_NUMBER_ADDED");
      if (trackingInfo?.trackingLink) addActivity(data, "TRACKING_LINK_ADDED");
      const notice = noticeOf(data, fulfillment);
      if (notice && row.email) addActivity(data, notice === "pickup" ? "PICKUP_READY_EMAIL_SENT" : "SHIPPING_CONFIRMATION_EMAIL_SENT");
      save(ctx, row, data);
      if (notice && row.email) mail = () => sendFulfillmentMail(ctx, orderById(ctx, orderId), fulfillment, notice);
      return fulfillment.id;
    })
    .immediate();
  sendAfterCommit(mail, "fulfilment");
  return created;
}

function customInfoOf(raw: unknown, field: string) {
  const fields = asObject(asObject(raw)?.fieldsData) ?? {};
  const out = Object.create(null) as Record<string, string>;
  const entries = Object.entries(fields);
  if (entries.length > 100)
    throw validationError([{ field: `${field}.fieldsData`, description: "at most 100 fields", violatedRule: "MAX_SIZE" }]);
  for (const [k, v] of entries) {
    if (typeof v !== "string" || k.length > 100 || v.length > 1000)
      throw validationError([{ field: `${field}.fieldsData`, description: "string values only", violatedRule: "FORMAT" }]);
    out[k] = v;
  }
  return { fieldsData: out };
}

/** Which e-mail Wix would send for this fulfilment: pickup ready, shipped, or none (nothing physical to ship). */
function noticeOf(data: OrderData, f: StoredFulfillment): "pickup" | "shipped" | null {
  const physical = f.lineItems.some((li) => {
    const line = data.lineItems.find((l) => l.id === li.id);
    return line?.itemType?.preset !== "DIGITAL";
  });
  if (!physical) return null;
  if (data.shippingInfo?.logistics?.pickupDetails) return f.status === "Ready" ? "pickup" : null;
  return "shipped";
}

function sendFulfillmentMail(ctx: Ctx, row: OrderRow, f: StoredFulfillment, notice: "pickup" | "shipped") {
  if (!row.email) return;
  const data = readOrderData(row);
  const follow = followUrl(ctx, ctx.opts.defaultAppOrigin, row.id);
  const lines = f.lineItems.map((li) => {
    const line = data.lineItems.find((l) => l.id === li.id);
    return `- ${line?.productName.original ?? "Article"} × ${li.quantity}`;
  });
  const tracking = f.trackingInfo;
  const link = tracking?.trackingLink ?? null;
  const pickup = notice === "pickup";
  const text = [
    "Bonjour,",
    "",
    pickup
      ? `Votre commande n° ${row.number} est prête à retirer (${data.shippingInfo?.title ?? "retrait sur place"}).`
      : `Votre commande n° ${row.number} a été expédiée.`,
    "",
    pickup ? "Articles prêts :" : "Articles expédiés :",
    ...lines,
    ...(tracking?.shippingProvider ? ["", `Transporteur : ${tracking.shippingProvider}`] : []),
    ...(tracking?.trackingNumber ? [`Numéro de suivi : ${tracking.trackingNumber}`] : []),
    ...(link ? [`Suivre le colis : ${link}`] : []),
    "",
    `Votre commande : ${follow}`,
  ].join("\n");
  deliver(ctx.mail, {
    id: newId(),
    createdAt: nowIso(),
    kind: pickup ? "order-pickup-ready" : "order-shipped",
    to: row.email,
    subject: pickup ? `Votre commande n° ${row.number} est prête à retirer` : `Votre commande n° ${row.number} a été expédiée`,
    text,
    links: [...(link ? [{ label: "Suivre le colis", url: link }] : []), { label: "Voir ma commande", url: follow }],
    data: { orderId: row.id, orderNumber: row.number, url: follow, ...(link ? { trackingLink: link } : {}) },
  });
}

function updateFulfillment(ctx: Ctx, orderId: string, fulfillmentId: string, raw: unknown) {
  const f = asObject(raw) ?? {};
  let mail: (() => void) | undefined;
  ctx.db
    .transaction(() => {
      const row = orderById(ctx, orderId);
      const data = readOrderData(row);
      const current = (data._fulfillments ?? []).find((x) => x.id === fulfillmentId);
      if (!current) throw notFound("FULFILLMENT_NOT_FOUND", `Expédition introuvable : ${fulfillmentId}`, { fulfillmentId });
      // "Updating line item IDs or fulfilled quantities is not allowed" (the typings).
      if (f.lineItems !== undefined)
        throw validationError([{ field: "fulfillment.lineItems", description: "cannot be updated", violatedRule: "FIELD_NOT_ALLOWED" }]);
      const before = current.trackingInfo?.trackingNumber ?? null;
      if (f.trackingInfo === null) delete current.trackingInfo;
      else if (f.trackingInfo !== undefined) {
        const tracking = trackingOf(f.trackingInfo, "fulfillment.trackingInfo")!;
        checkTrackingNumber(data, tracking.trackingNumber, fulfillmentId);
        current.trackingInfo = tracking;
      }
      if (f.status !== undefined) current.status = statusOf(f.status, "fulfillment.status") ?? null;
      if (f.completed !== undefined) current.completed = typeof f.completed === "boolean" ? f.completed : null;
      if (f.customInfo !== undefined) current.customInfo = customInfoOf(f.customInfo, "fulfillment.customInfo");
      const after = current.trackingInfo?.trackingNumber ?? null;
      if (after && after !== before) {
        addActivity(data, before ? "TRACKING_NUMBER_EDITED" : "TRACKING_NUMBER_ADDED");
        if (row.email && noticeOf(data, current) === "shipped") {
          addActivity(data, "SHIPPING_CONFIRMATION_EMAIL_SENT");
          mail = () => sendFulfillmentMail(ctx, orderById(ctx, orderId), current, "shipped");
        }
      }
      save(ctx, row, data);
    })
    .immediate();
  sendAfterCommit(mail, "fulfilment");
  return withFulfillments(orderById(ctx, orderId));
}

function deleteFulfillment(ctx: Ctx, orderId: string, fulfillmentId: string) {
  return ctx.db
    .transaction(() => {
      const row = orderById(ctx, orderId);
      const data = readOrderData(row);
      if (!(data._fulfillments ?? []).some((f) => f.id === fulfillmentId))
        throw notFound("FULFILLMENT_NOT_FOUND", `Expédition introuvable : ${fulfillmentId}`, { fulfillmentId });
      data._fulfillments = (data._fulfillments ?? []).filter((f) => f.id !== fulfillmentId);
      save(ctx, row, data);
      return { orderWithFulfillments: withFulfillments(orderById(ctx, orderId)) };
    })
    .immediate();
}

/** The owner reads any order; a buyer only their own (a visitor's or member's token), as for getOrder. */
function readableOrder(ctx: Ctx, headers: Headers, orderId: string): OrderRow {
  if (isElevated(ctx, headers)) return orderById(ctx, orderId);
  const caller = requireCaller(ctx, headers);
  const row = ctx.db.prepare("SELECT * FROM orders WHERE id = ?").get(orderId) as OrderRow | undefined;
  const mine = row && (caller.memberId ? row.member_id === caller.memberId : row.visitor_id === caller.visitorId && !row.member_id);
  if (!row || !mine) throw notFound("ORDER_NOT_FOUND", `Commande introuvable : ${orderId}`, { orderId });
  return row;
}

function idList(raw: unknown): string[] {
  if (!Array.isArray(raw) || !raw.length || raw.length > 100 || !raw.every((v) => typeof v === "string" && v.length <= 100))
    throw validationError([{ field: "orderIds", description: "must hold 1 to 100 order ids", violatedRule: "MAX_SIZE" }]);
  return raw as string[];
}

export function registerFulfillments(router: Router, ctx: Ctx): void {
  router
    .on("GET", `${BASE}/orders/:orderId`, (req) => ({
      orderWithFulfillments: withFulfillments(readableOrder(ctx, req.headers, req.params.orderId!)),
    }))
    .on("POST", `${BASE}/list-by-ids`, (req) => {
      const ids = idList(req.body.orderIds);
      const elevated = isElevated(ctx, req.headers);
      const rows = ids.flatMap((id) => {
        try {
          return [elevated ? orderById(ctx, id) : readableOrder(ctx, req.headers, id)];
        } catch (error) {
          // Unknown or someone else's orders are left out of the list, as a search would.
          if (error instanceof WixError && error.status === 404) return [];
          throw error;
        }
      });
      return { ordersWithFulfillments: rows.map(withFulfillments) };
    })
    .on("POST", `${BASE}/orders/bulk/create-fulfillments`, (req) => {
      requireElevated(ctx, req.headers, "bulkCreateFulfillments");
      const list = boundedList(req.body.ordersWithFulfillments, "ordersWithFulfillments", 100, "orders");
      const results = list.map((raw, i) => {
        const item = asObject(raw) ?? {};
        const orderId = asString(item.orderId) ?? "";
        try {
          for (const f of Array.isArray(item.fulfillments) ? item.fulfillments : []) createFulfillment(ctx, orderId, f);
          return {
            itemMetadata: { id: orderId, originalIndex: i, success: true },
            ordersWithFulfillments: withFulfillments(orderById(ctx, orderId)),
          };
        } catch (error) {
          const details = error instanceof WixError ? (asObject(error.body.details) ?? {}) : {};
          const app = asObject(details.applicationError) as { code?: string; description?: string } | undefined;
          return {
            itemMetadata: {
              id: orderId,
              originalIndex: i,
              success: false,
              error: { code: app?.code ?? "INVALID_ARGUMENT", description: app?.description ?? String((error as Error).message), data: {} },
            },
          };
        }
      });
      const ok = results.filter((r) => r.itemMetadata.success).length;
      return { results, bulkActionMetadata: { totalSuccesses: ok, totalFailures: results.length - ok, undetailedFailures: 0 } };
    })
    .on("POST", `${BASE}/orders/:orderId/create-fulfillment`, (req) => {
      requireElevated(ctx, req.headers, "createFulfillment");
      const fulfillmentId = createFulfillment(ctx, req.params.orderId!, req.body.fulfillment);
      return { orderWithFulfillments: withFulfillments(orderById(ctx, req.params.orderId!)), fulfillmentId };
    })
    .on("PATCH", `${BASE}/:fulfillmentId/orders/:orderId`, (req) => {
      requireElevated(ctx, req.headers, "updateFulfillment");
      return { orderWithFulfillments: updateFulfillment(ctx, req.params.orderId!, req.params.fulfillmentId!, req.body.fulfillment) };
    })
    .on("DELETE", `${BASE}/:fulfillmentId/orders/:orderId`, (req) => {
      requireElevated(ctx, req.headers, "deleteFulfillment");
      return deleteFulfillment(ctx, req.params.orderId!, req.params.fulfillmentId!);
    });
}
