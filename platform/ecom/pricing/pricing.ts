// Totals shared by the cart, the checkout and the order (subtotal, coupon, delivery, VAT by rate), and their ecom
// wire. Integer cents inside, decimal strings on the wire. Catalog prices include VAT (taxIncludedInPrices = true).
import { mediaItem } from "../../stores/catalog-wire";
import type { Ctx } from "../../core/context";
import { SHIPPING_CARRIER_ID, SHIPPING_REGION, currency, price } from "../../core/context";
import type { CouponRec, CouponRefusal } from "./coupon-rules";
import { couponRefusal, findCoupon } from "./coupon-rules";
import type { ShippingOptionRec } from "./delivery-options";
import { deliveryRegionOf, isPickup, logisticsWire, shippingOptions } from "./delivery-options";
import type { RateTotal } from "./tax";
import { BUSINESS_COUNTRY, byRate, countryRates, rateName, rateWire, taxIncluded } from "./tax";
import type { PricedLine } from "./line-pricing";

// ---------------------------------------------------------------- totals

/** A line's VAT: its rate at its taxable address, and whether that address collects no tax (an export). */
export interface LineTax {
  ratePercent: number;
  taxCents: number;
  exempt: boolean;
}

export interface Totals {
  lines: PricedLine[];
  subtotal: number;
  discount: number;
  shipping: number;
  tax: number;
  total: number;
  coupon: CouponRec | null;
  /** The cart's coupon, refused now (paused, out of its dates, under its minimum): it gives no discount. */
  couponRefused: { code: string; reason: CouponRefusal } | null;
  needsShipping: boolean;
  options: ShippingOptionRec[];
  selected: ShippingOptionRec | null;
  lineDiscounts: Map<string, number>;
  /** Where the goods go (a country), or null: nothing shipped, a pickup, or no address yet (the business's regions). */
  destination: string | null;
  lineTaxes: Map<string, LineTax>;
  /** The delivery's VAT: the highest rate of the goods it carries (docs/decisions/0082-vat-by-product.md). */
  shippingTax: LineTax;
  /** The VAT collected, by rate (lines and delivery). */
  taxes: RateTotal[];
  /** What is sold without VAT because its address collects none (goods leaving the EU), delivery included. */
  exempt: number;
}

export function computeTotals(
  ctx: Ctx,
  lines: PricedLine[],
  couponCode: string | null,
  shippingCode: string | null,
  destination: string | null = null,
): Totals {
  const counted = lines.filter((l) => l.status !== "NOT_FOUND");
  const subtotal = counted.reduce((s, l) => s + l.lineCents, 0);
  const found = findCoupon(ctx, couponCode);
  const refused = found ? couponRefusal(found, subtotal) : null;
  const coupon = refused ? null : found;
  const couponRefused = found && refused ? { code: found.code, reason: refused } : null;
  let discount = 0;
  if (coupon)
    discount = coupon.type === "PERCENT" ? Math.round((subtotal * coupon.value) / 100) : Math.min(subtotal, Math.round(coupon.value * 100));
  // Spread the coupon over the lines (largest remainder on the last one) for per-line tax details.
  const lineDiscounts = new Map<string, number>();
  let left = discount;
  counted.forEach((l, i) => {
    const share = i === counted.length - 1 ? left : subtotal ? Math.round((discount * l.lineCents) / subtotal) : 0;
    lineDiscounts.set(l.ref.id, share);
    left -= share;
  });
  const needsShipping = counted.some((l) => l.physical);
  const options = needsShipping ? shippingOptions(ctx, destination) : [];
  const selected = needsShipping ? (options.find((o) => o.code === shippingCode) ?? options[0] ?? null) : null;
  const shipping = selected?.price_cents ?? 0;
  const total = subtotal - discount + shipping;
  // Goods are taxed where they go; a pickup, and what is not shipped (services), where the business is.
  const shippedTo = selected && !isPickup(selected) && destination ? destination.toUpperCase() : null;
  const business = countryRates(ctx, BUSINESS_COUNTRY);
  const there = shippedTo ? countryRates(ctx, shippedTo) : business;
  const lineTaxes = new Map<string, LineTax>();
  for (const l of counted) {
    const rates = l.physical ? there : business;
    const ratePercent = rates.rateOf(l.product?.taxGroupId ?? null);
    const after = l.lineCents - (lineDiscounts.get(l.ref.id) ?? 0);
    lineTaxes.set(l.ref.id, {
      ratePercent,
      taxCents: taxIncluded(after, ratePercent),
      exempt: !rates.collected,
    });
  }
  const goods = counted.filter((l) => l.physical).map((l) => lineTaxes.get(l.ref.id)!);
  const shippingRate = goods.reduce((r, t) => Math.max(r, t.ratePercent), 0);
  const shippingTax: LineTax = {
    ratePercent: shippingRate,
    taxCents: taxIncluded(shipping, shippingRate),
    exempt: !there.collected,
  };
  const entries = [
    ...counted.map((l) => ({ tax: lineTaxes.get(l.ref.id)!, gross: l.lineCents - (lineDiscounts.get(l.ref.id) ?? 0) })),
    ...(shipping ? [{ tax: shippingTax, gross: shipping }] : []),
  ];
  const taxes = byRate(
    entries.filter((e) => !e.tax.exempt).map((e) => ({ ratePercent: e.tax.ratePercent, grossCents: e.gross, taxCents: e.tax.taxCents })),
  );
  const exempt = entries.filter((e) => e.tax.exempt).reduce((s, e) => s + e.gross, 0);
  const tax = taxes.reduce((s, t) => s + t.taxCents, 0);
  return {
    lines,
    subtotal,
    discount,
    shipping,
    tax,
    total,
    coupon,
    couponRefused,
    needsShipping,
    options,
    selected,
    lineDiscounts,
    destination: shippedTo,
    lineTaxes,
    shippingTax,
    taxes,
    exempt,
  };
}

