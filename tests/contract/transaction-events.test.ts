// Order Transactions Updated (`orderTransactions.onOrderTransactionsUpdated`) through the SDK's typed handler: "Triggered
// when a payment or refund is added to an order, or when an existing payment is updated", an action event on
// `wix.ecom.v1.order_transactions` (slug `updated`) carrying the order's transactions and the ids of what changed
// (https://dev.wix.com/docs/api-reference/business-solutions/e-commerce/orders/order-transactions/order-transactions-updated).
import { describe, expect, it } from "vitest";
import { ApiKeyStrategy, AppStrategy, createClient } from "@wix/sdk";
import { orderBilling, orderTransactions, orders } from "@wix/ecom";
import { EMBEDDED_CLIENT_ID } from "../../platform/index";
import { buyByCard, DEMO, isWix, loginThroughHostedPage, usePlatformCapturingWebhooks } from "./harness";

const API_KEY = "transactions-api-key-0123456789abcdef";
const SITE_ID = "transactions-site";
const { ctx, received: jwts } = usePlatformCapturingWebhooks({ apiKey: API_KEY, siteId: SITE_ID }, 204);
const owner = () =>
  createClient({ modules: { orders, orderBilling, orderTransactions }, auth: ApiKeyStrategy({ apiKey: API_KEY, siteId: SITE_ID }) });

type Updated = {
  data: { orderTransactions: { orderId: string; payments: any[]; refunds: any[] }; paymentIds: string[]; refundIds: string[] };
  metadata: any;
};

/** Sends the pending webhooks and returns what the typed handler received, in order. */
async function transactionsUpdated(): Promise<Updated[]> {
  await ctx.platform.flushWebhooks();
  const client = createClient({
    auth: AppStrategy({ appId: EMBEDDED_CLIENT_ID, publicKey: ctx.platform.webhookPublicKey() }),
    modules: { orderTransactions },
  });
  const got: Updated[] = [];
  client.orderTransactions.onOrderTransactionsUpdated((event) => void got.push(event as unknown as Updated));
  for (const jwt of jwts.splice(0)) await client.webhooks.process(jwt, { expectedEvents: [] }).catch(() => undefined);
  return got;
}

async function orderNumbered(number: string) {
  const [order] = (await owner().orders.searchOrders({ filter: { number: { $eq: number } } })).orders!;
  return order!;
}

/** The seeded order's first payment, read through the owner's client, with the webhooks sent so far set aside. */
async function firstPaymentOf(number: string) {
  const order = await orderNumbered(number);
  const admin = owner();
  const { orderTransactions } = await admin.orderTransactions.listTransactionsForSingleOrder(order._id!);
  const paymentId = orderTransactions!.payments![0]!._id!;
  await transactionsUpdated();
  return { order, admin, paymentId };
}

describe.skipIf(isWix)("order transactions updated (embedded platform)", () => {
  it("a card payment on the payment page: the new payment, with the order's transactions", async () => {
    await transactionsUpdated();
    const { client } = await loginThroughHostedPage(ctx.platform, DEMO);
    const { checkoutId, status } = await buyByCard(ctx.platform, client, [{ slug: "livre-typescript", quantity: 1 }]);
    expect(status).toBe(303);
    const [order] = (await owner().orders.searchOrders({ filter: { checkoutId: { $eq: checkoutId } } })).orders!;
    const events = (await transactionsUpdated()).filter((e) => e.metadata.entityId === order!._id);
    expect(events).toHaveLength(1);
    const { data, metadata } = events[0]!;
    expect(metadata).toMatchObject({ entityFqdn: "wix.ecom.v1.order_transactions", slug: "updated", entityId: order!._id });
    expect(metadata.identity).toMatchObject({ identityType: "MEMBER" });
    expect(data.orderTransactions.orderId).toBe(order!._id);
    expect(data.paymentIds).toEqual([data.orderTransactions.payments[0]._id]);
    expect(data.orderTransactions.payments[0].regularPaymentDetails.status).toBe("APPROVED");
    expect(data.orderTransactions.payments[0]._createdDate).toBeInstanceOf(Date);
    expect(data.refundIds).toEqual([]);
  });

  it("capturing an authorized card updates that payment, sent as the owner's action", async () => {
    const { order, admin, paymentId } = await firstPaymentOf("10005");
    await admin.orders.captureAuthorizedPayments(order._id!, [{ paymentId }]);
    const [event] = await transactionsUpdated();
    expect(event!.metadata.identity).toMatchObject({ identityType: "WIX_USER" });
    expect(event!.data.paymentIds).toEqual([paymentId]);
    expect(event!.data.orderTransactions.payments[0].regularPaymentDetails.status).toBe("APPROVED");
  });

  it("a refund adds a refund: its id, the refunded payment's id, the refund in the transactions", async () => {
    const { order, admin, paymentId } = await firstPaymentOf("10013");
    const { refund } = await admin.orderBilling.refundPayments(order._id!, { paymentRefunds: [{ paymentId, amount: { amount: "1.00" } }] });
    const [event] = await transactionsUpdated();
    expect(event!.data.refundIds).toEqual([refund!._id]);
    expect(event!.data.paymentIds).toEqual([paymentId]);
    expect(event!.data.orderTransactions.refunds.map((r) => r._id)).toContain(refund!._id);
  });

  it("nothing is sent when no payment changes (an order's note)", async () => {
    const order = await orderNumbered("10001");
    await transactionsUpdated();
    await owner().orders.addActivities(order._id!, {
      orderActivities: [{ activityType: "MERCHANT_COMMENT", merchantComment: { message: "Appeler la cliente" } }],
    });
    expect(await transactionsUpdated()).toEqual([]);
  });
});
