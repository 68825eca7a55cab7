import type { ElevatedClient } from "../admin/elevated-client.server";
import { AdminRefusal } from "../admin/actions.server";
import { listContactRequests } from "../admin/contact.server";
import { loadCatalogPage } from "../catalog/catalog.server";
import { parisToday } from "~/lib/paris-days";
import { QUOTE_COLLECTIONS } from "~/models/contact";
import { DEFAULT_VALIDITY_DAYS, effectiveStatus, VAT_RATE_PERCENT, type QuoteContent, type QuoteRecord } from "~/models/quote";
import { DEFAULT_PAYMENT_TERMS, readEuros, type CatalogService, type QuoteEditorField } from "~/models/quote-forms";
import type { FormValues } from "~/models/form-answer";
import { createQuote, reviseQuote, saveQuote } from "./store.server";
import { getConfig } from "../site/config.server";

/** The catalog's services (the collections that offer "Demander un devis"), with their price before VAT. */
export async function catalogServices(): Promise<CatalogService[]> {
  const pages = await Promise.all(
    QUOTE_COLLECTIONS.map((slug) => loadCatalogPage(new URL("http://catalog/?page=1"), slug).catch(() => null)),
  );
  const out = new Map<string, CatalogService>();
  for (const p of pages)
    for (const card of p?.products ?? []) {
      const price = readEuros(card.price.current, "prix");
      if (!price.ok || card.price.from) continue;
      out.set(card.id, { id: card.id, name: card.name, priceHtCents: Math.round((price.cents * 100) / (100 + VAT_RATE_PERCENT)) });
    }
  return [...out.values()];
}

/** A new quote's first values: the contact request's client and subject when it answers one, the defaults. */
export async function newQuoteValues(admin: ElevatedClient, requestId: string | null): Promise<FormValues<QuoteEditorField>> {
  const valid = new Date(`${parisToday()}T12:00:00Z`);
  valid.setUTCDate(valid.getUTCDate() + DEFAULT_VALIDITY_DAYS);
  const values: FormValues<QuoteEditorField> = {
    validUntil: valid.toISOString().slice(0, 10),
    vat: getConfig().legal.vatExempt ? "franchise" : "standard",
    depositKind: "percent",
    depositValue: "30",
    paymentTerms: DEFAULT_PAYMENT_TERMS,
    clientCountry: "FR",
  };
  if (!requestId) return values;
  const request = (await listContactRequests(admin)).find((r) => r.id === requestId);
  if (!request) return values;
  return {
    ...values,
    clientName: request.name,
    clientEmail: request.email,
    clientCompany: request.company,
    contactRequestId: request.id,
    "line-0-label": [request.subject, request.product].filter(Boolean).join(" — ").slice(0, 200),
  };
}

/** Saves the editor: a new quote, a draft changed in place, or a sent quote's next version. */
export async function saveEditor(admin: ElevatedClient, content: QuoteContent, existing: QuoteRecord | null): Promise<QuoteRecord> {
  if (!existing) return createQuote(admin, content);
  if (existing.status === "DRAFT") {
    // A draft's price may change: its priced draft order (if any) goes, the next sending prices it again.
    if (existing.draftOrderId) await admin.draftOrders.deleteDraftOrder(existing.draftOrderId).catch(() => undefined);
    const { draftOrderId: _dropped, ...rest } = existing;
    return saveQuote(admin, { ...rest, ...content });
  }
  const status = effectiveStatus(existing, parisToday());
  if (status !== "SENT" && status !== "VIEWED" && status !== "EXPIRED" && status !== "REFUSED")
    throw new AdminRefusal("Un devis accepté ne se modifie plus.");
  return reviseQuote(admin, existing, content);
}

export interface QuoteBoard {
  awaitingAnswer: number;
  awaitingDeposit: number;
  balancesDue: number;
  toInvoiceBalance: number;
}

/** The dashboard's quote figures: waiting for an answer, accepted awaiting their deposit, balances asked and not paid. */
export function quoteBoard(quotes: QuoteRecord[]): QuoteBoard {
  const today = parisToday();
  const statuses = quotes.map((q) => ({ q, s: effectiveStatus(q, today) }));
  return {
    awaitingAnswer: statuses.filter(({ s }) => s === "SENT" || s === "VIEWED").length,
    awaitingDeposit: statuses.filter(({ s }) => s === "ACCEPTED").length,
    balancesDue: statuses.filter(({ q, s }) => s === "DEPOSIT_PAID" && q.balanceRequestId).length,
    toInvoiceBalance: statuses.filter(({ q, s }) => s === "DEPOSIT_PAID" && !q.balanceRequestId).length,
  };
}
