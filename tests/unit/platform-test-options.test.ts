// The embedded platform's test options as the site's configuration (app/.server/site/config-env.server.ts) and the
// platform service (platform/options.ts) read them: PLATFORM_NOW, its clock, an ISO 8601 date and nothing Date.parse
// would guess at; PLATFORM_FAULT_CONTROL, its outage switches, never on a public (https) site.
import { describe, expect, it } from "vitest";
import { parseConfig } from "~/.server/site/config.server";
import { platformOptionsFromEnv } from "../../platform/options";
import { configProblems } from "./../support/forms";

// Each was taken: "1" and "0" as 2001 and 2000, "01/02/2027" as 2 January (a French reader means 1 February), a
// 30 February as 2 March, "99999" as the year 99999, a time without its zone as this machine's local time.
const GUESSED = ["1", "0", "-1", "2027", "01/02/2027", "Feb 1 2027", "2027-02-30T00:00:00Z", "99999", "2027-02-01T00:00"];

describe("PLATFORM_NOW", () => {
  it("takes an ISO 8601 day or instant, with its zone, in both readers", () => {
    const at = Date.UTC(2027, 1, 1);
    for (const value of ["2027-02-01", "2027-02-01T00:00:00Z", "2027-02-01T01:00:00+01:00", "2027-02-01T00:00:00.000Z"]) {
      expect(parseConfig({ PLATFORM_NOW: value }).commerce.platformNow, value).toBe(at);
      expect(platformOptionsFromEnv({ PLATFORM_NOW: value }).now?.(), value).toBe(at);
    }
    expect(parseConfig({ PLATFORM_NOW: "" }).commerce.platformNow).toBeUndefined();
  });

  it("refuses what Date.parse would guess, naming the variable", () => {
    for (const value of GUESSED) {
      expect(configProblems({ PLATFORM_NOW: value })[0], value).toMatch(/^PLATFORM_NOW: must be an ISO 8601 date/);
      expect(() => platformOptionsFromEnv({ PLATFORM_NOW: value }), value).toThrow(/PLATFORM_NOW must be an ISO 8601 date/);
    }
  });
});

describe("PLATFORM_FAULT_CONTROL", () => {
  // Its switches take no token: any client can POST /_platform/faults {"down":true} (curl sends no Origin) and stop
  // every commerce call, or set the site's API budget to one call a minute.
  it("is refused with an https PUBLIC_ORIGIN, a site people use; a test server on http keeps it", () => {
    expect(configProblems({ PLATFORM_FAULT_CONTROL: "true", PUBLIC_ORIGIN: "https://shop.example" })[0]).toMatch(
      /^PLATFORM_FAULT_CONTROL: is for test servers only/,
    );
    expect(parseConfig({ PLATFORM_FAULT_CONTROL: "true", PUBLIC_ORIGIN: "http://127.0.0.1:4251" }).commerce.faultControl).toBe(true);
    expect(parseConfig({ PUBLIC_ORIGIN: "https://shop.example" }).commerce.faultControl).toBe(false);
  });
});
