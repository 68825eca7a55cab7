// Coupon usage limits, as Wix coupons carry them (docs/decisions/0028-coupon-limits.md): `specification.usageLimit`,
// uses in total by everyone, and `specification.limitPerCustomer`, uses by one customer. A use is an order carrying
// the coupon that is not cancelled (a cancelled order gives its use back). A customer is the member, or the buyer's
// canonical e-mail (core/email.ts), so a second spelling of an address is the same customer. The refusals are the
// codes the SDK's checkout typings list (node_modules/@wix/auto_sdk_ecom_checkout, CreateCheckoutApplicationErrors).
import type { Ctx } from "../../core/context";
import { emailKey } from "../../core/email";
import { appError } from "../../core/http";
import type { CouponRec } from "./pricing";

export type CouponLimitCode = "ERROR_COUPON_USAGE_EXCEEDED" | "ERROR_COUPON_LIMIT_PER_CUSTOMER_EXCEEDED";

export const COUPON_LIMIT_MESSAGES: Record<CouponLimitCode, string> = {
  ERROR_COUPON_USAGE_EXCEEDED: "Ce code promo a atteint son nombre d'utilisations : il n'est plus valable.",
  ERROR_COUPON_LIMIT_PER_CUSTOMER_EXCEEDED: "Vous avez déjà utilisé ce code promo : il ne vaut qu'une fois par client.",
};

export interface Customer {
  memberId?: string | null;
  /** The canonical e-mail of the buyer, when known. */
  buyerKey?: string | null;
}

/** The customer behind a cart or checkout `owner` ("m:<id>" or "v:<id>"), with the buyer's e-mail when known. */
export function customerOf(ctx: Ctx, owner: string, email: string | null | undefined): Customer {
  const memberId = owner.startsWith("m:") ? owner.slice(2) : null;
  const memberEmail = memberId
    ? (ctx.db.prepare("SELECT email FROM members WHERE id = ?").get(memberId) as { email: string } | undefined)?.email
    : undefined;
  const address = email ?? memberEmail;
  return { memberId, buyerKey: address ? emailKey(address) : null };
}

const USES = "SELECT COUNT(*) AS n FROM orders WHERE status <> 'CANCELED' AND json_extract(data, '$.appliedDiscounts[0].coupon.id') = ?";

/** Why `coupon` may not be used again by `customer`, or null. */
export function couponLimitReached(ctx: Ctx, coupon: CouponRec, customer: Customer): CouponLimitCode | null {
  if (coupon.usage_limit !== null && (ctx.db.prepare(USES).get(coupon.id) as { n: number }).n >= coupon.usage_limit)
    return "ERROR_COUPON_USAGE_EXCEEDED";
  if (coupon.limit_per_customer !== null && (customer.memberId || customer.buyerKey)) {
    const { n } = ctx.db
      .prepare(`${USES} AND (member_id = ? OR buyer_key = ?)`)
      .get(coupon.id, customer.memberId ?? null, customer.buyerKey ?? null) as { n: number };
    if (n >= coupon.limit_per_customer) return "ERROR_COUPON_LIMIT_PER_CUSTOMER_EXCEEDED";
  }
  return null;
}

/** Throws Wix's application error when `coupon` may not be used by `customer`. */
export function requireCouponUsable(ctx: Ctx, coupon: CouponRec | null, customer: Customer): void {
  const reached = coupon ? couponLimitReached(ctx, coupon, customer) : null;
  if (reached) throw appError(400, reached, COUPON_LIMIT_MESSAGES[reached], { couponCode: coupon!.code });
}
