// Cart V2 on the wire (`@wix/ecom` cartV2 / currentCartV2, REST names of the SDK's meta typings): the Cart, its line
// items and the CartSummary of estimate/calculate, built from the same rows and priced lines as Cart V1.
import type { Ctx } from "../../core/context";
import { STORES_APP_ID, currency, decimal, newId } from "../../core/context";
import { rateName, rateWire } from "../pricing/tax";
import type { PricedLine, ShippingOptionRec, Totals } from "../pricing/pricing";
import {
  COUPON_REFUSAL_MESSAGES,
  DELIVERY_APP_ID,
  addressToWire,
  isPickup,
  linePagePath,
  lineImage,
  lineTaxOf,
  optionDescriptionLines,
  unavailableText,
} from "../pricing/pricing";

/** The cart row fields the V2 wire reads (ecom/cart/cart-store.ts's CartRow adds V1's checkout link). */
export interface CartV2Source {
  id: string;
  /** `m:<memberId>` / `v:<visitorId>` for a current cart; `cart:<id>` once it is no longer anyone's current cart. */
  owner: string;
  buyer_note: string | null;
  coupon_code: string | null;
  contact_info: string | null;
  selected_shipping: string | null;
  email: string | null;
  /** Follows the cart into its checkout and order (Wix's purchase flow). */
  purchase_flow_id: string | null;
  /** Cart V2's `revision`: +1 on every change, whichever API made it. */
  revision: number;
  /** Cart V2's `paymentInfo`: `{address, contactDetails}` of the billing side (V1 carts have none). */
  billing: string | null;
  custom_checkout_url: string | null;
  /** Set once the cart became an order (Cart V2's `orderPlaced`/`orderId`). */
  order_id: string | null;
  /** The buyer's owner key once `owner` no longer is (a placed or replaced cart), for the by-id reads. */
  placed_by: string | null;
  created_date: string;
  updated_date: string;
}

/** Cart V2's ConvertedMoney: two decimal strings, no formatting (the V2 typings have no formattedAmount). */
export function money(cents: number) {
  const amount = decimal(cents);
  return { amount, convertedAmount: amount };
}

/** The buyer's owner key: the current owner, or whoever it was before the cart became an order. */
export function buyerOwner(cart: Pick<CartV2Source, "owner" | "placed_by">): string {
  return cart.placed_by ?? cart.owner;
}

export type ItemStatus = "IN_STOCK" | "PARTIALLY_IN_STOCK" | "OUT_OF_STOCK" | "REMOVED_FROM_CATALOG";

export function itemStatus(line: PricedLine): ItemStatus {
  if (line.status === "NOT_FOUND") return "REMOVED_FROM_CATALOG";
  if (line.status === "NOT_AVAILABLE") return "OUT_OF_STOCK";
  if (line.status === "PARTIALLY_AVAILABLE") return "PARTIALLY_IN_STOCK";
  return "IN_STOCK";
}

function confirmedQuantity(line: PricedLine): number {
  if (line.status === "NOT_FOUND" || line.status === "NOT_AVAILABLE") return 0;
  return line.quantityAvailable === null ? line.ref.quantity : Math.min(line.ref.quantity, line.quantityAvailable);
}

const text = (s: string) => ({ original: s, translated: s });

/** V1's option lines without what the V2 DescriptionLine has not (`lineType`, the deprecated `color`). */
function descriptionLinesV2(options: Parameters<typeof optionDescriptionLines>[0], choices: Record<string, string>) {
  return optionDescriptionLines(options, choices).map((d) =>
    "colorInfo" in d ? { name: d.name, colorInfo: d.colorInfo } : { name: d.name, plainText: d.plainText },
  );
}

/** A V2 Address: V1's without `formattedAddress` (not in the V2 typings). */
function addressV2(a: Record<string, unknown> | null | undefined) {
  const wire = addressToWire(a);
  if (!wire) return undefined;
  const { formattedAddress: _formatted, ...rest } = wire;
  return rest;
}

