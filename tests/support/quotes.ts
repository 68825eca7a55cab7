// The quote tests' common steps, through the app's own quote modules on the embedded platform (the calling file
// starts the platform and gives the app its API key with useSiteApiKey): a quote's content, the owner making and
// sending it, its client opening the e-mailed link.
import { afterAll, beforeAll, vi } from "vitest";
import { APP_ORIGIN } from "./platform";
import { forgetConfig } from "~/.server/site/config.server";
import { elevatedClientAfterCheck } from "~/.server/admin/elevated-client.server";
import { Commerce } from "~/.server/wix/commerce.server";
import { openQuote } from "~/.server/quotes/client-quotes.server";
import { sendQuote } from "~/.server/quotes/owner-quotes.server";
import { saveEditor } from "~/.server/quotes/editor.server";
import { quoteToken } from "~/.server/quotes/link.server";
import { getQuote } from "~/.server/quotes/store.server";
import type { QuoteContent, QuoteRecord } from "~/models/quote";

const DAY = 24 * 3600 * 1000;
const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The app's PLATFORM_API_KEY, for this test file: the key its platform was started with. */
export function useSiteApiKey(apiKey: string) {
  beforeAll(() => {
    vi.stubEnv("PLATFORM_API_KEY", apiKey);
    forgetConfig();
  });
  afterAll(() => {
    vi.unstubAllEnvs();
    forgetConfig();
  });
}

export const admin = () => elevatedClientAfterCheck();
/** A visitor's commerce session (the client needs no account). */
export const visitor = () => new Commerce(new Request(`${APP_ORIGIN}/devis`), null);

/** 5 days of DevOps at `unitPriceCents` before VAT for Claire Martin, 30 % deposit, open `validDays` days. */
export function quoteContent(unitPriceCents = 65_000, validDays = 30): QuoteContent {
  return {
    client: {
      name: "Claire Martin",
      company: "",
      email: "claire@exemple.fr",
      addressLine: "3 rue des Lilas",
      postalCode: "69003",
      city: "Lyon",
      country: "FR",
      vatNumber: "",
    },
    lines: [{ label: "Accompagnement DevOps", quantity: 5, unit: "jour", unitPriceCents }],
    discount: null,
    travelCents: 0,
    vat: "standard",
    deposit: { kind: "percent", basisPoints: 3000 },
    validUntil: ymd(Date.now() + validDays * DAY),
    paymentTerms: "Acompte à l'acceptation, solde à la fin de la mission.",
  };
}

/** A quote made and sent by the owner, as stored. */
export async function sentQuote(c = quoteContent()): Promise<QuoteRecord> {
  const draft = await saveEditor(admin(), c, null);
  await sendQuote(admin(), draft);
  return (await getQuote(admin(), draft._id))!;
}

/** The version opened by its client's link (marked seen, as the page does). */
export async function openByLink(q: QuoteRecord) {
  const access = await openQuote(quoteToken(q._id), { viewed: true });
  if (!access.ok) throw new Error(`link refused: ${access.reason}`);
  return access;
}

/** The payment requests the app made for this version (its `source.externalId` starts with the version's id). */
export const requestsOf = async (q: QuoteRecord) =>
  (await admin().orderPaymentRequests.queryOrderPaymentRequests().find()).items.filter((r) => r.source?.externalId?.startsWith(q._id));
