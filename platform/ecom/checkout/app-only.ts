// eCommerce methods Wix documents for an app's identity only (`@applicableIdentity APP` in the SDK's typings):
// checkout.createCheckout, recommendations (listAvailableAlgorithms, getRecommendation) and back-in-stock
// notification requests. A visitor's or member's token gets Wix's permission error, as on Wix; with the elevated
// identity the site has no recommendation algorithm, and the rest is answered 501 on purpose (see README.md).
import type { Ctx } from "../../core/context";
import { notImplemented, requireElevated } from "../../core/elevated";
import type { Router } from "../../core/http";
import { CART_V1_REMOVAL, removedOn } from "../../core/removed-apis";

const BACK_IN_STOCK = "/back-in-stock-service/v1/back-in-stock-notification-requests";

export function registerAppOnly(router: Router, ctx: Ctx): void {
  const refused = (what: string) => (req: { headers: Headers }) => {
    requireElevated(ctx, req.headers, what);
    throw notImplemented(what);
  };
  // Checkout V1's Create Checkout goes with the rest of Checkout V1 (core/removed-apis.ts).
  router.gated(removedOn(ctx, CART_V1_REMOVAL, "Checkout V1")).on("POST", "/ecom/v1/checkouts", refused("createCheckout"));
  router
    // No recommendation algorithm is installed on this site (Wix lists the installed apps' algorithms).
    .on("GET", "/v1/recommendations/algorithms", (req) => {
      requireElevated(ctx, req.headers, "listAvailableAlgorithms");
      return { availableAlgorithms: [] };
    })
    .on("POST", "/v1/recommendations/get", refused("getRecommendation"))
    .on("POST", BACK_IN_STOCK, refused("createBackInStockNotificationRequest"))
    .on("GET", BACK_IN_STOCK, refused("queryBackInStockNotificationRequests"))
    .on("POST", `${BACK_IN_STOCK}/query`, refused("queryBackInStockNotificationRequests"))
    .on("GET", `${BACK_IN_STOCK}/count-by-catalog-references`, refused("getBackInStockNotificationRequestsCountByCatalogReferences"))
    .on("POST", `${BACK_IN_STOCK}/report-items-back-in-stock`, refused("reportItemsBackInStock"))
    .on("GET", `${BACK_IN_STOCK}/:id`, refused("getBackInStockNotificationRequest"))
    .on("DELETE", `${BACK_IN_STOCK}/:id`, refused("deleteBackInStockNotificationRequest"))
    .on("PUT", `${BACK_IN_STOCK}/:id/mark-as-notification-sent`, refused("markAsNotificationSent"));
}
