import { afterEach, describe, expect, it, vi } from "vitest";
import { forgetConfig } from "~/.server/site/config.server";
import { QUOTE_LINK_TTL_SECONDS, quoteToken, quoteUrl, readQuoteToken } from "~/.server/quotes/link.server";
import { followToken, readFollowToken } from "~/.server/orders/follow-link.server";
import { isPrivatePath } from "~/.server/wix/commerce.server";

/** The client's quote link grants one version of one quote: whoever changes it opens nothing. */

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");

afterEach(() => {
  vi.unstubAllEnvs();
  forgetConfig();
});

describe("quote link", () => {
  it("opens the version it was made for, and only that one", () => {
    expect(readQuoteToken(quoteToken("D-2026-0001-v1"))).toEqual({ ok: true, recordId: "D-2026-0001-v1" });
    expect(readQuoteToken(quoteToken("D-2026-0002-v1"))).toEqual({ ok: true, recordId: "D-2026-0002-v1" });
  });

  it("refuses one client's signature on another client's quote, or on another version of the same quote", () => {
    const now = Math.floor(Date.now() / 1000);
    const [, sig] = quoteToken("D-2026-0001-v1", now).split(".");
    const forged = (q: string) => `${b64({ q, e: now + QUOTE_LINK_TTL_SECONDS })}.${sig}`;
    expect(readQuoteToken(forged("D-2026-0001-v1")).ok).toBe(true);
    expect(readQuoteToken(forged("D-2026-0002-v1"))).toEqual({ ok: false, reason: "invalid" });
    expect(readQuoteToken(forged("D-2026-0001-v2"))).toEqual({ ok: false, reason: "invalid" });
  });

  it("never takes an order's follow link for a quote's, nor the other way round (each signs its own purpose)", () => {
    expect(readFollowToken(followToken("order-1"))).toEqual({ ok: true, orderId: "order-1" });
    expect(readQuoteToken(followToken("D-2026-0001-v1"))).toEqual({ ok: false, reason: "invalid" });
    expect(readFollowToken(quoteToken("order-1"))).toEqual({ ok: false, reason: "invalid" });
  });

  it("refuses a truncated, padded, re-spelled or oversized link", () => {
    const token = quoteToken("D-2026-0001-v1");
    const [payload, sig] = token.split(".") as [string, string];
    for (const bad of [token.slice(0, -1), `${token}A`, `${token}.x`, `${payload}.${sig}=`, payload, "", "a".repeat(301)])
      expect(readQuoteToken(bad)).toEqual({ ok: false, reason: "invalid" });
    expect(readQuoteToken(null)).toEqual({ ok: false, reason: "invalid" });
  });

  it("says expired once its time is past, not before", () => {
    const made = 1_800_000_000;
    const token = quoteToken("D-2026-0001-v1", made);
    expect(readQuoteToken(token, made + QUOTE_LINK_TTL_SECONDS).ok).toBe(true);
    expect(readQuoteToken(token, made + QUOTE_LINK_TTL_SECONDS + 1)).toEqual({ ok: false, reason: "expired" });
  });

  it("is signed with the first secret and still read after a rotation puts a new one first", () => {
    vi.stubEnv("SESSION_SECRET", "old-secret-0123456789abcdef0123456789");
    forgetConfig();
    const token = quoteToken("D-2026-0001-v1");
    vi.stubEnv("SESSION_SECRET", "new-secret-0123456789abcdef0123456789,old-secret-0123456789abcdef0123456789");
    forgetConfig();
    expect(readQuoteToken(token).ok).toBe(true);
    vi.stubEnv("SESSION_SECRET", "new-secret-0123456789abcdef0123456789");
    forgetConfig();
    expect(readQuoteToken(token)).toEqual({ ok: false, reason: "invalid" });
  });

  it("is built on the configured public origin", () => {
    vi.stubEnv("PUBLIC_ORIGIN", "https://conseil.example");
    forgetConfig();
    const url = new URL(quoteUrl("D-2026-0001-v1", "/devis/facture", { numero: "F-2026-0001" }));
    expect(url.origin).toBe("https://conseil.example");
    expect(url.pathname).toBe("/devis/facture");
    expect(url.searchParams.get("numero")).toBe("F-2026-0001");
    expect(readQuoteToken(url.searchParams.get("jeton"))).toEqual({ ok: true, recordId: "D-2026-0001-v1" });
  });
});

describe("the pages a quote link opens", () => {
  // They show the client's name, address, e-mail and VAT number, and the signature: never kept by a browser's cache
  // (a shared computer), as an order's follow page is not (Cache-Control: no-store).
  it.each(["/devis", "/devis.data", "/devis/merci", "/devis/merci.data"])("%s is private", (path) => {
    expect(isPrivatePath(path)).toBe(true);
  });
});
