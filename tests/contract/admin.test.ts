// The owner's calls (orders, payments collector, members administration) through the real SDK modules on
// an elevated client (ApiKeyStrategy), and Wix's permission error for visitor and member tokens on each of them.
import { describe, expect, it } from "vitest";
import { ApiKeyStrategy, createClient } from "@wix/sdk";
import { orders } from "@wix/ecom";
import { members } from "@wix/members";
import { products } from "@wix/stores";
import { ALEX, type Client, DEMO, isWix, loginThroughHostedPage, makeClient, rejection, usePlatform } from "./harness";

const API_KEY = "contract-api-key-0123456789abcdef";
const SITE_ID = "contract-site";
const ctx = usePlatform({ apiKey: API_KEY, siteId: SITE_ID });

const elevated = (apiKey = API_KEY, siteId = SITE_ID) =>
  createClient({ modules: { orders, members, products }, auth: ApiKeyStrategy({ apiKey, siteId }) });
type Elevated = ReturnType<typeof elevated>;
/** Exported by the SDK at run time (POST …/payments-collector/orders/{id}/mark-as-paid), missing from its typings. */
type MarkAsPaid = { paymentCollectionMarkOrderAsPaid(id: string): Promise<{ order?: { paymentStatus?: string } }> };

async function orderByNumber(admin: Elevated, number: string) {
  const { orders: found } = await admin.orders.searchOrders({ filter: { number: { $eq: number } } });
  expect(found).toHaveLength(1);
  return found![0]!;
}

async function memberByEmail(admin: Elevated, email: string) {
  const result = await admin.members
    .queryMembers({ fieldsets: ["FULL"] })
    .eq("loginEmail", email)
    .find();
  expect(result.items).toHaveLength(1);
  return result.items[0]!;
}

/** Every elevated call of §7, as a visitor's or member's client would send it. */
function adminCalls(c: Client): Record<string, () => Promise<unknown>> {
  const o = c.orders;
  const m = c.members;
  return {
    createOrder: () => o.createOrder({ lineItems: [] } as never),
    updateOrder: () => o.updateOrder("x", { buyerNote: "x" }),
    bulkUpdateOrders: () => o.bulkUpdateOrders([{ order: { _id: "x", buyerNote: "x" } }]),
    cancelOrder: () => o.cancelOrder("x", { restockAllItems: true }),
    bulkUpdateOrderTags: () => o.bulkUpdateOrderTags(["x"], { assignTags: { tags: { tagIds: ["t"] } } }),
    preparePaymentCollection: () => o.preparePaymentCollection("x", { amount: "1.00" }),
    getPaymentCollectabilityStatus: () => o.getPaymentCollectabilityStatus("x"),
    captureAuthorizedPayments: () => o.captureAuthorizedPayments("x", [{ paymentId: "p" }]),
    voidAuthorizedPayments: () => o.voidAuthorizedPayments("x", ["p"]),
    markAsPaid: () => (o as unknown as MarkAsPaid).paymentCollectionMarkOrderAsPaid("x"),
    listMembers: () => m.listMembers(),
    queryMembers: () => m.queryMembers().find(),
    createMember: () => m.createMember({ member: { loginEmail: "x@exemple.fr" } }),
    updateMemberSlug: () => m.updateMemberSlug("x", "slug"),
    muteMember: () => m.muteMember("x"),
    unmuteMember: () => m.unmuteMember("x"),
    approveMember: () => m.approveMember("x"),
    blockMember: () => m.blockMember("x"),
    disconnectMember: () => m.disconnectMember("x"),
    deleteMember: () => m.deleteMember("x"),
    bulkDeleteMembers: () => m.bulkDeleteMembers(["x"]),
    bulkDeleteMembersByFilter: () => m.bulkDeleteMembersByFilter({ status: "BLOCKED" }),
    bulkApproveMembers: () => m.bulkApproveMembers({ status: "PENDING" }),
    bulkBlockMembers: () => m.bulkBlockMembers({ status: "APPROVED" }),
    deleteMemberPhones: () => m.deleteMemberPhones("x"),
    deleteMemberEmails: () => m.deleteMemberEmails("x"),
    deleteMemberAddresses: () => m.deleteMemberAddresses("x"),
  };
}

