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
  /** The delivery time of the destination's region (null for a pickup, or a site without regions). */
  delivery_time: string | null;
}

/** A delivery region of the site (Wix's delivery profile region): its countries, none for the rest of the world. */
export interface DeliveryRegionRec {
  id: string;
  name: string;
  countries: string[];
}

/** The site's default destination: where it is, until a buyer gives an address. */
export const DEFAULT_DESTINATION = "FR";

/** The region that ships to a country: the one listing it, else the rest of the world; null if none ships there. */
export function deliveryRegionOf(ctx: Ctx, country: string | null | undefined): DeliveryRegionRec | null {
  const rows = ctx.db.prepare("SELECT id, name, countries FROM delivery_regions ORDER BY position").all() as {
    id: string;
    name: string;
    countries: string;
  }[];
  const regions = rows.map((r) => ({ id: r.id, name: r.name, countries: JSON.parse(r.countries) as string[] }));
  const wanted = (country || DEFAULT_DESTINATION).toUpperCase();
  return regions.find((r) => r.countries.includes(wanted)) ?? regions.find((r) => r.countries.length === 0) ?? null;
}

/**
 * The options that deliver to a country (the default destination when none is known), with that region's price and
 * delivery time. A site without delivery regions offers every option everywhere at its own price.
 */
export function shippingOptions(ctx: Ctx, country?: string | null): ShippingOptionRec[] {
  const hasRegions = !!ctx.db.prepare("SELECT 1 FROM delivery_regions LIMIT 1").get();
  if (!hasRegions)
    return ctx.db
      .prepare(
        "SELECT code, title, price_cents, pickup_address, instructions, NULL AS delivery_time FROM shipping_options ORDER BY position",
      )
      .all() as ShippingOptionRec[];
  const region = deliveryRegionOf(ctx, country);
  if (!region) return [];
  return ctx.db
    .prepare(
      `SELECT o.code, o.title, r.price_cents, o.pickup_address, o.instructions, r.delivery_time
         FROM shipping_options o JOIN delivery_region_rates r ON r.option_code = o.code AND r.region_id = ?
        ORDER BY o.position`,
    )
    .all(region.id) as ShippingOptionRec[];
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
  if (!isPickup(o)) return { deliveryTime: o.delivery_time ?? "3 à 5 jours ouvrés" };
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
