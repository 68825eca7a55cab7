// How long a confirmed pay-on-delivery order may hold its stock unpaid (docs/decisions/0056-unpaid-holds-per-person.md).
// Confirming takes the stock (checkout/unpaid.ts): left at that, a confirmed order that is never paid nor sent keeps
// its units out of sale for ever, and a few mailboxes could keep a product at 0. So HOLD_SECONDS after its
// confirmation, an order still unpaid and unsent is cancelled, its stock put back and its buyer told. The owner keeps a
// hold by acting on it: sending it (a fulfillment, the goods are on their way to be paid at the door) or marking it
// paid. Checked whenever orders are read or placed, and every minute by the platform (index.ts).
import type { Ctx } from "../../core/context";
import { newId } from "../../core/context";
import { nowIso, nowSeconds } from "../../core/db";
import { deliver } from "../../core/mail";
import { cancelOrder } from "../orders/owner-orders";
import { cancelUnconfirmed } from "./unpaid";

export const HOLD_DAYS = 7;
export const HOLD_SECONDS = HOLD_DAYS * 24 * 3600;

/** Gives back the stock of confirmed unpaid orders past their hold, neither paid nor sent: cancelled, buyer told. */
export function releaseExpiredHolds(ctx: Ctx): number {
  const expired = ctx.db
    .prepare(
      `SELECT id, number, email FROM orders WHERE hold_until IS NOT NULL AND hold_until < ? AND status = 'APPROVED'
         AND payment_status = 'NOT_PAID' AND fulfillment_status = 'NOT_FULFILLED'`,
    )
    .all(nowSeconds()) as Array<{ id: string; number: string; email: string | null }>;
  for (const order of expired) {
    cancelOrder(ctx, order.id, true);
    if (!order.email) continue;
    deliver(ctx.mail, {
      id: newId(),
      createdAt: nowIso(),
      kind: "order-canceled",
      to: order.email,
      subject: `Votre commande n° ${order.number} est annulée`,
      text:
        `Bonjour,\n\nVotre commande n° ${order.number}, à payer à la livraison, n'a été ni payée ni expédiée dans les ${HOLD_DAYS} jours ` +
        "qui ont suivi sa confirmation : elle est annulée et ses articles sont remis en vente. Vous n'avez rien à payer.",
      links: [],
      data: { orderId: order.id },
    });
  }
  return expired.length;
}

/** Both ends of an unpaid order's waits: unconfirmed after a day (cancelled), confirmed past its hold (released). */
export function expireUnpaid(ctx: Ctx): void {
  cancelUnconfirmed(ctx);
  releaseExpiredHolds(ctx);
}
