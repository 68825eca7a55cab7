/** The back-office's views and French labels (built in app/.server/admin-*.server.ts, shown by app/routes/admin.*). */
import type { OrderView } from "./order";

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
};

export const FULFILLMENT_STATUS_OPTIONS: Record<string, string> = {
  NOT_FULFILLED: "Non expédiée",
  FULFILLED: "Expédiée",
  PARTIALLY_FULFILLED: "Partiellement expédiée",
};

export const MEMBER_STATUS_OPTIONS: Record<string, string> = {
  APPROVED: "Actif",
  PENDING: "En attente d'approbation",
  BLOCKED: "Bloqué",
};

export interface OrderFilters {
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
}

export interface AdminOrderDetail extends OrderView {
  status: string;
  statusLabel: string;
  fulfillmentLabel: string;
  tags: string[];
  activities: Array<{ type: string; date?: string }>;
  /** The order's one payment: what the owner can do with it. */
  payment?: { id: string; status: string };
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
  ORDER_FULFILLED: "Commande expédiée",
  ORDER_CANCELED: "Commande annulée",
  PAYMENT_VOIDED: "Autorisation de paiement annulée",
};

/** What a destructive action asks to confirm: the sentence, and the fields the confirmed POST sends again. */
export interface ConfirmRequest {
  question: string;
  fields: Record<string, string | string[]>;
}
