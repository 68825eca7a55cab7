import { useFetchers } from "react-router";

/** Form field every cart-changing form sends, so the header count can update before the server answers. */
export const CART_DELTA_FIELD = "cartDelta";

/**
 * The header's item count, adjusted at once by cart forms in flight (fetchers
 * carrying a `cartDelta` field); once they settle the server's count is back.
 */
export function useOptimisticCartCount(serverCount: number | null): number | null {
  const fetchers = useFetchers();
  if (serverCount === null) return null;
  let delta = 0;
  for (const fetcher of fetchers) {
    if (fetcher.state === "idle" || !fetcher.formData) continue;
    const value = Number(fetcher.formData.get(CART_DELTA_FIELD));
    if (Number.isFinite(value)) delta += value;
  }
  return Math.max(0, serverCount + delta);
}
