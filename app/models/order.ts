import type { Money, PickupPlace, VatBreakdown } from "./cart";
import type { ShipmentView } from "./order-life";
import type { ResponsiveImage } from "./media";

/** An order as the thank-you page and the member's order pages show it (built in app/.server/checkout/checkout.server.ts). */

export interface OrderAddress {
  name?: string;
  lines: string[];
}

export interface OrderLineView {
  id: string;
  name: string;
  url?: string;
  image?: ResponsiveImage;
  options: Array<{ name: string; value: string }>;
  quantity: number;
  unitPrice: Money;
  total: Money;
  /** Nothing to ship (Wix `itemType.preset` DIGITAL: trainings, audits, e-books). */
  digital: boolean;
  /** The file of a paid digital line (Wix `digitalFile.link`): a signed link, valid until `expires` (ISO date). */
  download?: { url: string; expires?: string };
}

export interface OrderView {
  id: string;
  number: string;
  createdDate?: string;
  email?: string;
  paymentStatus: string;
  paymentStatusLabel: string;
  /** Pay on delivery, not yet confirmed by its buyer from the e-mailed link (Wix status INITIALIZED): no stock taken. */
  awaitingConfirmation: boolean;
  lines: OrderLineView[];
  subtotal: Money;
  discount: Money;
  shipping: Money;
  tax: Money;
  /** The order's VAT rate by rate, and whether part of it left the EU without VAT. */
  vat: VatBreakdown;
  total: Money;
  couponCode?: string;
  shippingTitle?: string;
  pickup: boolean;
  /** Where and when to collect a pickup order. */
  pickupPlace?: PickupPlace;
  /** Every line is digital: no shipping to speak of. */
  digitalOnly: boolean;
  shippingAddress?: OrderAddress;
  billingAddress?: OrderAddress;
}

/** An order in the member's account: with its French status labels. */
export interface MemberOrder extends OrderView {
  statusLabel: string;
  fulfillmentStatusLabel: string;
  /** Its parcels or pickup (orderFulfillments), on the order's own page. */
  shipments?: ShipmentView[];
  /** What was refunded so far (Wix's balanceSummary.refunded), when anything was. */
  refunded?: Money;
  /** Where its invoice is downloaded, once the order was paid (the member's own route, or a signed link for a guest). */
  invoiceHref?: string;
  /** The credit notes of its refunds, beside the invoice they correct. */
  creditNotes?: CreditNoteLink[];
}

/** A refund's credit note (facture d'avoir) as the buyer's and the owner's order pages offer it. */
export interface CreditNoteLink {
  number: string;
  /** What it gives back, VAT included. */
  amount: Money;
  issuedAt: string;
  href: string;
}
