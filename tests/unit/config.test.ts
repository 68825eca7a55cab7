import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseConfig } from "~/.server/site/config.server";
import { configProblems, WIX_SITE_ENV } from "../support/forms";

const SECRET = "a-long-enough-secret-value";

describe("configuration", () => {
  it("uses the embedded platform and the demo identity by default", () => {
    const config = parseConfig({});
    expect(config.commerce.platform).toBe("embedded");
    expect(config.commerce.platformDb).toBe(".data/platform.sqlite");
    expect(config.site.ownerName).toBe("Julien Moreau");
    expect(config.sessionSecrets).toHaveLength(1);
    expect(config.sessionSecrets[0]!.length).toBeGreaterThanOrEqual(32);
  });

  it("chooses Wix when a client id is given, unless told otherwise", () => {
    expect(parseConfig(WIX_SITE_ENV).commerce.platform).toBe("wix");
    expect(parseConfig({ WIX_CLIENT_ID: "abc", COMMERCE_PLATFORM: "embedded" }).commerce.platform).toBe("embedded");
  });

  it("refuses production without SESSION_SECRET and names the variable", () => {
    const found = configProblems({ NODE_ENV: "production", COMMERCE_PLATFORM: "embedded", PUBLIC_ORIGIN: "https://shop.example" });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^SESSION_SECRET: is required in production/);
  });

  it("refuses production without PUBLIC_ORIGIN: links are never built from the request's Host", () => {
    const found = configProblems({ NODE_ENV: "production", SESSION_SECRET: SECRET, COMMERCE_PLATFORM: "embedded" });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^PUBLIC_ORIGIN: is required in production/);
    expect(parseConfig({ PORT: "4321" }).publicOrigin).toBe("http://localhost:4321");
  });

  it("with Wix, refuses to start without a real contact form, a webhook public key that parses, and PUBLIC_ORIGIN, naming each", () => {
    const found = configProblems({ WIX_CLIENT_ID: "abc" });
    expect(found.map((p) => p.split(":")[0])).toEqual(["CONTACT_FORM_ID", "WIX_WEBHOOK_PUBLIC_KEY", "PUBLIC_ORIGIN"]);
    expect(found[0]).toMatch(/Wix Forms form/);
    expect(found[2]).toMatch(/allowed redirect domains/);
    // The embedded demo form does not exist on a real site; a form id is a GUID.
    expect(configProblems({ ...WIX_SITE_ENV, CONTACT_FORM_ID: "8f1c2d3e-4b5a-4c6d-9e7f-0a1b2c3d4e5f" })[0]).toMatch(
      /^CONTACT_FORM_ID: is required/,
    );
    expect(configProblems({ ...WIX_SITE_ENV, CONTACT_FORM_ID: "contact" })[0]).toMatch(/^CONTACT_FORM_ID: must be a Wix form id/);
    // The key must be a key: garbage, a private key's text cut short, an EC key are refused; "\n" escapes are read.
    expect(configProblems({ ...WIX_SITE_ENV, WIX_WEBHOOK_PUBLIC_KEY: "not a key" })[0]).toMatch(
      /^WIX_WEBHOOK_PUBLIC_KEY: cannot be read as a PEM/,
    );
    const ec = generateKeyPairSync("ec", { namedCurve: "P-256" }).publicKey.export({ type: "spki", format: "pem" }).toString();
    expect(configProblems({ ...WIX_SITE_ENV, WIX_WEBHOOK_PUBLIC_KEY: ec })[0]).toMatch(
      /^WIX_WEBHOOK_PUBLIC_KEY: must be an RSA public key/,
    );
    const oneLine = WIX_SITE_ENV.WIX_WEBHOOK_PUBLIC_KEY.replace(/\n/g, "\\n");
    const config = parseConfig({ ...WIX_SITE_ENV, WIX_WEBHOOK_PUBLIC_KEY: oneLine, WIX_APP_ID: "app-1" });
    expect(config.commerce.webhookPublicKey).toBe(WIX_SITE_ENV.WIX_WEBHOOK_PUBLIC_KEY);
    expect(config.commerce.webhookAppId).toBe("app-1");
    expect(config.contactFormId).toBe(WIX_SITE_ENV.CONTACT_FORM_ID);
    // The embedded platform needs none of them.
    expect(parseConfig({}).contactFormId).toBe("8f1c2d3e-4b5a-4c6d-9e7f-0a1b2c3d4e5f");
  });

  it("refuses a short owner token", () => {
    expect(configProblems({ PLATFORM_OWNER_TOKEN: "court" })[0]).toMatch(/^PLATFORM_OWNER_TOKEN: must be at least 24/);
  });

  it("runs the embedded platform in production only when asked for explicitly", () => {
    const found = configProblems({ NODE_ENV: "production", SESSION_SECRET: SECRET, PUBLIC_ORIGIN: "https://shop.example" });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^COMMERCE_PLATFORM: must be set in production/);
    expect(
      parseConfig({ NODE_ENV: "production", SESSION_SECRET: SECRET, COMMERCE_PLATFORM: "embedded", PUBLIC_ORIGIN: "https://shop.example" })
        .commerce.platform,
    ).toBe("embedded");
    expect(parseConfig({ ...WIX_SITE_ENV, NODE_ENV: "production", SESSION_SECRET: SECRET }).commerce.platform).toBe("wix");
  });

  it("reads per-minute rate limits and refuses malformed ones", () => {
    const platformDoors = { token: 30, redirect: 20, write: 60, api: 300, webhook: 300 };
    expect(parseConfig({}).rateLimits).toEqual({ login: 20, signup: 10, checkout: 20, cart: 120, contact: 5, ...platformDoors });
    expect(parseConfig({ RATE_LIMITS: "login=5, cart=300, api=50" }).rateLimits).toEqual({
      login: 5,
      signup: 10,
      checkout: 20,
      cart: 300,
      contact: 5,
      ...platformDoors,
      api: 50,
    });
    expect(configProblems({ RATE_LIMITS: "login=many" })[0]).toMatch(/^RATE_LIMITS:/);
    expect(configProblems({ RATE_LIMITS: "coffee=3" })[0]).toMatch(/^RATE_LIMITS:/);
  });

  it("splits SESSION_SECRET for rotation and rejects short secrets without echoing them", () => {
    expect(parseConfig({ SESSION_SECRET: `${SECRET}-new, ${SECRET}-old` }).sessionSecrets).toEqual([`${SECRET}-new`, `${SECRET}-old`]);
    const found = configProblems({ SESSION_SECRET: "short" });
    expect(found[0]).toMatch(/^SESSION_SECRET: each secret must be at least 16/);
    expect(found[0]).not.toContain('short"');
  });

  it("names every bad variable with the value given", () => {
    const found = configProblems({ PORT: "eighty", COMMERCE_PLATFORM: "shopify", PUBLIC_ORIGIN: "https://shop.example/path" });
    expect(found.map((p) => p.split(":")[0]).sort()).toEqual(["COMMERCE_PLATFORM", "PORT", "PUBLIC_ORIGIN"]);
    expect(found.find((p) => p.startsWith("PORT"))).toContain('"eighty"');
  });

  it("requires a client id for the Wix platform", () => {
    expect(configProblems({ COMMERCE_PLATFORM: "wix" })[0]).toMatch(/^WIX_CLIENT_ID: is required/);
  });

  it("parses PUBLIC_ORIGIN and TRUST_PROXY forms", () => {
    const config = parseConfig({ PUBLIC_ORIGIN: "https://shop.example/", TRUST_PROXY: "1" });
    expect(config.publicOrigin).toBe("https://shop.example");
    expect(config.trustProxy).toBe(1);
    expect(parseConfig({ TRUST_PROXY: "127.0.0.1, 10.0.0.0/8" }).trustProxy).toEqual(["127.0.0.1", "10.0.0.0/8"]);
    expect(parseConfig({ TRUST_PROXY: "loopback" }).trustProxy).toEqual(["loopback"]);
    expect(configProblems({ TRUST_PROXY: "everyone please" })[0]).toMatch(/^TRUST_PROXY:/);
  });
});

