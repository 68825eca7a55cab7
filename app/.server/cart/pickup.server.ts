import type { PickupPlace } from "~/models/cart";
import { countryName } from "~/models/countries";

/** Delivery logistics as checkout options and orders carry them: what a pickup place is read from. */
interface PickupLogistics {
  instructions?: string | null;
  pickupDetails?: {
    address?: {
      addressLine1?: string | null;
      addressLine?: string | null;
      streetAddress?: { number?: string | null; name?: string | null } | null;
      postalCode?: string | null;
      city?: string | null;
      country?: string | null;
    } | null;
  } | null;
}

/** Where and when a pickup is collected, from Wix's delivery logistics (checkout options and orders alike). */
export function pickupPlaceOf(logistics: PickupLogistics | null | undefined): PickupPlace | undefined {
  if (!logistics?.pickupDetails) return undefined;
  const a = logistics.pickupDetails.address;
  const street =
    a?.addressLine1 ??
    a?.addressLine ??
    (a?.streetAddress ? `${a.streetAddress.number ?? ""} ${a.streetAddress.name ?? ""}`.trim() : undefined);
  const town = [a?.postalCode, a?.city].filter(Boolean).join(" ");
  const address = [street, town, a?.country && a.country !== "FR" ? countryName(a.country) : undefined].filter(Boolean).join(", ");
  const instructions = typeof logistics.instructions === "string" && logistics.instructions ? logistics.instructions : undefined;
  if (!address && !instructions) return undefined;
  return { ...(address ? { address } : {}), ...(instructions ? { instructions } : {}) };
}
