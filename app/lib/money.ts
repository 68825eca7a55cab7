import type { Money } from "~/models/cart";

const formatters = new Map<string, Intl.NumberFormat>();

/** Prices as French users read them: "1 200,00 €". */
export function formatPrice(amount: number | string, currency = "EUR"): string {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat("fr-FR", { style: "currency", currency });
    formatters.set(currency, formatter);
  }
  return formatter.format(typeof amount === "string" ? Number(amount) : amount);
}

/** A price as the SDK gives it (ecom: `amount` as a decimal string, `formattedAmount` in the site's locale). */
type SdkPrice = { amount?: string | null; formattedAmount?: string | null } | null | undefined;

/** The one conversion of an SDK price into the pages' `Money` (cart, totals, orders). */
export function money(price: SdkPrice): Money {
  return { amount: price?.amount ?? "0", formatted: price?.formattedAmount ?? "" };
}

/** A Cart V2 price (`ConvertedMoney`: `amount` only, no formatting on the wire), formatted here. */
export function moneyIn(price: SdkPrice, currency: string): Money {
  const amount = price?.amount ?? "0";
  return { amount, formatted: price?.formattedAmount ?? formatPrice(amount, currency) };
}
