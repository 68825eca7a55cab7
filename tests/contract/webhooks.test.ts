// Events as Wix webhooks (app/.server/wix/webhooks.server.ts receives them): every kind is received and verified with the SDK's own webhook processing
// (AppStrategy with the public key, webhooks.process). Embedded only: a real site sends them to its own URLs.
import { describe, expect, it } from "vitest";
import { AppStrategy, createClient } from "@wix/sdk";
import {
  addBySlug,
  APP_ORIGIN,
  buyByCard,
  DEMO,
  isWix,
  loginThroughHostedPage,
  makeClient,
  signUpAndProve,
  usePlatformCapturingWebhooks,
} from "./harness";

const { ctx, received } = usePlatformCapturingWebhooks();

describe.skipIf(isWix)("webhooks", () => {
  it("each event kind arrives as an RS256 JWT the SDK verifies with the published public key", async () => {
    const pem = await (await ctx.platform.fetch(new Request(`${APP_ORIGIN}/_platform/webhooks/public-key`))).text();
    expect(pem).toContain("BEGIN PUBLIC KEY");
    const { client } = await loginThroughHostedPage(ctx.platform, DEMO);
    await addBySlug(client, "livre-typescript");
    await client.currentCart.updateCurrentCart({ cartInfo: { buyerNote: "merci" } });
    await buyByCard(ctx.platform, client, []);
    await client.members.updateMember((await client.members.getCurrentMember()).member!._id!, { profile: { nickname: "Cam" } });
    const other = makeClient();
    await signUpAndProve(ctx.platform, other, { email: "evenements@exemple.fr", password: "motdepasse-evt" });
    await addBySlug(other, "livre-typescript");
    await other.currentCart.deleteCurrentCart();
    await ctx.platform.flushWebhooks();

    const app = createClient({ auth: AppStrategy({ appId: "embedded-demo-client", publicKey: pem }), modules: {} });
    const types: string[] = [];
    for (const jwt of received) {
      const event = await app.webhooks.process(jwt);
      types.push(event.eventType);
      expect(event.instanceId).toMatch(/\S/);
    }
    for (const t of [
      "wix.ecom.v1.cart_created",
      "wix.ecom.v1.cart_updated",
      "wix.ecom.v1.cart_deleted",
      "wix.ecom.v1.order_created",
      "wix.ecom.v1.order_approved",
      "wix.ecom.v1.order_payment_status_updated",
      "wix.members.v1.member_created",
      "wix.members.v1.member_updated",
      "wix.headless.v1.redirect_session_created",
      "com.wix.ecommerce.catalog.api.v1.ProductChanged",
    ])
      expect(types).toContain(t);
    const created = received.map((j) => JSON.parse(Buffer.from(j.split(".")[1]!, "base64url").toString())).map((c) => JSON.parse(c.data));
    const order = created.find((e) => e.eventType === "wix.ecom.v1.order_created");
    const inner = JSON.parse(order.data);
    expect(inner).toMatchObject({
      entityFqdn: "wix.ecom.v1.order",
      slug: "created",
      entityId: expect.any(String),
      eventTime: expect.any(String),
    });
    // Wix's documented form: the entity as an object (createdEvent.entity), not a JSON string.
    expect(inner.createdEvent.entity.id).toBe(inner.entityId);
    expect(ctx.platform.webhookOutbox().every((r) => r.status === "delivered")).toBe(true);
  });

  it("a forged signature is refused by the SDK's verification", async () => {
    const pem = ctx.platform.webhookPublicKey();
    const app = createClient({ auth: AppStrategy({ appId: "embedded-demo-client", publicKey: pem }), modules: {} });
    const [h, b] = received[0]!.split(".");
    await expect(app.webhooks.process(`${h}.${b}.${Buffer.from("faux").toString("base64url")}`)).rejects.toThrow();
  });
});
