import { describe, expect, it } from "vitest";
import { ALEX, APP_ORIGIN, DEMO, isWix, loginThroughHostedPage, usePlatform } from "../contract/harness";
import { admin, quoteContent, useSiteApiKey } from "../support/quotes";
import { Commerce } from "~/.server/wix/commerce.server";
import { sendQuote } from "~/.server/quotes/owner-quotes.server";
import { saveEditor } from "~/.server/quotes/editor.server";
import { readQuoteToken } from "~/.server/quotes/link.server";
import type { QuoteContent } from "~/models/quote";

/**
 * A member's "Mes devis": the quotes sent to their proved login e-mail (whatever its case), latest version only, with
 * the link that opens it; never a draft, never another client's.
 */
const API_KEY = "member-quotes-api-key-0123456789abcdef";
const ctx = usePlatform({ apiKey: API_KEY });
useSiteApiKey(API_KEY);

/** The support's quote, sent to `email`. */
function content(email: string, unitPriceCents = 65_000): QuoteContent {
  const c = quoteContent(unitPriceCents);
  return { ...c, client: { ...c.client, email } };
}

async function memberCommerce(who: { email: string; password: string }) {
  const { tokens } = await loginThroughHostedPage(ctx.platform, who);
  return new Commerce(new Request(`${APP_ORIGIN}/account/devis`), tokens);
}

describe.skipIf(isWix)("Mes devis", () => {
  it("lists the latest sent version of each quote to the member's e-mail, with its link; no draft, nobody else's", async () => {
    const first = await saveEditor(admin(), content(DEMO.email.toUpperCase()), null);
    await sendQuote(admin(), first);
    const revised = await saveEditor(admin(), content(DEMO.email, 70_000), { ...first, status: "SENT" });
    await sendQuote(admin(), revised);
    await saveEditor(admin(), content(DEMO.email), null); // a draft, never sent
    const other = await saveEditor(admin(), content(ALEX.email), null);
    await sendQuote(admin(), other);

    const quotes = await (await memberCommerce(DEMO)).member.quotes();
    expect(quotes.map((q) => [q.number, q.version])).toEqual([[first.number, 2]]);
    expect(quotes[0]).toMatchObject({ total: expect.stringMatching(/^4\s200,00\s€$/), status: "Envoyé" });
    const link = new URL(quotes[0]!.link);
    expect(link.pathname).toBe("/devis");
    expect(readQuoteToken(link.searchParams.get("jeton"))).toEqual({ ok: true, recordId: `${first.number}-v2` });

    expect((await (await memberCommerce(ALEX)).member.quotes()).map((q) => q.number)).toEqual([other.number]);
  });
});
