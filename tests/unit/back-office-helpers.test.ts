// The back-office's small pure helpers that guard against hostile input: the reply link of a contact request (no
// header injection), the CSV export's cells (no formula runs in the accountant's spreadsheet), Paris days for the
// periods, and the signed invoice links the platform writes and the app checks.
import { describe, expect, it } from "vitest";
import { replyMailto } from "../../app/lib/mail-reply";
import { csvCell } from "../../app/.server/admin/orders-export.server";
import { nextDay, parisDayStart, parisToday, validDay } from "../../app/lib/paris-days";
import { checkInvoiceLink } from "../../app/.server/orders/invoice-links.server";
import { signInvoiceToken } from "../../platform/ecom/after-sale/invoices";

const decoded = (href: string) => {
  const url = new URL(href);
  return { to: decodeURIComponent(url.pathname), subject: url.searchParams.get("subject") ?? "", body: url.searchParams.get("body") ?? "" };
};

describe("the reply to a contact request (mailto)", () => {
  it("opens a mail to the sender with Re: <subject> and the request quoted", () => {
    const href = replyMailto("camille@exemple.fr", {
      subject: "Audit",
      message: "Bonjour,\nun audit ?",
      name: "Camille",
      date: "3 nov. 2025",
    })!;
    const m = decoded(href);
    expect(m.to).toBe("camille@exemple.fr");
    expect(m.subject).toBe("Re: Audit");
    expect(m.body).toContain("Camille a écrit le 3 nov. 2025 :\r\n> Bonjour,\r\n> un audit ?");
  });

  it("gives no link for an address carrying headers or a second recipient", () => {
    for (const address of ["a@b.fr?bcc=x@y.fr", "a@b.fr,c@d.fr", "a@b.fr&cc=x@y.fr", "a b@c.fr", "a@b.fr%0D%0ABcc:x@y.fr"])
      expect(replyMailto(address, { subject: "x", message: "y" }), address).toBeNull();
  });

  it("keeps the subject on one line and the body free of header breaks smuggled in the request", () => {
    const href = replyMailto("a@b.fr", { subject: "Audit\r\nBcc: espion@exemple.fr", message: "x\u2028Bcc: y\u0000z" })!;
    expect(href).not.toMatch(/%0D%0ABcc|%0ABcc/i);
    const m = decoded(href);
    expect(m.subject).toBe("Re: Audit Bcc: espion@exemple.fr");
    expect(m.body).not.toMatch(/[\u0000\u2028]/);
    expect(href.split("?")).toHaveLength(2);
  });
});

describe("the CSV export's cells", () => {
  it("neutralises what a spreadsheet would run as a formula, and quotes every cell", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    for (const start of ["+", "-", "@", "\t", "\r"]) expect(csvCell(`${start}1+1`)).toBe(`"'${start}1+1"`);
    expect(csvCell("Léa Garnier")).toBe('"Léa Garnier"');
    expect(csvCell("68,90")).toBe('"68,90"');
  });
});

describe("Paris days", () => {
  it("start at local midnight, summer and winter time alike", () => {
    expect(parisDayStart("2025-01-15")).toBe("2025-01-14T23:00:00.000Z");
    expect(parisDayStart("2025-07-15")).toBe("2025-07-14T22:00:00.000Z");
    // The days the clocks change: the day starts on the old time.
    expect(parisDayStart("2025-03-30")).toBe("2025-03-29T23:00:00.000Z");
    expect(parisDayStart("2025-10-26")).toBe("2025-10-25T22:00:00.000Z");
    expect(nextDay("2025-12-31")).toBe("2026-01-01");
    expect(parisToday(new Date("2025-06-30T22:30:00Z"))).toBe("2025-07-01");
  });

  it("refuses what is not a real day", () => {
    for (const v of ["2025-02-30", "2025-13-01", "25-01-01", "2025-01-01T00:00", "", null]) expect(validDay(v)).toBeNull();
    expect(validDay("2024-02-29")).toBe("2024-02-29");
  });
});

describe("signed invoice links (platform signs, app checks)", () => {
  const key = "invoice-test-api-key-0123456789abcdef";
  const order = "0b3c8a52-6f1e-4c1b-9a7e-2d4f5e6a7b8c";
  const future = Math.floor(Date.now() / 1000) + 3600;

  it("opens the order it names, with the key both hold", () => {
    expect(checkInvoiceLink(key, order, signInvoiceToken(key, order, future))).toEqual({ ok: true });
  });

  it("refuses another order, another key, a changed token, an expired one", () => {
    const token = signInvoiceToken(key, order, future);
    expect(checkInvoiceLink(key, "0b3c8a52-6f1e-4c1b-9a7e-2d4f5e6a7b8d", token)).toEqual({ ok: false, reason: "invalid" });
    expect(checkInvoiceLink("another-key-0123456789abcdefghij", order, token)).toEqual({ ok: false, reason: "invalid" });
    expect(checkInvoiceLink(key, order, `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`)).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(checkInvoiceLink(key, order, signInvoiceToken(key, order, 1000))).toEqual({ ok: false, reason: "expired" });
    expect(checkInvoiceLink(key, order, null)).toEqual({ ok: false, reason: "invalid" });
    expect(checkInvoiceLink(key, order, "x".repeat(1000))).toEqual({ ok: false, reason: "invalid" });
  });
});
