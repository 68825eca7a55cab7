import { ApiKeyStrategy, createClient } from "@wix/sdk";
import { draftOrders, orderBilling, orderFulfillments, orderInvoices, orderPaymentRequests, orderTransactions, orders } from "@wix/ecom";
import { items } from "@wix/data";
import { members } from "@wix/members";
import { inventory, inventoryItemsV3, products, productsV3 } from "@wix/stores";
import { coupons } from "@wix/marketing";
import { submissions } from "@wix/forms";
import { notFound } from "~/lib/http";
import { fetchWithTimeout } from "../wix/commerce-session.server";
import { getConfig } from "../site/config.server";

/** The SDK modules the back-office calls (also what the contract tests build the owner's client with). */
export const OWNER_MODULES = {
  orders,
  orderTransactions,
  orderBilling,
  orderFulfillments,
  orderInvoices,
  members,
  products,
  productsV3,
  inventory,
  inventoryItemsV3,
  coupons,
  submissions,
  // The consultant's quotes (app/.server/quotes/): their records in Wix Data, their orders and payment requests.
  items,
  draftOrders,
  orderPaymentRequests,
};

/**
 * The elevated client: the SDK with the site's API key (docs/decisions/0015-owner-elevated-client.md). Routes never
 * see it: the back-office reaches it through the owner handler (owner.server.ts `ownerOf`), built only after the owner
 * check; the two reads a check already allowed outside /admin (a guest's follow link, an invoice) are below, and the
 * quotes' modules take it after a check of their own (a quote's signed link, a member's proved mailbox, a webhook's
 * signature: app/.server/quotes/).
 */
export function buildElevatedClient() {
  const { apiKey, siteId } = getConfig().admin;
  if (!apiKey) notFound();
  return createClient({
    modules: OWNER_MODULES,
    // An empty site id is not sent (the embedded platform accepts none unless PLATFORM_SITE_ID is set).
    auth: ApiKeyStrategy({ apiKey, siteId: siteId ?? "" }),
    fetch: fetchWithTimeout,
  });
}
export type ElevatedClient = ReturnType<typeof buildElevatedClient>;

/**
 * The elevated client for one read a check already allowed, outside /admin: an invoice whose buyer is the signed-in
 * member (her own getOrder answered) or whose link was signed (app/.server/orders/invoices.server.ts), a quote's
 * signed link, payment event or member list (app/.server/quotes/). Still server-only.
 */
export const elevatedClientAfterCheck = buildElevatedClient;

/**
 * The elevated client for the one order a guest's signed follow link grants (orders/follow-link.server.ts checked it):
 * the only use of the API key outside the back-office besides invoices, read-only, one order id at a time
 * (docs/decisions/0032-guest-follow-link.md; orders/orders.server.ts `guestOrder` reads the order and its
 * fulfilments). Null when the site has no API key (real Wix without WIX_API_KEY).
 */
export function clientForFollowLink(): ElevatedClient | null {
  return getConfig().admin.apiKey ? buildElevatedClient() : null;
}

/** Whether follow links can be read on this site (an API key is configured). */
export function followLinksAvailable(): boolean {
  return !!getConfig().admin.apiKey;
}
