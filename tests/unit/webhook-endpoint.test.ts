// The app's webhook endpoint: verified with the SDK (AppStrategy + webhooks.process), replay and forgery → 401,
// a catalog change empties the catalog cache at once.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createPlatform, type Platform } from "../../platform";
import { cachedCatalogRead } from "~/.server/catalog/cache.server";
import { configureWebhooks, receiveWebhook } from "~/.server/wix/webhooks.server";

let platform: Platform;
const jwts: string[] = [];
beforeAll(async () => {
  platform = createPlatform({
    dbPath: ":memory:",
    webhookUrls: ["http://127.0.0.1:9/webhooks/wix"],
    webhookFetch: async (_u, init) => {
      jwts.push(String(init?.body));
      return new Response(null, { status: 204 });
    },
  });
  configureWebhooks({ publicKey: platform.webhookPublicKey(), appId: "embedded-demo-client" });
});
afterAll(() => platform.close());

const post = (body: string) => receiveWebhook(new Request("http://localhost:3000/webhooks/wix", { method: "POST", body }));

describe("POST /webhooks/wix", () => {
  it("accepts a signed event once, refuses its replay and a forged signature with 401 (logged)", async () => {
    const client = (await import("@wix/sdk")).createClient({
      modules: {},
      auth: (await import("@wix/sdk")).OAuthStrategy({ clientId: "embedded-demo-client" }),
    });
    const restore = (await import("../../platform")).installPlatformFetch(platform);
    try {
      await client.auth.generateVisitorTokens();
      await client.auth.register({ email: "hook@exemple.fr", password: "motdepasse-hook" });
    } finally {
      restore();
    }
    await platform.flushWebhooks();
    expect(jwts.length).toBeGreaterThan(0);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect((await post(jwts[0]!)).status).toBe(204);
    expect((await post(jwts[0]!)).status).toBe(401);
    const [h, b] = jwts[1]!.split(".");
    expect((await post(`${h}.${b}.${Buffer.from("signature").toString("base64url")}`)).status).toBe(401);
    expect(warn.mock.calls.map((c) => String(c[0]))).toEqual([
      expect.stringContaining("replayed"),
      expect.stringContaining("invalid token"),
    ]);
    warn.mockRestore();
  });

  // Each catalog version has its own events ("About the Catalog Versioning API"): V1's ProductChanged, V3's domain events.
  it.each([
    [
      "V1 ProductChanged",
      { eventType: "com.wix.ecommerce.catalog.api.v1.ProductChanged", body: { plain: { productId: "p1", changedFields: ["stock"] } } },
    ],
    [
      "V3 inventory_item_updated",
      {
        eventType: "wix.stores.catalog.v3.inventory_item_updated",
        entityFqdn: "wix.stores.catalog.v3.inventory_item",
        slug: "updated",
        entityId: "i1",
        body: { updated: { id: "i1", productId: "p1", quantity: 3 } },
      },
    ],
    [
      "V3 product_updated",
      {
        eventType: "wix.stores.catalog.v3.product_updated",
        entityFqdn: "wix.stores.catalog.v3.product",
        slug: "updated",
        entityId: "p1",
        body: { updated: { id: "p1", name: "Mug" } },
      },
    ],
  ] as const)("a catalog event (%s) empties the catalog cache at once", async (name, event) => {
    let loads = 0;
    const load = async () => ++loads;
    await cachedCatalogRead(`k-${name}`, load);
    await cachedCatalogRead(`k-${name}`, load);
    expect(loads).toBe(1);
    // A key pair of its own (same generator as the platform's), so the event can be signed here.
    const { signJwt, envelopeOf, webhookKeys } = await import("../../platform/events/webhooks");
    const { openDatabase } = await import("../../platform/core/db");
    const db = openDatabase(":memory:");
    const keys = webhookKeys(db);
    db.close();
    configureWebhooks({ publicKey: keys.publicPem });
    const id = `evt-catalog-${name}`;
    const envelope = envelopeOf(event, id, new Date().toISOString());
    const res = await post(signJwt(keys.privatePem, { data: JSON.stringify(envelope) }, id));
    expect(res.status).toBe(204);
    await cachedCatalogRead(`k-${name}`, load);
    expect(loads).toBe(2);
  });

  // A validly signed event for another app (its `aud`) is not ours: the SDK's webhooks.parseJWT checks the signature
  // and the expiry only, so the endpoint checks the audience itself.
  it("refuses a validly signed event addressed to another app (its aud), accepts one addressed to this app", async () => {
    const { signJwt, envelopeOf, webhookKeys } = await import("../../platform/events/webhooks");
    const { openDatabase } = await import("../../platform/core/db");
    const db = openDatabase(":memory:");
    const keys = webhookKeys(db);
    db.close();
    configureWebhooks({ publicKey: keys.publicPem, appId: "cette-app" });
    const event = {
      eventType: "wix.stores.catalog.v3.product_updated",
      entityFqdn: "wix.stores.catalog.v3.product",
      slug: "updated",
      entityId: "p1",
      body: { updated: { id: "p1", name: "Mug" } },
    };
    const signed = (id: string, audience: string) =>
      signJwt(keys.privatePem, { data: JSON.stringify(envelopeOf(event, id, new Date().toISOString())) }, id, audience);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      expect((await post(signed("evt-autre-app", "une-autre-app"))).status).toBe(401);
      expect(String(warn.mock.calls[0]?.[0])).toContain("audience");
      expect((await post(signed("evt-cette-app", "cette-app"))).status).toBe(204);
    } finally {
      warn.mockRestore();
    }
  });

  // Outside attack 3, finding 2: a JWT header of nested arrays cost 0.5 s of CPU in jose's JSON.parse before the
  // signature was even looked at. A real header is a few dozen bytes; one over 1 KB is refused before any parse.
  it("refuses a nesting-bomb JWT header before anything parses it", async () => {
    const bomb = Buffer.from("[".repeat(300_000) + "]".repeat(300_000)).toString("base64url");
    const token = `${bomb}.${Buffer.from('{"data":"{}"}').toString("base64url")}.${Buffer.from("sig").toString("base64url")}`;
    const parse = vi.spyOn(JSON, "parse");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      expect((await post(token)).status).toBe(401);
      const parsedLengths = parse.mock.calls.map((c) => String(c[0]).length);
      expect(parsedLengths.filter((n) => n > 1024)).toEqual([]);
      expect(String(warn.mock.calls[0]?.[0])).toContain("header");
    } finally {
      parse.mockRestore();
      warn.mockRestore();
    }
  });
});
