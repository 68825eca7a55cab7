import type { ElevatedClient } from "../admin/elevated-client.server";
import { AdminRefusal } from "../admin/actions.server";
import { isTaken } from "../site/document-series.server";
import { quoteNumber, quoteRank, quoteRecordId, type QuoteContent, type QuoteRecord } from "~/models/quote";

/**
 * The quotes' records in the site's Wix Data collection `Quotes`, one item per version, its id `<number>-v<version>`
 * (docs/decisions/0058-quotes-in-wix-data.md): an insert of an id already taken fails (WDE0074), which is what makes a
 * number or a new version given once, whoever saves at the same moment.
 */
export const QUOTES = "Quotes";
/** One item per version answered, its id the version's: accepted, refused, or superseded by a revision. */
export const ANSWERS = "QuoteAnswers";
export type AnswerDecision = "ACCEPTED" | "REFUSED" | "SUPERSEDED";

/** Wix Data's system fields, and the key this module derives on saving: none is the record's to carry around. */
const SYSTEM_FIELDS = ["_createdDate", "_updatedDate", "_owner", "clientEmailKey"];

/** The SDK's item as our record (Wix Data adds its system fields; they are not ours to write back). */
function fromItem(item: Record<string, unknown>): QuoteRecord {
  const out = { ...item };
  for (const f of SYSTEM_FIELDS) delete out[f];
  return out as unknown as QuoteRecord;
}

/** The record as stored: with the client's e-mail in lower case, the key a member's "Mes devis" is read by. */
const stored = (q: QuoteRecord) => ({ ...q, clientEmailKey: q.client.email.toLowerCase() }) as unknown as Record<string, unknown>;

export { isTaken };

/**
 * Claims the version's one answer (an insert of its id: only one succeeds, whoever answers at the same moment).
 * Null when claimed; else the decision that came first.
 */
export async function claimAnswer(
  admin: ElevatedClient,
  q: QuoteRecord,
  decision: AnswerDecision,
  fields: Record<string, unknown> = {},
): Promise<AnswerDecision | null> {
  try {
    await admin.items.insert(ANSWERS, { _id: q._id, number: q.number, version: q.version, decision, ...fields });
    return null;
  } catch (error) {
    if (!isTaken(error)) throw error;
    const first = await admin.items.get(ANSWERS, q._id);
    return (first?.decision as AnswerDecision | undefined) ?? "ACCEPTED";
  }
}

/** A version's answer as claimed (and, for an acceptance, what it made on Wix once made). */
export interface QuoteAnswer {
  decision: AnswerDecision;
  at: string;
  /** The "Bon pour accord" name (ACCEPTED), the reason given (REFUSED). */
  name?: string;
  reason?: string;
  orderId?: string;
  orderNumber?: string;
  depositRequestId?: string;
}

export async function answerOf(admin: ElevatedClient, recordId: string): Promise<QuoteAnswer | null> {
  return ((await admin.items.get(ANSWERS, recordId)) as QuoteAnswer | null) ?? null;
}

/** Keeps on the answer what the acceptance made on Wix: the record can be rebuilt from it (`withItsAnswer`). */
export async function recordAcceptance(
  admin: ElevatedClient,
  q: QuoteRecord,
  made: Required<Pick<QuoteAnswer, "orderId" | "orderNumber" | "depositRequestId">>,
) {
  const { _createdDate, _updatedDate, _owner, ...answer } = (await admin.items.get(ANSWERS, q._id)) ?? {};
  await admin.items.update(ANSWERS, { ...answer, ...made, _id: q._id });
}

/**
 * The version as its answer says, when a write of the record read before that answer came after it: the record is
 * updated whole (Wix Data has no conditional write the app relies on), so a page that read it still open (the
 * client's first view in another tab, the owner's resend) would otherwise erase an acceptance, its order and its
 * deposit request. The answer, claimed once (`claimAnswer`), is the authority; only an open version can be behind it.
 */
export async function withItsAnswer(admin: ElevatedClient, q: QuoteRecord): Promise<QuoteRecord> {
  if (q.status !== "SENT" && q.status !== "VIEWED") return q;
  const a = await answerOf(admin, q._id);
  if (!a) return q;
  if (a.decision === "REFUSED") return saveQuote(admin, { ...q, status: "REFUSED", refusal: { reason: a.reason ?? "", at: a.at } });
  // A revision claims the answer before it saves its new version: superseded once that version exists.
  if (a.decision === "SUPERSEDED")
    return (await getQuote(admin, quoteRecordId(q.number, q.version + 1))) ? saveQuote(admin, { ...q, status: "SUPERSEDED" }) : q;
  // An acceptance still under way leaves the version as it is: the acceptance's own request saves it.
  if (!a.orderId || !a.depositRequestId) return q;
  return saveQuote(admin, {
    ...q,
    status: "ACCEPTED",
    acceptance: { name: a.name ?? "", at: a.at },
    orderId: a.orderId,
    orderNumber: a.orderNumber ?? "",
    depositRequestId: a.depositRequestId,
  });
}

