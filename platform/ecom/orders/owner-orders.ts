// ecom orders, the owner's side: search every order, update, bulk update, cancel, bulk tags. Elevated identity only
// (platform/core/elevated.ts); a visitor's or member's token gets 403 on the writes, its own orders on the reads.
import type { Ctx } from "../../core/context";
import { newId } from "../../core/context";
import { nowIso } from "../../core/db";
import { notImplemented, requireElevated } from "../../core/elevated";
import type { ApiRequest, Router } from "../../core/http";
import { appError, asObject, asString, boundedList, validationError } from "../../core/http";
import { deliver } from "../../core/mail";
import { orderEvents, productChanged } from "./order-events";
import { addActivity, readOrderData, saveOrderData } from "./order-data";
import { paymentIdOf, paymentState, RECEIVED } from "../after-sale/payments";
import type { OrderRow, OrderWire } from "./order-wire";
import { orderById, orderWire } from "./order-wire";
import { bumpCatalog } from "../../stores/catalog";
import { applySort, decodeCursor, encodeCursor, matchFilter, parseSort } from "../../core/query";

/** The `limit` of an orders search: 100 when absent, a 400 outside 0..100 (as Wix answers). */
export function orderSearchLimit(raw: unknown): number {
  const limit = raw === undefined || raw === null ? 100 : Number(raw);
  if (!Number.isInteger(limit) || limit < 0 || limit > 100)
    throw validationError([{ field: "search.cursorPaging.limit", description: "must be between 0 and 100", violatedRule: "MAX" }]);
  return limit;
}

/**
 * What a search filter sees of an order: the wire form plus `billingInfo.contactDetails.fullName`, a field Wix's
 * "Supported Filters and Sorting" page lists ($eq, $ne, $in, $exists, $startsWith) though the order does not carry it.
 */
function filterable(o: OrderWire): OrderWire {
  const billing = o.billingInfo as { contactDetails?: { firstName?: string; lastName?: string } } | undefined;
  const contact = billing?.contactDetails;
  if (!contact) return o;
  const fullName = [contact.firstName, contact.lastName].filter(Boolean).join(" ");
  return { ...o, billingInfo: { ...billing, contactDetails: { ...contact, fullName } } };
}

/**
 * One page of an orders search over the wire shapes the caller may see: what the filter matches, without
 * PENDING/REJECTED orders unless the filter names a status, sorted (newest first by default).
 */
export function orderSearchPage(orders: OrderWire[], search: Record<string, unknown>, offset: number, limit: number) {
  const filter = search.filter;
  const explicitStatus = JSON.stringify(filter ?? {}).includes('"status"');
  const matching = orders.filter(
    (o) => matchFilter(filterable(o), filter) && (explicitStatus || !["PENDING", "REJECTED"].includes(String(o.status))),
  );
  const sort = parseSort(search.sort);
  const sorted = applySort(matching, sort.length ? sort : [{ fieldName: "createdDate", order: "DESC" }]);
  const page = sorted.slice(offset, offset + limit);
  const hasNext = offset + limit < sorted.length;
  const cursors = {
    ...(hasNext ? { next: encodeCursor(offset + limit) } : {}),
    ...(offset > 0 ? { prev: encodeCursor(Math.max(0, offset - limit)) } : {}),
  };
  return { page, total: sorted.length, hasNext, cursors };
}

/** searchOrders for the elevated identity: every order; cursorPaging (or offset `paging`), filter, sort. */
export function searchAllOrders(ctx: Ctx, req: ApiRequest) {
  const search = asObject(req.body.search) ?? {};
  const cursorPaging = asObject(search.cursorPaging);
  const paging = asObject(search.paging);
  const limit = orderSearchLimit(cursorPaging?.limit ?? paging?.limit);
  const cursor = asString(cursorPaging?.cursor);
  const offset = cursor ? decodeCursor(cursor) : Math.max(0, Number(paging?.offset ?? 0) || 0);
  const rows = ctx.db.prepare("SELECT * FROM orders").all() as OrderRow[];
  const { page, total, hasNext, cursors } = orderSearchPage(
    rows.map((r) => orderWire(ctx, r, req.appOrigin)),
    search,
    offset,
    limit,
  );
  return { orders: page, metadata: { count: page.length, offset, total, cursors, hasNext } };
}

const readData = readOrderData;
const saveData = saveOrderData;

/**
 * Cancels an order; optionally puts the items back in stock, e-mails the buyer with the owner's message. An order
 * whose payment is only authorized is refused (ORDER_HAS_AUTHORIZED_TRANSACTION, as the typings give it): the
 * authorization is voided first, so a canceled order can never be charged. Canceling a canceled order changes
 * nothing (the typings list no error for it).
 */
