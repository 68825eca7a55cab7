// Pay-on-delivery orders wait for their buyer (docs/decisions/0027-unpaid-orders-wait-for-their-buyer.md). An unpaid
// order is a promise anyone can make from any address: it must not take the stock until someone proves the mailbox it
// names. So it is placed INITIALIZED (Wix's "created, not yet approved"), takes no stock, and e-mails its buyer a link
// to confirm it; confirming takes the stock and approves it (orders/orders.ts, confirmOrder). Left unconfirmed a day, it is
// cancelled. And one person holds at most UNPAID_UNITS_PER_BUYER units of a product in unpaid orders: more is paid by
// card, as shops cap what they send without payment. A person is whatever they cannot multiply for free: the mailbox
// (core/email.ts's mailboxKey, so `a+1@` and `a+2@` are one), the session (visitor or member) and the client address;
// an unpaid order counts against each of the three it was placed with. Once confirmed, an order holds its stock until it
// is paid or sent, for UNPAID_HOLD_DAYS at most (checkout/unpaid-holds.ts).
import type { Ctx } from "../../core/context";
import { newId } from "../../core/context";
import { nowIso, nowSeconds } from "../../core/db";
import { mailboxKey } from "../../core/email";
import { deliver } from "../../core/mail";
import { signLink } from "../orders/order-links";
import type { PricedLine } from "../pricing/pricing";

export const UNPAID_UNITS_PER_BUYER = 10;
export const CONFIRM_WITHIN_SECONDS = 24 * 3600;

export const UNPAID_LIMIT_MESSAGE =
  `Le paiement à la livraison est limité à ${UNPAID_UNITS_PER_BUYER} exemplaires d'un même article en commandes non payées : ` +
  "payez par carte, ou réduisez la quantité.";

/** Who places an unpaid order: its mailbox (null without an e-mail), its session ("v:<id>" or "m:<id>"), its client. */
export interface UnpaidHolder {
  mailbox: string | null;
  owner: string;
  /** The client's address as the host gave it (core/http.ts clientOf); null when unknown. */
  client: string | null;
}

export function unpaidHolder(owner: string, email: string | null | undefined, client: string | null | undefined): UnpaidHolder {
  return { mailbox: email ? mailboxKey(email) : null, owner, client: client && client !== "unknown" ? client : null };
}

/** The open unpaid orders of a holder (any of its three keys): waiting for confirmation, or confirmed and not paid yet. */
function openUnpaidUnits(ctx: Ctx, holder: UnpaidHolder): Map<string, number> {
  const [kind, id] = [holder.owner.slice(0, 1), holder.owner.slice(2)];
  const rows = ctx.db
    .prepare(
      `SELECT data FROM orders WHERE payment_status = 'NOT_PAID' AND status IN ('INITIALIZED', 'APPROVED')
         AND (mailbox_key = ? OR member_id = ? OR (visitor_id = ? AND member_id IS NULL) OR client = ?)`,
    )
    .all(holder.mailbox, kind === "m" ? id : null, kind === "v" ? id : null, holder.client) as Array<{ data: string }>;
  const units = new Map<string, number>();
  for (const row of rows) {
    const order = JSON.parse(row.data) as { lineItems?: Array<{ catalogReference?: { catalogItemId?: string }; quantity?: number }> };
    for (const line of order.lineItems ?? []) {
      const id = line.catalogReference?.catalogItemId;
      if (id) units.set(id, (units.get(id) ?? 0) + (line.quantity ?? 0));
    }
  }
  return units;
}

/** True when `lines` added to the holder's open unpaid orders would hold more than the cap of one product. */
export function overUnpaidLimit(ctx: Ctx, holder: UnpaidHolder, lines: PricedLine[]): boolean {
  const units = openUnpaidUnits(ctx, holder);
  for (const line of lines) {
    if (!line.product) continue;
    const id = line.product.id;
    units.set(id, (units.get(id) ?? 0) + line.ref.quantity);
    if (units.get(id)! > UNPAID_UNITS_PER_BUYER) return true;
  }
  return false;
}

/** Keeps the client an unpaid order was placed from (its mailbox and session are the order's own columns). */
export function recordUnpaidClient(ctx: Ctx, orderId: string, holder: UnpaidHolder): void {
  ctx.db.prepare("UPDATE orders SET client = ? WHERE id = ?").run(holder.client, orderId);
}

/** Cancels the unpaid orders nobody confirmed in time (they took no stock: nothing to give back). */
export function cancelUnconfirmed(ctx: Ctx): void {
  const before = new Date((nowSeconds() - CONFIRM_WITHIN_SECONDS) * 1000).toISOString();
  ctx.db
    .prepare("UPDATE orders SET status = 'CANCELED', updated_date = ? WHERE status = 'INITIALIZED' AND created_date < ?")
    .run(nowIso(), before);
}

/** The page where the buyer confirms (hosted by the platform on the app's origin). */
export function confirmUrl(ctx: Ctx, appOrigin: string, orderId: string): string {
  const token = signLink(ctx, { purpose: "confirm", orderId, expiresAt: nowSeconds() + CONFIRM_WITHIN_SECONDS });
  return `${appOrigin}/_platform/commande/confirmer?jeton=${encodeURIComponent(token)}`;
}

/** E-mails the buyer the link that confirms the order (a page with a button: a mail scanner's GET confirms nothing). */
export function sendConfirmRequest(ctx: Ctx, order: { id: string; number: string; email: string | null }): void {
  if (!order.email) return;
  const url = confirmUrl(ctx, ctx.opts.defaultAppOrigin, order.id);
  deliver(ctx.mail, {
    id: newId(),
    createdAt: nowIso(),
    kind: "order-confirm-request",
    to: order.email,
    subject: `Confirmez votre commande n° ${order.number}`,
    text:
      `Bonjour,\n\nVotre commande n° ${order.number} sera réglée à la livraison. Confirmez-la avec ce lien dans les 24 heures : ` +
      `sans confirmation, elle sera annulée.\n${url}\n\nSi vous n'avez rien commandé, ignorez ce message.`,
    links: [{ label: "Confirmer ma commande", url }],
    data: { orderId: order.id, orderNumber: order.number, url },
  });
}
