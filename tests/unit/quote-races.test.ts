import { describe, expect, it, vi } from "vitest";
import { isWix, usePlatform } from "../support/platform";
import { payOnHostedPage } from "../contract/harness";
import { admin, openByLink, quoteContent, requestsOf, sentQuote, useSiteApiKey, visitor } from "../support/quotes";
import { acceptQuote, payLocation } from "~/.server/quotes/client-quotes.server";
import { requestBalance, requestDepositAgain, sendQuote } from "~/.server/quotes/owner-quotes.server";
import { ownerQuote } from "~/.server/quotes/owner-view.server";
import { quoteToken } from "~/.server/quotes/link.server";
import { getQuote, saveQuote } from "~/.server/quotes/store.server";

/**
 * A quote's record is written whole (Wix Data's update replaces the item), by the client's page and the owner's at
 * once: whatever a page read before an answer writes afterwards, the answer (its order, its deposit request) stays,
 * and the money Wix collects for it is invoiced.
 */

const API_KEY = "quote-races-api-key-0123456789abcdef";
const ctx = usePlatform({ apiKey: API_KEY });
useSiteApiKey(API_KEY);

type Access = Awaited<ReturnType<typeof openByLink>>;

/** Claire Martin's acceptance, with Wix timing out on one call of the site's client (`module.method`). */
function acceptTimingOut<M extends "orderPaymentRequests" | "draftOrders">(access: Access, module: M, method: keyof Access["admin"][M]) {
  const failing = {
    ...access.admin,
    [module]: { ...access.admin[module], [method]: () => Promise.reject(new Error("timeout")) },
  } as Access["admin"];
  return acceptQuote(visitor(), { ...access, admin: failing }, "Claire Martin", quoteToken(access.quote._id));
}

