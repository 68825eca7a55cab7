// An order's stored JSON, read and written by the owner's calls (cancel, refunds, fulfilments, invoices, notes): the
// wire fields plus this platform's underscored bookkeeping, which orders/order-wire.ts never sends.
import type { Ctx } from "../../core/context";
import { newId } from "../../core/context";
import { nowIso } from "../../core/db";
import type { OrderRow } from "./order-wire";

export interface Money {
  amount: string;
  formattedAmount: string;
}

export interface StoredLine {
  id: string;
  quantity: number;
  productName: { original: string };
  catalogReference: { catalogItemId: string };
  itemType?: { preset?: string };
  physicalProperties?: { shippable?: boolean };
  totalPriceAfterTax: Money;
  taxDetails?: { totalTax?: Money };
  totalDiscount?: Money;
  refundQuantity?: number;
  restockQuantity?: number;
  _variantId?: string | null;
}

/** A refund as recorded on the order (the wire `Refund` of orderTransactions, dates as ISO strings). */
export interface StoredRefund {
  id: string;
  createdDate: string;
  transactions: Array<{
    paymentId: string;
    amount: Money;
    refundStatus: string;
    gatewayRefundId?: string | null;
    providerRefundId?: string | null;
    externalRefund: boolean;
  }>;
  details: {
    items: Array<{ lineItemId: string; quantity: number }>;
    lineItems: Array<{ lineItemId: string; quantity: number }>;
    additionalFees: unknown[];
    shippingIncluded: boolean;
    shipping?: { amount: Money };
    reason?: string | null;
  };
  summary: {
    requestedRefund: Money;
    pendingRefund: Money;
    refunded: Money;
    failedRefundAmount: Money;
    pending: boolean;
    breakdown: { lineItems: Array<{ lineItemId: string; totalRefundedAmount: Money }> };
  };
}

export interface StoredFulfillment {
  id: string;
  createdDate: string;
  lineItems: Array<{ id: string; quantity: number }>;
  trackingInfo?: { trackingNumber?: string | null; shippingProvider?: string | null; trackingLink?: string | null };
  customInfo?: { fieldsData: Record<string, string> };
  status?: string | null;
  completed?: boolean | null;
}

export interface OrderData extends Record<string, unknown> {
  number: string;
  currency?: string;
  lineItems: StoredLine[];
  activities: Record<string, unknown>[];
  priceSummary: { total: Money; shipping?: Money; tax?: Money; subtotal?: Money };
  shippingInfo?: { title?: string; logistics?: { pickupDetails?: unknown }; cost?: { price?: Money } };
  balanceSummary?: Record<string, unknown>;
  tags?: { privateTags?: { tagIds?: string[] }; tags?: { tagIds?: string[] } };
  /** The state of the order's one payment (after-sale/payments.ts). */
  _payment?: "APPROVED" | "AUTHORIZED" | "VOIDED" | "PENDING";
  /** Pay on delivery marked as paid: an offline payment. */
  _offline?: boolean;
  /** A card authorized first, then captured: it keeps its authorizationDetails. */
  _captured?: boolean;
  /** When the authorization was captured (authorizationDetails.captures[].createdDate). */
  _capturedDate?: string;
  /** When the payment was voided (for authorizationDetails.void). */
  _voidedDate?: string;
  _refunds?: StoredRefund[];
  _fulfillments?: StoredFulfillment[];
  _invoices?: Array<{ id: string; appId: string; createdDate: string }>;
  /** Payments received through order payment requests (ecom/payment-requests/): one card payment each. */
  _requestPayments?: Array<{ requestId: string; cents: number; date: string }>;
}

export const readOrderData = (row: OrderRow) => JSON.parse(row.data) as OrderData;

/** Writes the JSON back (and the given columns); the caller runs inside its transaction. */
export function saveOrderData(ctx: Ctx, id: string, data: OrderData, columns: Record<string, string> = {}) {
  const sets = Object.keys(columns).map((c) => `${c} = ?`);
  ctx.db
    .prepare(`UPDATE orders SET data = ?, updated_date = ?${sets.length ? ", " + sets.join(", ") : ""} WHERE id = ?`)
    .run(JSON.stringify(data), nowIso(), ...Object.values(columns), id);
}

/** An order activity as this platform lists them (id, date, type) with the type's own object (e.g. `merchantComment`). */
export function addActivity(data: OrderData, type: string, extra: Record<string, unknown> = {}): string {
  const id = newId();
  data.activities.push({ id, createdDate: nowIso(), type, ...extra });
  return id;
}

export const cents = (m: Pick<Money, "amount"> | undefined) => Math.round(Number(m?.amount ?? 0) * 100);
