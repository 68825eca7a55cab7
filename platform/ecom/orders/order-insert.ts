// An order as it is stored: its number, its frozen prices and lines, its parties; written in one statement.
import { buyerInfoWire } from "../cart/cart-v1";
import type { CheckoutData } from "../checkout/checkout-v1";
import { createdByWire } from "../checkout/checkout-v1";
import type { Ctx } from "../../core/context";
import { SHIPPING_CARRIER_ID, currency, newId, orderPrice } from "../../core/context";
import { nowIso } from "../../core/db";
import { emailKey, mailboxKey } from "../../core/email";
import type { PricedLine, Totals } from "../pricing/pricing";
import { addressToWire, isPickup, lineTaxOf, logisticsWire, optionDescriptionLines } from "../pricing/pricing";
import { BUSINESS_COUNTRY, rateName, rateWire } from "../pricing/tax";
import { balanceSummary } from "../after-sale/payments";

export function nextOrderNumber(ctx: Ctx): string {
  const row = ctx.db.prepare("SELECT MAX(CAST(number AS INTEGER)) AS n FROM orders").get() as { n: number | null };
  return String(Math.max(10000, row.n ?? 0) + 1);
}

/**
 * An order's first fields, from a checkout or from a draft alike: its id, number and dates (all the moment it is
 * placed), lines, buyer, statuses, this site's constants (French, kilograms, tax included) and its price summary.
 */
export function orderHead<L>(
  cur: string,
  o: {
    id: string;
    number: string;
    created: string;
    lineItems: L[];
    buyerInfo: unknown;
    paymentStatus: string;
    fulfillmentStatus: string;
    status: string;
    priceSummary: ReturnType<typeof orderPriceSummary>;
  },
) {
  return {
    id: o.id,
    number: o.number,
    createdDate: o.created,
    updatedDate: o.created,
    purchasedDate: o.created,
    lineItems: o.lineItems,
    buyerInfo: o.buyerInfo,
    paymentStatus: o.paymentStatus,
    fulfillmentStatus: o.fulfillmentStatus,
    status: o.status,
    buyerLanguage: "fr",
    siteLanguage: "fr",
    weightUnit: "KG",
    currency: cur,
    taxIncludedInPrices: true,
    priceSummary: o.priceSummary,
  };
}

/** An order's priceSummary in cents (Wix repeats the total under four names), the same for every kind of order. */
export function orderPriceSummary(
  cur: string,
  c: { subtotal: number; shipping: number; tax: number; discount: number; total: number; fees: number },
) {
  return {
    subtotal: orderPrice(c.subtotal, cur),
    shipping: orderPrice(c.shipping, cur),
    tax: orderPrice(c.tax, cur),
    discount: orderPrice(c.discount, cur),
    total: orderPrice(c.total, cur),
    totalPrice: orderPrice(c.total, cur),
    totalWithGiftCard: orderPrice(c.total, cur),
    totalWithoutGiftCard: orderPrice(c.total, cur),
    totalAdditionalFees: orderPrice(c.fees, cur),
  };
}

export interface OrderInput {
  owner: string;
  totals: Totals;
  data: Pick<
    CheckoutData,
    "email" | "shippingAddress" | "billingAddress" | "contactDetails" | "buyerNote" | "channelType" | "purchaseFlowId"
  >;
  status: "INITIALIZED" | "APPROVED" | "CANCELED";
  paymentStatus: string;
  fulfillmentStatus: string;
  number?: string;
  createdDate?: string;
  checkoutId?: string | null;
  /** The cart the checkout came from (Wix keeps it on the order as cartId). */
  cartId?: string | null;
  /** The card was only authorized (PLATFORM_PAYMENT_CAPTURE=manual): the owner captures or voids it. */
  authorized?: boolean;
}

