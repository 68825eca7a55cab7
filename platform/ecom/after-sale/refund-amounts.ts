// What an order's payment can still give back (Order Billing's getOrderRefundability) and what a refund of some lines
// and the shipping amounts to (calculateRefund): the amounts and the refusals refundPayments checks first (refunds.ts).
// Error codes are the typings' RefundPaymentsApplicationErrors and CalculateRefundApplicationErrors.
import type { Ctx } from "../../core/context";
import { currency, orderPrice } from "../../core/context";
import { appError, asObject, asString, notFound, validationError } from "../../core/http";
import type { OrderData, StoredLine } from "../orders/order-data";
import { cents, readOrderData } from "../orders/order-data";
import type { OrderRow } from "../orders/order-wire";
import { paymentIdOf, paymentState, RECEIVED, refundedCents } from "./payments";

interface LinePart {
  line: StoredLine;
  quantity: number;
  total: number;
  tax: number;
  discount: number;
}

/** A line's share for `quantity` units: its after-discount, tax-included total spread evenly over its units. */
function linePart(line: StoredLine, quantity: number): LinePart {
  const share = (m: { amount: string } | undefined) => Math.round((cents(m) * quantity) / line.quantity);
  return {
    line,
    quantity,
    total: share(line.totalPriceAfterTax),
    tax: share(line.taxDetails?.totalTax),
    discount: share(line.totalDiscount),
  };
}

export const refundedQuantity = (line: StoredLine) => line.refundQuantity ?? 0;
const shippingCents = (data: OrderData) => cents(data.priceSummary.shipping);
const refundedShipping = (data: OrderData) =>
  (data._refunds ?? []).reduce((sum, r) => sum + (r.details.shipping ? cents(r.details.shipping.amount) : 0), 0);

/** Why the one payment cannot be refunded, as the typings' NonRefundableReason; null when it can. */
export function nonRefundableReason(row: OrderRow, data: OrderData): string | null {
  if (row.status === "PENDING") return "ORDER_IS_PENDING";
  if (row.status === "REJECTED") return "ORDER_IS_REJECTED";
  if (paymentState(row, data) !== "APPROVED" || !RECEIVED.has(row.payment_status)) return "NOT_PAID";
  const paid = cents(data.priceSummary.total);
  if (paid === 0) return "ZERO_PRICE";
  if (refundedCents(data) >= paid) return "ALREADY_REFUNDED";
  return null;
}

export function refundability(ctx: Ctx, row: OrderRow) {
  const data = readOrderData(row);
  const cur = data.currency ?? currency(ctx);
  const paid = paymentState(row, data) === "APPROVED" && RECEIVED.has(row.payment_status) ? cents(data.priceSummary.total) : 0;
  const refunded = refundedCents(data);
  const monetary = {
    paid: orderPrice(paid, cur),
    refunded: orderPrice(refunded, cur),
    refundPending: orderPrice(0, cur),
    maxRefund: orderPrice(Math.max(0, paid - refunded), cur),
  };
  const reason = nonRefundableReason(row, data);
  const status = reason
    ? { nonRefundable: { reason } }
    : data._offline
      ? { manuallyRefundable: { reason: "OFFLINE" } }
      : { refundable: true };
  const shipping = shippingCents(data);
  return {
    payments: [
      {
        ...status,
        payment: {
          paymentId: paymentIdOf(row.id),
          monetary,
          paymentMethod: data._offline ? "Offline" : "CreditCard",
          offlinePayment: !!data._offline,
        },
      },
    ],
    paymentsSummary: { monetary },
    lineItems: data.lineItems.map((l) => ({
      lineItemId: l.id,
      originalQuantity: l.quantity,
      refundedQuantity: refundedQuantity(l),
      availableRefundQuantity: Math.max(0, l.quantity - refundedQuantity(l)),
    })),
    ...(shipping > 0
      ? {
          shipping: {
            amount: orderPrice(shipping, cur),
            refundedAmount: orderPrice(refundedShipping(data), cur),
            availableRefundAmount: orderPrice(Math.max(0, shipping - refundedShipping(data)), cur),
          },
        }
      : {}),
    additionalFees: [],
  };
}

/** An amount in a Price object ({amount: "12.50"}), in cents; null when absent, NaN when malformed. */
export function amountCents(raw: unknown): number | null {
  const a = asString(asObject(raw)?.amount);
  if (a === undefined) return null;
  return /^\d{1,9}(\.\d{1,2})?$/.test(a) ? Math.round(Number(a) * 100) : Number.NaN;
}

export interface Requested {
  lines: LinePart[];
  shipping: number | null;
}

