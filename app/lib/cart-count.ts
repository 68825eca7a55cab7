import { useFetchers } from "react-router";
import { acceptedQuantity } from "~/lib/quantity";

/** Where every cart change is posted (app/routes/cart.tsx, the one cart action). */
export const CART_ACTION = "/cart";

/** What the root loader tells the header about the cart: each line's quantity, so changes in flight can be applied. */
export interface CartCountSource {
  lines: ReadonlyArray<{ id: string; quantity: number }>;
}

interface CartSubmission {
  state: string;
  formMethod?: string;
  formAction?: string;
  formData?: FormData;
}

function postsToCart(fetcher: CartSubmission): fetcher is CartSubmission & { formData: FormData } {
  if (fetcher.state === "idle" || !fetcher.formData || fetcher.formMethod?.toUpperCase() !== "POST" || !fetcher.formAction) return false;
  return new URL(fetcher.formAction, "http://site.invalid").pathname === CART_ACTION;
}

/**
 * The item count once the cart changes in flight succeed, from the server's lines and the fetchers posting to
 * `/cart` (Hydrogen's optimistic cart, reduced to the count): an add adds its quantity, an update sets its line's, a
 * removal drops its line. A refused change settles its fetcher, and the server's count shows again.
 */
export function optimisticCount(cart: CartCountSource, submissions: Iterable<CartSubmission>): number {
  const quantities = new Map(cart.lines.map((line) => [line.id, line.quantity]));
  let added = 0;
  for (const submission of submissions) {
    if (!postsToCart(submission)) continue;
    const form = submission.formData;
    const intent = form.get("intent");
    const lineId = String(form.get("lineId") ?? "");
    if (intent === "add") added += acceptedQuantity(form.get("quantity")) ?? 0;
    else if (intent === "remove" && quantities.has(lineId)) quantities.set(lineId, 0);
    else if (intent === "update" && quantities.has(lineId))
      quantities.set(lineId, acceptedQuantity(form.get("quantity"), 99, 0) ?? quantities.get(lineId)!);
  }
  let count = added;
  for (const quantity of quantities.values()) count += quantity;
  return count;
}

/** The header's item count, following the cart forms in flight; null when the server could not tell. */
export function useOptimisticCartCount(cart: CartCountSource | null): number | null {
  const fetchers = useFetchers();
  return cart ? optimisticCount(cart, fetchers) : null;
}