/** Builds and stores an order; prices are frozen in it, images/URLs are resolved at read time. */
export function insertOrder(ctx: Ctx, input: OrderInput): string {
  const cur = currency(ctx);
  const t = input.totals;
  const id = newId();
  const number = input.number ?? nextOrderNumber(ctx);
  const created = input.createdDate ?? nowIso();
  const lines = t.lines.filter((l) => l.status !== "NOT_FOUND");
  const lineItems = lines.map((l: PricedLine) => {
    const disc = t.lineDiscounts.get(l.ref.id) ?? 0;
    const after = l.lineCents - disc;
    const lineTax = lineTaxOf(t, l);
    const tax = lineTax.taxCents;
    const rate = rateWire(lineTax.ratePercent);
    const p = l.product!;
    return {
      id: newId(),
      productName: { original: p.name, translated: p.name },
      catalogReference: {
        catalogItemId: p.id,
        appId: "215238eb-22a5-4c36-9e7b-e7c08025e04e",
        // Echoed exactly as the cart line was added (no form is rewritten into another).
        ...(l.ref.options ? { options: l.ref.options } : {}),
      },
      quantity: l.ref.quantity,
      totalDiscount: orderPrice(disc, cur),
      descriptionLines: l.variant ? optionDescriptionLines(p.options, l.variant.choices) : [],
      _imagePath: p.media[0] ?? null,
      _variantId: l.variant?.id ?? null,
      _slug: p.slug,
      physicalProperties: { weight: p.weight ?? 0, sku: l.variant?.sku || p.sku, shippable: l.physical },
      itemType: { preset: l.physical ? "PHYSICAL" : "DIGITAL" },
      price: orderPrice(l.unitCents, cur),
      priceBeforeDiscounts: orderPrice(l.fullCents, cur),
      totalPriceBeforeTax: orderPrice(after - tax, cur),
      totalPriceAfterTax: orderPrice(after, cur),
      lineItemPrice: orderPrice(l.lineCents, cur),
      paymentOption: "FULL_PAYMENT_ONLINE",
      taxDetails: { taxableAmount: orderPrice(after, cur), taxRate: rate, totalTax: orderPrice(tax, cur) },
      rootCatalogItemId: p.id,
      // Inventory locations the line's stock came from: this store has one, Wix answers the empty list for it.
      locations: [],
      refundQuantity: 0,
      restockQuantity: 0,
      taxInfo: {
        taxAmount: orderPrice(tax, cur),
        taxIncludedInPrice: true,
        taxRate: rate,
        ...(p.taxGroupId ? { taxGroupId: p.taxGroupId } : {}),
      },
    };
  });
  const contact = input.data.contactDetails ?? undefined;
  const shipAddr = addressToWire(input.data.shippingAddress);
  const shipTax = t.shippingTax.taxCents;
  const shippingInfo = t.selected
    ? {
        carrierId: SHIPPING_CARRIER_ID,
        code: t.selected.code,
        title: t.selected.title,
        logistics: isPickup(t.selected)
          ? logisticsWire(t.selected)
          : {
              deliveryTime: t.selected.delivery_time ?? "3 à 5 jours ouvrés",
              ...(shipAddr ? { shippingDestination: { address: shipAddr, ...(contact ? { contactDetails: contact } : {}) } } : {}),
            },
        cost: {
          price: orderPrice(t.shipping, cur),
          totalPriceBeforeTax: orderPrice(t.shipping - shipTax, cur),
          totalPriceAfterTax: orderPrice(t.shipping, cur),
          taxDetails: { taxRate: rateWire(t.shippingTax.ratePercent), totalTax: orderPrice(shipTax, cur) },
          discount: orderPrice(0, cur),
        },
      }
    : undefined;
  const paid = input.paymentStatus === "PAID";
  const activities = [{ id: newId(), createdDate: created, type: "ORDER_PLACED" }];
  if (paid) activities.push({ id: newId(), createdDate: created, type: "ORDER_PAID" });
  if (input.fulfillmentStatus === "FULFILLED") activities.push({ id: newId(), createdDate: created, type: "ORDER_FULFILLED" });
  if (input.status === "CANCELED") activities.push({ id: newId(), createdDate: created, type: "ORDER_CANCELED" });
  const priceSummary = orderPriceSummary(cur, {
    subtotal: t.subtotal,
    shipping: t.shipping,
    tax: t.tax,
    discount: t.discount,
    total: t.total,
    fees: 0,
  });
  const order = {
    ...orderHead(cur, {
      id,
      number,
      created,
      lineItems,
      buyerInfo: buyerInfoWire(ctx, input.owner, input.data.email),
      paymentStatus: input.paymentStatus,
      fulfillmentStatus: input.fulfillmentStatus,
      status: input.status,
      priceSummary,
    }),
    billingInfo: {
      ...(input.data.billingAddress ? { address: addressToWire(input.data.billingAddress) } : {}),
      ...(contact ? { contactDetails: contact } : {}),
    },
    ...(shippingInfo ? { shippingInfo } : {}),
    ...(shipAddr ? { recipientInfo: { address: shipAddr, ...(contact ? { contactDetails: contact } : {}) } } : {}),
    buyerNote: input.data.buyerNote ?? "",
    archived: false,
    taxSummary: { totalTax: orderPrice(t.tax, cur) },
    taxInfo: {
      totalTax: orderPrice(t.tax, cur),
      // One entry a rate collected (France's rates, wherever in the EU the goods go); nothing for an export.
      taxBreakdown: t.taxes.map((r) => ({
        taxName: rateName(r.ratePercent),
        taxType: "VAT",
        jurisdiction: t.destination ?? BUSINESS_COUNTRY,
        jurisdictionType: "COUNTRY",
        rate: rateWire(r.ratePercent),
        aggregatedTaxAmount: orderPrice(r.taxCents, cur),
      })),
      taxExempt: t.tax === 0 && t.exempt > 0,
    },
    createdBy: createdByWire(input.owner),
    attributionSource: "UNSPECIFIED",
    tags: { privateTags: { tagIds: [] }, tags: { tagIds: [] } },
    ...(input.data.purchaseFlowId ? { purchaseFlowId: input.data.purchaseFlowId } : {}),
    appliedDiscounts: t.coupon
      ? [
          {
            // An applied discount has its own GUID on Wix (AppliedDiscount.id).
            id: newId(),
            discountType: "GLOBAL",
            lineItemIds: lineItems.map((l) => l.id),
            coupon: { id: t.coupon.id, code: t.coupon.code, name: t.coupon.name, amount: orderPrice(t.discount, cur) },
          },
        ]
      : [],
    activities,
    channelInfo: { type: input.data.channelType || "WEB" },
    ...(input.checkoutId ? { checkoutId: input.checkoutId } : {}),
    ...(input.cartId ? { cartId: input.cartId } : {}),
    balanceSummary: balanceSummary(paid ? t.total : 0, t.total, cur),
    // Everything is paid now here (no deposit, no pay-later line): payNow is the whole price summary.
    payNow: priceSummary,
    // No custom checkout fields and no additional fees on this site: Wix answers the empty lists.
    customFields: [],
    additionalFees: [],
    seenByAHuman: false,
    // Internal (never on the wire): the state of the order's one payment, read by the payments collector.
    _payment: input.authorized ? "AUTHORIZED" : paid ? "APPROVED" : "PENDING",
  };
  const [kind, ownerId] = [input.owner.slice(0, 1), input.owner.slice(2)];
  ctx.db
    .prepare(
      `INSERT INTO orders (id, number, member_id, visitor_id, email, buyer_key, mailbox_key, checkout_id, status, payment_status, fulfillment_status, data, created_date, updated_date)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      id,
      number,
      kind === "m" ? ownerId : null,
      kind === "v" ? ownerId : null,
      input.data.email,
      input.data.email ? emailKey(input.data.email) : null,
      input.data.email ? mailboxKey(input.data.email) : null,
      input.checkoutId ?? null,
      input.status,
      input.paymentStatus,
      input.fulfillmentStatus,
      JSON.stringify(order),
      created,
      created,
    );
  return id;
}
