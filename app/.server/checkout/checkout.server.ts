import type { orders } from "@wix/ecom";
import type { members } from "@wix/members";
import type { CommerceSession } from "../wix/commerce-session.server";
import type { PostalAddress, SavedAddress } from "~/models/address";
import { savedAddressesOf } from "../account/addresses.server";
import type { CheckoutInput, CheckoutValues } from "~/models/checkout-forms";
import { countryName } from "~/models/countries";

import type { OrderAddress, OrderLineView, OrderView } from "~/models/order";
export type { OrderAddress, OrderLineView, OrderView };
import { ORDER_LINE, responsiveImage } from "../wix/media.server";
import { pickupPlaceOf, toCart, type SdkCart } from "../cart/cart.server";
import { offerKey } from "./delivery-offer.server";
import { availabilityProblem } from "~/models/availability";
import { linkToProducts } from "../catalog/catalog.server";
import { isoDate } from "~/lib/dates";
import { money } from "~/lib/money";
import { notFound } from "~/lib/http";
import { isPlatformId } from "~/models/ids";
import { classifyWixError } from "../wix/errors.server";
import { formatPhone } from "~/models/phone";
import { soldWithoutVat } from "../orders/invoice-data.server";

/**
 * Checkout: from the cart to the platform's hosted payment page, and the
 * thank-you page's view of the order. SDK errors are left to the caller's
 * `failedAction` / `failedLoader` (the one place that maps them).
 */

/** The SDK's order, as getOrder and searchOrders return it (the owner's elevated client too). */
export type SdkOrder = orders.Order;

/** SDK address (`addressLine1`: the SDK renames it to the wire's `addressLine`). */
export function toSdkAddress(address: PostalAddress) {
  return {
    addressLine1: address.addressLine,
    postalCode: address.postalCode,
    city: address.city,
    country: address.country,
  };
}

interface CheckoutCallbacks {
  postFlowUrl: string;
  thankYouPageUrl: string;
  cartPageUrl: string;
}

export function checkoutCallbacks(origin: string): CheckoutCallbacks {
  return {
    postFlowUrl: `${origin}/cart`,
    thankYouPageUrl: `${origin}/checkout/complete`,
    cartPageUrl: `${origin}/cart`,
  };
}

export type CheckoutStart =
  | { paymentUrl: string; cartId: string }
  | { couponRefused: string; cartId: string }
  /** Not the cart the page's delivery offer was for (changed, emptied, a line blocked, gone): read it again. */
  | { stale: true };

/** What Wix answers when the cart the page showed is no longer there to check out, or no longer ships that way. */
const STALE_CART_CODES = new Set([
  "CURRENT_CART_NOT_FOUND",
  "OWNED_CART_NOT_FOUND",
  "404",
  "CART_ALREADY_ORDERED",
  "DELIVERY_METHOD_NOT_FOUND",
  "DELIVERY_METHOD_MISSING_LINE_ITEMS",
  "DELIVERY_METHOD_MISSING_ADDRESS",
]);

/** The answered cart is still the one the offer was read for, with lines and none blocked (the page's own checks). */
function asOffered(raw: SdkCart, key: string): boolean {
  const cart = toCart(raw);
  return cart.lines.length > 0 && offerKey(cart) === key && !cart.lines.some((line) => availabilityProblem(line.availability) !== null);
}

/**
 * Cart V2 has no checkout (docs/decisions/0042-cart-v2.md): the form's details are written into the cart (buyer,
 * delivery address, billing side, delivery method: Update Current Cart sets them all, Wix's "set and replace fields
 * such as buyer note and delivery method"), then a redirect session naming the cart's id leads to the hosted
 * checkout, which comes back to the thank-you page. `offered`: the key of the delivery offer the page showed
 * (delivery-offer.server.ts), which spared reading the cart first: the cart Update answers is checked as the page
 * would have, and anything else is `stale`.
 */
