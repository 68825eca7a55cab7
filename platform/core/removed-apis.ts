// APIs Wix removes on a date, answered the way a removed API is once the platform's clock (PlatformOptions.now,
// PLATFORM_NOW) has passed it, so that nothing can lean on them unseen before the date comes.
import type { Ctx } from "./context";
import { WixError } from "./http";

/**
 * "The Cart V1 and Checkout V1 APIs will be removed on February 1, 2027" (Cart V2: Migration Guide,
 * https://dev.wix.com/docs/api-reference/business-solutions/e-commerce/purchase-flow/cart-v2/migration-guide), the
 * typings' `@targetRemovalDate 2027-02-01` on every method of `currentCart`, `cart` and `checkout`.
 */
export const CART_V1_REMOVAL = Date.parse("2027-02-01T00:00:00Z");

/**
 * From `removal` on, the route no longer exists: 404, "Resource not found or doesn't exist" in Wix's status table
 * (About Errors, https://dev.wix.com/api/rest/getting-started/errors), with empty details as Wix answers a request
 * its services do not handle. No error code: Wix documents none for a removed API, and none is invented here.
 */
export function removedOn(ctx: Ctx, removal: number, api: string): () => void {
  return () => {
    if (ctx.opts.now() < removal) return;
    throw new WixError(404, {
      message: `${api} was removed on ${new Date(removal).toISOString().slice(0, 10)}: use Cart V2 (@wix/ecom currentCartV2, cartV2)`,
      details: {},
    });
  };
}