/**
 * The refund items asked for, checked against what is left to refund: unknown lines are LINE_ITEM_NOT_FOUND,
 * quantities beyond what is left INVALID_LINE_ITEM_REFUND_QUANTITY, shipping beyond what is left
 * INVALID_SHIPPING_REFUND_AMOUNT (SHIPPING_NOT_FOUND when the order has none).
 */
export function requestedItems(data: OrderData, raw: unknown): Requested {
  const items = asObject(raw) ?? {};
  const list = Array.isArray(items.lineItems) ? items.lineItems : [];
  if (list.length > 300) throw validationError([{ field: "refundItems.lineItems", description: "at most 300", violatedRule: "MAX_SIZE" }]);
  const seen = new Map<string, number>();
  for (const [i, entry] of list.entries()) {
    const e = asObject(entry) ?? {};
    const id = asString(e.lineItemId) ?? "";
    const quantity = Number(e.quantity);
    if (!id || !Number.isInteger(quantity) || quantity < 1 || quantity > 100_000)
      throw validationError([
        { field: `refundItems.lineItems[${i}]`, description: "lineItemId and a quantity of 1 to 100000", violatedRule: "VALIDATION" },
      ]);
    seen.set(id, (seen.get(id) ?? 0) + quantity);
  }
  const lines = [...seen].map(([id, quantity]) => {
    const line = data.lineItems.find((l) => l.id === id);
    if (!line) throw notFound("LINE_ITEM_NOT_FOUND", `Ligne de commande introuvable : ${id}`, { lineItemId: id });
    if (quantity > line.quantity - refundedQuantity(line))
      throw appError(400, "INVALID_LINE_ITEM_REFUND_QUANTITY", "Quantité à rembourser supérieure à la quantité restante", {
        lineItemId: id,
        quantity,
      });
    return linePart(line, quantity);
  });
  let shipping: number | null = null;
  if (items.shipping !== undefined && items.shipping !== null) {
    const left = shippingCents(data) - refundedShipping(data);
    if (shippingCents(data) === 0) throw notFound("SHIPPING_NOT_FOUND", "Cette commande n'a pas de frais de livraison", {});
    const asked = amountCents(asObject(items.shipping)?.amount);
    shipping = asked === null ? left : asked;
    if (Number.isNaN(shipping) || shipping <= 0 || shipping > left)
      throw appError(400, "INVALID_SHIPPING_REFUND_AMOUNT", "Montant de livraison à rembourser invalide", {
        amount: asObject(items.shipping)?.amount ?? null,
      });
  }
  if (Array.isArray(items.additionalFees) && items.additionalFees.length)
    throw notFound("ADDITIONAL_FEE_NOT_FOUND", "Cette commande n'a pas de frais additionnels", {});
  return { lines, shipping };
}

export function calculation(data: OrderData, cur: string, req: Requested) {
  const sum = (pick: (p: LinePart) => number) => req.lines.reduce((s, p) => s + pick(p), 0);
  const lineTotal = sum((p) => p.total);
  const shipping = req.shipping ?? 0;
  // The shipping's VAT, in the same proportion as on the order's shipping line.
  const shippingCost = data.shippingInfo?.cost as
    { price?: { amount: string }; taxDetails?: { totalTax?: { amount: string } } } | undefined;
  const shippingTax = Math.round((shipping * cents(shippingCost?.taxDetails?.totalTax)) / Math.max(1, cents(shippingCost?.price)));
  const tax = sum((p) => p.tax) + shippingTax;
  const discount = sum((p) => p.discount);
  const total = lineTotal + shipping;
  const price = (c: number) => orderPrice(c, cur);
  return {
    total,
    answer: {
      available: true,
      summary: {
        total: price(total),
        tax: price(tax),
        discount: price(discount),
        subtotal: price(total - tax + discount),
        lineItemsSubtotal: price(lineTotal - sum((p) => p.tax) + discount),
        additionalFeesTotal: price(0),
      },
      calculatedRefundItems: {
        lineItems: req.lines.map((p) => ({
          item: { lineItemId: p.line.id, quantity: p.quantity },
          summary: { total: price(p.total), tax: price(p.tax), discount: price(p.discount), subtotal: price(p.total - p.tax + p.discount) },
        })),
        additionalFees: [],
        ...(req.shipping !== null
          ? {
              shipping: {
                shipping: { amount: price(shipping) },
                summary: { total: price(shipping), tax: price(shippingTax), discount: price(0), subtotal: price(shipping - shippingTax) },
              },
            }
          : {}),
      },
    },
  };
}
