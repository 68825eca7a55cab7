import type { currentCartV2 } from "@wix/ecom";
import type { CommerceSession } from "../wix/commerce-session.server";
import { classifyWixError, mapLoaderErrors } from "../wix/errors.server";
import { CART_LINE, responsiveImage } from "../wix/media.server";
import { linkToProducts } from "../catalog/catalog.server";
import { moneyIn } from "~/lib/money";
import { DEFAULT_COUNTRY } from "~/models/countries";
import type { Cart, CartLine, CartTotals, ShippingChoice } from "~/models/cart";
import type { CartCountSource } from "~/models/cart-intents";
import { pickupPlaceOf } from "./pickup.server";

export { pickupPlaceOf };

/**
 * The cart handler (docs/decisions/0014-cart-handler-and-one-cart-action.md): every cart call goes through
 * `commerceOf(context).cart`, so the product page, the cart page, the header count and checkout agree. It owns the
 * request's one cart read (the root loader's header count and the page's loader share it) and drops it whenever a
 * change goes out. Reads map SDK failures to the error screens (`mapLoaderErrors`); changes throw the SDK's error for
 * the `/cart` action's `failedAction`, which puts it beside the field or in a notification.
 */

/** Wix Stores' app id in ecom catalog references (both catalog versions). */
export const STORES_APP_ID = "215238eb-22a5-4c36-9e7b-e7c08025e04e";

/** The SDK's Cart V2, as every current-cart call returns it. */
export type SdkCart = currentCartV2.Cart;

/** Cart V2's line status in the words the pages use (app/models/availability.ts). */
const AVAILABILITY: Record<string, string> = {
  IN_STOCK: "AVAILABLE",
  PARTIALLY_IN_STOCK: "PARTIALLY_AVAILABLE",
  OUT_OF_STOCK: "NOT_AVAILABLE",
  REMOVED_FROM_CATALOG: "NOT_FOUND",
};

/** A Cart V2 (`currentCartV2`'s Cart, SDK shape) as the pages see it. */
export function toCart(raw: SdkCart | null | undefined): Cart {
  const currency: string = raw?.businessInfo?.currencyCode ?? "EUR";
  const lines: CartLine[] = (raw?.lineItems ?? []).map((line) => {
    const quantity: number = line.quantityInfo?.requestedQuantity ?? 0;
    const unit = moneyIn(line.pricing?.unitPrice, currency);
    return {
      id: line._id ?? "",
      productId: line.source?.catalogReference?.catalogItemId ?? "",
      ...(typeof line.source?.catalogReference?.options?.variantId === "string"
        ? { variantId: line.source.catalogReference.options.variantId }
        : {}),
      name: line.name?.translated ?? line.name?.original ?? "",
      image: responsiveImage(line.attributes?.image, CART_LINE),
      options: (line.attributes?.descriptionLines ?? []).map((d) => ({
        name: d.name?.translated ?? d.name?.original ?? "",
        value: d.colorInfo?.translated ?? d.colorInfo?.original ?? d.plainText?.translated ?? d.plainText?.original ?? "",
        color: d.colorInfo?.code ?? undefined,
      })),
      quantity,
      unitPrice: unit,
      fullPrice: line.pricing?.breakdown?.fullPrice ? moneyIn(line.pricing.breakdown.fullPrice, currency) : unit,
      linePrice: moneyIn(line.pricing?.totalPrice, currency),
      availability: {
        status: AVAILABILITY[line.status as string] ?? "AVAILABLE",
        quantityAvailable: line.quantityInfo?.availableQuantity ?? undefined,
      },
      digital: line.attributes?.itemType?.preset === "DIGITAL",
    };
  });
  const coupon = raw?.coupons?.[0];
  return {
    id: raw?._id ?? "",
    lines,
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    couponCode: coupon?.code ?? undefined,
    couponId: coupon?._id ?? undefined,
    currency,
    shippingCode: raw?.deliveryInfo?.method?.code ?? undefined,
    ...(raw?.deliveryInfo?.address?.country ? { destination: raw.deliveryInfo.address.country } : {}),
  };
}

/**
 * No current cart yet: Cart V2's Get Current Cart documents only Wix's standard errors, and a missing cart is its
 * 404 with `CURRENT_CART_NOT_FOUND` (what public Cart V2 storefronts read); `OWNED_CART_NOT_FOUND` is Cart V1's, and a
 * bare 404 (no code: the SDK puts the status there) means the same.
 */
function isNoCart(error: unknown) {
  const failure = classifyWixError(error);
  return (
    failure.kind === "application" &&
    (failure.code === "CURRENT_CART_NOT_FOUND" || failure.code === "OWNED_CART_NOT_FOUND" || failure.code === "404")
  );
}

