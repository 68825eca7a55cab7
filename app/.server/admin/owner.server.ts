import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { notFound } from "~/lib/http";
import type { OrderFilters } from "~/models/admin";
import { loginPath } from "../account/auth.server";
import { creditNoteFile, ownerInvoice } from "../orders/invoices.server";
import { commerceOf, type Commerce } from "../wix/commerce.server";
import { listContactRequests, runContactIntent } from "./contact.server";
import { customerView } from "./customers.server";
import { dashboardFigures, ordersToHandle } from "./dashboard.server";
import { buildElevatedClient, type ElevatedClient } from "./elevated-client.server";
import { isOwner } from "./identity.server";
import { runMemberIntent } from "./member-intents.server";
import { membersAwaitingApproval, readMemberFilters, searchMembers } from "./members.server";
import { getOrderDetail, OrderReads } from "./order-detail.server";
import { runOrderIntent } from "./order-intents.server";
import { runTagIntent } from "./order-tags.server";
import { readOrderFilters, searchOrders } from "./orders.server";
import { exportOrdersCsv } from "./orders-export.server";
import { runSettingsIntent, settingsView } from "./shop-settings.server";
import { listCoupons } from "./shop-coupons.server";
import { runCouponIntent, runProductIntent } from "./shop-intents.server";
import { listProducts, productDetail, stockAlerts } from "./shop-products.server";
import { quoteHandler } from "../quotes/owner-handler.server";

export { isOwner } from "./identity.server";
export { followLinksAvailable } from "./elevated-client.server";

/**
 * The owner's seam, like the buyer's `commerceOf(context)` (docs/decisions/0006-request-context-commerce-seam.md): one
 * `Owner` per /admin request, on the request context, with a handler per domain. Routes call
 * `ownerOf(context).orders.act(…)`, `.members.search(…)`, `.contact.list()` and never hold the elevated client
 * (docs/decisions/0015-owner-elevated-client.md): it is built only after the owner check, by the /admin layout's
 * middleware, and stays inside. Each page's action hands its form to the handler, which reads it with a zod schema and
 * answers a redirect with its notification, a confirmation step or a FormAnswer (order-intents.server.ts).
 */
export class Owner {
  readonly orders;
  readonly members;
  readonly contact;
  readonly customers;
  readonly dashboard;
  readonly products;
  readonly coupons;
  /** The shop's settings (the pay-on-delivery ceiling), in the site's `SiteSettings` collection. */
  readonly settings;
  /** The consultant's quotes (app/.server/quotes/, docs/decisions/0058-quotes-in-wix-data.md). */
  readonly quotes;

  constructor(admin: ElevatedClient) {
    // One request's reads of each order: the action's and the page's loader share them (order-detail.server.ts).
    const reads = new Map<string, OrderReads>();
    const readsOf = (id: string) => reads.get(id) ?? reads.set(id, new OrderReads(admin, id)).get(id)!;
    this.orders = {
      /** The list page: its filters read from the query, one page of orders. */
      list: async (params: URLSearchParams, cursor?: string) => {
        const filters = readOrderFilters(params);
        return { filters, ...(await searchOrders(admin, filters, cursor)) };
      },
      latest: (limit: number) => searchOrders(admin, {} satisfies OrderFilters, undefined, limit),
      detail: (id: string) => getOrderDetail(readsOf(id)),
      /** The order page's forms: capture, void, mark-paid, cancel, refund, ship, pickup, note. */
      act: (request: Request, id: string, back: string) => runOrderIntent(admin, readsOf(id), request, back),
      /** The list page's form: tags on the ticked orders. */
      tag: (request: Request, back: string) => runTagIntent(admin, request, back),
      exportCsv: (request: Request, params: URLSearchParams) => exportOrdersCsv(admin, request, params),
      invoice: (id: string) => ownerInvoice(admin, id),
      creditNote: (id: string, file: string) => ownerInvoice(admin, id, creditNoteFile(file)),
    };
    this.members = {
      search: (params: URLSearchParams, page: number) => {
        const filters = readMemberFilters(params);
        return searchMembers(admin, filters, page).then((found) => ({ filters, ...found }));
      },
      awaitingApproval: () => membersAwaitingApproval(admin),
      act: (request: Request, url: URL) => runMemberIntent(admin, request, url),
    };
    this.contact = {
      list: (options?: { includeArchived?: boolean }) => listContactRequests(admin, options),
      act: (request: Request, back: string) => runContactIntent(admin, request, back),
    };
    this.customers = { view: (email: string) => customerView(admin, email) };
    this.dashboard = {
      figures: () => dashboardFigures(admin),
      toHandle: () => ordersToHandle(admin),
      /** Counted variants out of stock, and low (LOW_STOCK_MAX or fewer); null when the catalog cannot be read. */
      stock: () => stockAlerts(admin),
    };
    this.products = {
      list: () => listProducts(admin),
      detail: (id: string) => productDetail(admin, id),
      /** The product page's forms: the product (visibility, prices, ribbon), a variant's stock (a level, an arrival). */
      act: (request: Request, id: string, back: string) => runProductIntent(admin, request, id, back),
    };
    this.coupons = {
      list: () => listCoupons(admin),
      /** The coupons page's forms: create, pause, resume, delete. */
      act: (request: Request, back: string) => runCouponIntent(admin, request, back),
    };
    this.settings = {
      view: () => settingsView(admin),
      act: (request: Request, back: string) => runSettingsIntent(admin, request, back),
    };
    this.quotes = quoteHandler(admin);
  }
}

/**
 * The owner check: a visitor goes to the login page (and comes back), a member who is not an owner gets the 404
 * screen, the owner gets the back-office's handlers.
 */
async function requireOwner(commerce: Commerce, url: URL): Promise<Owner> {
  if (!commerce.isMember) throw redirect(loginPath(url.pathname + url.search));
  if (!(await isOwner(commerce))) notFound();
  return new Owner(buildElevatedClient());
}

const ownerKey = createContext<Owner>();

/**
 * The middleware of the /admin layout (app/routes/admin.tsx): it runs before every loader and action under /admin,
 * whichever of them a request asks for, so none of them can forget the owner check.
 */
export const ownerMiddleware: MiddlewareFunction<Response> = async ({ context, url }, next) => {
  context.set(ownerKey, await requireOwner(commerceOf(context), url));
  return next();
};

/** The owner's handlers, for the loaders and actions under /admin (their layout's `ownerMiddleware` made them). */
export function ownerOf(context: Readonly<RouterContextProvider>): Owner {
  return context.get(ownerKey);
}
