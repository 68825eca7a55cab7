import type { orderBilling, orders } from "@wix/ecom";
import { mapLoaderErrors } from "../wix/errors.server";
import { isPaidOrder } from "../orders/money.server";
import { isoDate } from "~/lib/dates";
import type { AdminOrderDetail, Refundability } from "~/models/admin";
import { ACTIVITY_LABELS, COLLECTABILITY_LABELS, ORDER_STATUS_OPTIONS, PAYMENT_STATUS_OPTIONS } from "~/models/admin";
import { fulfilmentStatusLabel, NON_REFUNDABLE_LABELS } from "~/models/order-life";
import { linkedOrderView } from "../checkout/checkout.server";
import { refundViews, shipmentViews } from "../orders/after-sale-views.server";
import { creditNoteLinks } from "../orders/invoices.server";
import { storedCreditNotes } from "../orders/credit-notes.server";
import type { ElevatedClient } from "./elevated-client.server";
import { notFound } from "~/lib/http";
import { isPlatformId } from "~/models/ids";
import { formatPrice, money } from "~/lib/money";

/**
 * One order as the owner sees it: the order (orders.getOrder) with its payment and refunds
 * (orderTransactions.listTransactionsForSingleOrder), what can still be refunded (orderBilling.getOrderRefundability),
 * whether money can still be collected (orders.getPaymentCollectabilityStatus), its shipments
 * (orderFulfillments.listFulfillmentsForSingleOrder), its invoice (orderInvoices.listInvoicesForMultipleOrders) and the
 * credit notes of its refunds (orders/credit-notes.server.ts).
 */

const label = (labels: Record<string, string>, v: unknown) => {
  const key = String(v ?? "");
  return Object.hasOwn(labels, key) ? labels[key]! : key || "—";
};

function refundabilityView(raw: orderBilling.GetOrderRefundabilityResponse, order: orders.Order): Refundability {
  const payment = raw?.payments?.[0];
  const reason: string | undefined = payment?.nonRefundable?.reason;
  const mode: Refundability["mode"] = payment?.refundable ? "refundable" : payment?.manuallyRefundable ? "manual" : "none";
  const names = new Map((order.lineItems ?? []).map((l) => [l._id, l]));
  return {
    mode,
    ...(mode === "none" ? { reason: NON_REFUNDABLE_LABELS[reason ?? "UNKNOWN_REASON"] ?? NON_REFUNDABLE_LABELS.UNKNOWN_REASON } : {}),
    maxRefund: money(raw?.paymentsSummary?.monetary?.maxRefund),
    lines: (raw?.lineItems ?? []).map((l) => {
      const line = names.get(l.lineItemId);
      const quantity = Number(line?.quantity ?? 1) || 1;
      const after = Math.round(Number(line?.totalPriceAfterTax?.amount ?? 0) * 100);
      const unit = (after / quantity / 100).toFixed(2);
      return {
        id: l.lineItemId ?? "",
        name: line?.productName?.translated ?? line?.productName?.original ?? "",
        available: Number(l.availableRefundQuantity ?? 0),
        refunded: Number(l.refundedQuantity ?? 0),
        unit: { amount: unit, formatted: formatPrice(unit, order.currency ?? "EUR") },
      };
    }),
    ...(raw?.shipping
      ? { shipping: { available: money(raw.shipping.availableRefundAmount), refunded: money(raw.shipping.refundedAmount) } }
      : {}),
  };
}

/**
 * The SDK reads of one order, each made at most once per request: an action reads what its intent needs, and the
 * page's loader after it (no-JS, the same request) reuses those reads for the rest. A change forgets them.
 */
export class OrderReads {
  private readonly memo = new Map<string, Promise<unknown>>();
  /** The order id, checked before the SDK writes it into a request path (app/models/ids.ts): else the 404 screen. */
  readonly id: string;

  constructor(
    private readonly admin: ElevatedClient,
    id: string,
  ) {
    if (!isPlatformId(id)) notFound();
    this.id = id;
  }

  private once<T>(key: string, read: () => Promise<T>): Promise<T> {
    if (!this.memo.has(key)) this.memo.set(key, read());
    return this.memo.get(key) as Promise<T>;
  }

  order = () => this.once("order", () => this.admin.orders.getOrder(this.id));
  transactions = () => this.once("transactions", () => this.admin.orderTransactions.listTransactionsForSingleOrder(this.id));
  refundabilityRaw = () => this.once("refundability", () => this.admin.orderBilling.getOrderRefundability(this.id));
  collectability = () => this.once("collectability", () => this.admin.orders.getPaymentCollectabilityStatus(this.id));
  fulfilments = () => this.once("fulfilments", () => this.admin.orderFulfillments.listFulfillmentsForSingleOrder(this.id));
  private invoiceListing = () => this.once("invoiceListing", () => this.admin.orderInvoices.listInvoicesForMultipleOrders([this.id]));
  /** Read by the order's id, so in parallel with the order and its refunds rather than after them. */
  private storedCreditNotes = () => this.once("storedCreditNotes", () => storedCreditNotes(this.admin, this.id));
  /** Whether issuing the credit notes recorded the invoice they correct: the listing read before is out of date then. */
  private invoiceRecorded = false;
  /** The invoice as it is once the credit notes are issued: read again only when issuing them recorded it. */
  invoices = () =>
    this.once("invoices", async () => {
      const listed = this.invoiceListing();
      await this.creditNotes();
      return this.invoiceRecorded ? this.admin.orderInvoices.listInvoicesForMultipleOrders([this.id]) : listed;
    });
  /** The credit note of each refund, numbered here the first time the page is read after the refund. */
  creditNotes = () =>
    this.once("creditNotes", async () => {
      const [order, tx, stored, listed] = await Promise.all([
        this.order(),
        this.transactions(),
        this.storedCreditNotes(),
        this.invoiceListing(),
      ]);
      const base = `/admin/orders/${encodeURIComponent(this.id)}/avoirs`;
      const recorded = () => {
        this.invoiceRecorded = true;
      };
      return creditNoteLinks(this.admin, order, tx?.orderTransactions?.refunds ?? [], (n) => `${base}/${n}.pdf`, {
        stored,
        listed,
        recorded,
      });
    });

