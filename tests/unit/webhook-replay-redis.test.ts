// Outside attack 3, finding 11: with REDIS_URL, a webhook event handled by one replica is refused by every other.
// Each "replica" is a fresh copy of the app's modules (vi.resetModules), as two processes would load them, sharing
// nothing but a real redis-server.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startRedis } from "../support/redis";

let redis: Awaited<ReturnType<typeof startRedis>>;
let signed: string;
let publicPem: string;
beforeAll(async () => {
  redis = await startRedis();
  const { signJwt, envelopeOf, webhookKeys } = await import("../../platform/events/webhooks");
  const { openDatabase } = await import("../../platform/core/db");
  const db = openDatabase(":memory:");
  const keys = webhookKeys(db);
  db.close();
  publicPem = keys.publicPem;
  const envelope = envelopeOf(
    {
      eventType: "wix.ecom.v1.order_created",
      entityFqdn: "wix.ecom.v1.order",
      slug: "created",
      entityId: "o1",
      body: { created: { id: "o1" } },
    },
    "evt-replicas-1",
    new Date().toISOString(),
  );
  signed = signJwt(keys.privatePem, { data: JSON.stringify(envelope) }, "evt-replicas-1");
});
const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closers) await close();
  delete process.env.REDIS_URL;
  await redis?.stop();
});

async function replica() {
  vi.resetModules();
  process.env.REDIS_URL = redis.url;
  const config = await import("~/.server/site/config.server");
  config.forgetConfig();
  const hooks = await import("~/.server/wix/webhooks.server");
  hooks.configureWebhooks({ publicKey: publicPem, appId: "embedded-demo-client" });
  closers.push((await import("~/.server/http/shared-state.server")).closeSharedRedis);
  return (body: string) => hooks.receiveWebhook(new Request("http://localhost:3000/webhooks/wix", { method: "POST", body }));
}

describe("webhook replay protection shared through Redis", () => {
  it("an event accepted by one replica is refused as a replay by another", async () => {
    const a = await replica();
    const b = await replica();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const info = vi.spyOn(console, "info").mockImplementation(() => undefined);
    try {
      expect((await a(signed)).status).toBe(204);
      expect((await b(signed)).status).toBe(401);
      expect((await a(signed)).status).toBe(401);
      expect(warn.mock.calls.map((c) => String(c[0]))).toEqual([expect.stringContaining("replayed"), expect.stringContaining("replayed")]);
    } finally {
      warn.mockRestore();
      info.mockRestore();
    }
  });
});
