import type { orders } from "@wix/ecom";

/**
 * An order whose money came in: paid, then perhaps wholly or partly refunded. The sales figures, the invoice links
 * and the invoice itself all go by it. Typed against the SDK's paymentStatus, so a status the SDK renames fails the
 * typecheck.
 */
const PAID_STATUSES: ReadonlySet<orders.Order["paymentStatus"]> = new Set<orders.Order["paymentStatus"]>([
  "PAID",
  "PARTIALLY_REFUNDED",
  "FULLY_REFUNDED",
]);

export const isPaidOrder = (status: orders.Order["paymentStatus"] | null | undefined) => !!status && PAID_STATUSES.has(status);

/** An ecom price (`amount` as a decimal string) in cents. */
export const cents = (price: { amount?: string | null } | null | undefined) => Math.round(Number(price?.amount ?? 0) * 100);
