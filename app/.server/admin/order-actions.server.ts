import type { AdminOrderDetail } from "~/models/admin";
import type { FieldErrors } from "~/models/form-answer";
import type { Carrier, OrderFormFields, RefundReason } from "~/models/order-life";
import { CARRIERS, REFUND_REASONS } from "~/models/order-life";
import { isPlatformId } from "~/models/ids";
import { AdminRefusal } from "./actions.server";
import type { ElevatedClient } from "./owner.server";

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

// ---------------------------------------------------------------- cancel

export interface CancelPlan {
  restock: boolean;
  notify: boolean;
  /** Refund everything still refundable before canceling (a paid order). */
  refund: boolean;
}

/**
 * Cancels as Wix allows it: an authorization still held is voided first (Wix refuses to cancel over it,
 * ORDER_HAS_AUTHORIZED_TRANSACTION), a paid order is refunded first when asked (refund, then cancel: a refund that
 * fails leaves the order as it was). Returns what happened, for the owner's notification.
 */
export async function cancelOrder(admin: ElevatedClient, order: AdminOrderDetail, plan: CancelPlan): Promise<string> {
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

export interface RefundPlan {
  lines: Array<{ id: string; name: string; quantity: number }>;
  shipping: boolean;
  reason: RefundReason;
  message?: string;
  notify: boolean;
  restock: boolean;
}

/** The refund form's errors, by its field names (app/models/order-life.ts). */
export type RefundFields = FieldErrors<OrderFormFields["refund"]>;

const MAX_MESSAGE = 1000;

/** Reads the refund form against what can still be refunded; French errors per field, typed values kept. */
export function readRefundForm(
  order: AdminOrderDetail,
  fields: Record<string, string>,
): { plan: RefundPlan; errors?: undefined } | { plan?: undefined; errors: RefundFields } {
  const errors: RefundFields = {};
  const lines: RefundPlan["lines"] = [];
  for (const line of order.refundability.lines) {
    const raw = (fields[`qty-${line.id}`] ?? "0").trim();
    if (raw === "" || raw === "0") continue;
    const quantity = /^\d{1,6}$/.test(raw) ? Number(raw) : Number.NaN;
    if (!Number.isInteger(quantity) || quantity < 0 || quantity > line.available) {
      errors.lines = `Quantité à rembourser pour « ${line.name} » : entre 0 et ${line.available}.`;
      continue;
    }
    if (quantity > 0) lines.push({ id: line.id, name: line.name, quantity });
  }
  const shipping = fields.shipping === "on";
  if (shipping && (!order.refundability.shipping || Number(order.refundability.shipping.available.amount) <= 0))
    errors.shipping = "Les frais de livraison sont déjà remboursés ou la commande n'en a pas.";
  const reason = (fields.reason ?? "") as RefundReason;
  if (!Object.hasOwn(REFUND_REASONS, reason)) errors.reason = "Choisissez le motif du remboursement.";
  const message = (fields.message ?? "").trim();
  if (message.length > MAX_MESSAGE) errors.message = `Le message au client ne peut dépasser ${MAX_MESSAGE} caractères.`;
  if (!lines.length && !shipping && !errors.lines && !errors.shipping)
    errors.lines = "Choisissez au moins un article ou les frais de livraison.";
  if (Object.keys(errors).length) return { errors };
  return {
    plan: { lines, shipping, reason, ...(message ? { message } : {}), notify: fields.notify === "on", restock: fields.restock === "on" },
  };
}

const refundItems = (plan: RefundPlan) => ({
  lineItems: plan.lines.map((l) => ({ lineItemId: l.id, quantity: l.quantity })),
  ...(plan.shipping ? { shipping: {} } : {}),
});

/** What the refund will give back, from Wix's own calculation (orderBilling.calculateRefund). */
export async function refundTotal(admin: ElevatedClient, id: string, plan: RefundPlan): Promise<string> {
  const calc = await admin.orderBilling.calculateRefund(orderId(id), { refundItems: refundItems(plan) });
  return calc.summary?.total?.formattedAmount ?? "";
}

export async function refund(admin: ElevatedClient, order: AdminOrderDetail, plan: RefundPlan): Promise<string> {
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

/** The shipping form's errors, by its field names (app/models/order-life.ts). */
export type ShipFields = FieldErrors<OrderFormFields["ship"]>;

export interface ShipPlan {
  lines: Array<{ id: string; name: string; quantity: number }>;
  trackingInfo: { shippingProvider: string; trackingNumber: string; trackingLink?: string };
}

const TRACKING_RE = /^[A-Za-z0-9-]{4,40}$/;

export function readShipForm(order: AdminOrderDetail, fields: Record<string, string>): { plan: ShipPlan } | { errors: ShipFields } {
  const errors: ShipFields = {};
  const lines: ShipPlan["lines"] = [];
  for (const line of order.toFulfil) {
    const raw = (fields[`ship-${line.id}`] ?? "0").trim();
    const quantity = /^\d{1,6}$/.test(raw) ? Number(raw) : Number.NaN;
    if (!Number.isInteger(quantity) || quantity > line.quantity)
      errors.lines = `Quantité à expédier pour « ${line.name} » : entre 0 et ${line.quantity}.`;
    else if (quantity > 0) lines.push({ id: line.id, name: line.name, quantity });
  }
  if (!lines.length && !errors.lines) errors.lines = "Choisissez au moins un article à expédier.";
  const carrier = (fields.carrier ?? "") as Carrier;
  if (!Object.hasOwn(CARRIERS, carrier)) errors.carrier = "Choisissez le transporteur.";
  const number = (fields.trackingNumber ?? "").replace(/\s+/g, "");
  if (!TRACKING_RE.test(number)) errors.trackingNumber = "Numéro de suivi : 4 à 40 lettres, chiffres ou tirets.";
  let link: string | undefined;
  let provider: string = CARRIERS[carrier] ?? "";
  if (carrier === "other") {
    const name = (fields.carrierName ?? "").trim();
    if (!name || name.length > 60) errors.carrierName = "Nom du transporteur : 1 à 60 caractères.";
    provider = name;
    const given = (fields.trackingLink ?? "").trim();
    const url = URL.canParse(given) ? new URL(given) : null;
    if (!url || url.protocol !== "https:" || given.length > 500) errors.trackingLink = "Lien de suivi : une adresse https:// complète.";
    else link = url.href;
  } else if (WIX_PROVIDERS[carrier]) provider = WIX_PROVIDERS[carrier]!;
  else if (TRACKING_PAGES[carrier] && TRACKING_RE.test(number)) link = TRACKING_PAGES[carrier]!(encodeURIComponent(number));
  if (Object.keys(errors).length) return { errors };
  return { plan: { lines, trackingInfo: { shippingProvider: provider, trackingNumber: number, ...(link ? { trackingLink: link } : {}) } } };
}

export async function ship(admin: ElevatedClient, id: string, plan: ShipPlan): Promise<string> {
  await admin.orderFulfillments.createFulfillment(orderId(id), {
    lineItems: plan.lines.map((l) => ({ _id: l.id, quantity: l.quantity })),
    trackingInfo: plan.trackingInfo,
  });
  const count = plan.lines.reduce((s, l) => s + l.quantity, 0);
  return `Expédition enregistrée (${count} article${count > 1 ? "s" : ""}) : le client a reçu le lien de suivi par e-mail.`;
}

/** Store pickup: every unit not yet handed over is made ready (Wix's fulfilment status "Ready"); Wix e-mails the buyer. */
export async function pickupReady(admin: ElevatedClient, order: AdminOrderDetail): Promise<string> {
  if (!order.toFulfil.length) throw new AdminRefusal("Tous les articles sont déjà prêts ou retirés.");
  await admin.orderFulfillments.createFulfillment(orderId(order.id), {
    lineItems: order.toFulfil.map((l) => ({ _id: l.id, quantity: l.quantity })),
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

// ---------------------------------------------------------------- notes and invoices

export const NOTE_MAX = 2000;

export async function addNote(admin: ElevatedClient, id: string, message: string): Promise<string> {
  await admin.orders.addActivities(orderId(id), { orderActivities: [{ activityType: "MERCHANT_COMMENT", merchantComment: { message } }] });
  return "Note ajoutée.";
}
