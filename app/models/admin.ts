/** The back-office's views and French labels (built in app/.server/admin-*.server.ts, shown by app/routes/admin.*). */
import type { Money } from "./cart";
import type { CreditNoteLink, OrderView } from "./order";
import { FULFILLMENT_STATUS_LABELS, type RefundView, type ShipmentView } from "./order-life";

export const ORDER_STATUS_OPTIONS: Record<string, string> = {
  APPROVED: "Confirmée",
  CANCELED: "Annulée",
  INITIALIZED: "En cours",
};

export const PAYMENT_STATUS_OPTIONS: Record<string, string> = {
  PAID: "Payée",
  NOT_PAID: "Non payée",
  PENDING: "En attente (autorisée)",
  CANCELED: "Paiement annulé",
  PARTIALLY_REFUNDED: "Partiellement remboursée",
  FULLY_REFUNDED: "Remboursée",
};

/** The filter offers the statuses the member's order page names (a pickup's own phrases are not order statuses). */
export const FULFILLMENT_STATUS_OPTIONS = FULFILLMENT_STATUS_LABELS;

export const MEMBER_STATUS_OPTIONS: Record<string, string> = {
  APPROVED: "Actif",
  PENDING: "En attente d'approbation",
  BLOCKED: "Bloqué",
};

export interface OrderFilters {
  /** The search box: an order number, an e-mail or the start of a name. */
  q?: string;
  status?: string;
  paymentStatus?: string;
  fulfillmentStatus?: string;
  tag?: string;
  /** yyyy-mm-dd, inclusive. */
  from?: string;
  to?: string;
}

export interface AdminOrderRow {
  id: string;
  number: string;
  createdDate?: string;
  buyer: string;
  total: string;
  statusLabel: string;
  paymentLabel: string;
  fulfillmentLabel: string;
  tags: string[];
  email: string;
  /** Collected in store: never under "Commandes à expédier". */
  pickup: boolean;
  /** Holds goods to send (not only trainings, audits, e-books). */
  physical: boolean;
  totalAmount: string;
  status: string;
  paymentStatus: string;
  fulfillmentStatus: string;
}

export interface AdminOrderDetail extends OrderView {
  status: string;
  statusLabel: string;
  fulfillmentStatus: string;
  fulfillmentLabel: string;
  tags: string[];
  activities: Array<{ type: string; date?: string }>;
  /** The order's one payment: what the owner can do with it. */
  payment?: { id: string; status: string; offline: boolean };
  /** Wix's payment collectability (getPaymentCollectabilityStatus): whether money can still be asked for. */
  collectability: { status: string; label: string };
  refundability: Refundability;
  refunds: RefundView[];
  shipments: ShipmentView[];
  /** Lines with units not yet shipped or made ready: what a new shipment may hold. */
  toFulfil: Array<{ id: string; name: string; quantity: number }>;
  /** Physical lines sent by post (not a store pickup): the order can be shipped with a carrier. */
  shippable: boolean;
  /** The order's invoice record (orderInvoices) when one exists; the PDF is offered once the order is paid. */
  invoice: { id: string } | null;
  invoiceable: boolean;
  /** The credit note of each refund that gave money back (app/.server/orders/credit-notes.server.ts). */
  creditNotes: CreditNoteLink[];
  /** The owner's internal notes (MERCHANT_COMMENT activities), oldest first. */
  notes: Array<{ id: string; date?: string; message: string }>;
}

/** What getOrderRefundability says, ready for the refund form. */
export interface Refundability {
  /** refundable (the provider is called), manual (an offline payment recorded as refunded outside), or none. */
  mode: "refundable" | "manual" | "none";
  /** Why not, in French (NON_REFUNDABLE_LABELS), when mode is "none". */
  reason?: string;
  maxRefund: Money;
  lines: Array<{ id: string; name: string; available: number; refunded: number; unit: Money }>;
  shipping?: { available: Money; refunded: Money };
}

/** A customer: the person behind orders and contact requests, found by e-mail (a member or a guest). */
export interface CustomerView {
  email: string;
  name: string;
  member?: { id: string; statusLabel: string; createdDate?: string };
  orders: AdminOrderRow[];
  requests: Array<{ id: string; createdDate?: string; subject: string; status: string }>;
}

