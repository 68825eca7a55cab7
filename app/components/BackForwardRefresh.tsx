import { useEffect } from "react";
import { useRevalidator } from "react-router";

/**
 * A page the browser restores from its back/forward cache shows what it showed when left: after paying, Back would
 * show the bought cart and "Panier 1" again (tests/e2e/buyer-purchase-details.spec.ts, "after paying"). The private pages are `no-store` (never restored); any
 * other page restored this way reads its data again, so the header's cart count is the server's current one.
 */
export function BackForwardRefresh() {
  const revalidator = useRevalidator();
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) void revalidator.revalidate();
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, [revalidator]);
  return null;
}