describe.skipIf(isWix)("a quote answered while another page writes it", () => {
  it("an acceptance outlives a write of the version read before it: the owner's resend, the client's first view in another tab", async () => {
    const q = await sentQuote(quoteContent());
    const readBefore = (await openByLink(q)).quote;
    const accepted = await acceptQuote(visitor(), await openByLink(q), "Claire Martin", quoteToken(q._id));
    const { orderId, depositRequestId } = (await getQuote(admin(), q._id))!;
    expect(depositRequestId).toBeDefined();

    // The owner's "Renvoyer l'e-mail" from the page read before the acceptance: refused, it would invite a second answer.
    await expect(sendQuote(admin(), readBefore)).rejects.toThrow("Le client vient de répondre à ce devis : rechargez la page.");
    // The client's first view, opened in another tab just before the acceptance, writes the version as it read it.
    await saveQuote(admin(), { ...readBefore, status: "VIEWED" });

    // The next read of either side finds the acceptance again: its order, its deposit request, its signature.
    expect(await ownerQuote(admin(), q.number)).toMatchObject({
      status: "ACCEPTED",
      orderId,
      depositRequestId,
      acceptance: { name: "Claire Martin" },
    });
    await saveQuote(admin(), { ...readBefore, status: "VIEWED" });
    expect((await openByLink(q)).status).toBe("ACCEPTED");

    // The deposit Wix collected is the quote's: invoiced.
    await payOnHostedPage(ctx.platform, (accepted as { location: string }).location, /^Payer /);
    const paid = await openByLink(q);
    expect(paid.status).toBe("DEPOSIT_PAID");
    expect(paid.quote.invoices).toEqual([expect.objectContaining({ kind: "acompte", amountCents: 117_000 })]);
    expect(await requestsOf(q)).toHaveLength(1);
  });

  it("the deposit asked again, then the balance, from two tabs at once: one payment request and one e-mail each", async () => {
    const q = await sentQuote(quoteContent());
    await acceptQuote(visitor(), await openByLink(q), "Claire Martin", quoteToken(q._id));
    await admin().orderPaymentRequests.voidOrderPaymentRequest((await getQuote(admin(), q._id))!.depositRequestId!);
    const lapsed = (await openByLink(q)).quote;
    const mails = (subject: string) => ctx.platform.outbox().filter((m) => m.subject.startsWith(subject)).length;

    const again = await Promise.allSettled([requestDepositAgain(admin(), lapsed), requestDepositAgain(admin(), lapsed)]);
    expect(again.map((r) => (r.status === "fulfilled" ? "asked" : (r.reason as Error).message)).sort()).toEqual([
      "L'acompte est déjà demandé.",
      "asked",
    ]);
    const open = (await requestsOf(q)).filter((r) => r.status === "UNPAID");
    expect(open).toHaveLength(1);
    expect((await getQuote(admin(), q._id))!.depositRequestId).toBe(open[0]!._id);
    expect(mails(`Acompte du devis ${q.number}`)).toBe(1);

    const location = await payLocation(visitor(), open[0]!._id!, quoteToken(q._id));
    await payOnHostedPage(ctx.platform, location, /^Payer /);
    const paid = (await openByLink(q)).quote;
    expect(paid.status).toBe("DEPOSIT_PAID");
    const balance = await Promise.allSettled([requestBalance(admin(), paid), requestBalance(admin(), paid)]);
    expect(balance.map((r) => (r.status === "fulfilled" ? "asked" : (r.reason as Error).message)).sort()).toEqual([
      "Le solde a déjà été demandé.",
      "asked",
    ]);
    const balances = (await requestsOf(q)).filter((r) => r.source?.externalId?.endsWith("-solde") && r.status === "UNPAID");
    expect(balances).toHaveLength(1);
    expect((await getQuote(admin(), q._id))!.balanceRequestId).toBe(balances[0]!._id);
    expect(mails(`Solde du devis ${q.number}`)).toBe(1);
  });

  it("an acceptance a platform failure interrupted is finished by the client's next try: one order, one deposit request", async () => {
    const q = await sentQuote(quoteContent());
    const access = await openByLink(q);
    // Wix times out once the order is made, before the deposit's request is.
    await expect(acceptTimingOut(access, "orderPaymentRequests", "createOrderPaymentRequest")).rejects.toThrow("timeout");

    const retry = await acceptQuote(visitor(), await openByLink(q), "Claire M.", quoteToken(q._id));
    expect(retry).toHaveProperty("location", expect.stringMatching(/\/_platform\/demande-paiement\?session=/));
    const accepted = (await getQuote(admin(), q._id))!;
    // The signature is the first one's, as given when the answer was claimed.
    expect(accepted).toMatchObject({ status: "ACCEPTED", acceptance: { name: "Claire Martin" } });
    expect(await requestsOf(q)).toEqual([expect.objectContaining({ _id: accepted.depositRequestId, orderId: accepted.orderId })]);
    // Once finished, the answer is given: a third try is told so.
    expect(await acceptQuote(visitor(), await openByLink(q), "Claire Martin", quoteToken(q._id))).toEqual({
      refused: "Ce devis a déjà été accepté.",
    });
  });

  it("an acceptance interrupted in the quote's last days can still be finished after them", async () => {
    const q = await sentQuote(quoteContent(65_000, 1));
    const access = await openByLink(q);
    await expect(acceptTimingOut(access, "draftOrders", "createOrderFromDraft")).rejects.toThrow("timeout");

    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 3 * 24 * 3600 * 1000 });
    try {
      const later = await openByLink(q);
      // Accepted in time: the page still takes the "Bon pour accord" that finishes it, not "expiré".
      expect(later.status).toBe("VIEWED");
      expect(await acceptQuote(visitor(), later, "Claire Martin", quoteToken(q._id))).toHaveProperty("location");
      expect((await getQuote(admin(), q._id))!.status).toBe("ACCEPTED");
    } finally {
      vi.useRealTimers();
    }
  });

  it("two tabs accepting at once both lead to the one deposit request of the one order", async () => {
    const q = await sentQuote(quoteContent());
    const [a, b] = [await openByLink(q), await openByLink(q)];
    const answers = await Promise.all([
      acceptQuote(visitor(), a, "Claire Martin", quoteToken(q._id)),
      acceptQuote(visitor(), b, "Claire Martin", quoteToken(q._id)),
    ]);
    expect(answers).toEqual([{ location: expect.any(String) }, { location: expect.any(String) }]);
    const accepted = (await getQuote(admin(), q._id))!;
    expect((await requestsOf(q)).filter((r) => r.status === "UNPAID")).toEqual([
      expect.objectContaining({ _id: accepted.depositRequestId, orderId: accepted.orderId }),
    ]);
  });
});
