import { ApiKeyStrategy, createClient } from "@wix/sdk";
import { draftOrders, orderBilling, orderFulfillments, orderInvoices, orderPaymentRequests, orderTransactions, orders } from "@wix/ecom";
import { items } from "@wix/data";
import { members } from "@wix/members";
import { products } from "@wix/stores";
import { submissions } from "@wix/forms";
import { notFound } from "~/lib/http";
import { fetchWithTimeout } from "../wix/commerce-session.server";
import { getConfig } from "../site/config.server";

/**
 * The elevated client (the site's API key; docs/decisions/0015-owner-elevated-client.md), apart from the owner check
 * (owner.server.ts) so that the modules using it after a check of their own (a signed link, a member's proved
 * mailbox, a webhook's signature) need not import the request's commerce seam. It never leaves the server.
 */
export function buildElevatedClient() {
  const { apiKey, siteId } = getConfig().admin;
  if (!apiKey) notFound();
  return createClient({
    modules: {
      orders,
      orderTransactions,
      orderBilling,
      orderFulfillments,
      orderInvoices,
      members,
      products,
      submissions,
      // The consultant's quotes (app/.server/quotes/): their records in Wix Data, their orders and payment requests.
      items,
      draftOrders,
      orderPaymentRequests,
    },
    // An empty site id is not sent (the embedded platform accepts none unless PLATFORM_SITE_ID is set).
    auth: ApiKeyStrategy({ apiKey, siteId: siteId ?? "" }),
    fetch: fetchWithTimeout,
  });
}
export type ElevatedClient = ReturnType<typeof buildElevatedClient>;

/**
 * The elevated client for one read a check already allowed, outside /admin: an invoice whose buyer is the signed-in
 * member (her own getOrder answered) or whose link was signed (app/.server/orders/invoices.server.ts). Still server-only.
 */
export const elevatedClientAfterCheck = buildElevatedClient;
