import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { CommerceSession, runInSession, SESSION_ENDED_MESSAGE } from "./commerce-session.server";
import { createCartHandler } from "../cart/cart.server";
import {
  checkAddToCart,
  listCollections,
  loadCatalogPage,
  loadProductPage,
  productById,
  productBySlug,
  searchSuggestions,
} from "../catalog/catalog.server";
import { getOrderView, memberPrefill, startCheckout } from "../checkout/checkout.server";
import { deleteAccount, getProfile, updateProfile, type Profile } from "../account/profile.server";
import { addAddress, deleteAddress, editAddress, makeDefaultAddress } from "../account/addresses.server";
import type { PostalAddress } from "~/models/address";
import { changePassword } from "../account/password.server";
import { confirmEmailChange, startEmailChange, type PendingEmailChange } from "../account/email-change.server";
import { getMemberOrder, listMemberOrders } from "../orders/orders.server";
import { memberQuotes } from "../quotes/member-quotes.server";
import { redirectWithToast, toastCookie } from "../http/toast.server";
import { mapLoaderErrors } from "./errors.server";
import { requireMember } from "../account/auth.server";
import type { CheckoutInput } from "~/models/checkout-forms";

export { CommerceSession, CommerceTimeoutError, runInSession, SESSION_ENDED_MESSAGE, UNAVAILABLE_MESSAGE } from "./commerce-session.server";
export type { WixClient } from "./commerce-session.server";

/**
 * The commerce seam (docs/decisions/0006-request-context-commerce-seam.md): one `Commerce` per request, on the
 * request context, with a handler per domain — Hydrogen's shape (its `context.cart`). Routes call
 * `commerceOf(context).cart.add(…)`, `.catalog.productPage(…)`, `.checkout.start(…)`, `.member.orders()` and never
 * catch SDK errors: reads map them to the error screens themselves; changes throw them for the action's
 * `failedAction` (app/.server/wix/errors.server.ts), which knows the form they came from.
 */
export class Commerce extends CommerceSession {
  /** The cart, with its one read per request (app/.server/cart/cart.server.ts). */
  readonly cart = createCartHandler(this);

  /** The public catalog: token-free and cached for everyone (docs/decisions/0007-token-free-catalog-cache.md). */
  readonly catalog = {
    page: loadCatalogPage,
    productPage: loadProductPage,
    product: productBySlug,
    productById,
    checkAdd: checkAddToCart,
    collections: listCollections,
    suggestions: searchSuggestions,
  };

  readonly checkout = {
    /**
     * The hosted payment page for this cart; it writes the buyer's contact into the cart first. `offered`: the key of
     * the delivery offer the page showed (its cart not read again; `stale` if it is no longer that cart).
     */
    start: (input: CheckoutInput, origin: string, delivery?: { code: string; appId?: string }, offered?: string) =>
      this.cart.changing(() => startCheckout(this, input, origin, delivery, offered)),
    /** The caller's order (the platform answers 404 for anyone else's). */
    order: (orderId: string) => mapLoaderErrors(() => getOrderView(this, orderId)),
    /** A member's saved details for the form (her address `addressId`, or her default one) and her saved addresses. */
    prefill: (addressId?: string | null) => memberPrefill(this, addressId),
  };

  readonly member = {
    profile: () => mapLoaderErrors(() => getProfile(this)),
    updateProfile: (current: Profile, next: Parameters<typeof updateProfile>[2]) => updateProfile(this, current, next),
    deleteAccount: () => deleteAccount(this),
    /** Her saved addresses (the first is the default one): add, edit, delete, make default. */
    addresses: {
      add: (address: PostalAddress) => addAddress(this, address),
      edit: (id: string, address: PostalAddress) => editAddress(this, id, address),
      delete: (id: string) => deleteAddress(this, id),
      makeDefault: (id: string) => makeDefaultAddress(this, id),
    },
    changePassword: (current: string, next: string) => changePassword(this, current, next),
    /** The login e-mail change: the current password, then the code sent to the new address. */
    startEmailChange: (newEmail: string, password: string) => startEmailChange(this, newEmail, password),
    confirmEmailChange: (pending: PendingEmailChange, code: string) => confirmEmailChange(this, pending, code),
    orders: () => mapLoaderErrors(() => listMemberOrders(this)),
    order: (orderId: string) => mapLoaderErrors(() => getMemberOrder(this, orderId)),
    /** The consultant's quotes sent to the member's proved login e-mail. */
    quotes: () => mapLoaderErrors(() => memberQuotes(this)),
  };
}

const commerceKey = createContext<Commerce>();

/** Pages about one visitor's cart, order, quote or account (their `.data` requests too). */
const PRIVATE_PATH = /^\/(cart|checkout|commande|devis|account|admin)(\/|\.data$|$)/;

export function isPrivatePath(pathname: string): boolean {
  return PRIVATE_PATH.test(pathname);
}

export function commerceOf(context: Readonly<RouterContextProvider>): Commerce {
  return context.get(commerceKey);
}

/** The member's commerce, for an account page: a visitor is sent to the login page, and back here after it. */
export function memberCommerceOf(context: Readonly<RouterContextProvider>, url: URL): Commerce {
  const commerce = commerceOf(context);
  requireMember(commerce, url);
  return commerce;
}

/**
 * Root middleware: one Commerce per request, shared by all its loaders and
 * actions; the session cookie is appended to the response if tokens changed.
 */
export const commerceMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const commerce = await Commerce.fromRequest(request);
  context.set(commerceKey, commerce);
  // Loaders and actions run inside the session: the process's one SDK client takes its tokens from it.
  let response = await runInSession(commerce, next);
  if (commerce.sessionExpired) {
    const notice = { type: "message" as const, title: SESSION_ENDED_MESSAGE };
    // A page read: load it again as the visitor, so header and content agree, with the notice on it.
    if (request.method === "GET") {
      const url = new URL(request.url);
      response = await redirectWithToast(request, url.pathname + url.search, notice);
    } else {
      response.headers.append("Set-Cookie", await toastCookie(request, notice));
    }
  }
  const cookie = await commerce.pendingCookie();
  if (cookie) response.headers.append("Set-Cookie", cookie);
  // Every page shows the visitor's own cart count or account: never stored by shared caches. The private pages (cart,
  // checkout, thank-you, account, back-office) are not stored at all: Back after paying must not bring the bought
  // cart back from the browser's cache or its back/forward cache (tests/e2e/buyer-purchase-details.spec.ts, "after paying").
  if (!response.headers.has("Cache-Control"))
    response.headers.set("Cache-Control", isPrivatePath(new URL(request.url).pathname) ? "no-store" : "private, no-cache");
  return response;
};
