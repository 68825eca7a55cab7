// With REDIS_URL, a webhook event handled by one replica is refused by every other (docs/security.md, outside attack
// 3, finding 11; replicas: tests/support/redis-replicas.ts).
import { beforeAll, describe, expect, it, vi } from "vitest";
import { useRedisReplicas } from "../support/redis-replicas";

const newReplica = useRedisReplicas();
let signed: string;
let publicPem: string;
beforeAll(async () => {
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

async function replica() {
  await newReplica();
  const hooks = await import("~/.server/wix/webhooks.server");
  hooks.configureWebhooks({ publicKey: publicPem, appId: "embedded-demo-client" });
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
