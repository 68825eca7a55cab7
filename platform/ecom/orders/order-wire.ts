// An order as stored (its row) and as the ecom API answers it (its wire form): the piece orders, payments,
// admin-orders, order-events and order-mail all read, so it sits below them (split from orders/orders.ts and
// orders/owner-orders.ts to break their import cycle; docs/decisions/0021-platform-by-wix-module.md).
import type { Ctx } from "../../core/context";
import { wireImage } from "../../core/context";
import { digitalFileWire } from "./downloads";
import { notFound } from "../../core/http";

export interface OrderRow {
  id: string;
  number: string;
  member_id: string | null;
  visitor_id: string | null;
  email: string | null;
  checkout_id: string | null;
  status: string;
  payment_status: string;
  fulfillment_status: string;
  data: string;
  created_date: string;
  updated_date: string;
}

export function orderById(ctx: Ctx, id: string): OrderRow {
  const row = ctx.db.prepare("SELECT * FROM orders WHERE id = ?").get(id) as OrderRow | undefined;
  if (!row) throw notFound("ORDER_NOT_FOUND", `Commande introuvable : ${id}`, { orderId: id });
  return row;
}

export type OrderWire = ReturnType<typeof orderWire>;

export function orderWire(ctx: Ctx, row: OrderRow, appOrigin: string) {
  const o = JSON.parse(row.data) as Record<string, unknown> & { lineItems: Record<string, unknown>[] };
  // Underscored keys are this platform's bookkeeping (the payment's state, refunds, fulfilments, invoices): never sent.
  for (const key of Object.keys(o)) if (key.startsWith("_")) delete o[key];
  o.status = row.status;
  o.paymentStatus = row.payment_status;
  o.fulfillmentStatus = row.fulfillment_status;
  o.updatedDate = row.updated_date;
  o.lineItems = o.lineItems.map(({ _imagePath, _slug, _variantId, ...li }) => {
    const out: Record<string, unknown> = { ...li };
    if (typeof _imagePath === "string") {
      out.image = wireImage(ctx, appOrigin, _imagePath, (li.productName as { original: string }).original);
    }
    // Wix's own product page, as for cart lines (pricing/pricing.ts): the app links from its catalog.
    if (typeof _slug === "string") out.url = { relativePath: `/product-page/${_slug}`, url: `${appOrigin}/product-page/${_slug}` };
    const digitalFile = digitalFileWire(ctx, row, li, appOrigin);
    if (digitalFile) out.digitalFile = digitalFile;
    return out;
  });
  return o;
}
