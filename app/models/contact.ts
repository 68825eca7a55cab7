/** The quote request's subjects: the form's select, the server's schema and the platform's form field agree. */
export const CONTACT_SUBJECTS = [
  { value: "conseil", label: "Conseil" },
  { value: "formation", label: "Formation" },
  { value: "audit", label: "Audit" },
  { value: "autre", label: "Autre demande" },
] as const;

export type ContactSubject = (typeof CONTACT_SUBJECTS)[number]["value"];

export interface ContactRequest {
  name: string;
  email: string;
  company?: string;
  /** International form (+33612345678), optional. */
  phone?: string;
  subject: ContactSubject;
  message: string;
  budget?: string;
  dates?: string;
  /** The service the request is about, when it comes from a product page ("Demander un devis"). */
  product?: string;
}

/** Collections whose products are services: their pages offer "Demander un devis" besides the cart. */
export const QUOTE_COLLECTIONS: readonly string[] = ["conseil", "formations"];

/**
 * The subject a service's name suggests, read word by word: "Formation React" is a training, "Audit de système
 * d'information" an audit (a substring test would find "formation" inside "information").
 */
export function subjectForProduct(name: string): ContactSubject {
  const words = new Set(name.toLocaleLowerCase("fr-FR").split(/[^\p{L}\p{N}]+/u));
  if (words.has("formation") || words.has("formations")) return "formation";
  if (words.has("audit") || words.has("audits")) return "audit";
  return "conseil";
}

export function quoteUrl(productSlug: string): string {
  return `/contact?produit=${encodeURIComponent(productSlug)}`;
}

/** Where a request stands for the owner (Wix Forms: not seen, seen, in the trash bin). */
export const CONTACT_REQUEST_STATUSES = { NEW: "Nouvelle", HANDLED: "Traitée", ARCHIVED: "Archivée" } as const;
export type ContactRequestStatus = keyof typeof CONTACT_REQUEST_STATUSES;

/** One received quote request, as the owner's back-office lists it. */
export interface ContactRequestRow {
  id: string;
  createdDate: string;
  name: string;
  email: string;
  company: string;
  subject: string;
  message: string;
  phone: string;
  budget: string;
  dates: string;
  product: string;
  status: ContactRequestStatus;
  statusLabel: string;
}
