import { payOnDeliveryForm } from "~/models/shop-admin";
import { formatPrice } from "~/lib/money";
import { parseForm, refuseForm } from "../http/form.server";
import { runAdminAction } from "./actions.server";
import type { ElevatedClient } from "./elevated-client.server";
import { getConfig } from "../site/config.server";

/**
 * The owner's shop settings, one item each in the site's `SiteSettings` collection (Wix Data, ADMIN permissions),
 * read and written with the site's API key (docs/decisions/0077-pay-on-delivery-ceiling.md). The embedded platform's
 * payment page reads the pay-on-delivery ceiling there; Wix's own checkout does not (the decision says what holds).
 */
const SETTINGS = "SiteSettings";
const PAY_ON_DELIVERY = "paiement-a-la-livraison";

/** The ceiling in cents; 0 when the owner turned pay on delivery off or never set it. */
export async function payOnDeliveryCeiling(admin: ElevatedClient): Promise<number> {
  const item = (await admin.items.get(SETTINGS, PAY_ON_DELIVERY)) as { ceilingCents?: unknown } | null;
  const cents = item?.ceilingCents;
  return typeof cents === "number" && Number.isSafeInteger(cents) && cents > 0 ? cents : 0;
}

/** The settings page's view: the ceiling as the field shows it ("300" or "49,90"), and whether Wix's checkout runs. */
export async function settingsView(admin: ElevatedClient) {
  const cents = await payOnDeliveryCeiling(admin);
  const euros = cents % 100 ? (cents / 100).toFixed(2).replace(".", ",") : String(cents / 100);
  return { ceiling: euros, ceilingText: cents ? formatPrice(cents / 100) : null, onWix: getConfig().commerce.platform === "wix" };
}

async function saveCeiling(admin: ElevatedClient, cents: number): Promise<string> {
  const item = { _id: PAY_ON_DELIVERY, ceilingCents: cents };
  // Written whole: an update when the item exists (the seed's, or a first save), an insert otherwise.
  if (await admin.items.get(SETTINGS, PAY_ON_DELIVERY)) await admin.items.update(SETTINGS, item);
  else await admin.items.insert(SETTINGS, item);
  return cents ? `Paiement à la livraison proposé jusqu'à ${formatPrice(cents / 100)}.` : "Le paiement à la livraison n'est plus proposé.";
}

/** The settings page's form: the ceiling, typed in euros. */
export async function runSettingsIntent(admin: ElevatedClient, request: Request, back: string) {
  const parsed = parseForm(payOnDeliveryForm, await request.formData());
  if (!parsed.ok) return refuseForm(parsed, { intent: "pay-on-delivery" as const });
  return runAdminAction(request, {
    redirectTo: back,
    confirmed: true,
    run: () => saveCeiling(admin, Math.round(parsed.data.ceiling * 100)),
  });
}