/** A line's VAT in a set of totals (none for a line that is not counted). */
export function lineTaxOf(t: Totals, l: PricedLine): LineTax {
  return t.lineTaxes.get(l.ref.id) ?? { ratePercent: 0, taxCents: 0, exempt: false };
}

export { taxIncluded };

export function priceSummaryWire(ctx: Ctx, t: Totals) {
  const cur = currency(ctx);
  return {
    subtotal: price(t.subtotal, cur),
    shipping: price(t.shipping, cur),
    tax: price(t.tax, cur),
    discount: price(t.discount, cur),
    total: price(t.total, cur),
    additionalFees: price(0, cur),
  };
}

export function shippingInfoWire(ctx: Ctx, t: Totals) {
  const cur = currency(ctx);
  if (!t.needsShipping) return {};
  const cost = (cents: number) => ({
    totalPriceAfterTax: price(cents, cur),
    totalPriceBeforeTax: price(cents - t.shippingTax.taxCents, cur),
    taxDetails: taxDetailsWire(ctx, cents, t.shippingTax),
    totalDiscount: price(0, cur),
    price: price(cents, cur),
  });
  const logistics = (o: ShippingOptionRec) => logisticsWire(o, true);
  const region = deliveryRegionOf(ctx, t.destination);
  return {
    region: region ? { id: region.id, name: region.name } : { ...SHIPPING_REGION },
    ...(t.selected
      ? {
          selectedCarrierServiceOption: {
            code: t.selected.code,
            title: t.selected.title,
            logistics: logistics(t.selected),
            cost: cost(t.selected.price_cents),
            requestedShippingOption: true,
            otherCharges: [],
            carrierId: SHIPPING_CARRIER_ID,
          },
        }
      : {}),
    carrierServiceOptions: [
      {
        carrierId: SHIPPING_CARRIER_ID,
        shippingOptions: t.options.map((o) => ({
          code: o.code,
          title: o.title,
          logistics: logistics(o),
          cost: { price: price(o.price_cents, cur), otherCharges: [] },
        })),
      },
    ],
  };
}

/** One line's VAT, as Wix's ItemTaxFullDetails breaks it down (rateBreakdown: name, rate, tax); none when exempt. */
export function taxDetailsWire(ctx: Ctx, taxableCents: number, tax: LineTax) {
  const cur = currency(ctx);
  return {
    taxableAmount: price(taxableCents, cur),
    taxRate: rateWire(tax.ratePercent),
    totalTax: price(tax.taxCents, cur),
    rateBreakdown: tax.exempt ? [] : [{ name: rateName(tax.ratePercent), rate: rateWire(tax.ratePercent), tax: price(tax.taxCents, cur) }],
  };
}

/** A line's prices after its share of the discount and with its VAT (checkout lines, calculated lines). */
export function linePricesWire(ctx: Ctx, t: Totals, l: PricedLine) {
  const cur = currency(ctx);
  const disc = t.lineDiscounts.get(l.ref.id) ?? 0;
  const after = l.lineCents - disc;
  const tax = lineTaxOf(t, l);
  return {
    totalPriceAfterTax: price(after, cur),
    totalPriceBeforeTax: price(after - tax.taxCents, cur),
    taxDetails: taxDetailsWire(ctx, after, tax),
    discount: price(disc, cur),
  };
}