export function cancelOrder(ctx: Ctx, orderId: string, restock: boolean, email?: { customMessage?: string }): OrderRow {
  const owner = { owner: true } as const;
  return ctx.db
    .transaction(() => {
      const row = orderById(ctx, orderId);
      if (row.status === "CANCELED") return row;
      const data = readData(row);
      if (paymentState(row, data) === "AUTHORIZED")
        throw appError(
          428,
          "ORDER_HAS_AUTHORIZED_TRANSACTION",
          "Cette commande a un paiement autorisé : annulez l'autorisation avant d'annuler la commande",
          { orderId, paymentId: paymentIdOf(orderId) },
          "Failed precondition",
        );
      if (restock) {
        for (const li of data.lineItems) {
          // What a refund already put back is not put back twice.
          const quantity = li.quantity - (li.restockQuantity ?? 0);
          if (quantity <= 0) continue;
          li.restockQuantity = li.quantity;
          const vid = li._variantId;
          if (vid) ctx.db.prepare("UPDATE variants SET quantity = quantity + ? WHERE id = ? AND quantity IS NOT NULL").run(quantity, vid);
          else
            ctx.db
              .prepare("UPDATE products SET quantity = quantity + ? WHERE id = ? AND track_inventory = 1 AND quantity IS NOT NULL")
              .run(quantity, li.catalogReference.catalogItemId);
        }
        bumpCatalog(ctx);
        for (const li of data.lineItems) productChanged(ctx, li.catalogReference.catalogItemId, li._variantId ?? null);
      }
      data.activities.push({ id: newId(), createdDate: nowIso(), type: "ORDER_CANCELED" });
      saveData(ctx, orderId, data, { status: "CANCELED" });
      orderEvents(ctx, orderId, ["updated", "canceled"], {
        identity: owner,
        cancel: { restockAllItems: restock, sendOrderCanceledEmail: email !== undefined, customMessage: email?.customMessage },
      });
      if (email && row.email)
        deliver(ctx.mail, {
          id: newId(),
          createdAt: nowIso(),
          kind: "order-canceled",
          to: row.email,
          subject: `Votre commande n° ${row.number} est annulée`,
          text:
            `Bonjour,\n\nVotre commande n° ${row.number} a été annulée.` +
            (RECEIVED.has(row.payment_status)
              ? "\n\nSi un remboursement est prévu, vous recevrez un e-mail distinct qui en précise le montant."
              : row.payment_status === "CANCELED"
                ? "\n\nL'autorisation de paiement de votre carte a été libérée : vous ne serez pas débité."
                : "") +
            (email.customMessage ? `\n\nMessage du vendeur : ${email.customMessage.slice(0, 1000)}` : ""),
          links: [],
          data: { orderId },
        });
      return orderById(ctx, orderId);
    })
    .immediate();
}

// updateOrder's field mask: what the owner may change on an existing order here.
const UPDATABLE = new Set(["buyerNote", "archived", "seenByAHuman"]);

function applyUpdate(ctx: Ctx, id: string, order: Record<string, unknown>, mask: string[] | undefined, appOrigin: string) {
  const row = orderById(ctx, id);
  const data = readData(row);
  const fields = mask?.length ? mask : Object.keys(order).filter((k) => k !== "id");
  for (const f of fields) {
    if (!UPDATABLE.has(f))
      throw validationError([{ field: `order.${f}`, description: "cannot be updated", violatedRule: "FIELD_NOT_ALLOWED" }]);
    const v = order[f];
    if (f === "buyerNote" && (typeof v !== "string" || v.length > 1000))
      throw validationError([
        { field: "order.buyerNote", description: "must be a string of at most 1000 characters", violatedRule: "MAX_LENGTH" },
      ]);
    if (f !== "buyerNote" && typeof v !== "boolean")
      throw validationError([{ field: `order.${f}`, description: "must be a boolean", violatedRule: "FORMAT" }]);
    data[f] = v;
  }
  saveData(ctx, id, data);
  orderEvents(ctx, id, ["updated"], { identity: { owner: true } });
  return orderWire(ctx, orderById(ctx, id), appOrigin);
}

function maskOf(raw: unknown): string[] | undefined {
  if (Array.isArray(raw)) return raw.map(String);
  if (typeof raw === "string")
    return raw
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
  const paths = asObject(raw)?.paths;
  return Array.isArray(paths) ? paths.map(String) : undefined;
}

const tagIds = (v: unknown): string[] => {
  const ids = asObject(v)?.tagIds;
  return Array.isArray(ids) ? ids.filter((t): t is string => typeof t === "string" && t.length > 0 && t.length <= 100) : [];
};

function updateTags(ctx: Ctx, id: string, assign: Record<string, unknown>, unassign: Record<string, unknown>) {
  const row = orderById(ctx, id);
  const data = readData(row);
  const next = (kind: "tags" | "privateTags") => {
    const current = new Set(data.tags?.[kind]?.tagIds ?? []);
    for (const t of tagIds(assign[kind])) current.add(t);
    for (const t of tagIds(unassign[kind])) current.delete(t);
    return { tagIds: [...current] };
  };
  data.tags = { privateTags: next("privateTags"), tags: next("tags") };
  saveData(ctx, id, data);
  orderEvents(ctx, id, ["updated"], { identity: { owner: true } });
}