export async function startCheckout(
  commerce: CommerceSession,
  input: CheckoutInput,
  origin: string,
  delivery?: { code: string; appId?: string },
  offered?: string,
): Promise<CheckoutStart> {
  const wix = await commerce.client();
  // A pickup has no delivery address: one typed before is cleared, or the order would take it as the destination.
  const shippingAddress = input.shipping ? toSdkAddress(input.shipping) : null;
  // A business buyer's company and VAT number are invoice details: the billing contact, where Wix keeps them
  // (with the phone, which the order shows under the billing address).
  const business = {
    ...(input.phone ? { phone: input.phone } : {}),
    ...(input.company ? { company: input.company } : {}),
    ...(input.vatNumber ? { vatId: { _id: input.vatNumber, type: "UNSPECIFIED" as const } } : {}),
  };
  let cart: SdkCart | undefined;
  try {
    ({ cart } = await wix.currentCartV2.updateCurrentCart({
      customerInfo: { firstName: input.firstName, lastName: input.lastName, email: input.email, ...business },
      deliveryInfo: { address: shippingAddress as ReturnType<typeof toSdkAddress>, ...(delivery ? { method: delivery } : {}) },
      paymentInfo: {
        billingAddress: toSdkAddress(input.billing),
        billingContact: { firstName: input.firstName, lastName: input.lastName, ...business },
      },
    }));
    // The typings mark the cart's method read-only: should a site answer without it, Set Delivery Method sets it.
    if (delivery && cart?.deliveryInfo?.method?.code !== delivery.code)
      ({ cart } = await wix.currentCartV2.setDeliveryMethodForCurrentCart(delivery));
  } catch (error) {
    const failure = classifyWixError(error);
    if (offered !== undefined && failure.kind === "application" && STALE_CART_CODES.has(failure.code)) return { stale: true };
    throw error;
  }
  if (!cart?._id) throw new Error("The platform returned no cart");
  if (offered !== undefined && !asOffered(cart, offered)) return { stale: true };
  // Now that the cart knows the buyer, a coupon she may not use (once per customer, used up) is refused here, beside
  // the coupon, rather than after the card is typed on the payment page.
  if (cart.coupons?.length) {
    const { summary } = await wix.currentCartV2.estimateCurrentCart({ calculateTax: false, calculateDelivery: false });
    const refused = (summary?.violations ?? []).find((v) => v.severity === "ERROR" && v.invalidCouponStatusData);
    if (refused) return { couponRefused: refused.description ?? "Ce code promo n'est pas valable pour cette commande.", cartId: cart._id };
  }
  return { paymentUrl: await hostedCheckoutUrl(wix, cart._id, origin), cartId: cart._id };
}

type SdkClient = Awaited<ReturnType<CommerceSession["client"]>>;

/**
 * The hosted checkout of a V2 cart (decision 0042). First a redirect session naming the cart, so Wix's checkout
 * sends the buyer back to our thank-you page (its `callbacks`); whether real Wix takes a V2 cart's id there is not
 * documented. If Wix refuses it (a validation or application error: the request was understood and declined), Cart
 * V2's own "Get Checkout URL", which Wix documents for a V2 cart, still takes the buyer to Wix's checkout page (Wix
 * then shows its own confirmation). An outage or a system error is not a refusal: it stays an error.
 */
export async function hostedCheckoutUrl(wix: SdkClient, cartId: string, origin: string): Promise<string> {
  try {
    const { redirectSession } = await wix.redirects.createRedirectSession({
      ecomCheckout: { checkoutId: cartId },
      callbacks: checkoutCallbacks(origin),
    });
    if (redirectSession?.fullUrl) return redirectSession.fullUrl;
  } catch (error) {
    const failure = classifyWixError(error);
    // The SDK gives an HTTP status as the code when Wix's answer has no details: a 5xx (503 included) is no refusal.
    const refused = failure.kind === "validation" || (failure.kind === "application" && !(Number(failure.code) >= 500));
    if (!refused) throw error;
  }
  const { checkoutUrl } = await wix.cartV2.getCheckoutUrl(cartId);
  if (!checkoutUrl) throw new Error("The platform returned no payment page URL");
  return checkoutUrl;
}

/**
 * A member's saved details to prefill the checkout form. Prefilling is a
 * convenience: if the member call fails the buyer simply types their details,
 * so a failure here must not block checking out.
 */
export async function memberPrefill(
  commerce: CommerceSession,
  addressId?: string | null,
): Promise<{ values: CheckoutValues; addresses: SavedAddress[] }> {
  if (!commerce.isMember) return { values: {}, addresses: [] };
  try {
    const wix = await commerce.client();
    const { member } = await wix.members.getCurrentMember({ fieldsets: ["FULL"] });
    return { values: prefillFromMember(member, addressId), addresses: savedAddressesOf(member) };
  } catch {
    return { values: {}, addresses: [] };
  }
}

