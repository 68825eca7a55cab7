import { formatPrice } from "~/lib/money";
import type { AdminCouponRow, CouponInput } from "~/models/shop-admin";
import { mapLoaderErrors } from "../wix/errors.server";
import type { ElevatedClient } from "./elevated-client.server";

/**
 * The shop's coupons through Wix's Coupons API (`@wix/marketing` coupons, the site's API key): a percentage or an
 * amount off the whole store (scope `stores`), or off a cart above a minimum subtotal (Wix's one-of: scope OR minimum
 * subtotal), valid from a day to another (Paris days), with a total number of uses and at most one use per customer;
 * paused and resumed (`specification.active`), deleted, listed with their uses (`numberOfUsages`).
 */

const PAGE = 100;
const dayFormat = new Intl.DateTimeFormat("fr-FR", { dateStyle: "medium", timeZone: "Europe/Paris" });

/** Midnight in Paris of a day "YYYY-MM-DD" (start), or the last millisecond of it (end), in ms since 1970. */
export function parisDayMs(day: string, end = false): number {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const utc = Date.UTC(y, m - 1, d + (end ? 1 : 0));
  // Paris is UTC+1 or UTC+2: the offset of that instant, read back from the formatter.
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Paris", hour: "2-digit", hourCycle: "h23" }).formatToParts(utc);
  const hour = Number(parts.find((p) => p.type === "hour")?.value ?? 0);
  return utc - hour * 3_600_000 - (end ? 1 : 0);
}

const dayOf = (ms: string | null | undefined) => (ms && Number(ms) > 0 ? dayFormat.format(new Date(Number(ms))) : undefined);

export async function listCoupons(admin: ElevatedClient): Promise<AdminCouponRow[]> {
  return mapLoaderErrors(async () => {
    const { coupons } = await admin.coupons.queryCoupons({ paging: { limit: PAGE } });
    return (coupons ?? []).map((c) => {
      const s = c.specification ?? {};
      return {
        id: c._id ?? "",
        name: s.name ?? "",
        code: s.code ?? "",
        discount:
          s.percentOffRate !== undefined && s.percentOffRate !== null ? `${s.percentOffRate} %` : formatPrice(s.moneyOffAmount ?? 0, "EUR"),
        ...(s.minimumSubtotal ? { minimum: formatPrice(s.minimumSubtotal, "EUR") } : {}),
        ...(dayOf(s.startTime) ? { start: dayOf(s.startTime) } : {}),
        ...(dayOf(s.expirationTime) ? { end: dayOf(s.expirationTime) } : {}),
        uses: c.numberOfUsages ?? 0,
        ...(s.usageLimit ? { usageLimit: s.usageLimit } : {}),
        oncePerCustomer: s.limitPerCustomer === 1,
        active: s.active !== false,
        expired: c.expired === true,
      };
    });
  });
}

/** The coupon with this code, if one exists (codes are unique on a site, whatever their case at checkout). */
export async function couponCodeTaken(admin: ElevatedClient, code: string): Promise<boolean> {
  const { coupons } = await admin.coupons.queryCoupons({ filter: JSON.stringify({ "specification.code": code }), paging: { limit: 1 } });
  return (coupons ?? []).length > 0;
}

export async function createCoupon(admin: ElevatedClient, input: CouponInput): Promise<string> {
  await admin.coupons.createCoupon({
    name: input.name,
    code: input.code,
    ...(input.kind === "percent" ? { percentOffRate: input.value } : { moneyOffAmount: input.value }),
    ...(input.minimum ? { minimumSubtotal: input.minimum } : { scope: { namespace: "stores" } }),
    startTime: String(parisDayMs(input.start)),
    ...(input.end ? { expirationTime: String(parisDayMs(input.end, true)) } : {}),
    ...(input.usageLimit ? { usageLimit: input.usageLimit } : {}),
    ...(input.oncePerCustomer ? { limitPerCustomer: 1 } : {}),
    active: true,
  });
  return `Code promo ${input.code} créé.`;
}

export async function setCouponActive(admin: ElevatedClient, id: string, code: string, active: boolean): Promise<string> {
  await admin.coupons.updateCoupon(id, { active });
  return active ? `Code promo ${code} réactivé.` : `Code promo ${code} suspendu : il est refusé jusqu'à sa réactivation.`;
}

export async function deleteCoupon(admin: ElevatedClient, id: string, code: string): Promise<string> {
  await admin.coupons.deleteCoupon(id);
  return `Code promo ${code} supprimé.`;
}
