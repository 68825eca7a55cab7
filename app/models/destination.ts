import type { ShippingChoice } from "./cart";
import { COUNTRY_CODES, countryName } from "./countries";

/**
 * Where a checkout form ships to: the country typed in its delivery address, or null when nothing goes anywhere (a
 * pickup, a cart of digital lines only) or the country is not one the form offers (the form's schema refuses it).
 * Isomorphic: the checkout's action reads it from the form data.
 */
export function typedDestination(form: { get(name: string): unknown }, options: ShippingChoice[]): string | null {
  const code = String(form.get("shippingCode") ?? "");
  const option = options.find((o) => o.code === code) ?? options[0];
  if (!option || option.pickup) return null;
  const country = String(form.get("country") ?? "").toUpperCase();
  return COUNTRY_CODES.has(country) ? country : null;
}

/**
 * What the buyer must see before paying when the country typed ships differently from what the page showed: the
 * chosen option's price there, or that it is not offered there. Null: same option, same price.
 */
export function destinationChange(shown: ShippingChoice[], there: ShippingChoice[], code: string, country: string): string | null {
  const before = shown.find((o) => o.code === code);
  const after = there.find((o) => o.code === code);
  const where = countryName(country);
  if (!after) return `Ce mode de livraison n'est pas proposé vers ${where} : choisissez-en un autre.`;
  if (before && before.price.amount === after.price.amount) return null;
  const time = after.deliveryTime ? ` (${after.deliveryTime})` : "";
  return `Vers ${where}, la livraison coûte ${after.price.formatted}${time} : vérifiez le total, puis validez à nouveau.`;
}