/** A Cart V2 as the pages see it, its lines linked to their product pages (from the catalog, not the line URLs). */
async function linkedCart(raw: SdkCart): Promise<Cart> {
  const cart = toCart(raw);
  return {
    ...cart,
    lines: await linkToProducts(
      cart.lines,
      cart.lines.map((l) => l.productId),
    ),
  };
}

/** The cart as the pages see it, and as the SDK answered it (the checkout's draft reads the buyer's details there). */
interface CartRead {
  cart: Cart;
  raw: SdkCart;
}

async function readCart(session: CommerceSession): Promise<CartRead | null> {
  const wix = await session.client();
  try {
    const { cart: raw } = await wix.currentCartV2.getCurrentCart();
    return raw ? { cart: await linkedCart(raw), raw } : null;
  } catch (error) {
    if (isNoCart(error)) return null;
    throw error;
  }
}

/**
 * The cart and the platform's totals from one call: Estimate Current Cart answers the cart beside its summary
 * (EstimateCurrentCartResponse), so the cart page needs no Get Current Cart before it. Null: no cart, or no line.
 */
async function readCartWithTotals(session: CommerceSession): Promise<(CartRead & { totals: CartTotals }) | null> {
  const wix = await session.client();
  let answer: Awaited<ReturnType<Wix["currentCartV2"]["estimateCurrentCart"]>>;
  try {
    answer = await wix.currentCartV2.estimateCurrentCart({ calculateDelivery: true, calculateTax: true });
  } catch (error) {
    if (isNoCart(error)) return null;
    throw error;
  }
  if (!answer.cart?.lineItems?.length) return null;
  return { cart: await linkedCart(answer.cart), raw: answer.cart, totals: totalsOf(answer) };
}

interface AddToCartInput {
  productId: string;
  quantity: number;
  variantId?: string;
  /** Chosen options by name, for products whose variants are not managed. */
  options?: Record<string, string>;
}

/** The catalog reference's options, as the product model gives them (a variant id, or V1 choices by name). */
function catalogOptions(input: AddToCartInput): Record<string, unknown> {
  if (input.variantId) return { variantId: input.variantId };
  return input.options && Object.keys(input.options).length > 0 ? { options: input.options } : {};
}

type Wix = Awaited<ReturnType<CommerceSession["client"]>>;

/**
 * One coupon per cart in Cart V2: a new code replaces the cart's (removed first, put back if the new one is
 * refused, so a typo never costs the buyer the coupon they had).
 */
async function replaceCoupon(wix: Wix, code: string): Promise<Cart> {
  let current: SdkCart | undefined;
  try {
    current = (await wix.currentCartV2.getCurrentCart()).cart;
  } catch (error) {
    if (!isNoCart(error)) throw error;
  }
  const previous = current?.coupons?.[0];
  if (previous?.code && previous.code.toLowerCase() === code.toLowerCase()) return toCart(current);
  if (previous?._id) await wix.currentCartV2.removeCouponFromCurrentCart(previous._id);
  try {
    return toCart((await wix.currentCartV2.addCouponToCurrentCart({ code })).cart);
  } catch (error) {
    if (previous?.code) await wix.currentCartV2.addCouponToCurrentCart({ code: previous.code }).catch(() => undefined);
    throw error;
  }
}

/** The pages whose loader reads the cart (their `.data` requests too): the header shares that read. */
const PAGES_READING_THE_CART = /^\/(cart|checkout)(\.data)?$/;

/** The requests that read the cart and its totals: the cart page, and checkout (its page and its form). */
function showsTotals(request: Request): boolean {
  const { pathname } = new URL(request.url);
  return /^\/checkout(\.data)?$/.test(pathname) || (request.method === "GET" && /^\/cart(\.data)?$/.test(pathname));
}