  /** The order's one payment: what the owner can do with it. */
  payment = async (): Promise<AdminOrderDetail["payment"]> => {
    const payment = (await this.transactions())?.orderTransactions?.payments?.[0];
    return payment
      ? {
          id: payment._id ?? "",
          status: payment.regularPaymentDetails?.status ?? "",
          offline: payment.regularPaymentDetails?.offlinePayment === true,
        }
      : undefined;
  };

  /** What can still be refunded, by line and for the shipping. */
  refundability = async (): Promise<Refundability> => refundabilityView(await this.refundabilityRaw(), await this.order());

  /** Lines with units not yet shipped or made ready. */
  toFulfil = async (): Promise<AdminOrderDetail["toFulfil"]> => {
    const [raw, fulfilments] = await Promise.all([this.order(), this.fulfilments()]);
    const shipped = new Map<string | undefined, number>();
    for (const f of fulfilments?.orderWithFulfillments?.fulfillments ?? [])
      for (const li of f.lineItems ?? []) shipped.set(li._id, (shipped.get(li._id) ?? 0) + Number(li.quantity ?? 0));
    return (raw.lineItems ?? [])
      .map((l) => ({
        id: l._id ?? "",
        name: l.productName?.translated ?? l.productName?.original ?? "",
        quantity: (l.quantity ?? 0) - (shipped.get(l._id ?? "") ?? 0),
      }))
      .filter((l) => l.quantity > 0);
  };

  /** A change was made: the next read asks the platform again. */
  forget(): void {
    this.memo.clear();
    this.invoiceRecorded = false;
  }
}

/** Everything the order's page shows, from the six reads. */
export async function getOrderDetail(reads: OrderReads): Promise<AdminOrderDetail> {
  return mapLoaderErrors(async () => {
    const [raw, tx, payment, refundability, collectable, fulfilments, invoices, toFulfil, creditNotes] = await Promise.all([
      reads.order(),
      reads.transactions(),
      reads.payment(),
      reads.refundability(),
      reads.collectability(),
      reads.fulfilments(),
      reads.invoices(),
      reads.toFulfil(),
      reads.creditNotes(),
    ]);
    // Lines linked to the catalog's product pages (V1 or V3), as the customer's order page links them.
    const view = await linkedOrderView(raw);
    const pickup = view.pickup;
    const shipments = shipmentViews(raw, fulfilments?.orderWithFulfillments?.fulfillments ?? [], pickup);
    const invoice = invoices?.invoicesForOrder?.[0]?.invoicesInfo?.[0];
    return {
      ...view,
      // The admin's labels know the refunded statuses the filters offer.
      paymentStatusLabel: label(PAYMENT_STATUS_OPTIONS, raw.paymentStatus),
      status: raw.status ?? "",
      statusLabel: label(ORDER_STATUS_OPTIONS, raw.status),
      fulfillmentStatus: raw.fulfillmentStatus ?? "",
      fulfillmentLabel: fulfilmentStatusLabel(pickup, raw.fulfillmentStatus, fulfilments?.orderWithFulfillments?.fulfillments),
      tags: raw.tags?.tags?.tagIds ?? [],
      activities: (raw.activities ?? [])
        .filter((a) => a.type !== "MERCHANT_COMMENT")
        .map((a) => ({ type: ACTIVITY_LABELS[a.type ?? ""] ?? a.type ?? "", date: isoDate(a._createdDate) })),
      notes: (raw.activities ?? [])
        .filter((a) => a.type === "MERCHANT_COMMENT" && typeof a.merchantComment?.message === "string")
        .map((a) => ({ id: a._id ?? "", date: isoDate(a._createdDate), message: a.merchantComment?.message ?? "" })),
      payment,
      collectability: { status: collectable?.status ?? "UNKNOWN", label: label(COLLECTABILITY_LABELS, collectable?.status) },
      refundability,
      refunds: refundViews(raw, tx?.orderTransactions?.refunds ?? []),
      shipments,
      toFulfil,
      shippable: !pickup && view.lines.some((l) => !l.digital),
      invoice: invoice?._id ? { id: invoice._id } : null,
      invoiceable: isPaidOrder(raw.paymentStatus),
      creditNotes,
    };
  });
}
