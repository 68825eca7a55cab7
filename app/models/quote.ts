/**
 * A consultant's quote (devis): what the owner writes, what the client accepts, what Wix is asked to collect. Amounts are
 * integer cents; the owner types prices before VAT (HT), as a business quote reads; the VAT rate is the site's one rate.
 * The record is kept in the site's Wix Data collection (docs/decisions/0058-quotes-in-wix-data.md).
 */

/** The site's VAT rate (the store's prices include 20 % VAT; a quote under the franchise has none). */
export const VAT_RATE_PERCENT = 20;

/** How long a quote stays open by default, in days. */
export const DEFAULT_VALIDITY_DAYS = 30;
/** The longest validity the editor takes: a year, within the life of the client's link (400 days, link.server.ts). */
export const MAX_VALIDITY_DAYS = 365;

export const QUOTE_UNITS = [
  { value: "jour", label: "jour(s)" },
  { value: "unite", label: "unité(s)" },
  { value: "forfait", label: "forfait" },
] as const;
export type QuoteUnit = (typeof QUOTE_UNITS)[number]["value"];

export interface QuoteLine {
  /** A service of the catalog (its product id), or none for a custom line. */
  productId?: string;
  label: string;
  quantity: number;
  unit: QuoteUnit;
  /** Before VAT, in cents. */
  unitPriceCents: number;
}

export interface QuoteClient {
  name: string;
  company: string;
  email: string;
  addressLine: string;
  postalCode: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** Intra-EU VAT number, normalized ("FR12345678901"), or "". */
  vatNumber: string;
}

export type Share = { kind: "percent"; basisPoints: number } | { kind: "amount"; cents: number };

/** What the owner writes in the editor: everything a version of a quote says. */
export interface QuoteContent {
  client: QuoteClient;
  lines: QuoteLine[];
  /** A discount on the lines (before VAT), or none. */
  discount: Share | null;
  /** Travel costs before VAT, in cents (0: none). */
  travelCents: number;
  /** "franchise": no VAT, the art. 293 B mention instead. */
  vat: "standard" | "franchise";
  /** The deposit asked at acceptance, on the total with VAT. */
  deposit: Share;
  /** Last day the client may accept (YYYY-MM-DD, Paris time). */
  validUntil: string;
  paymentTerms: string;
  /** The contact request this quote answers (Wix Forms submission id), when it came from one. */
  contactRequestId?: string;
}

/** The statuses a quote record keeps; EXPIRED is read from the validity, never stored. */
export const QUOTE_STATUSES = {
  DRAFT: "Brouillon",
  SENT: "Envoyé",
  VIEWED: "Vu",
  ACCEPTED: "Accepté",
  REFUSED: "Refusé",
  EXPIRED: "Expiré",
  DEPOSIT_PAID: "Acompte payé",
  SETTLED: "Soldé",
  SUPERSEDED: "Remplacé",
} as const;
export type QuoteStatus = keyof typeof QUOTE_STATUSES;

/** The invoice of one payment of a quote: the deposit's (acompte) or the balance's (solde). */
export interface QuoteInvoice {
  number: string;
  kind: "acompte" | "solde";
  amountCents: number;
  /** ISO date and time of issue (the payment's). */
  issuedAt: string;
  paymentRequestId: string;
}

/** One version of a quote as stored (one Wix Data item per version). */
export interface QuoteRecord extends QuoteContent {
  /** `<number>-v<version>`: one item per version, so two saves of one version cannot both succeed. */
  _id: string;
  number: string;
  version: number;
  status: Exclude<QuoteStatus, "EXPIRED">;
  createdAt: string;
  sentAt?: string;
  viewedAt?: string;
  /** The client's "Bon pour accord": the name typed and the moment, as a signature on paper. */
  acceptance?: { name: string; at: string };
  refusal?: { reason: string; at: string };
  /** Wix: the draft order priced at sending, the order it became at acceptance, its payment requests. */
  draftOrderId?: string;
  orderId?: string;
  orderNumber?: string;
  depositRequestId?: string;
  balanceRequestId?: string;
  /** Payment requests that lapsed unpaid (past their expiry, or voided): the owner asks again. */
  lapsedRequests?: LapsedRequest[];
  invoices: QuoteInvoice[];
}

