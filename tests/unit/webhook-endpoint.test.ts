// The app's webhook endpoint: verified with the SDK (AppStrategy + webhooks.process), replay and forgery → 401,
// a catalog change empties the catalog cache at once.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createPlatform, type Platform } from "../../platform";
import { cachedCatalogRead } from "~/.server/catalog-cache.server";
import { configureWebhooks, receiveWebhook } from "~/.server/webhooks.server";

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

  it("a catalog event empties the catalog cache at once", async () => {
    let loads = 0;
    const load = async () => ++loads;
    await cachedCatalogRead("k", load);
    await cachedCatalogRead("k", load);
    expect(loads).toBe(1);
    // A key pair of its own (same generator as the platform's), so the event can be signed here.
    const { signJwt, envelopeOf, webhookKeys } = await import("../../platform/events/webhooks");
    const { openDatabase } = await import("../../platform/core/db");
    const db = openDatabase(":memory:");
    const keys = webhookKeys(db);
    db.close();
    configureWebhooks({ publicKey: keys.publicPem });
    const envelope = envelopeOf(
      { eventType: "com.wix.ecommerce.catalog.api.v1.ProductChanged", body: { plain: { productId: "p1", changedFields: ["stock"] } } },
      "evt-catalog-1",
      new Date().toISOString(),
    );
    const res = await post(signJwt(keys.privatePem, { data: JSON.stringify(envelope) }, "evt-catalog-1"));
    expect(res.status).toBe(204);
    await cachedCatalogRead("k", load);
    expect(loads).toBe(2);
  });
});
