// Events as the SDK's typed handlers read them: the platform's signed webhooks for the 12 kinds of the
// specification go through an SDK client (AppStrategy with the platform's public key) on which the typed handlers
// are registered (currentCart.onCartCreated, orders.onOrderCreated, members.onMemberCreated,
// redirects.onRedirectSessionCreated…); each handler must receive its entity (or its action's data) as the SDK
// types it. The wire form is Wix's "About the Structure of Events": JWT claims {data, iss, aud, jti, iat, exp}, the
// data holding {eventType, instanceId, data, identity} with createdEvent.entity / updatedEvent.currentEntity /
// deletedEvent / actionEvent.body objects.
import { describe, expect, it } from "vitest";
import { AppStrategy, ApiKeyStrategy, createClient } from "@wix/sdk";
import { currentCart, orderTransactions, orders } from "@wix/ecom";
import { members } from "@wix/members";
import { redirects } from "@wix/redirects";
import { EMBEDDED_CLIENT_ID } from "../../platform/index";
import {
  signUpAndProve,
  addBySlug,
  buyByCard,
  CALLBACKS,
  DEMO,
  isWix,
  loginThroughHostedPage,
  makeClient,
  usePlatformCapturingWebhooks,
} from "./harness";

const API_KEY = "events-api-key-0123456789abcdef";
const { ctx, received: jwts } = usePlatformCapturingWebhooks({ apiKey: API_KEY, siteId: "events-site" }, 204);

type Received = { kind: string; event: Record<string, any> };

/** The 12 typed handlers, by module; each one's kind is its name in words (onOrderPaymentStatusUpdated: "order payment status updated"). */
const HANDLERS = {
  currentCart: ["onCartCreated", "onCartUpdated", "onCartDeleted"],
  orders: ["onOrderCreated", "onOrderUpdated", "onOrderApproved", "onOrderCanceled", "onOrderPaymentStatusUpdated"],
  members: ["onMemberCreated", "onMemberUpdated", "onMemberDeleted"],
  redirects: ["onRedirectSessionCreated"],
} as const;
const kindOf = (handler: string) =>
  handler
    .slice(2)
    .replace(/(?<=.)[A-Z]/g, (c) => ` ${c}`)
    .toLowerCase();

/**
 * Sends the platform's pending webhooks, then hands every token captured so far to an SDK client on which each of the
 * 12 typed handlers is registered; returns what each one received.
 */
async function deliverToTypedHandlers() {
  await ctx.platform.flushWebhooks();
  const client = createClient({
    auth: AppStrategy({ appId: EMBEDDED_CLIENT_ID, publicKey: ctx.platform.webhookPublicKey() }),
    modules: { currentCart, orders, members, redirects },
  });
  const received: Received[] = [];
  for (const [module, names] of Object.entries(HANDLERS)) {
    const on = client[module as keyof typeof HANDLERS] as unknown as Record<string, (handler: (event: unknown) => void) => void>;
    for (const name of names) on[name]!((event) => void received.push({ kind: kindOf(name), event: event as Record<string, any> }));
  }
  for (const jwt of jwts) await client.webhooks.process(jwt, { expectedEvents: [] }).catch(() => undefined);
  return received;
}

const owner = () =>
  createClient({ modules: { orders, orderTransactions, members }, auth: ApiKeyStrategy({ apiKey: API_KEY, siteId: "events-site" }) });