export function lineItemV2Wire(ctx: Ctx, line: PricedLine, appOrigin: string) {
  const p = line.product;
  const name = p?.name ?? line.ref.snapshot.name ?? "Article indisponible";
  const slug = p?.slug ?? line.ref.snapshot.slug;
  const image = p ? lineImage(ctx, line, appOrigin) : undefined;
  // The same page as the V1 line's `url` (PageUrlV2 on the wire: the SDK keeps `url`).
  const relativePath = linePagePath(slug);
  const available = line.quantityAvailable;
  return {
    id: line.ref.id,
    name: text(name),
    quantityInfo: {
      confirmedQuantity: confirmedQuantity(line),
      requestedQuantity: line.ref.quantity,
      ...(available !== null ? { availableQuantity: available } : {}),
      fixedQuantity: false,
    },
    pricing: {
      unitPrice: money(line.unitCents),
      totalPrice: money(line.lineCents),
      priceUndetermined: false,
      breakdown: { fullPrice: money(line.fullCents), salePrice: money(line.unitCents), totalModifiersPrice: money(0) },
    },
    source: {
      catalogReference: {
        catalogItemId: line.ref.productId,
        appId: STORES_APP_ID,
        ...(line.ref.options ? { options: line.ref.options } : {}),
      },
      rootCatalogItemId: line.ref.productId,
    },
    attributes: {
      descriptionLines: p && line.variant ? descriptionLinesV2(p.options, line.variant.choices) : [],
      ...(image ? { image } : {}),
      url: { relativePath, url: `${appOrigin}${relativePath}` },
      policies: [],
      itemType: { preset: line.physical ? "PHYSICAL" : "DIGITAL" },
      physicalProperties: { weight: p?.weight ?? 0, sku: line.variant?.sku || p?.sku || "", shippable: line.physical },
      membersOnly: false,
    },
    deliveryConfig: {},
    // Goods are taxed where they are shipped, services where the business is (ecom/pricing/tax.ts).
    taxConfig: {
      taxableAddress: { addressType: line.physical ? "SHIPPING" : "BUSINESS" },
      ...(p?.taxGroupId ? { taxGroupId: p.taxGroupId } : {}),
    },
    paymentConfig: { savePaymentMethod: false, paymentOption: "FULL_PAYMENT_ONLINE" },
    status: itemStatus(line),
    modifierGroups: [],
    // The one coupon is a cart-subtotal discount (summary.discounts), not an item-level one.
    discounts: [],
    customLineItem: false,
  };
}

interface StoredContact {
  address?: Record<string, unknown> | null;
  contactDetails?: Record<string, unknown> | null;
}

export function storedContact(raw: string | null): StoredContact {
  return raw ? (JSON.parse(raw) as StoredContact) : {};
}

export function deliveryMethodWire(o: ShippingOptionRec) {
  return { code: o.code, appId: DELIVERY_APP_ID, title: text(o.title), pickup: isPickup(o) };
}

export interface CartV2Extras {
  /** Owner's details for `customerInfo` (visitor or member ids, the member's contact). */
  customer: { visitorId?: string; memberId?: string; contactId?: string; email?: string };
  /** Every shipping option (the chosen method's title comes from there). */
  options: ShippingOptionRec[];
  /** The coupon row behind `coupon_code` (its id is the cart coupon's id). */
  coupon: { id: string; code: string } | null;
  current: boolean;
}

export function cartV2Wire(ctx: Ctx, cart: CartV2Source, lines: PricedLine[], extras: CartV2Extras, appOrigin: string) {
  const cur = currency(ctx);
  const contact = storedContact(cart.contact_info);
  const billing = storedContact(cart.billing);
  const details = contact.contactDetails ?? {};
  const method = cart.selected_shipping ? extras.options.find((o) => o.code === cart.selected_shipping) : undefined;
  const address = addressV2(contact.address);
  const billingAddress = addressV2(billing.address);
  const counted = lines.filter((l) => l.status !== "NOT_FOUND");
  const { visitorId, memberId, contactId } = extras.customer;
  const email = cart.email ?? extras.customer.email;
  return {
    id: cart.id,
    createdDate: cart.created_date,
    updatedDate: cart.updated_date,
    revision: String(cart.revision),
    lineItems: lines.map((l) => lineItemV2Wire(ctx, l, appOrigin)),
    subtotal: money(counted.reduce((s, l) => s + l.lineCents, 0)),
    ...(cart.buyer_note ? { note: cart.buyer_note } : {}),
    coupons: extras.coupon ? [{ id: extras.coupon.id, code: extras.coupon.code }] : [],
    source: { channelType: "WEB", createdBy: memberId ? { memberId } : { visitorId } },
    businessInfo: { languageCode: "fr", currencyCode: cur },
    customerInfo: {
      ...(memberId ? { memberId } : { visitorId }),
      openAccess: false,
      ...details,
      ...(email ? { email } : {}),
      ...(contactId ? { contactId } : {}),
      languageCode: "fr",
      currencyCode: cur,
    },
    deliveryInfo: {
      ...(address ? { address } : {}),
      ...(method ? { method: deliveryMethodWire(method) } : {}),
      weightUnit: "KG",
    },
    taxInfo: { pricesIncludeTax: true },
    paymentInfo: {
      giftCards: [],
      currencyCode: cur,
      ...(billingAddress ? { billingAddress } : {}),
      ...(billing.contactDetails ? { billingContact: billing.contactDetails } : {}),
    },
    orderPlaced: !!cart.order_id,
    ...(cart.order_id ? { orderId: cart.order_id } : {}),
    ...(cart.purchase_flow_id ? { purchaseFlowId: cart.purchase_flow_id } : {}),
    settings: {},
    ...(cart.custom_checkout_url ? { customCheckoutUrl: cart.custom_checkout_url } : {}),
    currentCart: extras.current,
    demo: false,
  };
}

// ---------------------------------------------------------------- violations

/**
 * Cart V2 `violations` (ViolationCode of the typings): an empty cart, lines that cannot be bought as asked (one
 * LINE_ITEMS_OUT_OF_STOCK listing them), a coupon whose code no longer exists. Errors block Place Order.
 */
