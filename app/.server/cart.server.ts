import type { currentCart } from "@wix/ecom";
import type { CommerceSession } from "./commerce-session.server";
import { classifyWixError, mapLoaderErrors } from "./wix-errors.server";
import { mediaUrl } from "./media.server";
import { linkToProducts } from "./catalog.server";
import { money } from "~/lib/money";
import type { Cart, CartLine, CartTotals, PickupPlace, ShippingChoice } from "~/models/cart";
import { countryName } from "~/models/countries";

/**
 * The cart handler (docs/decisions/0014-cart-handler-and-one-cart-action.md): every cart call goes through
 * `commerceOf(context).cart`, so the product page, the cart page, the header count and checkout agree. It owns the
 * request's one cart read (the root loader's header count and the page's loader share it) and drops it whenever a
 * change goes out. Reads map SDK failures to the error screens (`mapLoaderErrors`); changes throw the SDK's error for
 * the `/cart` action's `failedAction`, which puts it beside the field or in a notification.
 */

/** Wix Stores' app id in ecom catalog references (catalog V1). */
export const STORES_APP_ID = "215238eb-22a5-4c36-9e7b-e7c08025e04e";

/** The SDK's cart, as every current-cart call returns it. */
export type SdkCart = currentCart.Cart;

export function toCart(raw: SdkCart | null | undefined): Cart {
  const lines: CartLine[] = (raw?.lineItems ?? []).map((line) => ({
    id: line._id ?? "",
    productId: line.catalogReference?.catalogItemId ?? "",
    ...(typeof line.catalogReference?.options?.variantId === "string" ? { variantId: line.catalogReference.options.variantId } : {}),
    name: line.productName?.translated ?? line.productName?.original ?? "",
    image: mediaUrl(line.image),
    options: (line.descriptionLines ?? []).map((d) => ({
      name: d.name?.translated ?? d.name?.original ?? "",
      value: d.colorInfo?.translated ?? d.colorInfo?.original ?? d.plainText?.translated ?? d.plainText?.original ?? "",
      color: d.colorInfo?.code ?? undefined,
    })),
    quantity: line.quantity ?? 0,
    unitPrice: money(line.price),
    fullPrice: money(line.fullPrice ?? line.price),
    linePrice: money(line.lineItemPrice),
    availability: {
      status: line.availability?.status ?? "AVAILABLE",
      quantityAvailable: line.availability?.quantityAvailable ?? undefined,
    },
    digital: line.itemType?.preset === "DIGITAL",
  }));
  const coupon = (raw?.appliedDiscounts ?? []).find((d) => d.coupon)?.coupon;
  return {
    id: raw?._id ?? "",
    lines,
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    couponCode: coupon?.code ?? undefined,
    currency: raw?.currency ?? "EUR",
  };
}

function isNoCart(error: unknown) {
  const failure = classifyWixError(error);
  return failure.kind === "application" && (failure.code === "OWNED_CART_NOT_FOUND" || failure.code === "404");
}

async function readCart(session: CommerceSession): Promise<Cart | null> {
  const wix = await session.client();
  try {
    const raw = await wix.currentCart.getCurrentCart();
    if (!raw) return null;
    const cart = toCart(raw);
    // Product links come from the catalog, not from the platform's line URLs.
    return {
      ...cart,
      lines: await linkToProducts(
        cart.lines,
        cart.lines.map((l) => l.productId),
      ),
    };
  } catch (error) {
    if (isNoCart(error)) return null;
    throw error;
  }
}

interface AddToCartInput {
  productId: string;
  quantity: number;
  variantId?: string;
  /** Chosen options by name, for products whose variants are not managed. */
  options?: Record<string, string>;
}

function catalogOptions(input: AddToCartInput): Record<string, unknown> {
  if (input.variantId) return { variantId: input.variantId };
  return input.options && Object.keys(input.options).length > 0 ? { options: input.options } : {};
}

