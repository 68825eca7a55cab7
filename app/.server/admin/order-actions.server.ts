import type { AdminOrderDetail, Refundability } from "~/models/admin";
import type { CancelPlan, PlannedLine, RefundPlan, ShipInput } from "~/models/order-forms";
import type { Carrier } from "~/models/order-life";
import { CARRIERS, REFUND_REASONS } from "~/models/order-life";
import { isPlatformId } from "~/models/ids";
import { AdminRefusal } from "./actions.server";
import type { ElevatedClient } from "./elevated-client.server";

/**
 * What the owner does to one order, each through the SDK module Wix puts it in: capture, void and collection
 * (orders' payments collector), cancel (orders.cancelOrder), refunds (orderBilling), shipments and pickups
 * (orderFulfillments), notes (orders.addActivities), the invoice record (orderInvoices).
 */

/** An order id from the URL or a form, checked before the SDK writes it into a request path (app/models/ids.ts). */
export function orderId(id: string): string {
  if (!isPlatformId(id)) throw new AdminRefusal("Commande introuvable.");
  return id;
}

export const capturePayment = (admin: ElevatedClient, id: string, paymentId: string) =>
  admin.orders.captureAuthorizedPayments(orderId(id), [{ paymentId }]);

export const voidPayment = (admin: ElevatedClient, id: string, paymentId: string) =>
  admin.orders.voidAuthorizedPayments(orderId(id), [paymentId]);

/** The SDK exports it at run time (POST …/payments-collector/orders/{id}/mark-as-paid) but its typings leave it out. */
type MarkAsPaid = { paymentCollectionMarkOrderAsPaid(ecomOrderId: string): Promise<unknown> };
export const markAsPaid = (admin: ElevatedClient, id: string) =>
  (admin.orders as unknown as MarkAsPaid).paymentCollectionMarkOrderAsPaid(orderId(id));

/** What cancelling and refunding need to know of an order: its payment and what is left to refund. */
export interface OrderMoney {
  id: string;
  payment?: AdminOrderDetail["payment"];
  refundability: Refundability;
}

// ---------------------------------------------------------------- cancel

/**
 * Cancels as Wix allows it: an authorization still held is voided first (Wix refuses to cancel over it,
 * ORDER_HAS_AUTHORIZED_TRANSACTION), a paid order is refunded first when asked (refund, then cancel: a refund that
 * fails leaves the order as it was). Returns what happened, for the owner's notification.
 */
export async function cancelOrder(admin: ElevatedClient, order: OrderMoney, plan: CancelPlan): Promise<string> {
  const id = orderId(order.id);
  const done: string[] = [];
  if (order.payment?.status === "AUTHORIZED") {
    await admin.orders.voidAuthorizedPayments(id, [order.payment.id]);
    done.push("autorisation de paiement libérée");
  }
  if (plan.refund && order.payment && order.refundability.mode !== "none" && Number(order.refundability.maxRefund.amount) > 0) {
    await admin.orderBilling.refundPayments(id, {
      paymentRefunds: [{ paymentId: order.payment.id, externalRefund: order.refundability.mode === "manual" }],
      refundItems: {
        lineItems: order.refundability.lines.filter((l) => l.available > 0).map((l) => ({ lineItemId: l.id, quantity: l.available })),
        ...(order.refundability.shipping && Number(order.refundability.shipping.available.amount) > 0 ? { shipping: {} } : {}),
      },
      customerReason: REFUND_REASONS.CANCELED,
      sideEffects: { notifications: { sendCustomerEmail: plan.notify } },
    });
    done.push(`${order.refundability.maxRefund.formatted} remboursés`);
  }
  await admin.orders.cancelOrder(id, { restockAllItems: plan.restock, sendOrderCanceledEmail: plan.notify });
  if (plan.restock) done.push("articles remis en stock");
  return `Commande annulée${done.length ? ` : ${done.join(", ")}` : ""}.`;
}

// ---------------------------------------------------------------- refunds

const refundItems = (plan: RefundPlan) => ({
  lineItems: plan.lines.map((l) => ({ lineItemId: l.id, quantity: l.quantity })),
  ...(plan.shipping ? { shipping: {} } : {}),
});

/** What the refund will give back, from Wix's own calculation (orderBilling.calculateRefund). */
export async function refundTotal(admin: ElevatedClient, id: string, plan: RefundPlan): Promise<string> {
  const calc = await admin.orderBilling.calculateRefund(orderId(id), { refundItems: refundItems(plan) });
  return calc.summary?.total?.formattedAmount ?? "";
}