export function violationsV2(t: Totals, couponGone: string | null) {
  const out: Record<string, unknown>[] = [];
  if (!t.lines.length) out.push({ scope: "GLOBAL", code: "EMPTY_CART", severity: "ERROR", description: "Le panier est vide." });
  const bad = t.lines.filter((l) => l.status !== "AVAILABLE");
  if (bad.length)
    out.push({
      scope: "LINE_ITEM",
      code: "LINE_ITEMS_OUT_OF_STOCK",
      severity: "ERROR",
      description: bad.map(unavailableText).join(" "),
      lineItemsOutOfStockData: { lineItemIds: bad.map((l) => l.ref.id), allLineItemsOutOfStock: bad.length === t.lines.length },
    });
  if (t.couponRefused)
    out.push({
      scope: "DISCOUNT",
      code: "INVALID_COUPON_STATUS",
      severity: "ERROR",
      description: COUPON_REFUSAL_MESSAGES[t.couponRefused.reason],
      invalidCouponStatusData: { couponCode: t.couponRefused.code, reason: t.couponRefused.reason },
    });
  if (couponGone)
    out.push({
      scope: "DISCOUNT",
      code: "INVALID_COUPON_CODE",
      severity: "ERROR",
      description: `Le code promo « ${couponGone} » n'existe plus.`,
      invalidCouponCodeData: { couponCode: couponGone },
    });
  return out;
}

// ---------------------------------------------------------------- summary

export interface SummaryParts {
  delivery: boolean;
  tax: boolean;
}

/**
 * The CartSummary of estimate and calculate. Prices include VAT: `priceSummary.tax` is 0 (the typings: "when
 * pricesIncludeTax is true … this field is 0") and the VAT is in `taxSummary.taxes`. Without `delivery` the summary
 * has no delivery cost; with it, the chosen method or else the first one (as Cart V1's totals).
 */
export function summaryV2Wire(ctx: Ctx, cart: CartV2Source, t: Totals, parts: SummaryParts, couponGone: string | null) {
  const counted = t.lines.filter((l) => l.status !== "NOT_FOUND");
  const delivery = parts.delivery ? t.shipping : 0;
  const total = t.subtotal - t.discount + delivery;
  // Without the delivery, its VAT is left out of the rates it falls under.
  const taxes = t.taxes
    .map((r) =>
      !parts.delivery && t.shipping && !t.shippingTax.exempt && r.ratePercent === t.shippingTax.ratePercent
        ? { ...r, grossCents: r.grossCents - t.shipping, taxCents: r.taxCents - t.shippingTax.taxCents }
        : r,
    )
    .filter((r) => r.grossCents > 0);
  const exempt = t.exempt - (!parts.delivery && t.shippingTax.exempt ? t.shipping : 0);
  return {
    cartId: cart.id,
    cartRevision: String(cart.revision),
    calculationId: newId(),
    lineItems: counted.map((l) => ({
      lineItemId: l.ref.id,
      quantity: l.ref.quantity,
      unitPrice: money(l.unitCents),
      totalPrice: money(l.lineCents),
    })),
    discounts: t.coupon
      ? [
          {
            name: text(t.coupon.name),
            source: { sourceType: "COUPON", couponCode: t.coupon.code },
            scope: "CART_SUBTOTAL",
            total: money(t.discount),
            lineItemDiscounts: counted.map((l) => ({ lineItemId: l.ref.id, amountOff: money(t.lineDiscounts.get(l.ref.id) ?? 0) })),
          },
        ]
      : [],
    ...(parts.delivery && t.selected ? { deliverySummary: { method: deliveryMethodWire(t.selected), price: money(t.shipping) } } : {}),
    additionalFees: [],
    taxSummary: parts.tax
      ? {
          // One entry a rate; `taxableAmount` is the amount before VAT (prices include it).
          taxes: taxes.map((r) => ({
            name: text(rateName(r.ratePercent)),
            taxableAmount: money(r.grossCents - r.taxCents),
            amount: money(r.taxCents),
          })),
          totalExempt: money(exempt),
          pricesIncludeTax: true,
          lineItemTaxes: counted.map((l) => {
            const tax = lineTaxOf(t, l);
            return { lineItemId: l.ref.id, tax: money(tax.taxCents), rate: rateWire(tax.ratePercent) };
          }),
          ...(parts.delivery && t.selected ? { deliveryTax: money(t.shippingTax.taxCents) } : {}),
          additionalFeeTaxes: [],
        }
      : { taxes: [], pricesIncludeTax: true, lineItemTaxes: [], additionalFeeTaxes: [] },
    priceSummary: {
      subtotal: money(t.subtotal),
      discount: money(t.discount),
      delivery: money(delivery),
      additionalFees: money(0),
      tax: money(0),
      total: money(total),
    },
    paymentSummary: {
      giftCards: [],
      memberships: [],
      subscriptionCharges: [],
      requiresPaymentAfterGiftCard: total > 0,
      totalAfterGiftCards: money(total),
      payNow: money(total),
      payLater: money(0),
    },
    // Deprecated in the typings (replaced by `violations`), still answered.
    calculationErrors: { orderValidationErrors: [] },
    spiViolations: [],
    violations: violationsV2(t, couponGone),
  };
}
