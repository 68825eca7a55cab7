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