describe.skipIf(isWix)("elevated calls refused to visitor and member tokens", () => {
  it("every administrative call answers 403 PERMISSION_DENIED to a visitor", async () => {
    for (const [name, call] of Object.entries(adminCalls(makeClient()))) {
      const e = await rejection(call);
      expect({ name, code: e.details?.applicationError?.code }).toEqual({ name, code: "PERMISSION_DENIED" });
    }
  });

  it("every administrative call answers 403 PERMISSION_DENIED to a member, including cancelling her own order", async () => {
    const { client } = await loginThroughHostedPage(ctx.platform, DEMO);
    for (const [name, call] of Object.entries(adminCalls(client))) {
      const e = await rejection(call);
      expect({ name, code: e.details?.applicationError?.code }).toEqual({ name, code: "PERMISSION_DENIED" });
    }
    const { orders: mine } = await client.orders.searchOrders({});
    const e = await rejection(() => client.orders.cancelOrder(mine![0]!._id!, { restockAllItems: true }));
    expect(e.details?.applicationError?.code).toBe("PERMISSION_DENIED");
  });

  it("a wrong API key or site id is no elevated identity (401)", async () => {
    for (const client of [elevated("not-the-key"), elevated(API_KEY, "another-site")]) {
      const e = await rejection(() => client.members.listMembers());
      expect(e.details?.applicationError?.code).toBe("UNAUTHENTICATED");
    }
  });

  it("the member paths that used to collide answer their own calls, not a 405", async () => {
    const { client } = await loginThroughHostedPage(ctx.platform, ALEX);
    const joined = await client.members.joinCommunity();
    expect(joined.member?.privacyStatus).toBe("PUBLIC");
    const left = await client.members.leaveCommunity();
    expect(left.member?.privacyStatus).toBe("PRIVATE");
  });
});

describe.skipIf(isWix)("orders on the elevated client", () => {
  it("searchOrders sees every buyer's orders, filters by status, payment status and tags, pages by cursor", async () => {
    const admin = elevated();
    const all = await admin.orders.searchOrders({ sort: [{ fieldName: "number", order: "ASC" }] } as never);
    expect(all.orders!.map((o) => o.number)).toEqual(["10001", "10002", "10003", "10004", "10005", "10006", "10007", "10008"]);
    const pending = await admin.orders.searchOrders({ filter: { paymentStatus: { $eq: "PENDING" } } });
    expect(pending.orders).toHaveLength(4);
    const first = await admin.orders.searchOrders({ cursorPaging: { limit: 3 } });
    expect(first.orders).toHaveLength(3);
    expect(first.metadata?.hasNext).toBe(true);
    const second = await admin.orders.searchOrders({ cursorPaging: { limit: 3, cursor: first.metadata!.cursors!.next! } });
    expect(second.orders!.map((o) => o._id)).not.toContain(first.orders![0]!._id);
  });

  it("getOrder, updateOrder (field mask) and bulkUpdateOrders", async () => {
    const admin = elevated();
    const order = await orderByNumber(admin, "10002");
    expect((await admin.orders.getOrder(order._id!)).number).toBe("10002");
    const updated = await admin.orders.updateOrder(order._id!, { buyerNote: "Appeler avant de livrer" });
    expect(updated.buyerNote).toBe("Appeler avant de livrer");
    const bulk = await admin.orders.bulkUpdateOrders([{ order: { _id: order._id!, archived: true } }], { returnEntity: true });
    expect(bulk.bulkActionMetadata?.totalSuccesses).toBe(1);
    expect(bulk.results?.[0]?.item?.archived).toBe(true);
  });

  it("createOrder answers a deliberate 501", async () => {
    const e = await rejection(() => elevated().orders.createOrder({ lineItems: [] } as never));
    expect(e.details?.applicationError?.code).toBe("NOT_IMPLEMENTED");
  });

  it("bulkUpdateOrderTags assigns and unassigns tags", async () => {
    const admin = elevated();
    const a = await orderByNumber(admin, "10001");
    const b = await orderByNumber(admin, "10003");
    const res = await admin.orders.bulkUpdateOrderTags([a._id!, b._id!], { assignTags: { tags: { tagIds: ["a-expedier"] } } });
    expect(res.bulkActionMetadata?.totalSuccesses).toBe(2);
    const tagged = await admin.orders.searchOrders({ filter: { "tags.tags.tagIds": { $hasSome: ["a-expedier"] } } } as never);
    expect(tagged.orders!.map((o) => o.number).sort()).toEqual(["10001", "10003"]);
    await admin.orders.bulkUpdateOrderTags([a._id!], { unassignTags: { tags: { tagIds: ["a-expedier"] } } });
    expect((await admin.orders.getOrder(a._id!)).tags?.tags?.tagIds).toEqual([]);
  });

  it("cancelOrder with restock puts the stock back and e-mails the buyer the custom message", async () => {
    const admin = elevated();
    const order = await orderByNumber(admin, "10002");
    const bookId = order.lineItems![0]!.catalogReference!.catalogItemId!;
    const before = (await admin.products.getProduct(bookId)).product!.stock!.quantity!;
    const res = await admin.orders.cancelOrder(order._id!, {
      restockAllItems: true,
      sendOrderCanceledEmail: true,
      customMessage: "Rupture chez l'imprimeur",
    });
    expect(res.order?.status).toBe("CANCELED");
    expect((await admin.products.getProduct(bookId)).product!.stock!.quantity).toBe(before + 1);
    const mail = ctx.platform.outbox().find((m) => m.kind === "order-canceled");
    expect(mail?.to).toBe(DEMO.email);
    expect(mail?.text).toContain("Rupture chez l'imprimeur");
    const again = await rejection(() => admin.orders.cancelOrder(order._id!, {}));
    expect(again.details?.applicationError?.code).toBe("ORDER_ALREADY_CANCELED");
  });
});