/** The dashboard's figures: sales and orders of today and of this month (Europe/Paris), what needs action. */
export interface DashboardFigures {
  /** Orders placed today (their sales as for the month), and the money that moved today whatever the order's day. */
  today: { sales: Money; orders: number; cashed: Money; refunded: Money };
  month: { sales: Money; orders: number };
  /** True when a period had more orders than the dashboard reads: its figures are lower bounds. */
  truncated: boolean;
}

export interface AdminMemberRow {
  id: string;
  email: string;
  name: string;
  status: string;
  statusLabel: string;
  muted: boolean;
  createdDate?: string;
  /** One of OWNER_EMAILS: never blocked, disconnected or deleted from the back-office. */
  owner: boolean;
}

export const ACTIVITY_LABELS: Record<string, string> = {
  ORDER_PLACED: "Commande passée",
  ORDER_PAID: "Paiement encaissé",
  ORDER_FULFILLED: "Commande entièrement expédiée",
  ORDER_NOT_FULFILLED: "Expédition annulée",
  ORDER_CANCELED: "Commande annulée",
  PAYMENT_VOIDED: "Autorisation de paiement annulée",
  AUTHORIZED_PAYMENT_CAPTURED: "Paiement autorisé encaissé",
  AUTHORIZED_PAYMENT_VOIDED: "Autorisation de paiement libérée",
  REFUND_INITIATED: "Remboursement demandé",
  PAYMENT_REFUNDED: "Paiement remboursé",
  PAYMENT_REFUND_FAILED: "Remboursement échoué",
  ORDER_REFUNDED: "Commande remboursée",
  TRACKING_NUMBER_ADDED: "Numéro de suivi ajouté",
  TRACKING_NUMBER_EDITED: "Numéro de suivi modifié",
  TRACKING_LINK_ADDED: "Lien de suivi ajouté",
  SHIPPING_CONFIRMATION_EMAIL_SENT: "E-mail d'expédition envoyé au client",
  PICKUP_READY_EMAIL_SENT: "E-mail « prête à retirer » envoyé au client",
  INVOICE_ADDED: "Facture émise",
  MERCHANT_COMMENT: "Note interne",
};

/** Wix's payment collectability (getPaymentCollectabilityStatus, the specification's §4), as the owner reads it. */
export const COLLECTABILITY_LABELS: Record<string, string> = {
  COLLECTABLE: "Paiement à recevoir : la commande peut être marquée comme payée",
  NONCOLLECTABLE_ORDER_IS_CANCELLED: "Rien à encaisser : la commande est annulée",
  NONCOLLECTABLE_ORDER_IS_PAID: "Rien à encaisser : la commande est payée",
  NONCOLLECTABLE_MISSING_PAYMENT_METHOD: "Aucun moyen de paiement n'est disponible pour encaisser",
  NONCOLLECTABLE_ORDER_IS_PENDING: "Paiement autorisé : encaissez-le ou annulez l'autorisation",
  NONCOLLECTABLE_ORDER_IS_REJECTED: "Rien à encaisser : la commande a été refusée",
  NONCOLLECTABLE_ORDER_HAS_CHARGEBACKS: "Encaissement impossible : la commande fait l'objet d'une contestation bancaire",
  NONCOLLECTABLE_ORDER_HAS_SUBSCRIPTIONS: "Encaissement impossible : la commande contient un abonnement",
};

/** The typed word that confirms an action on every member (no filter): a click alone never does it. */
export const EVERY_MEMBER_CONFIRMATION = "TOUS LES MEMBRES";

/** What the members page does to every member of its filter (after a confirmation that counts them). */
export const BULK_MEMBER_LABELS = { approve: "Approuver", block: "Bloquer", delete: "Supprimer" } as const;
export type BulkMemberAction = keyof typeof BULK_MEMBER_LABELS;

/** What a destructive action asks to confirm: the sentence, and the fields the confirmed POST sends again. */
export interface ConfirmRequest {
  question: string;
  /** Details under the question: what exactly will move (lines, amounts, counts). */
  details?: string[];
  fields: Record<string, string | string[]>;
  /** The word to type before the action runs (an action on every member): its label asks for it. */
  typed?: string;
  /** The confirm button's label ("Rembourser 23,90 €"); "Confirmer" by default. */
  button?: string;
  /** Set when the typed word did not match: said beside the field. */
  typedError?: string;
}
