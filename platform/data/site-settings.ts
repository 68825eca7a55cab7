// The owner's shop settings, one item each in the site's `SiteSettings` collection, edited from the back-office with
// Wix Data's `items` (the site's API key) as any other item (docs/decisions/0077-pay-on-delivery-ceiling.md). The
// platform's hosted payment page reads the pay-on-delivery ceiling here, as Wix's checkout reads the owner's
// payment settings; the demo seeds it (seed/seed.ts).
import type { Ctx } from "../core/context";
import { nowIso } from "../core/db";

export const SETTINGS_COLLECTION = "SiteSettings";
export const PAY_ON_DELIVERY_ITEM = "paiement-a-la-livraison";
/** The demo's ceiling, in cents of the site's currency. */
export const SEEDED_CEILING_CENTS = 30_000;

/**
 * The most an order paid on delivery may cost, in cents; 0 when the owner turned pay on delivery off or left no
 * usable ceiling (no item, a value that is no whole number of cents): a payment the owner has not allowed is refused.
 */
export function payOnDeliveryCeilingCents(ctx: Ctx): number {
  const row = ctx.db
    .prepare("SELECT data FROM data_items WHERE collection = ? AND id = ?")
    .get(SETTINGS_COLLECTION, PAY_ON_DELIVERY_ITEM) as { data: string } | undefined;
  if (!row) return 0;
  const cents = (JSON.parse(row.data) as { ceilingCents?: unknown }).ceilingCents;
  return typeof cents === "number" && Number.isSafeInteger(cents) && cents > 0 ? cents : 0;
}

/** The demo's setting, written by the seed. */
export function seedPayOnDelivery(ctx: Ctx): void {
  const now = nowIso();
  ctx.db
    .prepare("INSERT OR REPLACE INTO data_items (collection, id, data, created_date, updated_date) VALUES (?, ?, ?, ?, ?)")
    .run(SETTINGS_COLLECTION, PAY_ON_DELIVERY_ITEM, JSON.stringify({ ceilingCents: SEEDED_CEILING_CENTS }), now, now);
}
