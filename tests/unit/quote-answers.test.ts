import { afterEach, describe, expect, it, vi } from "vitest";
import { APP_ORIGIN, isWix, usePlatformCapturingWebhooks } from "../support/platform";
import { payOnHostedPage } from "../contract/harness";
import { admin, openByLink, quoteContent, requestsOf, sentQuote, useSiteApiKey, visitor } from "../support/quotes";
import { acceptQuote, payableRequest, refuseQuote } from "~/.server/quotes/client-quotes.server";
import { requestDepositAgain, sendQuote } from "~/.server/quotes/owner-quotes.server";
import { saveEditor } from "~/.server/quotes/editor.server";
import { quoteToken } from "~/.server/quotes/link.server";
import { getQuote } from "~/.server/quotes/store.server";
import { configureWebhooks, receiveWebhook } from "~/.server/wix/webhooks.server";

/**
 * The client's answers to a quote, through the app's own quote modules on the embedded platform (Wix Data, Draft
 * Orders, Order Payment Requests through the real SDK): an expired, superseded or answered version cannot be
 * accepted (no order, no payment page); a refusal is kept with its reason; a deposit request that lapsed unpaid is
 * never offered for payment until the owner asks again; Wix's paid and voided events settle the quote at once.
 */

const API_KEY = "quote-answers-api-key-0123456789abcdef";
const { ctx, received } = usePlatformCapturingWebhooks({ apiKey: API_KEY });
useSiteApiKey(API_KEY);
afterEach(() => vi.useRealTimers());

const DAY = 24 * 3600 * 1000;

