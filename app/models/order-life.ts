/**
 * An order's life after its payment, as the customer and the owner see it (built in app/.server/orders/after-sale-views.server.ts
 * and admin/order-detail.server.ts): its shipments or pickup, its refunds, its invoice. French labels for Wix's
 * statuses (the typings' enums; the refund reasons of the specification's §8).
 */
import type { Money } from "./cart";
import type { FormAnswer } from "./form-answer";

export interface ShipmentView {
  id: string;
  date?: string;
  lines: Array<{ name: string; quantity: number }>;
  carrier?: string;
  trackingNumber?: string;
  trackingLink?: string;
  /** "Expédiée", "Prête à retirer", "Retirée"… */
  label: string;
  /** Wix's fulfilment status (Pending, Accepted, Ready, In_Delivery, Fulfilled) when one is set. */
  status?: string;
}

export interface RefundView {
  id: string;
  date?: string;
  amount: Money;
  status: string;
  statusLabel: string;
  reason?: string;
  lines: Array<{ name: string; quantity: number }>;
  shipping?: Money;
  /** Recorded as made outside (a payment on delivery refunded in cash or by transfer). */
  external: boolean;
}

/** Wix's refund transaction statuses (RefundStatus of the typings; the specification's §4). */
export const REFUND_STATUS_LABELS: Record<string, string> = {
  PENDING: "En cours auprès de la banque",
  SUCCEEDED: "Effectué",
  FAILED: "Échoué",
  SCHEDULED: "Programmé",
  STARTED: "Lancé",
};

/**
 * Why a payment cannot be refunded: the specification's §8 list (the payments collector's NonRefundableReason) and
 * the order billing's own (ORDER_IS_PENDING, ORDER_IS_REJECTED, AMOUNT_OFFSET_BY_CHARGEBACK).
 */
export const NON_REFUNDABLE_LABELS: Record<string, string> = {
  ALREADY_REFUNDED: "Le paiement est déjà entièrement remboursé.",
  PROVIDER_IS_DOWN: "Le prestataire de paiement ne répond pas : réessayez plus tard.",
  INTERNAL_ERROR: "Le prestataire de paiement a rencontré une erreur : réessayez plus tard.",
  NOT_PAID: "Rien n'a été encaissé sur cette commande : il n'y a rien à rembourser.",
  ACCESS_DENIED: "Le prestataire de paiement refuse l'accès à ce paiement.",
  ZERO_PRICE: "Le montant payé est nul : rien à rembourser.",
  DISABLED_BY_PROVIDER: "Le prestataire de paiement n'autorise pas les remboursements pour ce moyen de paiement.",
  PENDING_REFUND: "Un remboursement est déjà en cours : attendez qu'il aboutisse.",
  FORBIDDEN: "Le remboursement n'est pas autorisé pour ce paiement.",
  TRANSACTION_NOT_FOUND: "Le prestataire de paiement ne retrouve pas ce paiement.",
  ORDER_IS_PENDING: "La commande est en attente de validation.",
  ORDER_IS_REJECTED: "La commande a été refusée.",
  AMOUNT_OFFSET_BY_CHARGEBACK: "Le montant a déjà été repris par une contestation bancaire.",
  UNKNOWN_REASON: "Ce paiement ne peut pas être remboursé.",
};

/** Why the owner refunds: the choice becomes Wix's `customerReason` (free text, 200 characters). */
export const REFUND_REASONS = {
  RETURNED: "Article retourné",
  DAMAGED: "Article abîmé ou défectueux",
  CANCELED: "Commande annulée",
  NOT_DELIVERED: "Colis non livré",
  GOODWILL: "Geste commercial",
  OTHER: "Autre",
} as const;
export type RefundReason = keyof typeof REFUND_REASONS;

/** Carriers the owner picks from: Wix builds the link for its predefined ones, the app for the French ones. */
export const CARRIERS = {
  colissimo: "Colissimo",
  chronopost: "Chronopost",
  "mondial-relay": "Mondial Relay",
  dhl: "DHL",
  ups: "UPS",
  fedex: "FedEx",
  other: "Autre transporteur",
} as const;
export type Carrier = keyof typeof CARRIERS;

/**
 * The field names of the owner's order forms (app/components/admin/OrderForms.tsx), by the form's `intent`: one
 * quantity field per order line (`qty-<line id>` to refund, `ship-<line id>` to ship), and `lines`, the error about
 * those quantities together. The action's refusals and the forms both read these names (app/routes/admin.orders.$id.tsx),
 * so a field renamed on one side only is a type error, as on the site's other forms.
 */
export interface OrderFormFields {
  refund: "lines" | "shipping" | "reason" | "message" | "restock" | "notify" | `qty-${string}`;
  ship: "lines" | "carrier" | "trackingNumber" | "carrierName" | "trackingLink" | `ship-${string}`;
  note: "message";
}
export type OrderFormIntent = keyof OrderFormFields;

/** A refused order form, tagged with the form it is about (`intent`): each form reads only its own fields. */
export type OrderFormAnswer = { [I in OrderFormIntent]: FormAnswer<OrderFormFields[I]> & { intent: I } }[OrderFormIntent];

/** Wix's order fulfillmentStatus in French, for an order sent by carrier; in this order in the back-office's filter. */
export const FULFILLMENT_STATUS_LABELS: Record<string, string> = {
  NOT_FULFILLED: "Non expédiée",
  FULFILLED: "Expédiée",
  PARTIALLY_FULFILLED: "Partiellement expédiée",
};

/**
 * Where an order's goods stand, in one phrase. Wix marks a pickup order FULFILLED as soon as it is made ready (its
 * fulfilment, status Ready, covers every line), before the customer came: so a pickup is told from its fulfilments,
 * never called "Expédiée". `fulfilments` are the order's own (orderFulfillments); without them a pickup order the
 * owner has made ready reads "Prête à retirer" until a fulfilment says it was collected.
 */
export function fulfilmentStatusLabel(
  pickup: boolean,
  status: string | null | undefined,
  fulfilments: ReadonlyArray<{ status?: string | null; completed?: boolean | null }> = [],
): string {
  const key = String(status ?? "");
  if (!pickup) return Object.hasOwn(FULFILLMENT_STATUS_LABELS, key) ? FULFILLMENT_STATUS_LABELS[key]! : key || "—";
  if (key === "NOT_FULFILLED" || key === "") return "À préparer pour le retrait";
  const collected = fulfilments.length > 0 && fulfilments.every((f) => f.status === "Fulfilled" || f.completed === true);
  if (key === "FULFILLED") return collected ? "Retirée" : "Prête à retirer";
  return collected ? "Partiellement retirée" : "Partiellement prête à retirer";
}

/** What a shipment is called, by the order's kind and Wix's fulfilment status. */
export function shipmentLabel(pickup: boolean, status?: string | null, completed?: boolean | null): string {
  if (pickup) return status === "Fulfilled" || completed ? "Retirée" : "Prête à retirer";
  if (status === "Fulfilled" || completed) return "Livrée";
  if (status === "In_Delivery") return "En cours de livraison";
  return "Expédiée";
}