export function createCartHandler(session: CommerceSession) {
  let read: Promise<Cart | null> | null = null;
  /** Keeps `current` as the request's one cart read (forgotten if it fails), and the header count with it. */
  const keep = (current: Promise<Cart | null>) => {
    read = current;
    current.then(
      (cart) => session.rememberCartCount(cart?.itemCount ?? 0),
      () => {
        if (read === current) read = null;
      },
    );
    return current;
  };
  /** The SDK's answer behind `read`. */
  let rawRead: Promise<SdkCart | null> | null = null;
  const keepRead = (current: Promise<CartRead | null>) => {
    rawRead = current.then((found) => found?.raw ?? null);
    rawRead.catch(() => undefined);
    return keep(current.then((found) => found?.cart ?? null));
  };
  let totalsRead: Promise<{ cart: Cart; totals: CartTotals } | null> | null = null;
  /** The cart with its totals from one call, once per request (forgotten if it fails); its cart is the request's read. */
  const withTotals = (): Promise<{ cart: Cart; totals: CartTotals } | null> => {
    if (session.role === "none") return Promise.resolve(null);
    if (!totalsRead) {
      const both = mapLoaderErrors(() => readCartWithTotals(session));
      totalsRead = both;
      both.catch(() => {
        if (totalsRead === both) totalsRead = null;
      });
      if (!read) keepRead(both);
    }
    return totalsRead;
  };
  /** The request's reads are forgotten: the next one goes to the platform again. */
  const forget = () => {
    read = null;
    rawRead = null;
    totalsRead = null;
  };
  /** A change is going out: the next read goes to the platform again; the cart it answers gives the header count. */
  const change = async <T extends Cart | null>(call: (wix: Wix) => Promise<T>): Promise<T> => {
    const wix = await session.client();
    forget();
    const cart = await call(wix);
    session.rememberCartCount(cart?.itemCount ?? 0);
    return cart;
  };
  const get = (): Promise<Cart | null> => {
    if (session.role === "none") return Promise.resolve(null);
    if (read) return read;
    // The pages that show totals read the cart through them: one call instead of two one after the other.
    if (showsTotals(session.request)) return withTotals().then((found) => found?.cart ?? null);
    return keepRead(mapLoaderErrors(() => readCart(session)));
  };
  return {
    /** The caller's cart, or null when they have none (no tokens yet: no call at all). */
    get,
    /** The SDK's cart of the request's one read (the same call as `get`), or null without a cart. */
    async raw(): Promise<SdkCart | null> {
      await get();
      return (await rawRead) ?? null;
    },
    /**
     * What the header shows (decision 0066): the count the session keeps, with no call; the cart's own lines when
     * this request reads the cart anyway (the cart and checkout pages: their forms in flight change known lines) or
     * the count is unknown.
     * Null when the cart cannot be read now: the header then shows no count, never an error.
     */
    async headerCount(): Promise<CartCountSource | null> {
      const known = session.knownCartCount;
      if (known !== null && !PAGES_READING_THE_CART.test(new URL(session.request.url).pathname)) return { count: known, lines: [] };
      let cart: Cart | null;
      try {
        cart = await get();
      } catch {
        return null;
      }
      return { count: cart?.itemCount ?? 0, lines: (cart?.lines ?? []).map(({ id, quantity }) => ({ id, quantity })) };
    },
    /**
     * The cart with the platform's totals (its delivery method, or the site's default one), from one call; null
     * without a cart or a line. The request's cart read is this one's cart.
     */
    withTotals,
    /** The platform's totals for the cart as it is (its delivery method, or the site's default one). */
    async estimate(): Promise<CartTotals> {
      const known = totalsRead && (await totalsRead);
      return known ? known.totals : mapLoaderErrors(() => estimateTotals(session));
    },
    /**
     * The delivery options the site offers for this cart's lines (none when nothing is shipped), to a country: the
     * cart's destination by default, the site's own country until the buyer gave one.
     */
    deliveryOptions(cart: Cart, country = cart.destination ?? DEFAULT_COUNTRY): Promise<ShippingChoice[]> {
      return mapLoaderErrors(() => deliveryOptions(session, cart, country));
    },
    /**
     * Where the goods go, before the rest of the address: the cart's delivery options and VAT follow it (Update
     * Current Cart with the delivery address's country only).
     */
    setDestination: (country: string) =>
      change(async (wix) => toCart((await wix.currentCartV2.updateCurrentCart({ deliveryInfo: { address: { country } } })).cart)),
    add: (input: AddToCartInput) =>
      change(async (wix) => {
        const catalogReference = { appId: STORES_APP_ID, catalogItemId: input.productId, options: catalogOptions(input) };
        const { cart } = await wix.currentCartV2.addLineItemsToCurrentCart({
          catalogItems: [{ catalogReference, quantity: input.quantity }],
        });
        return toCart(cart);
      }),
    updateLine: (lineId: string, quantity: number) =>
      change(async (wix) =>
        toCart(
          (
            await wix.currentCartV2.updateLineItemsInCurrentCart({
              lineItems: [{ lineItemId: lineId, quantity: { newQuantity: quantity } }],
            })
          ).cart,
        ),
      ),
    removeLine: (lineId: string) =>
      change(async (wix) => {
        const { cart } = await wix.currentCartV2.removeLineItemsFromCurrentCart([lineId]);
        return cart ? toCart(cart) : null;
      }),
    applyCoupon: (code: string) => change((wix) => replaceCoupon(wix, code)),
    removeCoupon: () =>
      change(async (wix) => {
        const cart = await get();
        if (!cart?.couponId) return cart;
        return toCart((await wix.currentCartV2.removeCouponFromCurrentCart(cart.couponId)).cart);
      }),
    /** The delivery method the buyer chose (a code from `deliveryOptions`). */
    setDelivery: (code: string, appId?: string) =>
      change(async (wix) => toCart((await wix.currentCartV2.setDeliveryMethodForCurrentCart({ code, ...(appId ? { appId } : {}) })).cart)),
    /**
     * For another handler whose call changes the cart (checkout writes the buyer's details into it, then the buyer
     * pays on Wix's page, which turns the cart into an order): the header count is unknown until the next read.
     */
    changing: async <T>(call: (wix: Wix) => Promise<T>): Promise<T> => {
      const wix = await session.client();
      forget();
      session.rememberCartCount(null);
      return call(wix);
    },
  };
}

