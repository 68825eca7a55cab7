/**
 * What the cart says about a line the platform cannot deliver as asked. Zod-free: the cart page renders it in the
 * browser too (`CartLineItem`), and importing it from `cart-forms` would bring zod into the page's chunks.
 */

/** Null when `quantity` fits the stock the platform reports for the line, else the French message for the field. */
export function stockProblem(availability: { status: string; quantityAvailable?: number }, quantity: number): string | null {
  const left = availability.quantityAvailable;
  if (left === undefined || quantity <= left) return null;
  if (left <= 0) return "Plus disponible : retirez cet article pour commander.";
  return `Il n'en reste que ${left} : choisissez au plus ${left}.`;
}

/** What a cart line blocks and what the buyer can do about it; null when the line is fine. */
export function availabilityProblem(availability: { status: string; quantityAvailable?: number }, blocked = false): string | null {
  const { status, quantityAvailable } = availability;
  if (status === "PARTIALLY_AVAILABLE" && quantityAvailable !== undefined && quantityAvailable > 0) {
    return `Stock limité à ${quantityAvailable} : réduisez la quantité`;
  }
  if (status === "NOT_AVAILABLE" || status === "NOT_FOUND" || status === "PARTIALLY_AVAILABLE") {
    return "Plus disponible : retirez cet article pour commander";
  }
  return blocked ? "Plus disponible : retirez cet article pour commander" : null;
}

/** At most this many left: the product page and the cards say how many. */
export const LOW_STOCK_MAX = 5;

/** "Plus qu'un exemplaire" / "Plus que 3 exemplaires" when few are left; null when plenty, none or untracked. */
export function lowStockLabel(left: number | undefined): string | null {
  if (left === undefined || left <= 0 || left > LOW_STOCK_MAX) return null;
  return left === 1 ? "Plus qu'un exemplaire" : `Plus que ${left} exemplaires`;
}

/**
 * Null when adding `quantity` to the `inCart` already there fits the `left` in stock (undefined: not tracked), else
 * the French message for the add form's quantity field: the cart's own wording, with what the cart already holds.
 */
export function addStockProblem(left: number | undefined, inCart: number, quantity: number): string | null {
  if (left === undefined || inCart + quantity <= left) return null;
  if (inCart === 0) return stockProblem({ status: "AVAILABLE", quantityAvailable: left }, quantity);
  if (inCart >= left) return `Il n'en reste que ${left}, déjà dans votre panier.`;
  return `Il n'en reste que ${left} et votre panier en contient déjà ${inCart} : ajoutez-en au plus ${left - inCart}.`;
}
