import { randomUUID } from "node:crypto";
import type { orderTransactions } from "@wix/ecom";
import { describe, expect, it } from "vitest";
import { isWix, usePlatform } from "../support/platform";
import { admin, useSiteApiKey } from "../support/quotes";
import { creditNotesOf } from "~/.server/orders/credit-notes.server";
import { seriesYear } from "~/.server/site/document-series.server";

/**
 * Each refund that gave money back gets one credit note, numbered on its own yearly series (AV-2026-0001…) in the
 * site's Wix Data, whichever replicas read the order at the same moment: no number twice, none skipped, in the order
 * of the refunds; a reader that died holding a refund's claim does not block it for good.
 */

const API_KEY = "credit-notes-api-key-0123456789abcdef";
usePlatform({ apiKey: API_KEY });
useSiteApiKey(API_KEY);

const refund = (date: string, cents: number, refundStatus = "SUCCEEDED"): orderTransactions.Refund => ({
  _id: randomUUID(),
  _createdDate: new Date(date),
  transactions: [{ refundStatus: refundStatus as "SUCCEEDED", amount: { amount: (cents / 100).toFixed(2) } }],
});
const order = (n: number) => ({ id: randomUUID(), invoiceNumber: `F-${n}` });
const numberOf = (seq: number) => `AV-${seriesYear(new Date())}-${String(seq).padStart(4, "0")}`;

describe.skipIf(isWix)("credit notes: their own series, one per refund", () => {
  it("three replicas reading an order with two refunds at once number each refund once, the older first; the next order follows on", async () => {
    const first = order(10042);
    const older = refund("2026-11-20T10:00:00Z", 7900);
    const newer = refund("2026-11-21T10:00:00Z", 2990);
    const pending = refund("2026-11-22T10:00:00Z", 1000, "PENDING");
    const reads = await Promise.all([1, 2, 3].map(() => creditNotesOf(admin(), first, [newer, older, pending])));

    // Whoever lost a claim may answer before the winner numbered it; a read after they all finished sees both.
    const settled = await creditNotesOf(admin(), first, [newer, older, pending]);
    expect(settled.map((n) => [n.number, n.refundId, n.amountCents])).toEqual([
      [numberOf(1), older._id, 7900],
      [numberOf(2), newer._id, 2990],
    ]);
    for (const read of reads) for (const note of read) expect(settled).toContainEqual(note);

    const second = order(10043);
    const next = refund("2026-11-23T10:00:00Z", 4390);
    expect((await creditNotesOf(admin(), second, [next])).map((n) => n.number)).toEqual([numberOf(3)]);
    // Read again: the same numbers, none added.
    expect((await creditNotesOf(admin(), first, [older, newer])).map((n) => n.number)).toEqual([numberOf(1), numberOf(2)]);
  });

  it("a refund claimed by a reader still at work waits for it; one claimed by a reader that died a while ago is numbered", async () => {
    const busy = refund("2026-11-24T10:00:00Z", 1500);
    const dead = refund("2026-11-24T11:00:00Z", 2500);
    await admin().items.insert("InvoiceClaims", { _id: `avoir-${busy._id}`, at: new Date().toISOString() });
    await admin().items.insert("InvoiceClaims", { _id: `avoir-${dead._id}`, at: new Date(Date.now() - 5 * 60_000).toISOString() });
    const notes = await creditNotesOf(admin(), order(10044), [busy, dead]);
    expect(notes.map((n) => n.refundId)).toEqual([dead._id]);
    expect(notes[0]!.number).toMatch(/^AV-\d{4}-\d{4}$/);
  });
});
