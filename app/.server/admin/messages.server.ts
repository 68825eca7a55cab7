/**
 * Every refusal the back-office can meet, in French: the application error codes the typings list for each SDK
 * call the back-office makes (node_modules/@wix/auto_sdk_*: `<Call>ApplicationErrors`, `<Call>ValidationErrors`),
 * checked against those typings by tests/unit/admin-messages.test.ts. The same code can mean something else
 * elsewhere (LINE_ITEM_NOT_FOUND is a cart line for a buyer, an order line here): the back-office's actions read
 * these first.
 */
export const BACKOFFICE_CALLS = {
  // @wix/ecom orders
  "ecom_orders:CancelOrder": ["ORDER_HAS_AUTHORIZED_TRANSACTION", "ORDER_IS_PENDING", "ORDER_IS_REJECTED"],
  "ecom_orders:UpdateOrder": ["ORDER_IS_PENDING", "ORDER_IS_REJECTED"],
  "ecom_orders:GetOrder": ["ORDER_NOT_FOUND"],
  "ecom_orders:PreparePaymentCollection": [
    "PAYMENT_METHODS_NOT_FOUND",
    "ORDER_CANCELED",
    "INVALID_AMOUNT",
    "ORDER_ALREADY_PAID",
    "NO_ASSOCIATED_ECOM_ORDER",
    "ORDER_HAS_CHARGEBACKS",
  ],
  "ecom_orders:PaymentCollectionMarkOrderAsPaid": ["ORDER_ALREADY_PAID", "PAYMENT_GATEWAY_ID_NOT_FOUND", "ORDER_HAS_CHARGEBACKS"],
  "ecom_orders:CaptureAuthorizedPayments": [
    "INVALID_AMOUNT",
    "NOT_REGULAR_ONLINE_PAYMENT",
    "PAYMENT_ALREADY_VOIDED",
    "PAYMENT_ALREADY_CAPTURED",
    "PAYMENT_NOT_AUTHORIZED",
    "PAYMENT_NOT_FOUND",
    "PAYMENT_GATEWAY_ID_NOT_FOUND",
    "PAYMENT_HAS_PENDING_CAPTURE",
  ],
  "ecom_orders:VoidAuthorizedPayments": [
    "PAYMENT_ALREADY_VOIDED",
    "PAYMENT_ALREADY_CAPTURED",
    "PAYMENT_NOT_AUTHORIZED",
    "PAYMENT_NOT_FOUND",
    "PAYMENT_GATEWAY_ID_NOT_FOUND",
  ],
  // @wix/ecom orderBilling
  "ecom_order-billing:RefundPayments": [
    "PAYMENT_NOT_FOUND",
    "LINE_ITEM_NOT_FOUND",
    "ADDITIONAL_FEE_NOT_FOUND",
    "SHIPPING_NOT_FOUND",
    "INVALID_PAYMENT_REFUND_AMOUNT",
    "INVALID_ADDITIONAL_FEE_REFUND_AMOUNT",
    "INVALID_SHIPPING_REFUND_AMOUNT",
    "INVALID_LINE_ITEM_REFUND_QUANTITY",
    "INVALID_LINE_ITEM_RESTOCK_QUANTITY",
    "PAYMENT_NOT_REFUNDABLE",
    "EXTERNAL_REFUND_EXPECTED",
    "PARTIAL_REFUND_FOR_MULTIPLE_LOCATIONS_NOT_ALLOWED",
  ],
  // @wix/ecom orderFulfillments
  "ecom_order-fulfillments:CreateFulfillment": ["TRACKING_NUMBER_ALREADY_EXISTS"],
  "ecom_order-fulfillments:UpdateFulfillment": ["TRACKING_NUMBER_ALREADY_EXISTS"],
  // @wix/ecom orderInvoices
  "ecom_order-invoices:GenerateInvoice": [
    "GENERATE_INVOICE_NOT_SUPPORTED",
    "INVOICE_ALREADY_EXISTS",
    "MISSING_CONTACT",
    "MISSING_CONTACT_EMAIL",
    "INVALID_EMAIL",
    "INVALID_PRICE_AMOUNT",
    "CONTACT_NOT_FOUND",
    "FAILED_TO_RETRIEVE_CONTACT",
    "ORDER_HAS_CHARGEBACKS",
    "UNKNOWN_CURRENCY",
  ],
  // @wix/members members
  "members_members:BlockMember": [
    "MEMBER_SELF_BLOCK_FORBIDDEN",
    "OWNER_MEMBER_BLOCK_FORBIDDEN",
    "ACTIVE_SUBSCRIPTION_MEMBER_BLOCK_FORBIDDEN",
  ],
  "members_members:DeleteMember": ["OWNER_OR_CONTRIBUTOR_MEMBER_DELETE_FORBIDDEN", "ACTIVE_SUBSCRIPTION_MEMBER_DELETE_FORBIDDEN"],
  "members_members:GetMember": ["MEMBER_TO_MEMBER_BLOCKED"],
} as const;

