// Order webhooks and catalog stock events (split from orders.ts).
import type { Ctx } from "../core/context";
import type { OrderRow } from "./order-wire";
import { orderWire } from "./order-wire";
import { emitEvent, webhooksOn } from "../events/webhooks";

/** Catalog V1's ProductChanged (not a domain event): stock moved. The app empties its catalog cache on it. */
export function productChanged(ctx: Ctx, productId: string): void {
  emitEvent(ctx, {
    eventType: "com.wix.ecommerce.catalog.api.v1.ProductChanged",
    body: { plain: { productId, changedFields: ["stock"] } },
  });
}

type OrderEventKind = "created" | "updated" | "approved" | "canceled" | "payment_status_updated";

/** Order webhooks: created/updated carry the entity, approved/canceled/payment status updated are action events. */
export function orderEvents(ctx: Ctx, orderId: string, kinds: OrderEventKind[]): void {
  if (!webhooksOn(ctx)) return;
  const row = ctx.db.prepare("SELECT * FROM orders WHERE id = ?").get(orderId) as OrderRow;
  const order = orderWire(ctx, row, ctx.opts.defaultAppOrigin);
  const identity = { memberId: row.member_id, visitorId: row.visitor_id };
  for (const kind of kinds)
    emitEvent(ctx, {
      eventType: `wix.ecom.v1.order_${kind}`,
      entityFqdn: "wix.ecom.v1.order",
      slug: kind,
      entityId: orderId,
      body:
        kind === "created"
          ? { created: order }
          : kind === "updated"
            ? { updated: order }
            : { action: kind === "payment_status_updated" ? { order, previousPaymentStatus: "NOT_PAID" } : { order } },
      identity,
    });
}
