import { describe, expect, it } from "vitest";
import { parseConfig } from "~/.server/site/config.server";
import { configProblems, WIX_SITE_ENV } from "../support/forms";

describe("back-office configuration", () => {
  it("OWNER_EMAILS: a comma-separated list, lowercased; none = no owner", () => {
    expect(parseConfig({}).admin.ownerEmails).toEqual([]);
    expect(parseConfig({ OWNER_EMAILS: " Proprietaire@Exemple.fr , autre@exemple.fr" }).admin.ownerEmails).toEqual([
      "proprietaire@exemple.fr",
      "autre@exemple.fr",
    ]);
    expect(configProblems({ OWNER_EMAILS: "proprietaire@exemple.fr,pas-une-adresse" })[0]).toMatch(/^OWNER_EMAILS: .*pas-une-adresse/);
  });

  it("embedded in this process: a random API key when none is given; a given one must be long and comma-free", () => {
    expect(parseConfig({}).admin.apiKey?.length).toBeGreaterThanOrEqual(24);
    expect(parseConfig({ PLATFORM_API_KEY: "k".repeat(30) }).admin.apiKey).toBe("k".repeat(30));
    expect(configProblems({ PLATFORM_API_KEY: "court" })[0]).toMatch(/^PLATFORM_API_KEY:/);
    expect(configProblems({ PLATFORM_API_KEY: `${"k".repeat(30)},x` })[0]).toMatch(/^PLATFORM_API_KEY:/);
  });

  it("the platform as its own service, or real Wix, need the elevated client's key when there is an owner", () => {
    const owner = { OWNER_EMAILS: "proprietaire@exemple.fr" };
    expect(configProblems({ ...owner, PLATFORM_URL: "http://127.0.0.1:4000" })[0]).toMatch(/^PLATFORM_API_KEY:/);
    expect(configProblems({ ...owner, ...WIX_SITE_ENV })[0]).toMatch(/^WIX_API_KEY:/);
    const wix = parseConfig({ ...owner, ...WIX_SITE_ENV, WIX_API_KEY: "wix-key", WIX_SITE_ID: "site" }).admin;
    expect(wix).toMatchObject({ apiKey: "wix-key", siteId: "site" });
  });

  it("PLATFORM_PAYMENT_CAPTURE: automatic by default, manual on request, nothing else", () => {
    expect(parseConfig({}).admin.paymentCapture).toBe("automatic");
    expect(parseConfig({ PLATFORM_PAYMENT_CAPTURE: "manual" }).admin.paymentCapture).toBe("manual");
    expect(configProblems({ PLATFORM_PAYMENT_CAPTURE: "later" })[0]).toMatch(/^PLATFORM_PAYMENT_CAPTURE:/);
  });
});