export const BACKOFFICE_MESSAGES: Record<string, string> = {
  // Orders
  ORDER_HAS_AUTHORIZED_TRANSACTION:
    "Cette commande a un paiement par carte seulement autorisé : libérez l'autorisation (« Annuler et libérer l'autorisation ») avant de l'annuler.",
  ORDER_IS_PENDING: "Cette commande attend encore sa validation : elle ne peut pas être modifiée ni annulée.",
  ORDER_IS_REJECTED: "Cette commande a été refusée : elle ne peut plus être modifiée.",
  ORDER_NOT_FOUND: "Commande introuvable.",
  // Collecting and settling payments
  PAYMENT_METHODS_NOT_FOUND: "Aucun moyen de paiement n'est disponible pour encaisser cette commande.",
  ORDER_CANCELED: "Cette commande est annulée : il n'y a rien à encaisser.",
  INVALID_AMOUNT: "Ce montant ne peut pas être encaissé.",
  ORDER_ALREADY_PAID: "Cette commande est déjà payée (ou son paiement par carte est autorisé) : rien à encaisser.",
  NO_ASSOCIATED_ECOM_ORDER: "Aucune commande ne correspond à ce paiement.",
  ORDER_HAS_CHARGEBACKS: "Cette commande fait l'objet d'une contestation bancaire : aucun encaissement n'est possible.",
  PAYMENT_GATEWAY_ID_NOT_FOUND: "Le prestataire de paiement ne retrouve pas ce paiement.",
  NOT_REGULAR_ONLINE_PAYMENT: "Ce paiement n'a pas été fait en ligne par carte : il ne s'encaisse pas ici.",
  PAYMENT_ALREADY_VOIDED: "L'autorisation de paiement a été libérée : plus rien ne peut être encaissé sur cette commande.",
  PAYMENT_ALREADY_CAPTURED: "Ce paiement est déjà encaissé.",
  PAYMENT_NOT_AUTHORIZED: "Ce paiement n'est pas une autorisation en attente.",
  PAYMENT_NOT_FOUND: "Paiement introuvable pour cette commande.",
  PAYMENT_HAS_PENDING_CAPTURE: "Un encaissement de ce paiement est déjà en cours.",
  // Refunds
  LINE_ITEM_NOT_FOUND: "Un des articles à rembourser n'appartient pas à cette commande.",
  ADDITIONAL_FEE_NOT_FOUND: "Ces frais n'existent pas sur cette commande.",
  SHIPPING_NOT_FOUND: "Cette commande n'a pas de frais de livraison à rembourser.",
  INVALID_PAYMENT_REFUND_AMOUNT: "Ce montant dépasse ce qui reste à rembourser sur cette commande.",
  INVALID_ADDITIONAL_FEE_REFUND_AMOUNT: "Ce montant de frais dépasse ce qui reste à rembourser.",
  INVALID_SHIPPING_REFUND_AMOUNT: "Les frais de livraison sont déjà remboursés.",
  INVALID_LINE_ITEM_REFUND_QUANTITY: "Cette quantité dépasse ce qui reste à rembourser pour cet article.",
  INVALID_LINE_ITEM_RESTOCK_QUANTITY: "On ne peut remettre en stock plus d'articles que ceux remboursés.",
  PAYMENT_NOT_REFUNDABLE: "Ce paiement ne peut pas être remboursé (rien n'a été encaissé, ou tout est déjà remboursé).",
  EXTERNAL_REFUND_EXPECTED: "Ce paiement a été reçu hors ligne : remboursez le client vous-même, puis enregistrez le remboursement.",
  PARTIAL_REFUND_FOR_MULTIPLE_LOCATIONS_NOT_ALLOWED:
    "Un remboursement partiel n'est pas possible pour des articles venant de plusieurs entrepôts.",
  // Shipments
  TRACKING_NUMBER_ALREADY_EXISTS: "Ce numéro de suivi est déjà enregistré sur cette commande.",
  // Invoices
  GENERATE_INVOICE_NOT_SUPPORTED: "Cette commande ne peut pas recevoir de facture.",
  INVOICE_ALREADY_EXISTS: "Une facture existe déjà pour cette commande.",
  MISSING_CONTACT: "La facture ne peut être émise : la commande n'a pas de client.",
  MISSING_CONTACT_EMAIL: "La facture ne peut être émise : la commande n'a pas d'adresse e-mail.",
  INVALID_EMAIL: "La facture ne peut être émise : l'adresse e-mail du client n'est pas valide.",
  INVALID_PRICE_AMOUNT: "La facture ne peut être émise : un montant de la commande est invalide.",
  CONTACT_NOT_FOUND: "La facture ne peut être émise : le client est introuvable.",
  UNKNOWN_CURRENCY: "La facture ne peut être émise : la devise de la commande n'est pas reconnue.",
  FAILED_TO_RETRIEVE_CONTACT: "La facture ne peut être émise pour le moment : réessayez dans un instant.",
  // Members
  MEMBER_SELF_BLOCK_FORBIDDEN: "Vous ne pouvez pas bloquer votre propre compte.",
  OWNER_MEMBER_BLOCK_FORBIDDEN: "Le compte du propriétaire du site ne peut pas être bloqué.",
  ACTIVE_SUBSCRIPTION_MEMBER_BLOCK_FORBIDDEN: "Ce membre a un abonnement actif : il ne peut pas être bloqué.",
  OWNER_OR_CONTRIBUTOR_MEMBER_DELETE_FORBIDDEN: "Le compte d'un propriétaire ou d'un collaborateur du site ne peut pas être supprimé.",
  ACTIVE_SUBSCRIPTION_MEMBER_DELETE_FORBIDDEN: "Ce membre a un abonnement actif : il ne peut pas être supprimé.",
  MEMBER_TO_MEMBER_BLOCKED: "Ce membre n'est pas accessible.",
  // Any call
  PERMISSION_DENIED: "La clé d'API du site n'a pas la permission nécessaire pour cette action (voir docs/back-office.md).",
};