/**
 * The tax summary of a calculation: the manual rates of the site's tax regions (Wix's MANUAL_RATE), or no tax collected
 * when every taxed amount goes where the site has no tax region.
 */
export function taxSummaryWire(ctx: Ctx, t: Totals) {
  const cur = currency(ctx);
  const none = t.tax === 0 && t.exempt > 0;
  return {
    taxableAmount: price(t.total - t.exempt, cur),
    totalTax: price(t.tax, cur),
    calculationDetails: none ? { rateType: "NO_TAX_COLLECTED" } : { rateType: "MANUAL_RATE", manualRateReason: "GLOBAL_SETTING_TO_MANUAL" },
  };
}

export function calculatedLineItemsWire(ctx: Ctx, t: Totals) {
  const cur = currency(ctx);
  return t.lines.map((l) => {
    const { totalPriceAfterTax, totalPriceBeforeTax, taxDetails, discount } = linePricesWire(ctx, t, l);
    return {
      lineItemId: l.ref.id,
      pricesBreakdown: {
        totalPriceAfterTax,
        totalPriceBeforeTax,
        taxDetails,
        totalDiscount: discount,
        price: price(l.unitCents, cur),
        priceBeforeDiscounts: price(l.unitCents, cur),
        lineItemPrice: price(l.lineCents, cur),
        fullPrice: price(l.fullCents, cur),
      },
      paymentOption: "FULL_PAYMENT_ONLINE",
    };
  });
}

export function appliedDiscountsWire(ctx: Ctx, t: Totals) {
  if (!t.coupon) return [];
  const cur = currency(ctx);
  return [
    {
      coupon: { id: t.coupon.id, code: t.coupon.code, name: t.coupon.name, amount: price(t.discount, cur) },
      discountType: "GLOBAL",
      lineItemIds: t.lines.filter((l) => l.status !== "NOT_FOUND").map((l) => l.ref.id),
    },
  ];
}

/** Lines that block a checkout: violations carry the REMOVE_LINE_ITEM suggestion. */
export function violationsWire(t: Totals) {
  return t.lines
    .filter((l) => l.status !== "AVAILABLE")
    .map((l) => ({
      severity: "ERROR",
      target: { lineItem: { name: "LINE_ITEM_DEFAULT", id: l.ref.id, suggestedFix: "REMOVE_LINE_ITEM" } },
      description: unavailableText(l),
    }));
}

export function unavailableText(l: PricedLine): string {
  const name = l.product?.name ?? l.ref.snapshot.name ?? "Cet article";
  if (l.status === "NOT_FOUND") return `${name} n'est plus disponible.`;
  if (l.status === "NOT_AVAILABLE") return `${name} est épuisé.`;
  if (l.status === "PARTIALLY_AVAILABLE") return `Il ne reste que ${l.quantityAvailable ?? 0} exemplaire(s) de ${name}.`;
  return "";
}

export function calculationErrorsWire(t: Totals) {
  const bad = t.lines.filter((l) => l.status !== "AVAILABLE");
  // Always present, like real Wix: `{orderValidationErrors: []}` when nothing is wrong.
  return {
    orderValidationErrors: bad.map((l) => ({
      code: l.status === "NOT_FOUND" ? "ITEM_NOT_FOUND" : "ITEM_OUT_OF_STOCK",
      description: unavailableText(l),
      data: { lineItemId: l.ref.id, suggestedFix: "REMOVE_LINE_ITEM" },
    })),
  };
}

// Addresses live in parties/addresses.ts; re-exported for the modules that price and address orders.
/**
 * What the cart's estimate and the checkout both answer about one set of totals, as Wix names it: the priced lines,
 * the summary (paid now; nothing is ever paid later here), discounts, calculation errors and violations.
 */
export function calculationWire(ctx: Ctx, t: Totals) {
  const summary = priceSummaryWire(ctx, t);
  return {
    calculatedLineItems: calculatedLineItemsWire(ctx, t),
    priceSummary: summary,
    appliedDiscounts: appliedDiscountsWire(ctx, t),
    calculationErrors: calculationErrorsWire(t),
    violations: violationsWire(t),
    payNow: summary,
    payLater: priceSummaryWire(ctx, { ...t, subtotal: 0, discount: 0, shipping: 0, tax: 0, total: 0 }),
    additionalFees: [],
    weightUnit: "KG",
    currency: currency(ctx),
  };
}

export { addressFromWire, addressToWire, contactFromWire, countryName } from "../parties/addresses";
export { mediaItem };
export * from "./coupon-rules";
export * from "./delivery-options";

export * from "./line-pricing";