export async function getQuote(admin: ElevatedClient, recordId: string): Promise<QuoteRecord | null> {
  if (!/^D-\d{4}-\d{4,}-v\d{1,3}$/.test(recordId)) return null;
  const item = await admin.items.get(QUOTES, recordId);
  return item ? fromItem(item) : null;
}

/** Every version of a quote, newest first. */
export async function versionsOf(admin: ElevatedClient, number: string): Promise<QuoteRecord[]> {
  const found = await admin.items.query(QUOTES).eq("number", number).descending("version").limit(50).find();
  return found.items.map(fromItem);
}

/** Every version sent to this e-mail address (any case), newest first. */
export async function quotesSentTo(admin: ElevatedClient, email: string): Promise<QuoteRecord[]> {
  const found = await admin.items
    .query(QUOTES)
    .eq("clientEmailKey", email.toLowerCase())
    .ne("status", "DRAFT")
    .descending("number")
    .descending("version")
    .limit(200)
    .find();
  return found.items.map(fromItem);
}

/** The latest version of each quote, newest quote first (at most `limit` records read). */
export async function listQuotes(admin: ElevatedClient, limit = 500): Promise<QuoteRecord[]> {
  const found = await admin.items.query(QUOTES).descending("number").descending("version").limit(limit).find();
  const latest = new Map<string, QuoteRecord>();
  for (const item of found.items.map(fromItem)) if (!latest.has(item.number)) latest.set(item.number, item);
  return [...latest.values()];
}

export async function saveQuote(admin: ElevatedClient, q: QuoteRecord): Promise<QuoteRecord> {
  return fromItem(await admin.items.update(QUOTES, stored(q)));
}

/** A new quote, version 1, numbered after the year's last one (another number is tried when one is taken meanwhile). */
export async function createQuote(admin: ElevatedClient, content: QuoteContent, now = new Date()): Promise<QuoteRecord> {
  const year = Number(new Intl.DateTimeFormat("en", { timeZone: "Europe/Paris", year: "numeric" }).format(now));
  for (let attempt = 0; attempt < 5; attempt++) {
    const last = await admin.items.query(QUOTES).startsWith("number", `D-${year}-`).descending("number").limit(1).find();
    const rank = (last.items[0] ? (quoteRank(String(last.items[0].number), year) ?? 0) : 0) + 1;
    const number = quoteNumber(year, rank);
    const record: QuoteRecord = {
      ...content,
      _id: quoteRecordId(number, 1),
      number,
      version: 1,
      status: "DRAFT",
      createdAt: now.toISOString(),
      invoices: [],
    };
    try {
      return fromItem(await admin.items.insert(QUOTES, stored(record)));
    } catch (error) {
      if (!isTaken(error)) throw error;
    }
  }
  throw new AdminRefusal("Le numéro du devis n'a pas pu être attribué : réessayez.");
}

/**
 * A sent quote revised: its next version (a draft, to send), and the old one superseded, so its link can no longer
 * accept it. Refused when another version was made meanwhile, or when the client accepted the old one meanwhile.
 */
export async function reviseQuote(admin: ElevatedClient, previous: QuoteRecord, content: QuoteContent): Promise<QuoteRecord> {
  // The old version's answer is taken first, so a client accepting it at this very moment and the revision cannot both
  // succeed. A refused version has its answer already (revising it is allowed); a retry finds its own SUPERSEDED.
  const first = await claimAnswer(admin, previous, "SUPERSEDED", { at: new Date().toISOString() });
  if (first === "ACCEPTED") throw new AdminRefusal("Le client vient d'accepter ce devis : il ne se modifie plus.");
  const version = previous.version + 1;
  const record: QuoteRecord = {
    ...content,
    _id: quoteRecordId(previous.number, version),
    number: previous.number,
    version,
    status: "DRAFT",
    createdAt: new Date().toISOString(),
    invoices: [],
  };
  let inserted: QuoteRecord;
  try {
    inserted = fromItem(await admin.items.insert(QUOTES, stored(record)));
  } catch (error) {
    if (isTaken(error)) throw new AdminRefusal("Une autre version de ce devis vient d'être créée : rechargez la page.");
    throw error;
  }
  await saveQuote(admin, { ...previous, status: "SUPERSEDED" });
  // The old version's priced draft never becomes an order (drafts made from scratch never expire on Wix).
  if (previous.draftOrderId) await admin.draftOrders.deleteDraftOrder(previous.draftOrderId).catch(() => undefined);
  return inserted;
}