async function deliveryOptions(session: CommerceSession, cart: Cart, country: string): Promise<ShippingChoice[]> {
  const physical = cart.lines.filter((line) => !line.digital);
  if (physical.length === 0) return [];
  const wix = await session.client();
  const { deliverySolutions } = await wix.deliverySolutions.getDeliverySolutions(
    cart.lines.map((line) => ({
      _id: line.id,
      quantity: line.quantity,
      catalogReference: { appId: STORES_APP_ID, catalogItemId: line.productId },
      physicalProperties: { shippable: !line.digital },
    })),
    { destination: { country }, currency: cart.currency },
  );
  return (deliverySolutions ?? []).map((solution) => {
    const code: string = solution.deliveryReference?.code ?? solution.code ?? "";
    return {
      code,
      ...(solution.deliveryReference?.appId ? { appId: solution.deliveryReference.appId as string } : {}),
      title: solution.title ?? code,
      price: moneyIn(solution.cost?.deliveryPrice ?? { amount: solution.cost?.price }, cart.currency),
      deliveryTime: solution.logistics?.deliveryTime ?? undefined,
      pickup: !!solution.logistics?.pickupDetails,
      ...(pickupPlaceOf(solution.logistics) ? { pickupPlace: pickupPlaceOf(solution.logistics) } : {}),
    };
  });
}

async function estimateTotals(session: CommerceSession): Promise<CartTotals> {
  const wix = await session.client();
  return totalsOf(await wix.currentCartV2.estimateCurrentCart({ calculateDelivery: true, calculateTax: true }));
}

type Estimate = Awaited<ReturnType<Wix["currentCartV2"]["estimateCurrentCart"]>>;

/** The totals of an Estimate Current Cart answer, as the pages show them. */
function totalsOf({ cart, summary }: Estimate): CartTotals {
  const currency: string = cart?.businessInfo?.currencyCode ?? "EUR";
  const price = summary?.priceSummary;
  // Prices include VAT: `priceSummary.tax` is 0 then, and the VAT is in `taxSummary.taxes`, one entry a rate.
  const taxes = summary?.taxSummary?.taxes ?? [];
  const vatCents = taxes.reduce((sum, tax) => sum + Math.round(Number(tax.amount?.amount ?? 0) * 100), 0);
  const blockedLines: string[] = [];
  for (const violation of summary?.violations ?? [])
    if (violation.severity === "ERROR") blockedLines.push(...(violation.lineItemsOutOfStockData?.lineItemIds ?? []));
  for (const line of cart?.lineItems ?? [])
    if (line._id && line.status && line.status !== "IN_STOCK" && !blockedLines.includes(line._id)) blockedLines.push(line._id);
  const method = summary?.deliverySummary?.method;
  return {
    subtotal: moneyIn(price?.subtotal, currency),
    discount: moneyIn(price?.discount, currency),
    shipping: moneyIn(price?.delivery, currency),
    tax: moneyIn({ amount: (vatCents / 100).toFixed(2) }, currency),
    total: moneyIn(price?.total, currency),
    shippingOptions: [],
    selectedShipping: method?.code ?? undefined,
    shippingTitle: method?.title?.translated ?? method?.title?.original ?? undefined,
    noShipping: !summary?.deliverySummary,
    blockedLines,
    vat: {
      rates: taxes
        .filter((tax) => Number(tax.amount?.amount ?? 0) > 0)
        .map((tax) => ({ label: tax.name?.translated ?? tax.name?.original ?? "TVA", amount: moneyIn(tax.amount, currency) })),
      exempt: Number(summary?.taxSummary?.totalExempt?.amount ?? 0) > 0,
    },
  };
}