/** The member's details for the form, with her saved address `addressId`, or her default one (the first). */
export function prefillFromMember(member: members.Member | null | undefined, addressId?: string | null): CheckoutValues {
  if (!member) return {};
  const saved = member.contact?.addresses ?? [];
  const address = saved.find((a) => addressId && a._id === addressId) ?? saved[0];
  const line =
    address?.addressLine ??
    (address?.streetAddress ? `${address.streetAddress.number ?? ""} ${address.streetAddress.name ?? ""}`.trim() : undefined);
  const values: CheckoutValues = {
    email: member.loginEmail ?? undefined,
    firstName: member.contact?.firstName ?? undefined,
    lastName: member.contact?.lastName ?? undefined,
    addressLine: line || undefined,
    postalCode: address?.postalCode ?? undefined,
    city: address?.city ?? undefined,
    country: address?.country ?? undefined,
  };
  return Object.fromEntries(Object.entries(values).filter(([, v]) => typeof v === "string" && v !== "")) as CheckoutValues;
}

// ---------------------------------------------------------------- orders

const PAYMENT_STATUS_LABELS: Record<string, string> = {
  PAID: "Payée",
  NOT_PAID: "Non payée",
  PENDING: "En attente",
  PENDING_MERCHANT: "En attente de validation",
  PARTIALLY_PAID: "Partiellement payée",
  PARTIALLY_REFUNDED: "Partiellement remboursée",
  FULLY_REFUNDED: "Remboursée",
  CANCELED: "Annulée",
  DECLINED: "Refusée",
  UNSPECIFIED: "Inconnu",
};

export function paymentStatusLabel(status: string | null | undefined): string {
  return PAYMENT_STATUS_LABELS[status ?? "UNSPECIFIED"] ?? "Inconnu";
}

/** `billing`: the business buyer's company and VAT number are invoice details, shown with the billing address only. */
function addressView(
  address: orders.Address | undefined,
  contact: orders.FullAddressContactDetails | undefined,
  billing = false,
): OrderAddress | undefined {
  const name = [contact?.firstName, contact?.lastName].filter(Boolean).join(" ") || undefined;
  if (!address && !name) return undefined;
  const street =
    address?.addressLine1 ??
    (address?.streetAddress ? `${address.streetAddress.number ?? ""} ${address.streetAddress.name ?? ""}`.trim() : undefined);
  // The SDK renames the wire's vatId.id to _id.
  const vatNumber = contact?.vatId?._id;
  const vat = billing && vatNumber ? `TVA intracommunautaire : ${vatNumber}` : undefined;
  const phone = billing && contact?.phone ? `Tél. : ${formatPhone(contact.phone)}` : undefined;
  const lines = [
    billing ? contact?.company : undefined,
    vat,
    street,
    address?.addressLine2,
    [address?.postalCode, address?.city].filter(Boolean).join(" "),
    address?.country ? countryName(address.country) : undefined,
    phone,
  ].filter((v): v is string => typeof v === "string" && v.trim() !== "");
  return { name, lines };
}

/** Only the platform's own download path is linked (same origin); the SDK gives the expiry as a Date. */
function downloadView(link: string, expirationDate: Date | null | undefined): { url: string; expires?: string } {
  const url = new URL(link, "http://x");
  const expires = isoDate(expirationDate);
  return { url: `${url.pathname}${url.search}`, ...(expires ? { expires } : {}) };
}

