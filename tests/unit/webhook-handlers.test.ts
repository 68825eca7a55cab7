// The app's webhook endpoint reads events through the SDK's typed handlers: events signed here in Wix's documented
// wire form ("About the Structure of Events": {data: "{eventType, instanceId, data, identity}"}, the data holding
// createdEvent.entity / actionEvent.body objects) reach the owner's notices and the catalog cache.
import { createSign, generateKeyPairSync, randomUUID } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { cachedCatalogRead } from "~/.server/catalog/cache.server";
import { configureWebhooks, receiveWebhook } from "~/.server/wix/webhooks.server";

const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const APP_ID = "app-under-test";

beforeAll(() => configureWebhooks({ publicKey: publicKey.export({ type: "spki", format: "pem" }).toString(), appId: APP_ID }));
afterEach(() => vi.restoreAllMocks());

const b64 = (v: string | Buffer) => Buffer.from(v).toString("base64url");

/** A webhook as Wix sends it: an RS256 JWT whose `data` claim is the JSON envelope. */
function webhook(
  eventType: string,
  data: Record<string, unknown>,
  identity: Record<string, unknown> = { identityType: "WIX_USER", wixUserId: "u1" },
) {
  const now = Math.floor(Date.now() / 1000);
  const envelope = { eventType, instanceId: "instance-1", data: JSON.stringify(data), identity: JSON.stringify(identity) };
  const head = b64(JSON.stringify({ alg: "RS256", typ: "JWT" }));
  const body = b64(
    JSON.stringify({ data: JSON.stringify(envelope), iss: "wix.com", aud: APP_ID, iat: now, exp: now + 300, jti: randomUUID() }),
  );
  return `${head}.${body}.${b64(createSign("RSA-SHA256").update(`${head}.${body}`).sign(privateKey))}`;
}

const domainEvent = (entityFqdn: string, slug: string, entityId: string, body: Record<string, unknown>) => ({
  id: randomUUID(),
  entityFqdn,
  slug,
  entityId,
  eventTime: new Date().toISOString(),
  triggeredByAnonymizeRequest: false,
  ...body,
});

const post = (jwt: string) => receiveWebhook(new Request("http://localhost:3000/webhooks/wix", { method: "POST", body: jwt }));

describe("webhook endpoint: the SDK's typed handlers", () => {
  it("order created: a French notice to the owner with the number, total and buyer read from the entity", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => undefined);
    const order = {
      id: "o-1",
      number: "10042",
      createdDate: new Date().toISOString(),
      buyerInfo: { email: "lea@exemple.fr" },
      billingInfo: { contactDetails: { firstName: "Léa", lastName: "Martin" } },
      priceSummary: { total: { amount: "49.90", formattedAmount: "49,90 €" } },
      lineItems: [],
    };
    const res = await post(
      webhook("wix.ecom.v1.order_created", domainEvent("wix.ecom.v1.order", "created", "o-1", { createdEvent: { entity: order } })),
    );
    expect(res.status).toBe(204);
    expect(info).toHaveBeenCalledWith("[webhooks] Nouvelle commande n° 10042 : 49,90 €, de Léa Martin (lea@exemple.fr)");
  });

  it("order canceled: the notice says whether the items went back to stock (actionEvent.body)", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => undefined);
    const body = { order: { id: "o-2", number: "10043", status: "CANCELED" }, restockAllItems: true, sendOrderCanceledEmail: false };
    await post(webhook("wix.ecom.v1.order_canceled", domainEvent("wix.ecom.v1.order", "canceled", "o-2", { actionEvent: { body } })));
    expect(info).toHaveBeenCalledWith("[webhooks] Commande n° 10043 annulée (articles remis en stock)");
  });

  it("member created: a member awaiting approval is announced, an approved one is not", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => undefined);
    const member = (status: string, id: string) =>
      webhook(
        "wix.members.v1.member_created",
        domainEvent("wix.members.v1.member", "created", id, { createdEvent: { entity: { id, loginEmail: `${id}@exemple.fr`, status } } }),
      );
    await post(member("PENDING", "nina"));
    await post(member("APPROVED", "lucas"));
    expect(info.mock.calls.map((c) => c[0])).toEqual(["[webhooks] Membre en attente d'approbation : nina@exemple.fr"]);
  });

  it("a catalog V1 event (typed handler) and a catalog V3 event (no typed handler yet) both empty the catalog cache", async () => {
    let loads = 0;
    const load = async () => ++loads;
    await cachedCatalogRead("k", load);
    await post(webhook("com.wix.ecommerce.catalog.api.v1.ProductChanged", { productId: "p1", changedFields: ["stock"] }));
    await cachedCatalogRead("k", load);
    expect(loads).toBe(2);
    await post(
      webhook(
        "wix.stores.v3.product_updated",
        domainEvent("wix.stores.v3.product", "updated", "p1", { updatedEvent: { currentEntity: { id: "p1" } } }),
      ),
    );
    await cachedCatalogRead("k", load);
    expect(loads).toBe(3);
  });

  it("acknowledges a verified event nobody here handles (204), refuses a forged one (401)", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const cart = webhook(
      "wix.ecom.v1.cart_updated",
      domainEvent("wix.ecom.v1.cart", "updated", "c1", { updatedEvent: { currentEntity: { id: "c1" } } }),
    );
    expect((await post(cart)).status).toBe(204);
    const [h, b] = cart.split(".");
    expect((await post(`${h}.${b}.${b64("forged")}`)).status).toBe(401);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("invalid token"));
  });
});
