// ecom checkout V1: a snapshot of the cart (lines, coupon, addresses, shipping) priced live.
import { customerOf, requireCouponUsable } from "../pricing/coupon-limits";
import { buyerInfoWire } from "../cart/cart-v1";
import type { Ctx } from "../../core/context";
import { currency, requireCaller } from "../../core/context";
import { nowIso } from "../../core/db";
import type { Router } from "../../core/http";
import { appError, asObject, asString, notFound, validationError } from "../../core/http";
import type { LineRef, Totals } from "../pricing/pricing";
import {
  addressFromWire,
  calculationWire,
  addressToWire,
  computeTotals,
  contactFromWire,
  findCoupon,
  lineItemWire,
  priceLine,
  shippingInfoWire,
  linePricesWire,
  taxSummaryWire,
} from "../pricing/pricing";
import { createEcomSession } from "../../redirects/redirects";

export interface CheckoutData {
  lines: LineRef[];
  couponCode: string | null;
  shippingCode: string | null;
  email: string | null;
  shippingAddress: Record<string, unknown> | null;
  billingAddress: Record<string, unknown> | null;
  contactDetails: Record<string, unknown> | null;
  buyerNote: string | null;
  channelType: string;
  /** The cart's purchase flow id (absent on checkouts stored before it existed). */
  purchaseFlowId?: string | null;
}

export interface CheckoutRow {
  id: string;
  cart_id: string | null;
  owner: string;
  data: string;
  completed: number;
  order_id: string | null;
  created_date: string;
  updated_date: string;
}

export function getCheckoutRow(ctx: Ctx, id: string): CheckoutRow | null {
  return (ctx.db.prepare("SELECT * FROM checkouts WHERE id = ?").get(id) as CheckoutRow | undefined) ?? null;
}

export function checkoutTotals(ctx: Ctx, data: CheckoutData): Totals {
  return computeTotals(
    ctx,
    data.lines.map((l) => priceLine(ctx, l)),
    data.couponCode,
    data.shippingCode,
    typeof data.shippingAddress?.country === "string" ? data.shippingAddress.country : null,
  );
}

export function checkoutWire(ctx: Ctx, row: CheckoutRow, appOrigin: string) {
  const data = JSON.parse(row.data) as CheckoutData;
  const t = checkoutTotals(ctx, data);
  const cur = currency(ctx);
  const calculation = calculationWire(ctx, t);
  const ship = shippingInfoWire(ctx, t);
  return {
    id: row.id,
    // A checkout's lines carry their prices after discount and VAT (the checkout typings' LineItem).
    lineItems: t.lines.map((l) => ({ ...lineItemWire(ctx, l, appOrigin, "media"), ...linePricesWire(ctx, t, l) })),
    billingInfo: {
      ...(data.billingAddress ? { address: addressToWire(data.billingAddress) } : {}),
      ...(data.contactDetails ? { contactDetails: data.contactDetails } : {}),
    },
    shippingInfo: {
      ...(data.shippingAddress
        ? {
            shippingDestination: {
              address: addressToWire(data.shippingAddress),
              ...(data.contactDetails ? { contactDetails: data.contactDetails } : {}),
            },
          }
        : {}),
      ...ship,
    },
    ...(data.buyerNote ? { buyerNote: data.buyerNote } : {}),
    buyerInfo: buyerInfoWire(ctx, row.owner, data.email),
    conversionCurrency: cur,
    ...calculation,
    taxSummary: taxSummaryWire(ctx, t),
    // No custom checkout fields on this site: Wix answers the empty list.
    customFields: [],
    channelType: data.channelType,
    siteLanguage: "fr",
    buyerLanguage: "fr",
    completed: !!row.completed,
    // The checkout typings name it in the singular (the cart and order say taxIncludedInPrices).
    taxIncludedInPrice: true,
    createdBy: createdByWire(row.owner),
    ...(data.purchaseFlowId ? { purchaseFlowId: data.purchaseFlowId } : {}),
    createdDate: row.created_date,
    updatedDate: row.updated_date,
    ...(row.cart_id ? { cartId: row.cart_id } : {}),
    paymentCurrency: cur,
  };
}

