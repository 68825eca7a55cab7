import { useFetchers } from "react-router";
import { optimisticCount, type CartCountSource } from "~/models/cart-intents";

/** The header's item count, following the cart forms in flight; null when the server could not tell. */
export function useOptimisticCartCount(cart: CartCountSource | null): number | null {
  const fetchers = useFetchers();
  return cart ? optimisticCount(cart, fetchers) : null;
}
