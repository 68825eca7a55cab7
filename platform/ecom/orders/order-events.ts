// Order webhooks, and the catalog stock events they go with (split from orders/orders.ts).
import type { Ctx } from "../../core/context";
import type { OrderRow } from "./order-wire";
import { orderWire } from "./order-wire";
import { emitEvent, webhooksOn, type EventIdentity } from "../../events/webhooks";

/** Stock moved: the catalog's own events, V1 or V3 as the site runs (stores/catalog-events.ts). */
export { stockChanged as productChanged } from "../../stores/catalog-events";

type OrderEventKind = "created" | "updated" | "approved" | "canceled" | "payment_status_updated";

export interface OrderEventContext {
  /** Who caused it (default: the buyer; the owner's calls pass `{ owner: true }`). */
  identity?: EventIdentity;
  /** payment_status_updated: the order's payment status before the change. */
  previousPaymentStatus?: string;
  /** canceled: what the owner asked for (Wix's OrderCanceled action body). */
  cancel?: { restockAllItems: boolean; sendOrderCanceledEmail: boolean; customMessage?: string };
}

/**
 * Order webhooks as Wix documents them: created → createdEvent.entity, updated → updatedEvent.currentEntity,
 * approved → actionEvent.body {order}, payment status updated → {order, previousPaymentStatus}, canceled →
 * {order, restockAllItems, sendOrderCanceledEmail, customMessage}.
 */
export function orderEvents(ctx: Ctx, orderId: string, kinds: OrderEventKind[], context: OrderEventContext = {}): void {
  if (!webhooksOn(ctx)) return;
  const row = ctx.db.prepare("SELECT * FROM orders WHERE id = ?").get(orderId) as OrderRow;
  const order = orderWire(ctx, row, ctx.opts.defaultAppOrigin);
  const identity = context.identity ?? { memberId: row.member_id, visitorId: row.visitor_id };
  const action = (kind: OrderEventKind) => {
    if (kind === "payment_status_updated") return { order, previousPaymentStatus: context.previousPaymentStatus ?? "NOT_PAID" };
    if (kind === "canceled") {
      const c = context.cancel ?? { restockAllItems: false, sendOrderCanceledEmail: false };
      return {
        order,
        restockAllItems: c.restockAllItems,
        sendOrderCanceledEmail: c.sendOrderCanceledEmail,
        ...(c.customMessage ? { customMessage: c.customMessage } : {}),
      };
    }
    return { order };
  };
  for (const kind of kinds)
    emitEvent(ctx, {
      eventType: `wix.ecom.v1.order_${kind}`,
      entityFqdn: "wix.ecom.v1.order",
      slug: kind,
      entityId: orderId,
      body: kind === "created" ? { created: order } : kind === "updated" ? { updated: order } : { action: action(kind) },
      identity,
    });
}
