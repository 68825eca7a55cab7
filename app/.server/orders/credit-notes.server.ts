import type { orderTransactions } from "@wix/ecom";
import type { ElevatedClient } from "../admin/elevated-client.server";
import { isTaken, numberInSeries } from "../site/document-series.server";
import { isoDate } from "~/lib/dates";
import { cents } from "./money.server";

/**
 * The store's credit notes (factures d'avoir): one per refund that gave money back, numbered on their own yearly
 * series AV-2026-0001, AV-2026-0002… in the site's `CreditNotes` collection (site/document-series.server.ts: an id
 * is a number, given once, no gap), each naming the order's invoice it corrects (decision 0076). Wix has no credit
 * note for eCommerce orders (orderInvoices keeps invoice records only), so the app numbers them as it numbers the
 * quotes' invoices. A refund is numbered the first time its order's documents are read after it (the owner's page
 * answers the refund itself, so that is at once): each refund is claimed first in `InvoiceClaims`
 * (`avoir-<refund id>`), so two replicas reading the order at the same moment cannot number it twice.
 */

const CREDIT_NOTES = "CreditNotes";
const CLAIMS = "InvoiceClaims";
/** A claim this old without its credit note is a reader that died between the two inserts: the next claim level takes over. */
const STALE_CLAIM_MS = 60_000;
const CLAIM_LEVELS = 3;

/** How a credit note's number is spelt in a path or a query (checked before any read). */
export const CREDIT_NOTE_NUMBER = /^AV-\d{4}-\d{4,6}$/;

export interface CreditNoteRecord {
  number: string;
  refundId: string;
  issuedAt: string;
  /** Cents given back (VAT included). */
  amountCents: number;
}

/** What a refund gave back: its transactions that succeeded (a pending or failed one is no credit yet). */
export const refundedCents = (refund: orderTransactions.Refund) =>
  (refund.transactions ?? []).filter((t) => t.refundStatus === "SUCCEEDED").reduce((s, t) => s + cents(t.amount), 0);

const recordOf = (item: Record<string, unknown>): CreditNoteRecord => ({
  number: String(item._id),
  refundId: String(item.refundId),
  issuedAt: String(item.issuedAt),
  amountCents: Number(item.amountCents),
});

/** The credit notes already numbered for the order: a reader may start this read before it has the order's refunds. */
export async function storedCreditNotes(admin: ElevatedClient, orderId: string): Promise<CreditNoteRecord[]> {
  const found = await admin.items.query(CREDIT_NOTES).eq("orderId", orderId).limit(300).find();
  return found.items.map(recordOf);
}

async function noteOfRefund(admin: ElevatedClient, refundId: string): Promise<CreditNoteRecord | null> {
  const found = await admin.items.query(CREDIT_NOTES).eq("refundId", refundId).limit(1).find();
  return found.items[0] ? recordOf(found.items[0]) : null;
}

/** Whether this reader may number the refund: it inserted the claim (or the next level over a dead reader's). */
async function claimRefund(admin: ElevatedClient, refundId: string): Promise<boolean> {
  for (let level = 1; level <= CLAIM_LEVELS; level++) {
    const id = level === 1 ? `avoir-${refundId}` : `avoir-${refundId}-${level}`;
    try {
      await admin.items.insert(CLAIMS, { _id: id, at: new Date().toISOString() });
      return true;
    } catch (error) {
      if (!isTaken(error)) throw error;
    }
    const held = await admin.items.get(CLAIMS, id);
    if (Date.now() - Date.parse(String(held?.at ?? "")) < STALE_CLAIM_MS) return false;
  }
  return false;
}

/** The refund's credit note: numbered now, or null while another reader is numbering it. */
async function issueCreditNote(
  admin: ElevatedClient,
  order: { id: string; invoiceNumber: string },
  refund: orderTransactions.Refund,
): Promise<CreditNoteRecord | null> {
  const refundId = refund._id!;
  if (!(await claimRefund(admin, refundId))) return noteOfRefund(admin, refundId);
  // A reader taking over a stale claim may find that the first one finished after all.
  const done = await noteOfRefund(admin, refundId);
  if (done) return done;
  const issuedAt = new Date();
  const amountCents = refundedCents(refund);
  const fields = {
    orderId: order.id,
    invoiceNumber: order.invoiceNumber,
    refundId,
    refundDate: isoDate(refund._createdDate) ?? null,
    amountCents,
    issuedAt: issuedAt.toISOString(),
  };
  const number = await numberInSeries(admin, { collection: CREDIT_NOTES, prefix: "AV" }, fields, issuedAt);
  return { number, refundId, issuedAt: fields.issuedAt, amountCents };
}

/**
 * The order's credit notes, one per refund that gave money back, in the order of their numbers; the refunds not yet
 * numbered are numbered now, oldest first, so the series follows the refunds. `stored` is the order's
 * storedCreditNotes when the caller read them already.
 */
export async function creditNotesOf(
  admin: ElevatedClient,
  order: { id: string; invoiceNumber: string },
  refunds: orderTransactions.Refund[],
  stored?: CreditNoteRecord[],
): Promise<CreditNoteRecord[]> {
  // A copy: the caller's list is not pushed into.
  const notes = [...(stored ?? (await storedCreditNotes(admin, order.id)))];
  const numbered = new Set(notes.map((n) => n.refundId));
  const missing = refunds
    .filter((r) => r._id && !numbered.has(r._id) && refundedCents(r) > 0)
    .sort((a, b) => String(isoDate(a._createdDate)).localeCompare(String(isoDate(b._createdDate))));
  for (const refund of missing) {
    const note = await issueCreditNote(admin, order, refund);
    if (note) notes.push(note);
  }
  return notes.sort((a, b) => a.issuedAt.localeCompare(b.issuedAt) || a.number.localeCompare(b.number));
}
