import type { ElevatedClient } from "../admin/elevated-client.server";
import type { QuoteInvoice, QuoteRecord } from "~/models/quote";
import { isTaken } from "./store.server";

/**
 * A payment asked of a quote's order (Order Payment Requests), once per slot whoever asks at the same moment: the
 * owner's two tabs, or an acceptance finished by a second request. A slot is the nth request of a kind for a version
 * (`D-2026-0001-v1-acompte-2`: the second deposit asked, the first having lapsed); the request made is claimed in the
 * site's `InvoiceClaims` collection under the slot's name (an insert of a taken id fails, WDE0074), and a request that
 * lost the claim is voided at once. Without it two requests stayed open on the order: two e-mails, and Wix refusing
 * the balance's request later (the open deposit counted as owed).
 */
const CLAIMS = "InvoiceClaims";
const DAY = 24 * 3600 * 1000;
const euros = (cents: number) => (cents / 100).toFixed(2);

export interface PaymentAsk {
  orderId: string;
  amountCents: number;
  title: string;
  description?: string;
  /** Days the request stays payable. */
  days: number;
}

/** The request asked in this slot: `mine` when this call made it, else the one another call made first. */
export interface Asked {
  id: string;
  mine: boolean;
}

export const askSlot = (q: QuoteRecord, kind: QuoteInvoice["kind"]) =>
  `${q._id}-${kind}-${1 + (q.lapsedRequests ?? []).filter((l) => l.kind === kind).length}`;

export async function askPayment(admin: ElevatedClient, q: QuoteRecord, kind: QuoteInvoice["kind"], ask: PaymentAsk): Promise<Asked> {
  const slot = askSlot(q, kind);
  const claimed = async () => {
    const item = await admin.items.get(CLAIMS, slot);
    return typeof item?.requestId === "string" ? item.requestId : undefined;
  };
  const first = await claimed();
  if (first) return { id: first, mine: false };
  let id: string;
  try {
    const made = await admin.orderPaymentRequests.createOrderPaymentRequest({
      orderPaymentRequest: {
        orderId: ask.orderId,
        amount: { amount: euros(ask.amountCents) },
        title: ask.title,
        ...(ask.description ? { description: ask.description } : {}),
        source: { externalId: `${q._id}-${kind}` },
        expirationDate: new Date(Date.now() + ask.days * DAY),
      },
    });
    id = made._id!;
  } catch (error) {
    // Wix refuses a request over what the order owes: the one another call just made (claimed or about to be) may be
    // why, and it is then the one.
    const other = (await claimed()) ?? (await openRequest(admin, ask.orderId, `${q._id}-${kind}`));
    if (other) return { id: other, mine: false };
    throw error;
  }
  try {
    await admin.items.insert(CLAIMS, { _id: slot, requestId: id, at: new Date().toISOString() });
    return { id, mine: true };
  } catch (error) {
    // Not kept: voided, so no request stays open that the quote does not know of.
    await admin.orderPaymentRequests.voidOrderPaymentRequest(id).catch(() => undefined);
    if (!isTaken(error)) throw error;
    return { id: (await claimed())!, mine: false };
  }
}

/** The request of this kind still unpaid on the order, if any. */
async function openRequest(admin: ElevatedClient, orderId: string, externalId: string): Promise<string | undefined> {
  const found = await admin.orderPaymentRequests
    .queryOrderPaymentRequests()
    .eq("orderId", orderId)
    .eq("source.externalId", externalId)
    .eq("status", "UNPAID")
    .limit(1)
    .find();
  return found.items[0]?._id ?? undefined;
}