describe.skipIf(isWix)("payments collector on the elevated client", () => {
  it("captures an authorized payment: order PAID, the payment APPROVED; a second capture is refused", async () => {
    const admin = elevated();
    const order = await orderByNumber(admin, "10004");
    expect(order.paymentStatus).toBe("PENDING");
    expect((await admin.orders.getPaymentCollectabilityStatus(order._id!)).status).toBe("NONCOLLECTABLE_ORDER_IS_PENDING");
    const tx = await ordersTransactions(admin, order._id!);
    const paymentId = tx.payments[0]!.id;
    expect(tx.payments[0]!.regularPaymentDetails.status).toBe("AUTHORIZED");
    const res = await admin.orders.captureAuthorizedPayments(order._id!, [{ paymentId }]);
    expect(res.orderTransactions?.payments?.[0]?.regularPaymentDetails?.status).toBe("APPROVED");
    expect((await admin.orders.getOrder(order._id!)).paymentStatus).toBe("PAID");
    expect((await admin.orders.getPaymentCollectabilityStatus(order._id!)).status).toBe("NONCOLLECTABLE_ORDER_IS_PAID");
    const e = await rejection(() => admin.orders.captureAuthorizedPayments(order._id!, [{ paymentId }]));
    expect(e.details?.applicationError?.code).toBe("PAYMENT_ALREADY_CAPTURED");
  });

  it("voids an authorized payment: the payment VOIDED; a capture afterwards is refused", async () => {
    const admin = elevated();
    const order = await orderByNumber(admin, "10005");
    const paymentId = (await ordersTransactions(admin, order._id!)).payments[0]!.id;
    const res = await admin.orders.voidAuthorizedPayments(order._id!, [paymentId]);
    expect(res.orderTransactions?.payments?.[0]?.regularPaymentDetails?.status).toBe("VOIDED");
    const e = await rejection(() => admin.orders.captureAuthorizedPayments(order._id!, [{ paymentId }]));
    expect(e.details?.applicationError?.code).toBe("PAYMENT_ALREADY_VOIDED");
  });

  it("pay on delivery: COLLECTABLE, prepare a collection, then mark as paid", async () => {
    const admin = elevated();
    const order = await orderByNumber(admin, "10008");
    const status = await admin.orders.getPaymentCollectabilityStatus(order._id!);
    expect(status.status).toBe("COLLECTABLE");
    expect(status.amount?.amount).toBe(order.priceSummary?.total?.amount);
    const prepared = await admin.orders.preparePaymentCollection(order._id!, { amount: status.amount!.amount! });
    expect(typeof prepared.paymentGatewayOrderId).toBe("string");
    const paid = await (admin.orders as unknown as MarkAsPaid).paymentCollectionMarkOrderAsPaid(order._id!);
    expect(paid.order?.paymentStatus).toBe("PAID");
  });
});

/** listTransactionsForSingleOrder is not one of the app's modules: read the wire answer the same way. */
async function ordersTransactions(admin: Elevated, orderId: string) {
  void admin;
  const res = await fetch(`https://www.wixapis.com/ecom/v1/payments/orders/${orderId}`, {
    headers: { Authorization: API_KEY, "wix-site-id": SITE_ID },
  });
  const body = (await res.json()) as {
    orderTransactions: { payments: { id: string; regularPaymentDetails: { status: string } }[] };
  };
  return body.orderTransactions;
}