describe.skipIf(isWix)("a client's answer to a quote", () => {
  it("an expired quote says so and cannot be accepted or refused: no order, no payment request", async () => {
    const q = await sentQuote(quoteContent(65_000, 2));
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 4 * DAY });
    const access = await openByLink(q);
    expect(access.status).toBe("EXPIRED");
    const answer = await acceptQuote(visitor(), access, "Claire Martin", quoteToken(q._id));
    expect(answer).toEqual({ refused: "Ce devis a expiré : sa date de validité est passée. Demandez-en un nouveau." });
    expect(await refuseQuote(access, "")).toMatch(/a expiré/);
    const after = (await getQuote(admin(), q._id))!;
    expect(after).toMatchObject({ status: "VIEWED" });
    expect(after.orderId).toBeUndefined();
    expect(await requestsOf(q)).toEqual([]);
  });

  it("a quote accepted cannot be revised, even by an editor opened before the acceptance", async () => {
    const q = await sentQuote();
    const before = await openByLink(q);
    await acceptQuote(visitor(), before, "Claire Martin", quoteToken(q._id));
    await expect(saveEditor(admin(), quoteContent(70_000), before.quote)).rejects.toThrow(
      "Le client vient d'accepter ce devis : il ne se modifie plus.",
    );
    expect(await getQuote(admin(), `${q.number}-v2`)).toBeNull();
  });

  it("a revised quote's first version cannot be accepted; the new one can, at its own price", async () => {
    const v1 = await sentQuote();
    const v1Access = await openByLink(v1);
    const v2Draft = await saveEditor(admin(), quoteContent(70_000), v1Access.quote);
    expect(v2Draft).toMatchObject({ number: v1.number, version: 2, status: "DRAFT" });
    await sendQuote(admin(), v2Draft);

    // The client still holds the first e-mail: that link reads the old version, closed.
    const stale = await openByLink(v1);
    expect(stale.status).toBe("SUPERSEDED");
    expect(await acceptQuote(visitor(), stale, "Claire Martin", quoteToken(v1._id))).toEqual({
      refused: "Ce devis a été remplacé par une nouvelle version, envoyée par e-mail : celle-ci ne peut plus être acceptée.",
    });
    // Even when the client's acceptance read the version just before the revision: its answer was taken by the revision.
    expect(await acceptQuote(visitor(), v1Access, "Claire Martin", quoteToken(v1._id))).toEqual({
      refused: "Ce devis a été remplacé par une nouvelle version, envoyée par e-mail : celle-ci ne peut plus être acceptée.",
    });
    expect(await requestsOf(v1)).toEqual([]);

    const v2 = await openByLink(v2Draft);
    const accepted = await acceptQuote(visitor(), v2, "Claire Martin", quoteToken(v2Draft._id));
    expect(accepted).toHaveProperty("location", expect.stringMatching(/\/_platform\/demande-paiement\?session=/));
    const [deposit] = await requestsOf(v2Draft);
    expect(deposit?.amount?.amount).toBe("1260.00"); // 30 % of 5 × 700 € HT + 20 % VAT
  });

  it("a refusal is kept with its reason, once: no second answer, no acceptance after it", async () => {
    const q = await sentQuote();
    expect(await refuseQuote(await openByLink(q), "Budget reporté à l'an prochain")).toBeNull();
    const refused = (await getQuote(admin(), q._id))!;
    expect(refused).toMatchObject({ status: "REFUSED", refusal: { reason: "Budget reporté à l'an prochain" } });
    // Its priced draft is deleted: it never becomes an order.
    await expect(admin().draftOrders.getDraftOrder(q.draftOrderId!)).rejects.toMatchObject({
      details: { applicationError: { code: "DRAFT_ORDER_DOES_NOT_EXIST" } },
    });
    const again = await openByLink(q);
    expect(await refuseQuote(again, "autre")).toBe("Vous avez refusé ce devis.");
    expect(await acceptQuote(visitor(), again, "Claire Martin", quoteToken(q._id))).toEqual({ refused: "Vous avez refusé ce devis." });
    expect(await requestsOf(q)).toEqual([]);
  });

  it("two answers at once: the first is kept, the second refused", async () => {
    const q = await sentQuote();
    const [a, b] = [await openByLink(q), await openByLink(q)];
    const results = await Promise.all([refuseQuote(a, "non"), acceptQuote(visitor(), b, "Claire Martin", quoteToken(q._id))]);
    expect(results.filter((r) => r === null || (typeof r === "object" && "location" in r))).toHaveLength(1);
    expect(results).toContainEqual(expect.objectContaining({ refused: "Ce devis a déjà reçu une réponse." }));
  });

  it("a deposit request past its expiry is no longer offered; the owner asks again and the new one is", async () => {
    const q = await sentQuote();
    await acceptQuote(visitor(), await openByLink(q), "Claire Martin", quoteToken(q._id));
    const accepted = (await getQuote(admin(), q._id))!;
    expect(payableRequest(accepted)).toEqual({ id: accepted.depositRequestId, kind: "acompte" });

    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 31 * DAY });
    const lapsed = await openByLink(q);
    expect(lapsed.status).toBe("ACCEPTED");
    expect(payableRequest(lapsed.quote)).toBeNull();
    expect(lapsed.quote.lapsedRequests).toEqual([
      { kind: "acompte", paymentRequestId: accepted.depositRequestId, status: "EXPIRED", at: expect.any(String) },
    ]);

    const said = await requestDepositAgain(admin(), lapsed.quote);
    expect(said.replace(/\s/g, " ")).toBe("Acompte de 1 170,00 € demandé à nouveau à Claire Martin.");
    const asked = (await getQuote(admin(), q._id))!;
    expect(asked.depositRequestId).toBeDefined();
    expect(asked.depositRequestId).not.toBe(accepted.depositRequestId);
    expect(payableRequest(asked)).toEqual({ id: asked.depositRequestId, kind: "acompte" });
    await expect(requestDepositAgain(admin(), asked)).rejects.toThrow("L'acompte est déjà demandé.");
  });

  it("a deposit request voided on Wix's dashboard is no longer offered either", async () => {
    const q = await sentQuote();
    await acceptQuote(visitor(), await openByLink(q), "Claire Martin", quoteToken(q._id));
    const accepted = (await getQuote(admin(), q._id))!;
    await admin().orderPaymentRequests.voidOrderPaymentRequest(accepted.depositRequestId!);
    const voided = await openByLink(q);
    expect(payableRequest(voided.quote)).toBeNull();
    expect(voided.quote.lapsedRequests?.[0]).toMatchObject({ kind: "acompte", status: "VOIDED" });
  });

  describe("Wix's payment request events, through the app's webhook endpoint", () => {
    /** The events the platform sent since `from`, of one kind, posted to the app's endpoint as Wix would. */
    async function deliver(from: number, eventType: string) {
      await ctx.platform.flushWebhooks();
      const pem = await (await ctx.platform.fetch(new Request(`${APP_ORIGIN}/_platform/webhooks/public-key`))).text();
      configureWebhooks({ publicKey: pem });
      const kind = (jwt: string) =>
        JSON.parse(JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString()).data as string).eventType as string;
      const mine = received.slice(from).filter((jwt) => kind(jwt) === eventType);
      expect(mine.length).toBeGreaterThan(0);
      for (const jwt of mine)
        expect((await receiveWebhook(new Request(`${APP_ORIGIN}/webhooks/wix`, { method: "POST", body: jwt }))).status).toBe(204);
    }

    it("the deposit paid: invoiced and e-mailed before anyone reads the quote again", async () => {
      const q = await sentQuote();
      const accepted = await acceptQuote(visitor(), await openByLink(q), "Claire Martin", quoteToken(q._id));
      const from = received.length;
      const paid = await payOnHostedPage(ctx.platform, (accepted as { location: string }).location, /^Payer /);
      expect(paid.location).toMatch(/\/devis\/merci\?jeton=/);
      await deliver(from, "wix.ecom.v1.order_payment_request_paid");
      const settled = (await getQuote(admin(), q._id))!;
      expect(settled.status).toBe("DEPOSIT_PAID");
      expect(settled.invoices).toEqual([
        expect.objectContaining({ kind: "acompte", amountCents: 117_000, number: expect.stringMatching(/^F-\d{4}-\d{4}$/) }),
      ]);
      expect(
        ctx.platform.outbox().some((m) => m.to === "claire@exemple.fr" && m.subject.startsWith(`Facture ${settled.invoices[0]!.number}`)),
      ).toBe(true);
    });

    it("the deposit request voided: noted on the quote, no longer offered", async () => {
      const q = await sentQuote();
      await acceptQuote(visitor(), await openByLink(q), "Claire Martin", quoteToken(q._id));
      const accepted = (await getQuote(admin(), q._id))!;
      const from = received.length;
      await admin().orderPaymentRequests.voidOrderPaymentRequest(accepted.depositRequestId!);
      await deliver(from, "wix.ecom.v1.order_payment_request_voided");
      const after = (await getQuote(admin(), q._id))!;
      expect(after.depositRequestId).toBeUndefined();
      expect(after.lapsedRequests).toEqual([expect.objectContaining({ kind: "acompte", status: "VOIDED" })]);
    });
  });
});
