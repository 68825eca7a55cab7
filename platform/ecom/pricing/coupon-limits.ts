// Coupon usage limits, as Wix coupons carry them (docs/decisions/0028-coupon-limits.md): `specification.usageLimit`,
// uses in total by everyone, and `specification.limitPerCustomer`, uses by one customer. A use is an order carrying
// the coupon that is not cancelled (a cancelled order gives its use back). The refusals are the codes the SDK's
// checkout typings list (node_modules/@wix/auto_sdk_ecom_checkout, CreateCheckoutApplicationErrors).
//
// A customer is someone who proved who they are (docs/decisions/0057-once-per-customer-coupons-for-members.md): a
// member, counted with every account of her mailbox (core/email.ts's mailboxKey: `a+1@` is `a@`) and every order
// placed with that mailbox. A guest's typed address proves nothing: counting it let a guest use up someone else's
// coupon and learn whether they had used it, and each +tag was a new customer. So a once-per-customer coupon is
// refused to a guest as soon as the checkout knows her (an e-mail), with the one same answer whatever the address.
import type { Ctx } from "../../core/context";
import { emailKey, mailboxKey } from "../../core/email";
import { appError } from "../../core/http";
import type { CouponRec, PricedLine, Totals } from "./pricing";
import { COUPON_REFUSAL_MESSAGES, computeTotals } from "./pricing";

export type CouponLimitCode = "ERROR_COUPON_USAGE_EXCEEDED" | "ERROR_COUPON_LIMIT_PER_CUSTOMER_EXCEEDED";

export const COUPON_LIMIT_MESSAGES: Record<CouponLimitCode, string> = {
  ERROR_COUPON_USAGE_EXCEEDED: COUPON_REFUSAL_MESSAGES.MAX_USAGE_EXCEEDED,
  ERROR_COUPON_LIMIT_PER_CUSTOMER_EXCEEDED: COUPON_REFUSAL_MESSAGES.MAX_USAGE_PER_CUSTOMER_EXCEEDED,
};

export interface Customer {
  memberId?: string | null;
  /** The canonical e-mail of the buyer, when known (a guest at checkout). */
  buyerKey?: string | null;
  /** The member's mailbox (her login e-mail without its +tag). */
  mailbox?: string | null;
}

/** The customer behind a cart or checkout `owner` ("m:<id>" or "v:<id>"), with the buyer's e-mail when known. */
export function customerOf(ctx: Ctx, owner: string, email: string | null | undefined): Customer {
  const memberId = owner.startsWith("m:") ? owner.slice(2) : null;
  const memberEmail = memberId
    ? (ctx.db.prepare("SELECT email FROM members WHERE id = ?").get(memberId) as { email: string } | undefined)?.email
    : undefined;
  const address = email ?? memberEmail;
  return { memberId, buyerKey: address ? emailKey(address) : null, mailbox: memberEmail ? mailboxKey(memberEmail) : null };
}

const USES = "SELECT COUNT(*) AS n FROM orders WHERE status <> 'CANCELED' AND json_extract(data, '$.appliedDiscounts[0].coupon.id') = ?";

/** How many orders used `couponId` (a cancelled order gives its use back): Wix's `numberOfUsages`. */
export function couponUses(ctx: Ctx, couponId: string): number {
  return (ctx.db.prepare(USES).get(couponId) as { n: number }).n;
}

/**
 * A member login e-mail's mailbox, in SQL: the canonical address without the +tag of its local part (the first "+",
 * never at its start, since a domain holds none); what core/email.ts's mailboxKey gives for a canonical address.
 */
const MEMBER_MAILBOX =
  "CASE WHEN instr(email, '+') > 1 THEN substr(email, 1, instr(email, '+') - 1) || substr(email, instr(email, '@')) ELSE email END";

/** Why `coupon` may not be used again by `customer`, or null. */
export function couponLimitReached(ctx: Ctx, coupon: CouponRec, customer: Customer): CouponLimitCode | null {
  if (coupon.usage_limit !== null && (ctx.db.prepare(USES).get(coupon.id) as { n: number }).n >= coupon.usage_limit)
    return "ERROR_COUPON_USAGE_EXCEEDED";
  if (coupon.limit_per_customer === null) return null;
  // A guest the checkout knows: refused, the same for every address (a cart without an e-mail is not checked yet).
  if (!customer.memberId) return customer.buyerKey ? "ERROR_COUPON_LIMIT_PER_CUSTOMER_EXCEEDED" : null;
  const { n } = ctx.db
    .prepare(`${USES} AND (member_id IN (SELECT id FROM members WHERE ${MEMBER_MAILBOX} = ?) OR mailbox_key = ?)`)
    .get(coupon.id, customer.mailbox ?? null, customer.mailbox ?? null) as { n: number };
  return n >= coupon.limit_per_customer ? "ERROR_COUPON_LIMIT_PER_CUSTOMER_EXCEEDED" : null;
}

/** Throws Wix's application error when `coupon` may not be used by `customer`. */
export function requireCouponUsable(ctx: Ctx, coupon: CouponRec | null, customer: Customer): void {
  const reached = coupon ? couponLimitReached(ctx, coupon, customer) : null;
  if (reached) throw appError(400, reached, COUPON_LIMIT_MESSAGES[reached], { couponCode: coupon!.code });
}

/**
 * A cart's totals as its buyer may pay them: a coupon whose limit this customer reached (a guest once the cart has
 * her e-mail, a member who used it) gives no discount and is reported refused, like a paused one, with Cart V2's
 * reason (MAX_USAGE_EXCEEDED, MAX_USAGE_PER_CUSTOMER_EXCEEDED): the site can say so when the checkout is submitted,
 * before the payment page, and Place Order refuses it again.
 */
export function cartTotalsFor(
  ctx: Ctx,
  lines: PricedLine[],
  cart: { coupon_code: string | null; selected_shipping: string | null; owner: string; email: string | null },
  destination: string | null = null,
): Totals {
  const t = computeTotals(ctx, lines, cart.coupon_code, cart.selected_shipping, destination);
  const reached = t.coupon ? couponLimitReached(ctx, t.coupon, customerOf(ctx, cart.owner, cart.email)) : null;
  if (!reached) return t;
  const reason = reached === "ERROR_COUPON_USAGE_EXCEEDED" ? "MAX_USAGE_EXCEEDED" : "MAX_USAGE_PER_CUSTOMER_EXCEEDED";
  return { ...computeTotals(ctx, lines, null, cart.selected_shipping, destination), couponRefused: { code: t.coupon!.code, reason } };
}
