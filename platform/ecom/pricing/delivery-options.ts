// The site's delivery options (shipping and store pickup) and their logistics on the ecom wire.
import type { Ctx } from "../../core/context";
import { countryName } from "../parties/addresses";

export interface ShippingOptionRec {
  code: string;
  title: string;
  price_cents: number;
  /** A pickup's place: a JSON address (addressLine, postalCode, city, country), or null. */
  pickup_address: string | null;
  /** Wix's logistics.instructions: for a pickup, when to come (opening hours). */
  instructions: string | null;
}

export function shippingOptions(ctx: Ctx): ShippingOptionRec[] {
  return ctx.db
    .prepare("SELECT code, title, price_cents, pickup_address, instructions FROM shipping_options ORDER BY position")
    .all() as ShippingOptionRec[];
}

/** A pickup option's place as its JSON column holds it. */
interface PickupPlaceRec {
  addressLine: string;
  postalCode: string;
  city: string;
  country: string;
}

const pickupPlace = (o: ShippingOptionRec): PickupPlaceRec | null =>
  o.pickup_address ? (JSON.parse(o.pickup_address) as PickupPlaceRec) : null;

/** "12 rue des Artisans, 69002 Lyon": the pickup place in one line, for the payment page and the e-mails. */
export function pickupAddressText(o: ShippingOptionRec): string | null {
  const place = pickupPlace(o);
  return place ? `${place.addressLine}, ${place.postalCode} ${place.city}` : null;
}

/**
 * Wix's delivery logistics of an option: for a pickup, where (pickupDetails.address, in the documented shape of
 * update-checkout: addressLine, postalCode, city, country, countryFullname) and when (instructions, free text such
 * as opening hours); otherwise the delivery time. The checkout, the payment page, the order and its e-mail show them.
 */
export function logisticsWire(o: ShippingOptionRec, businessLocation = false) {
  if (!isPickup(o)) return { deliveryTime: "3 à 5 jours ouvrés" };
  const place = pickupPlace(o);
  const fullname = place ? countryName(place.country) : undefined;
  const address = place ? { ...place, ...(fullname ? { countryFullname: fullname } : {}) } : undefined;
  return {
    pickupDetails: {
      ...(address ? { address } : {}),
      ...(businessLocation ? { businessLocation: true } : {}),
      pickupMethod: "STORE_PICKUP",
    },
    ...(o.instructions ? { instructions: o.instructions } : {}),
  };
}

/** The carrier app id of this platform's own delivery options (Wix names a delivery method by code and carrier app). */
export const DELIVERY_APP_ID = "00000000-0000-4000-8000-00000000de11";

export function isPickup(o: { code: string; title: string }): boolean {
  return o.code === "pickup" || /retrait/i.test(o.title);
}