describe("configuration: several replicas", () => {
  it("keeps the platform in the process and the limits in memory unless PLATFORM_URL / REDIS_URL are set", () => {
    const config = parseConfig({});
    expect(config.commerce.platformUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
  });

  it("reads PLATFORM_URL as an origin and REDIS_URL as a redis URL", () => {
    const config = parseConfig({ PLATFORM_URL: "http://platform:3100/", REDIS_URL: "redis://redis:6379" });
    expect(config.commerce.platformUrl).toBe("http://platform:3100");
    expect(config.redisUrl).toBe("redis://redis:6379");
  });

  it.each([
    ["PLATFORM_URL", "http://platform:3100/api"],
    ["PLATFORM_URL", "javascript:alert(1)"],
    ["PLATFORM_URL", "platform:3100"],
    ["REDIS_URL", "http://redis:6379"],
    ["REDIS_URL", "redis"],
    ["PLATFORM_WEBHOOK_URLS", "https://ok.example, ftp://no.example"],
    ["HOST", "0.0.0.0; rm -rf"],
    ["SHUTDOWN_GRACE_MS", "soon"],
  ])("refuses %s=%s and names the variable", (name, value) => {
    const found = configProblems({ [name]: value });
    expect(found).toHaveLength(1);
    expect(found[0]!.startsWith(`${name}: `)).toBe(true);
  });

  it("refuses PLATFORM_URL together with real Wix", () => {
    const found = configProblems({ WIX_CLIENT_ID: "abc", PLATFORM_URL: "http://platform:3100" });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^PLATFORM_URL: /);
  });

  it("reads the platform's webhook URLs and the listening settings", () => {
    const config = parseConfig({
      PLATFORM_WEBHOOK_URLS: "https://a.example/hook, http://b.example/x",
      HOST: "127.0.0.1",
      SHUTDOWN_GRACE_MS: "2500",
    });
    expect(config.commerce.webhookUrls).toEqual(["https://a.example/hook", "http://b.example/x"]);
    expect([config.host, config.shutdownGraceMs]).toEqual(["127.0.0.1", 2500]);
  });
});