export function createCartHandler(session: CommerceSession) {
  let read: Promise<Cart | null> | null = null;
  /** A change is going out: the next read goes to the platform again. */
  const change = async <T>(call: (wix: Awaited<ReturnType<CommerceSession["client"]>>) => Promise<T>): Promise<T> => {
    const wix = await session.client();
    read = null;
    return call(wix);
  };
  return {
    /** The caller's cart, or null when they have none (no tokens yet: no call at all). */
    get(): Promise<Cart | null> {
      if (session.role === "none") return Promise.resolve(null);
      if (!read) {
        const current = mapLoaderErrors(() => readCart(session));
        read = current;
        current.catch(() => {
          if (read === current) read = null;
        });
      }
      return read;
    },
    /** The totals the platform computes for a shipping option / destination (its default when none). */
    estimate(input: EstimateInput = {}): Promise<CartTotals> {
      return mapLoaderErrors(() => estimateTotals(session, input));
    },
    add: (input: AddToCartInput) =>
      change(async (wix) => {
        const catalogReference = { appId: STORES_APP_ID, catalogItemId: input.productId, options: catalogOptions(input) };
        const result = await wix.currentCart.addToCurrentCart({ lineItems: [{ catalogReference, quantity: input.quantity }] });
        return toCart(result.cart);
      }),
    updateLine: (lineId: string, quantity: number) =>
      change(async (wix) => toCart((await wix.currentCart.updateCurrentCartLineItemQuantity([{ _id: lineId, quantity }])).cart)),
    removeLine: (lineId: string) =>
      change(async (wix) => {
        const result = await wix.currentCart.removeLineItemsFromCurrentCart([lineId]);
        return result.cart ? toCart(result.cart) : null;
      }),
    applyCoupon: (code: string) => change(async (wix) => toCart(await wix.currentCart.updateCurrentCart({ couponCode: code }))),
    removeCoupon: () => change(async (wix) => toCart((await wix.currentCart.removeCouponFromCurrentCart()).cart)),
    /** For another handler whose call changes the cart (checkout writes the buyer's contact into it). */
    changing: change,
  };
}

/** Delivery logistics as checkout options and orders carry them: what a pickup place is read from. */
interface PickupLogistics {
  instructions?: string | null;
  pickupDetails?: {
    address?: {
      addressLine1?: string | null;
      addressLine?: string | null;
      streetAddress?: { number?: string | null; name?: string | null } | null;
      postalCode?: string | null;
      city?: string | null;
      country?: string | null;
    } | null;
  } | null;
}

/** Where and when a pickup is collected, from Wix's delivery logistics (checkout options and orders alike). */
export function pickupPlaceOf(logistics: PickupLogistics | null | undefined): PickupPlace | undefined {
  if (!logistics?.pickupDetails) return undefined;
  const a = logistics.pickupDetails.address;
  const street =
    a?.addressLine1 ??
    a?.addressLine ??
    (a?.streetAddress ? `${a.streetAddress.number ?? ""} ${a.streetAddress.name ?? ""}`.trim() : undefined);
  const town = [a?.postalCode, a?.city].filter(Boolean).join(" ");
  const address = [street, town, a?.country && a.country !== "FR" ? countryName(a.country) : undefined].filter(Boolean).join(", ");
  const instructions = typeof logistics.instructions === "string" && logistics.instructions ? logistics.instructions : undefined;
  if (!address && !instructions) return undefined;
  return { ...(address ? { address } : {}), ...(instructions ? { instructions } : {}) };
}

interface EstimateInput {
  shippingOptionCode?: string;
  country?: string;
}

async function estimateTotals(session: CommerceSession, input: EstimateInput): Promise<CartTotals> {
  const wix = await session.client();
  const estimate = await wix.currentCart.estimateCurrentCartTotals({
    ...(input.shippingOptionCode ? { selectedShippingOption: { code: input.shippingOptionCode, carrierId: undefined } } : {}),
    ...(input.country ? { shippingAddress: { country: input.country } } : {}),
    calculateTax: true,
    calculateShipping: true,
  } as Parameters<typeof wix.currentCart.estimateCurrentCartTotals>[0]);
  const summary = estimate.priceSummary;
  const shippingInfo = estimate.shippingInfo;
  const shippingOptions: ShippingChoice[] = (shippingInfo?.carrierServiceOptions ?? []).flatMap((carrier) =>
    (carrier.shippingOptions ?? []).map((option) => ({
      code: option.code ?? "",
      title: option.title ?? "",
      price: money(option.cost?.price),
      deliveryTime: option.logistics?.deliveryTime ?? undefined,
      pickup: !!option.logistics?.pickupDetails,
      ...(pickupPlaceOf(option.logistics) ? { pickupPlace: pickupPlaceOf(option.logistics) } : {}),
    })),
  );
  const blockedLines = (estimate.violations ?? []).flatMap((v) => {
    const lineId = v.target?.lineItem?._id;
    return v.severity === "ERROR" && lineId ? [lineId] : [];
  });
  for (const line of estimate.cart?.lineItems ?? []) {
    const status = line.availability?.status;
    if (line._id && status && status !== "AVAILABLE" && !blockedLines.includes(line._id)) blockedLines.push(line._id);
  }
  return {
    subtotal: money(summary?.subtotal),
    discount: money(summary?.discount),
    shipping: money(summary?.shipping),
    tax: money(summary?.tax),
    total: money(summary?.total),
    shippingOptions,
    selectedShipping: shippingInfo?.selectedCarrierServiceOption?.code ?? undefined,
    blockedLines,
  };
}