describe.skipIf(isWix)("events through the SDK's typed handlers (embedded platform)", () => {
  it("each of the 12 kinds reaches its typed handler with its entity, in Wix's wire form", async () => {
    // Cart created, updated, deleted; a redirect session; an order paid by card (created, approved, payment status).
    const visitor = makeClient();
    visitor.auth.setTokens(await visitor.auth.generateVisitorTokens());
    const { cart } = await addBySlug(visitor, "t-shirt-typescript", 1, { Taille: "M", Couleur: "Noir" });
    await visitor.currentCart.updateCurrentCartLineItemQuantity([{ _id: cart!.lineItems![0]!._id!, quantity: 3 }]);
    await visitor.currentCart.deleteCurrentCart();
    const { client: camille } = await loginThroughHostedPage(ctx.platform, DEMO);
    const { checkoutId, status } = await buyByCard(ctx.platform, camille, [
      { slug: "t-shirt-typescript", quantity: 1, options: { Taille: "L", Couleur: "Noir" } },
    ]);
    expect(status).toBe(303);
    await camille.redirects.createRedirectSession({ ecomCheckout: { checkoutId }, callbacks: CALLBACKS });
    // The owner cancels the order (updated + canceled), with a message and a restock.
    const admin = owner();
    const [paid] = (await admin.orders.searchOrders({ filter: { checkoutId: { $eq: checkoutId } } })).orders!;
    await admin.orders.cancelOrder(paid!._id!, { restockAllItems: true, sendOrderCanceledEmail: true, customMessage: "Rupture de stock" });
    // A member signs up, changes her name, deletes her account.
    const newcomer = makeClient();
    newcomer.auth.setTokens(await newcomer.auth.generateVisitorTokens());
    // Every sign-up proves its mailbox before the account exists (decision 0029).
    const signup = await signUpAndProve(ctx.platform, newcomer, {
      email: "evenement@exemple.fr",
      password: "motdepasse-evenement",
      profile: { firstName: "Eve" },
    });
    expect(signup.loginState).toBe("SUCCESS");
    const created = await admin.members.queryMembers().eq("loginEmail", "evenement@exemple.fr").find();
    await admin.members.updateMember(created.items[0]!._id!, { contact: { firstName: "Evelyne" } });
    await admin.members.deleteMember(created.items[0]!._id!);

    const received = await deliverToTypedHandlers();
    // The seed's members and orders sent their own events at start: each kind is looked up by its entity's id.
    const first = (kind: string, entityId: string) => {
      const hit = received.find((r) => r.kind === kind && r.event.metadata.entityId === entityId);
      if (!hit)
        throw new Error(`no ${kind} event for ${entityId} reached its handler (received: ${received.map((r) => r.kind).join(", ")})`);
      return hit.event;
    };
    const memberId = created.items[0]!._id!;

    expect(first("cart created", cart!._id!).entity).toMatchObject({
      _id: cart!._id,
      lineItems: [expect.objectContaining({ quantity: 1 })],
    });
    expect(first("cart created", cart!._id!).entity._createdDate).toBeInstanceOf(Date);
    expect(first("cart updated", cart!._id!).entity.lineItems[0].quantity).toBe(3);
    expect(first("cart deleted", cart!._id!).metadata).toMatchObject({ entityFqdn: "wix.ecom.v1.cart", slug: "deleted" });
    const session = received.find((r) => r.kind === "redirect session created" && r.event.entity.fullUrl.includes("/_platform/checkout"));
    expect(session?.event.entity).toMatchObject({
      _id: session?.event.metadata.entityId,
      urlDetails: { endpoint: expect.stringContaining("/_platform/checkout") },
    });

    const order = first("order created", paid!._id!).entity;
    expect(order).toMatchObject({ _id: paid!._id, number: paid!.number, checkoutId });
    expect(order._createdDate).toBeInstanceOf(Date);
    expect(order.lineItems[0].image).toMatch(/^wix:image:\/\/v1\//);
    expect(first("order approved", paid!._id!).data.order._id).toBe(paid!._id);
    const payment = first("order payment status updated", paid!._id!).data;
    expect(payment.order.paymentStatus).toBe("PAID");
    expect(payment.previousPaymentStatus).toBe("NOT_PAID");
    expect(first("order updated", paid!._id!).entity._id).toBe(paid!._id);
    const canceled = first("order canceled", paid!._id!);
    expect(canceled.data).toMatchObject({
      order: expect.objectContaining({ _id: paid!._id, status: "CANCELED" }),
      restockAllItems: true,
      sendOrderCanceledEmail: true,
      customMessage: "Rupture de stock",
    });

    const member = first("member created", memberId).entity;
    expect(member).toMatchObject({ loginEmail: "evenement@exemple.fr", _id: memberId });
    expect(member.contactId).not.toBe(member._id);
    expect(first("member updated", memberId).entity.contact.firstName).toBe("Evelyne");
    expect(first("member deleted", memberId).metadata).toMatchObject({ entityFqdn: "wix.members.v1.member", slug: "deleted" });
  });

  it("the owner's actions carry the owner's identity; the buyer's carry the member's; metadata has the event fields", async () => {
    jwts.length = 0;
    const admin = owner();
    const [order] = (await admin.orders.searchOrders({ filter: { number: { $eq: "10008" } } })).orders!;
    await admin.orders.cancelOrder(order!._id!, { restockAllItems: false });
    const { client: camille } = await loginThroughHostedPage(ctx.platform, DEMO);
    await camille.members.updateMember((await camille.members.getCurrentMember()).member!._id!, { contact: { firstName: "Camille" } });
    const received = await deliverToTypedHandlers();

    const canceled = received.find((r) => r.kind === "order canceled")!.event;
    expect(canceled.metadata.identity).toEqual({ identityType: "WIX_USER", wixUserId: expect.any(String) });
    expect(canceled.metadata).toMatchObject({
      entityFqdn: "wix.ecom.v1.order",
      slug: "canceled",
      entityId: order!._id,
      instanceId: expect.any(String),
    });
    expect(canceled.metadata.eventTime).toBeInstanceOf(Date);
    expect(canceled.data.restockAllItems).toBe(false);
    const updated = received.find((r) => r.kind === "member updated")!.event;
    expect(updated.metadata.identity).toEqual({ identityType: "MEMBER", memberId: updated.entity._id });
  });

  it("previousPaymentStatus is the order's status before the change: capturing an authorized card gives PENDING → PAID", async () => {
    jwts.length = 0;
    const admin = owner();
    const [order] = (await admin.orders.searchOrders({ filter: { number: { $eq: "10004" } } })).orders!;
    const { orderTransactions: t } = await admin.orderTransactions.listTransactionsForSingleOrder(order!._id!);
    await admin.orders.captureAuthorizedPayments(order!._id!, [{ paymentId: t!.payments![0]!._id! }]);
    const received = await deliverToTypedHandlers();
    const payment = received.find((r) => r.kind === "order payment status updated")!.event;
    expect(payment.data).toMatchObject({ previousPaymentStatus: "PENDING", order: expect.objectContaining({ paymentStatus: "PAID" }) });
  });

  it("every token carries Wix's claims: issuer wix.com, audience the app id, a jti equal to the event id, 5 minutes", async () => {
    expect(jwts.length).toBeGreaterThan(0);
    const strategy = AppStrategy({ appId: EMBEDDED_CLIENT_ID, publicKey: ctx.platform.webhookPublicKey() });
    for (const jwt of jwts) {
      // decodeJWT(token, true) is the SDK's check of the caller claims (issuer "wix.com", audience = appId).
      await expect(strategy.decodeJWT!(jwt, true)).resolves.toMatchObject({ valid: true });
      const claims = JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString("utf8")) as Record<string, unknown>;
      expect(claims).toMatchObject({ iss: "wix.com", aud: EMBEDDED_CLIENT_ID });
      expect((claims.exp as number) - (claims.iat as number)).toBe(300);
      expect(claims.jti).toMatch(/^[0-9a-f-]{36}$/);
    }
    // A domain event's id (data.id) is the token's jti: a retried delivery keeps both.
    const domain = jwts
      .map((jwt) => JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString("utf8")) as { jti: string; data: string })
      .map((claims) => ({ jti: claims.jti, event: JSON.parse((JSON.parse(claims.data) as { data: string }).data) as { id?: string } }))
      .filter(({ event }) => "entityFqdn" in event);
    expect(domain.length).toBeGreaterThan(0);
    for (const { jti, event } of domain) expect(jti).toBe(event.id);
    const other = AppStrategy({ appId: "another-app", publicKey: ctx.platform.webhookPublicKey() });
    await expect(other.decodeJWT!(jwts[0]!, true)).rejects.toThrow();
  });
});