/** The SDK's order (`_id`, Date objects, SDK addresses) in the shape the thank-you page renders. */
export function toOrderView(raw: SdkOrder | null | undefined): OrderView {
  // Product links come from the catalog (linkedOrderView), never from a line URL the platform makes up.
  const lineItems = raw?.lineItems ?? [];
  const lines: OrderLineView[] = lineItems.map((line) => ({
    id: line._id ?? "",
    name: line.productName?.translated ?? line.productName?.original ?? "",
    image: responsiveImage(line.image, ORDER_LINE),
    options: (line.descriptionLines ?? []).map((d) => ({
      name: d.name?.translated ?? d.name?.original ?? "",
      value: d.colorInfo?.translated ?? d.colorInfo?.original ?? d.plainText?.translated ?? d.plainText?.original ?? "",
    })),
    quantity: line.quantity ?? 0,
    unitPrice: money(line.price),
    // Before the coupon, so the lines add up to the subtotal shown below them.
    total: money(line.lineItemPrice ?? line.totalPriceAfterTax),
    digital: line.itemType?.preset === "DIGITAL" || line.physicalProperties?.shippable === false,
    ...(line.digitalFile?.link ? { download: downloadView(line.digitalFile.link, line.digitalFile.expirationDate) } : {}),
  }));
  const summary = raw?.priceSummary ?? {};
  const shippingInfo = raw?.shippingInfo;
  const logistics = shippingInfo?.logistics;
  const destination = logistics?.shippingDestination;
  const coupon = (raw?.appliedDiscounts ?? []).find((d) => d.coupon)?.coupon;
  return {
    id: raw?._id ?? "",
    number: String(raw?.number ?? ""),
    createdDate: isoDate(raw?._createdDate ?? raw?.purchasedDate),
    email: raw?.buyerInfo?.email ?? undefined,
    paymentStatus: raw?.paymentStatus ?? "UNSPECIFIED",
    paymentStatusLabel: paymentStatusLabel(raw?.paymentStatus),
    awaitingConfirmation: raw?.status === "INITIALIZED",
    lines,
    subtotal: money(summary.subtotal),
    discount: money(summary.discount),
    shipping: money(summary.shipping),
    tax: money(summary.tax),
    total: money(summary.total),
    vat: {
      rates: (raw?.taxInfo?.taxBreakdown ?? [])
        .filter((rate) => Number(rate.aggregatedTaxAmount?.amount ?? 0) > 0)
        .map((rate) => ({ label: rate.taxName ?? "TVA", amount: money(rate.aggregatedTaxAmount) })),
      exempt: !!raw && soldWithoutVat(raw),
    },
    couponCode: coupon?.code ?? undefined,
    shippingTitle: shippingInfo?.title ?? undefined,
    pickup: !!logistics?.pickupDetails,
    ...(pickupPlaceOf(logistics) ? { pickupPlace: pickupPlaceOf(logistics) } : {}),
    digitalOnly: lines.length > 0 && lines.every((line) => line.digital),
    shippingAddress: destination ? addressView(destination.address, destination.contactDetails) : undefined,
    billingAddress: raw?.billingInfo ? addressView(raw.billingInfo.address, raw.billingInfo.contactDetails, true) : undefined,
  };
}

/** The order's view with its lines linked to the catalog's product pages (never to the order's line URLs). */
export async function linkedOrderView(raw: SdkOrder): Promise<OrderView> {
  const view = toOrderView(raw);
  const ids = (raw.lineItems ?? []).map((line) => line.catalogReference?.catalogItemId ?? undefined);
  return { ...view, lines: await linkToProducts(view.lines, ids) };
}

/** The caller's order; the platform answers 404 for anyone else's (left to `failedLoader`). */
export async function getOrderView(commerce: CommerceSession, orderId: string): Promise<OrderView> {
  if (!isPlatformId(orderId)) notFound();
  const wix = await commerce.client();
  return linkedOrderView(await wix.orders.getOrder(orderId));
}

/**
 * "Créer mon compte" from a guest's thank-you page (`?commande=<id>`): the buyer's e-mail and name from that order,
 * which only this browser's visitor may read. Anything else (no order, someone else's, an outage) prefills nothing:
 * the form works the same, empty.
 */
export async function orderPrefill(
  commerce: CommerceSession,
  orderId: string | null,
): Promise<{ email?: string; firstName?: string; lastName?: string }> {
  if (!orderId || !isPlatformId(orderId) || commerce.role === "none") return {};
  try {
    const wix = await commerce.client();
    const raw: SdkOrder = await wix.orders.getOrder(orderId);
    const contact = raw?.billingInfo?.contactDetails;
    const text = (v: unknown) => (typeof v === "string" && v ? v.slice(0, 200) : undefined);
    return {
      ...(text(raw?.buyerInfo?.email) ? { email: text(raw?.buyerInfo?.email) } : {}),
      ...(text(contact?.firstName) ? { firstName: text(contact?.firstName) } : {}),
      ...(text(contact?.lastName) ? { lastName: text(contact?.lastName) } : {}),
    };
  } catch {
    return {};
  }
}
