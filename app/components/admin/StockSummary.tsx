import type { StockLine } from "~/models/shop-admin";

/** A product's stock in a few words: "12", "M · Noir : 0, L · Noir : 3", "Non compté (en stock)". */
export function stockText(stock: StockLine[]): string {
  if (!stock.length) return "—";
  if (stock.every((s) => s.quantity === null)) return stock.every((s) => s.inStock) ? "Non compté (en stock)" : "Non compté (épuisé)";
  return stock.map((s) => `${s.label ? `${s.label} : ` : ""}${s.quantity ?? "non compté"}`).join(", ");
}