export async function refund(admin: ElevatedClient, order: OrderMoney, plan: RefundPlan): Promise<string> {
  if (!order.payment) throw new AdminRefusal("Cette commande n'a pas de paiement à rembourser.");
  const res = await admin.orderBilling.refundPayments(orderId(order.id), {
    paymentRefunds: [{ paymentId: order.payment.id, externalRefund: order.refundability.mode === "manual" }],
    refundItems: refundItems(plan),
    customerReason: REFUND_REASONS[plan.reason],
    sideEffects: {
      ...(plan.restock && plan.lines.length
        ? { restock: { lineItems: plan.lines.map((l) => ({ lineItemId: l.id, quantity: l.quantity })) } }
        : {}),
      notifications: { sendCustomerEmail: plan.notify, ...(plan.message ? { customMessage: plan.message } : {}) },
    },
  });
  const amount = res.refund?.transactions?.[0]?.amount?.formattedAmount ?? "";
  return order.refundability.mode === "manual"
    ? `Remboursement de ${amount} enregistré (paiement hors ligne : à verser vous-même).`
    : `Remboursement de ${amount} effectué.`;
}

// ---------------------------------------------------------------- shipments

/** Tracking pages of the French carriers (custom providers for Wix: the link is ours to give). */
const TRACKING_PAGES: Partial<Record<Carrier, (n: string) => string>> = {
  colissimo: (n) => `https://www.laposte.fr/outils/suivre-vos-envois?code=${n}`,
  chronopost: (n) => `https://www.chronopost.fr/tracking-no-cms/suivi-page?listeNumerosLT=${n}`,
  "mondial-relay": (n) => `https://www.mondialrelay.fr/suivi-de-colis/?numeroExpedition=${n}`,
};
/** Carriers Wix builds the tracking link for (the typings' predefined providers). */
const WIX_PROVIDERS: Partial<Record<Carrier, string>> = { dhl: "dhl", ups: "ups", fedex: "fedex" };

/** What Wix records for a parcel: the carrier as Wix names it, the tracking number, and the link when the app builds it. */
function trackingInfo(input: ShipInput): { shippingProvider: string; trackingNumber: string; trackingLink?: string } {
  const number = input.trackingNumber;
  if (input.other) return { shippingProvider: input.other.name, trackingNumber: number, trackingLink: input.other.link };
  const wix = WIX_PROVIDERS[input.carrier];
  if (wix) return { shippingProvider: wix, trackingNumber: number };
  const page = TRACKING_PAGES[input.carrier];
  return {
    shippingProvider: CARRIERS[input.carrier],
    trackingNumber: number,
    ...(page ? { trackingLink: page(encodeURIComponent(number)) } : {}),
  };
}

export async function ship(admin: ElevatedClient, id: string, plan: ShipInput): Promise<string> {
  await admin.orderFulfillments.createFulfillment(orderId(id), {
    lineItems: plan.lines.map((l) => ({ _id: l.id, quantity: l.quantity })),
    trackingInfo: trackingInfo(plan),
  });
  const count = plan.lines.reduce((s, l) => s + l.quantity, 0);
  return `Expédition enregistrée (${count} article${count > 1 ? "s" : ""}) : le client a reçu le lien de suivi par e-mail.`;
}

/** Store pickup: every unit not yet handed over is made ready (Wix's fulfilment status "Ready"); Wix e-mails the buyer. */
export async function pickupReady(admin: ElevatedClient, id: string, toFulfil: PlannedLine[]): Promise<string> {
  if (!toFulfil.length) throw new AdminRefusal("Tous les articles sont déjà prêts ou retirés.");
  await admin.orderFulfillments.createFulfillment(orderId(id), {
    lineItems: toFulfil.map((l) => ({ _id: l.id, quantity: l.quantity })),
    status: "Ready",
  });
  return "Commande marquée prête à retirer : le client a été prévenu par e-mail.";
}

export async function pickedUp(admin: ElevatedClient, id: string, fulfillmentId: string): Promise<string> {
  if (!isPlatformId(fulfillmentId)) throw new AdminRefusal("Retrait introuvable.");
  await admin.orderFulfillments.updateFulfillment(
    { orderId: orderId(id), fulfillmentId },
    { fulfillment: { status: "Fulfilled", completed: true } },
  );
  return "Commande marquée comme retirée.";
}

// ---------------------------------------------------------------- notes

export async function addNote(admin: ElevatedClient, id: string, message: string): Promise<string> {
  await admin.orders.addActivities(orderId(id), { orderActivities: [{ activityType: "MERCHANT_COMMENT", merchantComment: { message } }] });
  return "Note ajoutée.";
}
