import { createHash } from "node:crypto";
import { sealValue, unsealValue } from "../account/cookie-crypto.server";
import { getConfig } from "../site/config.server";
import type { Cart, ShippingChoice } from "~/models/cart";
import { DEFAULT_COUNTRY } from "~/models/countries";

/**
 * The delivery options the checkout page showed, handed to its form's answer (docs/decisions/0081-*): reading them
 * again is a round trip to Wix before the buyer can leave for the payment page. They travel in a hidden field,
 * sealed with the site's secret (AES-GCM, as the cookies: a buyer can neither read nor change them), with the cart
 * they were read for (its id, lines and currency) and the destination: the checkout's answer uses them only for that
 * very cart, within the hour, and asks the platform again otherwise. The platform still refuses a code it does not
 * offer: the seal only spares the read, never the platform's checks.
 */

const PURPOSE = "checkout-delivery-offer";
const TTL_SECONDS = 60 * 60;
/** The destination the options are read for until the cart has one (the cart handler's default). */
export const OFFER_COUNTRY = DEFAULT_COUNTRY;

export interface DeliveryOffer {
  /** What they were read for: `offerKey` of the cart and destination. */
  key: string;
  /** The destination they were read for: a buyer who types another country gets that country's options. */
  country: string;
  options: ShippingChoice[];
  /** The cart's delivery method when the page was drawn (the form's default). */
  shippingCode?: string;
  /** Whether a line is digital (the withdrawal waiver is then required). */
  digital: boolean;
}

/** What the options depend on: the cart (its id, lines, quantities and currency) and the destination. */
export function offerKey(cart: Cart, country = cart.destination ?? OFFER_COUNTRY): string {
  const lines = cart.lines.map((l) => [l.id, l.productId, l.variantId ?? "", l.quantity, l.digital ? 1 : 0].join(":")).sort();
  return createHash("sha256")
    .update(JSON.stringify([cart.id, cart.currency, country, lines]))
    .digest("base64url");
}

export function sealDeliveryOffer(cart: Cart, options: ShippingChoice[], nowSeconds = Math.floor(Date.now() / 1000)): string {
  const offer: DeliveryOffer = {
    key: offerKey(cart),
    country: cart.destination ?? OFFER_COUNTRY,
    options,
    ...(cart.shippingCode ? { shippingCode: cart.shippingCode } : {}),
    digital: cart.lines.some((line) => line.digital),
  };
  return sealValue({ p: PURPOSE, e: nowSeconds + TTL_SECONDS, offer }, getConfig().sessionSecrets);
}

const isOption = (o: unknown): o is ShippingChoice =>
  typeof o === "object" &&
  o !== null &&
  typeof (o as ShippingChoice).code === "string" &&
  typeof (o as ShippingChoice).pickup === "boolean";

/** The offer a form sent back, or null: absent, not sealed by this site, of another purpose, or expired. */
export function openDeliveryOffer(token: unknown, nowSeconds = Math.floor(Date.now() / 1000)): DeliveryOffer | null {
  const sealed = unsealValue(token, getConfig().sessionSecrets) as { p?: unknown; e?: unknown; offer?: Partial<DeliveryOffer> } | null;
  if (!sealed || sealed.p !== PURPOSE || typeof sealed.e !== "number" || sealed.e < nowSeconds) return null;
  const offer = sealed.offer;
  if (!offer || typeof offer.key !== "string" || typeof offer.country !== "string") return null;
  if (!Array.isArray(offer.options) || !offer.options.every(isOption)) return null;
  return {
    key: offer.key,
    country: offer.country,
    options: offer.options,
    ...(typeof offer.shippingCode === "string" ? { shippingCode: offer.shippingCode } : {}),
    digital: offer.digital === true,
  };
}
