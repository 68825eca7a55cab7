// Order webhooks, and the catalog stock events they go with (split from orders.ts).
import type { Ctx } from "../core/context";
import type { OrderRow } from "./order-wire";
import { orderWire } from "./order-wire";
import { emitEvent, webhooksOn } from "../events/webhooks";

/** Stock moved: the catalog's own events, V1 or V3 as the site runs (stores/catalog-events.ts). */
export { stockChanged as productChanged } from "../stores/catalog-events";

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
