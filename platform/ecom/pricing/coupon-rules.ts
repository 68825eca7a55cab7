// A coupon as the platform stores it, and what makes one unusable now, whoever the customer (the limits of use per
// customer and in total: coupon-limits.ts).
import type { Ctx } from "../../core/context";

export interface CouponRec {
  id: string;
  code: string;
  name: string;
  type: "PERCENT" | "AMOUNT";
  value: number;
  /** Wix's specification.usageLimit and limitPerCustomer; null = none (ecom/pricing/coupon-limits.ts). */
  usage_limit: number | null;
  limit_per_customer: number | null;
  /** Set by the owner (ecom/pricing/coupons.ts): 0 = paused; validity in ms since 1970 as text; a minimum subtotal. */
  active: number;
  start_time: string | null;
  expiration_time: string | null;
  minimum_subtotal: number | null;
}

/**
 * Cart V2's InvalidCouponReason for a coupon this cart may not use now, or null. The limits of use
 * (MAX_USAGE_…) come from coupon-limits.ts, which knows the customer.
 */
export type CouponRefusal =
  "DISABLED" | "EXPIRED" | "INACTIVE" | "MIN_SUBTOTAL_NOT_REACHED" | "MAX_USAGE_EXCEEDED" | "MAX_USAGE_PER_CUSTOMER_EXCEEDED";

export function couponRefusal(
  coupon: CouponRec,
  subtotalCents: number,
  now = Date.now(),
): Exclude<CouponRefusal, "MAX_USAGE_EXCEEDED" | "MAX_USAGE_PER_CUSTOMER_EXCEEDED"> | null {
  if (!coupon.active) return "DISABLED";
  if (coupon.expiration_time && now > Number(coupon.expiration_time)) return "EXPIRED";
  if (coupon.start_time && now < Number(coupon.start_time)) return "INACTIVE";
  if (coupon.minimum_subtotal !== null && subtotalCents < Math.round(coupon.minimum_subtotal * 100)) return "MIN_SUBTOTAL_NOT_REACHED";
  return null;
}

export const COUPON_REFUSAL_MESSAGES: Record<CouponRefusal, string> = {
  DISABLED: "Ce code promo est suspendu.",
  EXPIRED: "Ce code promo a expiré.",
  INACTIVE: "Ce code promo n'est pas encore valable.",
  MIN_SUBTOTAL_NOT_REACHED: "Le sous-total du panier est inférieur au minimum de ce code promo.",
  MAX_USAGE_EXCEEDED: "Ce code promo a atteint son nombre d'utilisations : il n'est plus valable.",
  MAX_USAGE_PER_CUSTOMER_EXCEEDED: "Ce code promo vaut une fois par client connecté à son compte : il ne s'applique pas à cette commande.",
};

export function findCoupon(ctx: Ctx, code: string | null | undefined): CouponRec | null {
  if (!code) return null;
  return (ctx.db.prepare("SELECT * FROM coupons WHERE code = ?").get(code) as CouponRec | undefined) ?? null;
}
