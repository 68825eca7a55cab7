import type { Commerce } from "./commerce.server";
import { classifyWixError } from "./wix-errors.server";
import { mediaUrl } from "./media.server";
import type { Cart, CartLine, CartTotals, Money, ShippingChoice } from "~/models/cart";
export type { Cart, CartLine, CartTotals, Money, ShippingChoice };

/**
 * The current cart, in the shape the pages use. Every cart call goes through
 * here so the product page, the cart page, the header count and checkout agree.
 */

/** Wix Stores' app id in ecom catalog references (catalog V1). */
export const STORES_APP_ID = "215238eb-22a5-4c36-9e7b-e7c08025e04e";

type SdkPrice = { amount?: string | null; formattedAmount?: string | null } | null | undefined;
const money = (price: SdkPrice): Money => ({ amount: price?.amount ?? "0", formatted: price?.formattedAmount ?? "" });

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type SdkCart = any;

export function toCart(raw: SdkCart): Cart {
  const lines: CartLine[] = (raw?.lineItems ?? []).map((line: SdkCart) => ({
    id: line._id,
    productId: line.catalogReference?.catalogItemId ?? "",
    name: line.productName?.translated ?? line.productName?.original ?? "",
    url: typeof line.url === "string" ? new URL(line.url, "http://x").pathname : undefined,
    image: mediaUrl(line.image),
    options: (line.descriptionLines ?? []).map((d: SdkCart) => ({
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
  const coupon = (raw?.appliedDiscounts ?? []).find((d: SdkCart) => d.coupon)?.coupon;
  return {
    id: raw?._id ?? "",
    lines,
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotal: money(raw?.subtotal),
    couponCode: coupon?.code ?? undefined,
    currency: raw?.currency ?? "EUR",
  };
}

function isNoCart(error: unknown) {
  const failure = classifyWixError(error);
  return failure.kind === "application" && (failure.code === "OWNED_CART_NOT_FOUND" || failure.code === "404");
}

// One read per request: the root loader (header count) and the page's loader share it.
const cartReads = new WeakMap<Commerce, Promise<Cart | null>>();

/** Any change to the cart in this request makes the next read go to the platform again. */
export function forgetCart(commerce: Commerce) {
  cartReads.delete(commerce);
}

/** The caller's cart, or null when they have none (no tokens yet: no call at all). */
export function getCart(commerce: Commerce): Promise<Cart | null> {
  if (commerce.role === "none") return Promise.resolve(null);
  let read = cartReads.get(commerce);
  if (!read) {
    read = readCart(commerce);
    cartReads.set(commerce, read);
    read.catch(() => forgetCart(commerce));
  }
  return read;
}

async function readCart(commerce: Commerce): Promise<Cart | null> {
  const wix = await commerce.client();
  try {
    const raw = await wix.currentCart.getCurrentCart();
    return raw ? toCart(raw) : null;
  } catch (error) {
    if (isNoCart(error)) return null;
    throw error;
  }
}

export interface AddToCartInput {
  productId: string;
  quantity: number;
  variantId?: string;
  /** Chosen options by name, for products whose variants are not managed. */
  options?: Record<string, string>;
}

export async function addToCart(commerce: Commerce, input: AddToCartInput): Promise<Cart> {
  const wix = await commerce.client();
  forgetCart(commerce);
  const options: Record<string, unknown> = input.variantId
    ? { variantId: input.variantId }
    : input.options && Object.keys(input.options).length > 0
      ? { options: input.options }
      : {};
  const result = await wix.currentCart.addToCurrentCart({
    lineItems: [
      {
        catalogReference: { appId: STORES_APP_ID, catalogItemId: input.productId, options },
        quantity: input.quantity,
      },
    ],
  });
  return toCart(result.cart);
}

export async function updateLineQuantity(commerce: Commerce, lineId: string, quantity: number): Promise<Cart> {
  const wix = await commerce.client();
  forgetCart(commerce);
  const result = await wix.currentCart.updateCurrentCartLineItemQuantity([{ _id: lineId, quantity }]);
  return toCart(result.cart);
}

export async function removeLine(commerce: Commerce, lineId: string): Promise<Cart | null> {
  const wix = await commerce.client();
  forgetCart(commerce);
  const result = await wix.currentCart.removeLineItemsFromCurrentCart([lineId]);
  return result.cart ? toCart(result.cart) : null;
}

export async function applyCoupon(commerce: Commerce, code: string): Promise<Cart> {
  const wix = await commerce.client();
  forgetCart(commerce);
  return toCart(await wix.currentCart.updateCurrentCart({ couponCode: code }));
}

export async function removeCoupon(commerce: Commerce): Promise<Cart> {
  const wix = await commerce.client();
  forgetCart(commerce);
  const result = await wix.currentCart.removeCouponFromCurrentCart();
  return toCart(result.cart);
}

export interface EstimateInput {
  shippingOptionCode?: string;
  country?: string;
}

export async function estimateTotals(commerce: Commerce, input: EstimateInput = {}): Promise<CartTotals> {
  const wix = await commerce.client();
  const estimate = await wix.currentCart.estimateCurrentCartTotals({
    ...(input.shippingOptionCode ? { selectedShippingOption: { code: input.shippingOptionCode, carrierId: undefined } } : {}),
    ...(input.country ? { shippingAddress: { country: input.country } } : {}),
    calculateTax: true,
    calculateShipping: true,
  } as Parameters<typeof wix.currentCart.estimateCurrentCartTotals>[0]);
  const summary = estimate.priceSummary;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const shippingInfo = estimate.shippingInfo as any;
  const shippingOptions: ShippingChoice[] = (shippingInfo?.carrierServiceOptions ?? []).flatMap((carrier: SdkCart) =>
    (carrier.shippingOptions ?? []).map((option: SdkCart) => ({
      code: option.code,
      title: option.title,
      price: money(option.cost?.price),
      deliveryTime: option.logistics?.deliveryTime ?? undefined,
    })),
  );
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const violations: any[] = (estimate as any).violations ?? [];
  const blockedLines = violations
    .filter((v) => v?.severity === "ERROR" && v?.target?.lineItem?._id)
    .map((v) => v.target.lineItem._id as string);
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

/** Header count: no call at all for a browser without tokens. */
export async function cartItemCount(commerce: Commerce): Promise<number> {
  return (await getCart(commerce))?.itemCount ?? 0;
}
