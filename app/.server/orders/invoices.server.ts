import type { orderTransactions, orders } from "@wix/ecom";
import { redirect } from "react-router";
import { cents, isPaidOrder } from "./money.server";
import { isoDate } from "~/lib/dates";
import type { CommerceSession as Commerce } from "../wix/commerce-session.server";
import { getConfig } from "../site/config.server";
import { checkInvoiceLink } from "./invoice-links.server";
import type { InvoiceData } from "./invoice-pdf.server";
import { renderInvoicePdf } from "./invoice-pdf.server";
import type { ElevatedClient } from "../admin/elevated-client.server";
import { elevatedClientAfterCheck } from "../admin/elevated-client.server";
import { classifyWixError, mapLoaderErrors } from "../wix/errors.server";
import { notFound } from "~/lib/http";
import { isPlatformId } from "~/models/ids";

/**
 * An order's invoice PDF, for its three readers: the owner (/admin/orders/:id/facture.pdf), the signed-in buyer
 * (/account/orders/:id/facture.pdf: her own getOrder answers first) and whoever holds the signed link of the buyer's
 * e-mail or follow page (/factures/:id?jeton=…). The invoice is recorded on the order through orderInvoices the first
 * time it is drawn (generateInvoice), so Wix lists it; the document itself is drawn here (orders/invoice-pdf.server.ts).
 */

/** The SDK exports it at run time (POST /ecom/v1/invoices/orders/{orderId}); its typings leave it out. */
type GenerateInvoice = { generateInvoice(orderId: string): Promise<{ invoiceId?: string }> };

async function ensureInvoiceRecord(admin: ElevatedClient, orderId: string): Promise<void> {
  const listed = await admin.orderInvoices.listInvoicesForMultipleOrders([orderId]);
  if (listed.invoicesForOrder?.[0]?.invoicesInfo?.length) return;
  try {
    await (admin.orderInvoices as unknown as GenerateInvoice).generateInvoice(orderId);
  } catch (error) {
    // Drawn twice at once: the other request recorded it.
    const failure = classifyWixError(error);
    if (!(failure.kind === "application" && failure.code === "INVOICE_ALREADY_EXISTS")) throw error;
  }
}

/** The invoice's figures from Wix's order: lines and shipping with their VAT, the buyer, the payment, the refunds. */
export function invoiceData(order: orders.Order, refunds: orderTransactions.Refund[], offline: boolean): InvoiceData {
  const paid = (order.activities ?? []).filter((a) => a.type === "ORDER_PAID").map((a) => isoDate(a._createdDate));
  const issueDate = paid.at(-1) ?? isoDate(order._createdDate) ?? new Date().toISOString();
  const rate = (r: unknown) => Math.round(Number(r ?? 0) * 1000) / 10;
  const lines = (order.lineItems ?? []).map((l) => {
    const options = (l.descriptionLines ?? [])
      .map((d) => d.plainText?.original ?? d.colorInfo?.original ?? "")
      .filter(Boolean)
      .join(", ");
    return {
      name: `${l.productName?.original ?? ""}${options ? ` (${options})` : ""}`,
      quantity: Number(l.quantity ?? 0),
      total: cents(l.totalPriceAfterTax),
      tax: cents(l.taxDetails?.totalTax ?? l.taxInfo?.taxAmount),
      rate: rate(l.taxDetails?.taxRate ?? l.taxInfo?.taxRate),
    };
  });
  const cost = order.shippingInfo?.cost;
  if (cost && cents(cost.totalPriceAfterTax ?? cost.price) > 0)
    lines.push({
      name: `Livraison : ${order.shippingInfo?.title ?? ""}`.trim(),
      quantity: 1,
      total: cents(cost.totalPriceAfterTax ?? cost.price),
      tax: cents(cost.taxDetails?.totalTax),
      rate: rate(cost.taxDetails?.taxRate),
    });
  const contact: orders.FullAddressContactDetails = order.billingInfo?.contactDetails ?? {};
  const address: orders.Address = order.billingInfo?.address ?? {};
  return {
    number: `F-${order.number}`,
    orderNumber: String(order.number ?? ""),
    issueDate,
    currency: order.currency ?? "EUR",
    buyer: {
      name: [contact.firstName, contact.lastName].filter(Boolean).join(" ") || undefined,
      company: contact.company || undefined,
      vatNumber: contact.vatId?._id ?? undefined,
      email: order.buyerInfo?.email ?? undefined,
      address: [
        address.addressLine1,
        address.addressLine2,
        [address.postalCode, address.city].filter(Boolean).join(" "),
        address.country,
      ].filter((v): v is string => typeof v === "string" && v.trim() !== ""),
    },
    lines,
    discount: cents(order.priceSummary?.discount),
    paidBy: offline ? "offline" : "card",
    refunds: refunds.map((r) => ({ date: isoDate(r._createdDate), amount: cents(r.transactions?.[0]?.amount) })),
  };
}

async function invoicePdf(admin: ElevatedClient, orderId: string): Promise<{ pdf: Buffer; number: string }> {
  const order = await admin.orders.getOrder(orderId);
  // An invoice is for money received: before payment there is none to give.
  if (!isPaidOrder(order.paymentStatus)) notFound();
  await ensureInvoiceRecord(admin, orderId);
  const tx = await admin.orderTransactions.listTransactionsForSingleOrder(orderId);
  const payment = tx?.orderTransactions?.payments?.[0];
  const invoice = invoiceData(order, tx?.orderTransactions?.refunds ?? [], payment?.regularPaymentDetails?.offlinePayment === true);
  return { pdf: await renderInvoicePdf(invoice, getConfig().legal), number: invoice.number };
}

function pdfResponse({ pdf, number }: { pdf: Buffer; number: string }): Response {
  return new Response(new Uint8Array(pdf), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `inline; filename="facture-${number}.pdf"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}

export async function ownerInvoice(admin: ElevatedClient, orderId: string): Promise<Response> {
  if (!isPlatformId(orderId)) notFound();
  return pdfResponse(await mapLoaderErrors(() => invoicePdf(admin, orderId)));
}

/** The buyer's own order (her token reads it, or the platform answers 404), then the elevated client draws it. */
export async function memberInvoice(commerce: Commerce, orderId: string): Promise<Response> {
  if (!isPlatformId(orderId)) notFound();
  return pdfResponse(
    await mapLoaderErrors(async () => {
      const wix = await commerce.client();
      await wix.orders.getOrder(orderId);
      return invoicePdf(elevatedClientAfterCheck(), orderId);
    }),
  );
}

export async function linkedInvoice(orderId: string, token: string | null): Promise<Response> {
  const apiKey = getConfig().admin.apiKey;
  if (!isPlatformId(orderId) || !apiKey) notFound();
  const check = checkInvoiceLink(apiKey, orderId, token);
  // A PDF route has no page to show a refusal on: the buyer is sent to the error screen's page, which says what to do.
  if (!check.ok) throw redirect(`/factures/lien-non-valide?raison=${check.reason === "expired" ? "expire" : "modifie"}`);
  return pdfResponse(await mapLoaderErrors(() => invoicePdf(elevatedClientAfterCheck(), orderId)));
}