/** `createdBy` of checkouts and orders: the member or visitor whose cart it was. */
export function createdByWire(owner: string) {
  return owner.startsWith("m:") ? { memberId: owner.slice(2) } : { visitorId: owner.slice(2) };
}

/** The caller's own checkout, or 404 (never reveals someone else's). */
export function ownedCheckout(ctx: Ctx, owner: string, id: string): CheckoutRow {
  const row = getCheckoutRow(ctx, id);
  if (!row || row.owner !== owner) throw notFound("CHECKOUT_NOT_FOUND", `Commande en cours introuvable : ${id}`, { checkoutId: id });
  return row;
}

export function registerCheckout(router: Router, ctx: Ctx): void {
  router
    .on("GET", "/ecom/v1/checkouts/:id", (req) => {
      const caller = requireCaller(ctx, req.headers);
      return { checkout: checkoutWire(ctx, ownedCheckout(ctx, caller.owner, req.params.id!), req.appOrigin) };
    })
    .on("PATCH", "/ecom/v1/checkouts/:id", (req) => {
      const caller = requireCaller(ctx, req.headers);
      const patch = asObject(req.body.checkout) ?? {};
      return ctx.db
        .transaction(() => {
          const row = ownedCheckout(ctx, caller.owner, req.params.id!);
          if (row.completed) throw appError(400, "CHECKOUT_ALREADY_COMPLETED", "Cette commande a déjà été payée", { checkoutId: row.id });
          const data = JSON.parse(row.data) as CheckoutData;
          const billing = asObject(patch.billingInfo);
          if (billing) {
            data.billingAddress = addressFromWire(billing.address) ?? data.billingAddress;
            data.contactDetails = contactFromWire(billing.contactDetails) ?? data.contactDetails;
          }
          const shipping = asObject(patch.shippingInfo);
          const dest = asObject(shipping?.shippingDestination);
          if (dest) {
            data.shippingAddress = addressFromWire(dest.address) ?? data.shippingAddress;
            data.contactDetails = contactFromWire(dest.contactDetails) ?? data.contactDetails;
          }
          const code = asString(asObject(shipping?.selectedCarrierServiceOption)?.code);
          if (code) data.shippingCode = code;
          const email = asString(asObject(patch.buyerInfo)?.email);
          if (email !== undefined) {
            if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
              throw validationError([
                { field: "checkout.buyerInfo.email", description: "must be a valid email address", violatedRule: "FORMAT" },
              ]);
            data.email = email;
          }
          if (typeof patch.buyerNote === "string") data.buyerNote = patch.buyerNote.slice(0, 1000);
          const coupon = asString(req.body.couponCode);
          if (coupon !== undefined) {
            const c = findCoupon(ctx, coupon.trim());
            if (coupon.trim() && !c)
              throw appError(400, "ERROR_COUPON_DOES_NOT_EXIST", `Le code promo « ${coupon} » n'existe pas`, { couponCode: coupon });
            data.couponCode = c?.code ?? null;
          }
          requireCouponUsable(ctx, findCoupon(ctx, data.couponCode), customerOf(ctx, row.owner, data.email));
          ctx.db.prepare("UPDATE checkouts SET data = ?, updated_date = ? WHERE id = ?").run(JSON.stringify(data), nowIso(), row.id);
          return { checkout: checkoutWire(ctx, getCheckoutRow(ctx, row.id)!, req.appOrigin) };
        })
        .immediate();
    })
    .on("GET", "/ecom/v1/checkouts/:id/checkout-url", (req) => {
      const caller = requireCaller(ctx, req.headers);
      const row = ownedCheckout(ctx, caller.owner, req.params.id!);
      const session = createEcomSession(ctx, caller, row.id, req.appOrigin, {});
      return { checkoutUrl: session.fullUrl };
    });
}
