import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { isWix, usePlatform } from "../support/platform";
import { payOnHostedPage } from "../contract/harness";
import { admin, openByLink, quoteContent, requestsOf, sentQuote, visitor } from "../support/quotes";
import { forgetConfig } from "~/.server/site/config.server";
import { acceptQuote } from "~/.server/quotes/client-quotes.server";
import { sendQuote } from "~/.server/quotes/owner-quotes.server";
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

beforeAll(() => {
  vi.stubEnv("PLATFORM_API_KEY", API_KEY);
  forgetConfig();
});
afterAll(() => {
  vi.unstubAllEnvs();
  forgetConfig();
});

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
});