export interface LapsedRequest {
  kind: QuoteInvoice["kind"];
  paymentRequestId: string;
  status: "EXPIRED" | "VOIDED";
  /** When the app noticed it. */
  at: string;
}

export interface QuoteTotals {
  /** Each line before and with VAT, in the order of `lines`. */
  lines: Array<{ ht: number; ttc: number; unitTtc: number }>;
  subtotalHt: number;
  discountHt: number;
  discountTtc: number;
  travelHt: number;
  travelTtc: number;
  totalHt: number;
  vat: number;
  totalTtc: number;
  deposit: number;
  balance: number;
}

const withVat = (ht: number, vat: QuoteContent["vat"]) => (vat === "franchise" ? ht : Math.round((ht * (100 + VAT_RATE_PERCENT)) / 100));
const shareOf = (share: Share, base: number) => (share.kind === "percent" ? Math.round((base * share.basisPoints) / 10_000) : share.cents);

/**
 * The quote's figures, computed as Wix prices the draft order (prices include VAT on this site): each line's unit
 * price with VAT times its quantity, the discount and the travel costs with VAT, so the order's total is the quote's
 * to the cent. The VAT shown is the total with VAT less the total before it.
 */
export function quoteTotals(q: Pick<QuoteContent, "lines" | "discount" | "travelCents" | "vat" | "deposit">): QuoteTotals {
  const lines = q.lines.map((l) => {
    const unitTtc = withVat(l.unitPriceCents, q.vat);
    return { ht: l.unitPriceCents * l.quantity, ttc: unitTtc * l.quantity, unitTtc };
  });
  const subtotalHt = lines.reduce((s, l) => s + l.ht, 0);
  const subtotalTtc = lines.reduce((s, l) => s + l.ttc, 0);
  const discountHt = q.discount ? shareOf(q.discount, subtotalHt) : 0;
  const discountTtc = !q.discount ? 0 : q.discount.kind === "percent" ? shareOf(q.discount, subtotalTtc) : withVat(q.discount.cents, q.vat);
  const travelHt = q.travelCents;
  const travelTtc = withVat(travelHt, q.vat);
  const totalHt = subtotalHt - discountHt + travelHt;
  const totalTtc = subtotalTtc - discountTtc + travelTtc;
  const deposit = shareOf(q.deposit, totalTtc);
  return {
    lines,
    subtotalHt,
    discountHt,
    discountTtc,
    travelHt,
    travelTtc,
    totalHt,
    vat: totalTtc - totalHt,
    totalTtc,
    deposit,
    balance: totalTtc - deposit,
  };
}

/** The status a client and the owner read: a sent quote past its last day is expired. */
export function effectiveStatus(q: Pick<QuoteRecord, "status" | "validUntil">, today: string): QuoteStatus {
  if ((q.status === "SENT" || q.status === "VIEWED") && q.validUntil < today) return "EXPIRED";
  return q.status;
}

/** Whether the client may still accept or refuse this version. */
export const isOpen = (status: QuoteStatus) => status === "SENT" || status === "VIEWED";

/** The quote's number for a year and a rank: D-2026-0001. */
export function quoteNumber(year: number, rank: number): string {
  return `D-${year}-${String(rank).padStart(4, "0")}`;
}

export const quoteRecordId = (number: string, version: number) => `${number}-v${version}`;

/** "D-2026-0007" → 7 for 2026; null for anything else. */
export function quoteRank(number: string, year: number): number | null {
  const m = /^D-(\d{4})-(\d{4,})$/.exec(number);
  return m && Number(m[1]) === year ? Number(m[2]) : null;
}

/** The client's name as the documents write it: the company first when there is one. */
export const clientTitle = (c: Pick<QuoteClient, "name" | "company">) => (c.company ? `${c.company} (${c.name})` : c.name);

/** One line of a member's "Mes devis" (app/.server/quotes/member-quotes.server.ts). */
export interface MemberQuote {
  id: string;
  number: string;
  version: number;
  client: string;
  total: string;
  status: string;
  sentAt: string;
  /** The quote's signed link, as e-mailed. */
  link: string;
}