describe.skipIf(isWix)("members on the elevated client", () => {
  it("listMembers and queryMembers page by offset; getMember honours the fieldsets", async () => {
    const admin = elevated();
    const list = await admin.members.listMembers({ paging: { limit: 2, offset: 0 }, fieldsets: ["FULL"] });
    expect(list.members).toHaveLength(2);
    expect(list.metadata?.total).toBeGreaterThanOrEqual(6);
    const q = await admin.members
      .queryMembers({ fieldsets: ["FULL"] })
      .eq("status", "PENDING")
      .limit(1)
      .find();
    expect(q.items).toHaveLength(1);
    expect(q.totalCount).toBe(2);
    expect(q.currentPage).toBe(0);
    expect(q.hasNext()).toBe(true);
    const next = await q.next();
    expect(next.currentPage).toBe(1);
    expect(next.hasNext()).toBe(false);
    const id = q.items[0]!._id!;
    expect((await admin.members.getMember(id, { fieldsets: ["PUBLIC"] })).loginEmail).toBeUndefined();
    expect((await admin.members.getMember(id, { fieldsets: ["FULL"] })).loginEmail).toMatch(/@exemple\.fr$/);
  });

  it("createMember, updateMember, updateMemberSlug, delete phones/emails/addresses, deleteMember", async () => {
    const admin = elevated();
    const created = await admin.members.createMember({
      member: { loginEmail: "cree@exemple.fr", contact: { firstName: "Créée" }, profile: { nickname: "Créée" } },
    });
    expect(created.loginEmail).toBe("cree@exemple.fr");
    const updated = await admin.members.updateMember(created._id!, { contact: { lastName: "Par l'admin", phones: ["0600000000"] } });
    expect(updated.contact?.lastName).toBe("Par l'admin");
    expect((await admin.members.updateMemberSlug(created._id!, "creee-admin")).member?.profile?.slug).toBe("creee-admin");
    expect((await admin.members.deleteMemberPhones(created._id!)).member?.contact?.phones).toEqual([]);
    expect((await admin.members.deleteMemberAddresses(created._id!)).member?.contact?.addresses).toEqual([]);
    expect((await admin.members.deleteMemberEmails(created._id!)).member?._id).toBe(created._id);
    await admin.members.deleteMember(created._id!);
    const e = await rejection(() => admin.members.getMember(created._id!));
    expect(e.details?.applicationError?.code).toBe("MEMBER_NOT_FOUND");
  });

  it("block ends her sessions and login; approve restores her; mute, unmute, disconnect", async () => {
    const admin = elevated();
    const { client } = await loginThroughHostedPage(ctx.platform, ALEX);
    const alex = await memberByEmail(admin, ALEX.email);
    expect((await admin.members.blockMember(alex._id!)).member?.status).toBe("BLOCKED");
    await expect(client.members.getCurrentMember()).rejects.toThrow();
    await expect(loginThroughHostedPage(ctx.platform, ALEX)).rejects.toThrow();
    expect((await admin.members.approveMember(alex._id!)).member?.status).toBe("APPROVED");
    const again = await loginThroughHostedPage(ctx.platform, ALEX);
    expect((await again.client.members.getCurrentMember()).member?._id).toBe(alex._id);
    expect((await admin.members.muteMember(alex._id!)).member?.activityStatus).toBe("MUTED");
    expect((await admin.members.unmuteMember(alex._id!)).member?.activityStatus).toBe("ACTIVE");
    await admin.members.disconnectMember(alex._id!);
    await expect(again.client.members.getCurrentMember()).rejects.toThrow();
  });

  it("bulk: approve and block by filter, delete by ids and by filter", async () => {
    const admin = elevated();
    const approved = await admin.members.bulkApproveMembers({ status: "PENDING" });
    expect(typeof approved.jobId).toBe("string");
    expect((await admin.members.queryMembers().eq("status", "PENDING").find()).items).toHaveLength(0);
    const a = await admin.members.createMember({ member: { loginEmail: "bulk-a@exemple.fr" } });
    const b = await admin.members.createMember({ member: { loginEmail: "bulk-b@exemple.fr" } });
    const c = await admin.members.createMember({ member: { loginEmail: "bulk-c@exemple.fr" } });
    await admin.members.bulkBlockMembers({ loginEmail: { $startsWith: "bulk-" } });
    expect((await admin.members.getMember(a._id!, { fieldsets: ["FULL"] })).status).toBe("BLOCKED");
    const deleted = await admin.members.bulkDeleteMembers([a._id!, b._id!]);
    expect(deleted.bulkActionMetadata?.totalSuccesses).toBe(2);
    await admin.members.bulkDeleteMembersByFilter({ loginEmail: { $eq: "bulk-c@exemple.fr" } });
    const e = await rejection(() => admin.members.getMember(c._id!));
    expect(e.details?.applicationError?.code).toBe("MEMBER_NOT_FOUND");
  });
});
