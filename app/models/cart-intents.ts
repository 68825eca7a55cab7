import { acceptedQuantity, MAX_QUANTITY } from "./quantity";

/**
 * The changes a form asks of the cart, each an `intent` posted to the one cart action
 * (docs/decisions/0014-cart-handler-and-one-cart-action.md), and what the cart becomes once those in flight succeed:
 * one list of names for the forms, the server's schema and its messages, and one reading of the forms in flight for
 * the header's count and the cart page. Zod-free: the browser runs it on every page.
 */

/** Where every cart change is posted (app/routes/cart.tsx). */
export const CART_ACTION = "/cart";

export const CartIntent = {
  add: "add",
  update: "update",
  remove: "remove",
  coupon: "coupon",
  removeCoupon: "remove-coupon",
} as const;
export type CartIntent = (typeof CartIntent)[keyof typeof CartIntent];

/** A form on its way, as React Router tells of a fetcher or a navigation. */
export interface CartSubmission {
  state?: string;
  formMethod?: string;
  formAction?: string;
  formData?: FormData;
}

/** What the cart changes in flight ask for, on the lines the server gave. */
interface CartChanges {
  /** New quantity of a line. */
  quantities: Map<string, number>;
  removed: Set<string>;
  /** Items an add puts in (a new line or more of one: the server decides). */
  added: number;
  couponRemoved: boolean;
  /** Some change is on its way: totals shown are the last ones the platform computed. */
  pending: boolean;
}

function postsToCart(submission: CartSubmission): submission is CartSubmission & { formData: FormData } {
  if (submission.state === "idle" || !submission.formData || submission.formMethod?.toUpperCase() !== "POST") return false;
  return !!submission.formAction && new URL(submission.formAction, "http://site.invalid").pathname === CART_ACTION;
}

/**
 * The changes the forms in flight to `/cart` ask for (Hydrogen's optimistic cart): only values the server will
 * accept and lines it knows count. A refused change settles its form, and the server's cart shows again.
 */
export function cartChanges(lineIds: ReadonlyArray<string>, submissions: Iterable<CartSubmission>): CartChanges {
  const changes: CartChanges = { quantities: new Map(), removed: new Set(), added: 0, couponRemoved: false, pending: false };
  const known = new Set(lineIds);
  for (const submission of submissions) {
    if (!postsToCart(submission)) continue;
    const form = submission.formData;
    const intent = form.get("intent");
    const lineId = String(form.get("lineId") ?? "");
    // 0 is accepted only by an update, where it removes the line (the cart action treats it as "remove").
    const quantity = acceptedQuantity(form.get("quantity"), MAX_QUANTITY, intent === CartIntent.update ? 0 : 1);
    if (intent === CartIntent.add && quantity !== null) changes.added += quantity;
    else if (intent === CartIntent.update && known.has(lineId) && quantity === 0) changes.removed.add(lineId);
    else if (intent === CartIntent.update && known.has(lineId) && quantity !== null) changes.quantities.set(lineId, quantity);
    else if (intent === CartIntent.remove && known.has(lineId)) changes.removed.add(lineId);
    else if (intent === CartIntent.removeCoupon) changes.couponRemoved = true;
    else if (intent !== CartIntent.coupon) continue;
    changes.pending = true;
  }
  return changes;
}

/**
 * What the root loader tells the header about the cart: its item count and, on the pages that read the cart, each
 * line's quantity, so changes in flight to known lines can be applied (elsewhere only adds can be in flight).
 */
export interface CartCountSource {
  count: number;
  lines: ReadonlyArray<{ id: string; quantity: number }>;
}

/** The header's item count once the cart changes in flight succeed. */
export function optimisticCount(cart: CartCountSource, submissions: Iterable<CartSubmission>): number {
  const changes = cartChanges(
    cart.lines.map((line) => line.id),
    submissions,
  );
  let count = cart.count + changes.added;
  for (const line of cart.lines) {
    if (changes.removed.has(line.id)) count -= line.quantity;
    else count += (changes.quantities.get(line.id) ?? line.quantity) - line.quantity;
  }
  return count;
}