function bulkItem(id: string, index: number, error?: unknown) {
  const e = error as { body?: { details?: { applicationError?: { code?: string; description?: string } } }; message?: string };
  const app = e?.body?.details?.applicationError;
  return {
    itemMetadata: {
      id,
      originalIndex: index,
      success: !error,
      ...(error ? { error: { code: app?.code ?? "UNKNOWN", description: app?.description ?? e?.message ?? "", data: {} } } : {}),
    },
  };
}

function idList(raw: unknown, field: string): string[] {
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > 100 || !raw.every((v) => typeof v === "string"))
    throw validationError([{ field, description: "must hold 1 to 100 ids", violatedRule: "MAX_SIZE" }]);
  return raw as string[];
}

export function registerAdminOrders(router: Router, ctx: Ctx): void {
  router
    .on("POST", "/ecom/v1/orders", (req) => {
      requireElevated(ctx, req.headers, "createOrder");
      throw notImplemented("createOrder");
    })
    .on("PATCH", "/ecom/v1/orders/:id", (req) => {
      requireElevated(ctx, req.headers, "updateOrder");
      const order = asObject(req.body.order) ?? {};
      return { order: applyUpdate(ctx, req.params.id!, order, maskOf(req.body.fieldMask), req.appOrigin) };
    })
    .on("POST", "/ecom/v1/bulk/orders/update", (req) => {
      requireElevated(ctx, req.headers, "bulkUpdateOrders");
      const items = boundedList(req.body.orders, "orders", 100, "orders");
      const results = items.map((raw, i) => {
        const item = asObject(raw) ?? {};
        const order = asObject(item.order) ?? {};
        const id = asString(order.id) ?? "";
        try {
          const updated = applyUpdate(ctx, id, order, maskOf(item.fieldMask), req.appOrigin);
          return { ...bulkItem(id, i), ...(req.body.returnEntity ? { item: updated } : {}) };
        } catch (error) {
          return bulkItem(id, i, error);
        }
      });
      const ok = results.filter((r) => r.itemMetadata.success).length;
      return { results, bulkActionMetadata: { totalSuccesses: ok, totalFailures: results.length - ok, undetailedFailures: 0 } };
    })
    .on("POST", "/ecom/v1/orders/:id/cancel", (req) => {
      // A buyer must not cancel a paid order and put its stock back himself: elevated only, as on Wix.
      requireElevated(ctx, req.headers, "cancelOrder");
      const message = asString(req.body.customMessage);
      const row = cancelOrder(
        ctx,
        req.params.id!,
        req.body.restockAllItems === true,
        req.body.sendOrderCanceledEmail === true ? { customMessage: message } : undefined,
      );
      return { order: orderWire(ctx, row, req.appOrigin) };
    })
    .on("POST", "/ecom/v1/orders/:orderId/activities/add", (req) => {
      // addActivities: the owner's internal notes (MERCHANT_COMMENT); custom activities are not kept here.
      requireElevated(ctx, req.headers, "addActivities");
      const list = boundedList(req.body.orderActivities, "orderActivities", 300, "activities");
      const messages = list.map((raw, i) => {
        const a = asObject(raw) ?? {};
        const message = asString(asObject(a.merchantComment)?.message);
        const type = asString(a.activityType) ?? asString(a.type) ?? "MERCHANT_COMMENT";
        if (type !== "MERCHANT_COMMENT" || !message)
          throw validationError([
            {
              field: `orderActivities[${i}].merchantComment.message`,
              description: "a merchant comment is required",
              violatedRule: "REQUIRED_FIELD",
            },
          ]);
        if (message.length > 5000)
          throw validationError([
            {
              field: `orderActivities[${i}].merchantComment.message`,
              description: "must be at most 5000 characters",
              violatedRule: "MAX_LENGTH",
            },
          ]);
        return message;
      });
      return ctx.db
        .transaction(() => {
          const id = req.params.orderId!;
          const data = readData(orderById(ctx, id));
          const activityIds = messages.map((message) => addActivity(data, "MERCHANT_COMMENT", { merchantComment: { message } }));
          saveData(ctx, id, data);
          orderEvents(ctx, id, ["updated"], { identity: { owner: true } });
          return { order: orderWire(ctx, orderById(ctx, id), req.appOrigin), activityIds };
        })
        .immediate();
    })
    .on("POST", "/ecom/v1/bulk/orders/update-tags", (req) => {
      requireElevated(ctx, req.headers, "bulkUpdateOrderTags");
      const ids = idList(req.body.orderIds, "orderIds");
      const assign = asObject(req.body.assignTags) ?? {};
      const unassign = asObject(req.body.unassignTags) ?? {};
      const results = ids.map((id, i) => {
        try {
          ctx.db.transaction(() => updateTags(ctx, id, assign, unassign)).immediate();
          return bulkItem(id, i);
        } catch (error) {
          return bulkItem(id, i, error);
        }
      });
      const ok = results.filter((r) => r.itemMetadata.success).length;
      return { results, bulkActionMetadata: { totalSuccesses: ok, totalFailures: results.length - ok, undetailedFailures: 0 } };
    });
}
