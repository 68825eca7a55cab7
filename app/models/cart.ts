import type { ResponsiveImage } from "./media";
/**
 * The cart as pages and components see it: plain data the server builds from the SDK's cart
 * (app/.server/cart/cart.server.ts) and components render or update optimistically.
 */

export interface Money {
  amount: string; // decimal string, e.g. "12.50"
  formatted: string; // "12,50 €"
}

export interface CartLine {
  id: string;
  productId: string;
  /** The catalog variant of the line (Wix `catalogReference.options.variantId`), when it names one. */
  variantId?: string;
  name: string;
  url?: string;
  image?: ResponsiveImage;
  options: Array<{ name: string; value: string; color?: string }>;
  quantity: number;
  unitPrice: Money;
  fullPrice: Money;
  linePrice: Money;
  availability: { status: string; quantityAvailable?: number };
  /** Nothing to ship (Wix `itemType.preset` DIGITAL): the buyer must waive the withdrawal right to get it at once. */
  digital: boolean;
}

export interface Cart {
  id: string;
  lines: CartLine[];
  itemCount: number;
  couponCode?: string;
  /** The coupon's id in the cart (Cart V2 removes a coupon by it). */
  couponId?: string;
  currency: string;
  /** The delivery method chosen on the cart, if any. */
  shippingCode?: string;
  /** The country of the cart's delivery address, once the buyer gave one: delivery and VAT follow it. */
  destination?: string;
}

export interface ShippingChoice {
  code: string;
  /** The carrier app that offers it (Set Delivery Method names both). */
  appId?: string;
  title: string;
  price: Money;
  deliveryTime?: string;
  /** Collected by the buyer (Wix `logistics.pickupDetails`): nothing to deliver, no delivery address. */
  pickup: boolean;
  /** Where and when to collect it, when the platform says. */
  pickupPlace?: PickupPlace;
}

/** Where and when a pickup is collected (Wix `logistics.pickupDetails.address` and `logistics.instructions`). */
export interface PickupPlace {
  /** One line: "12 rue des Artisans, 69002 Lyon". */
  address?: string;
  /** Free text from the site's settings: the opening hours. */
  instructions?: string;
}

/**
 * The VAT inside a set of prices, rate by rate (prices include it): what the cart, checkout, thank-you and order pages
 * show under the total, and what the invoice breaks down. `exempt`: part of it is sold without VAT (goods leaving the
 * EU), which the pages and the invoice say with the article of the tax code that exempts it.
 */
export interface VatBreakdown {
  rates: Array<{ label: string; amount: Money }>;
  exempt: boolean;
}

export interface CartTotals {
  subtotal: Money;
  discount: Money;
  shipping: Money;
  tax: Money;
  total: Money;
  /** The delivery options to choose from (the checkout lists them; empty elsewhere). */
  shippingOptions: ShippingChoice[];
  /** The delivery method these totals count (the cart's, or the site's default). */
  selectedShipping?: string;
  shippingTitle?: string;
  /** Nothing to deliver (digital items only): no delivery line at all. */
  noShipping: boolean;
  /** Line ids that block checkout (out of stock, vanished), with the platform's suggestion. */
  blockedLines: string[];
  /** The VAT rate by rate, for the destination the cart has (France until the buyer gives an address). */
  vat: VatBreakdown;
}
