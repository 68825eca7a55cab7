// An order's life after its payment, through the SDK's own modules on the owner's elevated client:
// cancel (refused while a card is only authorized), refunds (orderBilling), fulfilments (orderFulfillments),
// invoices (orderInvoices), internal notes (orders.addActivities), and the payment collection refusals,
// each code as the typings give it.
import { describe, expect, it } from "vitest";
import { createClient } from "@wix/sdk";
import { orderBilling, orderFulfillments, orderInvoices, orderTransactions, orders } from "@wix/ecom";
import { products } from "@wix/stores";
import { verifyInvoiceToken } from "../../platform/ecom/after-sale/invoices";
import {
  Browser,
  buyByCard,
  checkoutToPaymentPage,
  DEMO,
  isWix,
  loginThroughHostedPage,
  ON_DELIVERY,
  payOnHostedPage,
  rejection,
  usePlatformWithOwner,
} from "./harness";

const API_KEY = "contract-lifecycle-api-key-0123456789";
const { ctx, owner: admin } = usePlatformWithOwner(API_KEY, {
  orders,
  orderBilling,
  orderFulfillments,
  orderInvoices,
  orderTransactions,
  products,
});
const LEA = { email: "lea@exemple.fr", password: "motdepasse-lea" };
type Admin = ReturnType<typeof admin>;
/** Exported by the SDK at run time, missing from its typings (as markAsPaid): POST /ecom/v1/invoices/orders/{id}. */
type GenerateInvoice = { generateInvoice(orderId: string): Promise<{ invoiceId?: string }> };
type MarkAsPaid = { paymentCollectionMarkOrderAsPaid(id: string): Promise<{ order?: { paymentStatus?: string } }> };

async function order(a: Admin, number: string) {
  const { orders: found } = await a.orders.searchOrders({ filter: { number: { $eq: number } } });
  expect(found).toHaveLength(1);
  return found![0]!;
}
const paymentOf = async (a: Admin, orderId: string) =>
  (await a.orderTransactions.listTransactionsForSingleOrder(orderId)).orderTransactions!.payments![0]!;
const code = (e: { details?: { applicationError?: { code?: unknown } } }) => e.details?.applicationError?.code;

describe.skipIf(isWix)("cancel and collect: the refusals of the typings", () => {
  it("cancelOrder refuses an order whose card is only authorized (ORDER_HAS_AUTHORIZED_TRANSACTION); void, then cancel; no capture after", async () => {
    const a = admin();
    const o = await order(a, "10009");
    const refused = await rejection(() => a.orders.cancelOrder(o._id!, { restockAllItems: true }));
    expect(code(refused)).toBe("ORDER_HAS_AUTHORIZED_TRANSACTION");
    expect((await a.orders.getOrder(o._id!)).status).toBe("APPROVED");
    const payment = await paymentOf(a, o._id!);
    expect(payment.regularPaymentDetails?.status).toBe("AUTHORIZED");
    await a.orders.voidAuthorizedPayments(o._id!, [payment._id!]);
    expect((await a.orders.cancelOrder(o._id!, { restockAllItems: true })).order?.status).toBe("CANCELED");
    const capture = await rejection(() => a.orders.captureAuthorizedPayments(o._id!, [{ paymentId: payment._id! }]));
    expect(code(capture)).toBe("PAYMENT_ALREADY_VOIDED");
    expect((await a.orders.getPaymentCollectabilityStatus(o._id!)).status).toBe("NONCOLLECTABLE_ORDER_IS_CANCELLED");
  });

  it("collecting a paid order: the status says NONCOLLECTABLE_ORDER_IS_PAID, preparePaymentCollection and markAsPaid answer ORDER_ALREADY_PAID", async () => {
    const a = admin();
    const o = await order(a, "10002");
    expect((await a.orders.getPaymentCollectabilityStatus(o._id!)).status).toBe("NONCOLLECTABLE_ORDER_IS_PAID");
    const prepared = await rejection(() => a.orders.preparePaymentCollection(o._id!, { amount: "1.00" }));
    expect(code(prepared)).toBe("ORDER_ALREADY_PAID");
    const marked = await rejection(() => (a.orders as unknown as MarkAsPaid).paymentCollectionMarkOrderAsPaid(o._id!));
    expect(code(marked)).toBe("ORDER_ALREADY_PAID");
  });

  it("collecting a canceled order answers ORDER_CANCELED", async () => {
    const a = admin();
    const o = await order(a, "10008");
    await a.orders.cancelOrder(o._id!, {});
    const prepared = await rejection(() => a.orders.preparePaymentCollection(o._id!, { amount: o.priceSummary!.total!.amount! }));
    expect(code(prepared)).toBe("ORDER_CANCELED");
  });
});

describe.skipIf(isWix)("refunds (orderBilling)", () => {
  it("a partial refund of one line and the shipping, then the rest: PARTIALLY_REFUNDED, then FULLY_REFUNDED, e-mails, restock", async () => {
    const a = admin();
    const o = await order(a, "10012");
    const shirt = o.lineItems!.find((l) => l.productName?.original?.startsWith("T-shirt"))!;
    const able = await a.orderBilling.getOrderRefundability(o._id!);
    expect(able.payments![0]!.refundable).toBe(true);
    expect(able.lineItems!.find((l) => l.lineItemId === shirt._id)).toMatchObject({ originalQuantity: 2, availableRefundQuantity: 2 });
    expect(able.shipping?.availableRefundAmount?.amount).toBe("4.90");

    const items = { lineItems: [{ lineItemId: shirt._id!, quantity: 1 }], shipping: {} };
    const calc = await a.orderBilling.calculateRefund(o._id!, { refundItems: items });
    const unit = Math.round((Number(shirt.totalPriceAfterTax!.amount) * 100) / 2);
    expect(Math.round(Number(calc.summary!.total!.amount) * 100)).toBe(unit + 490);

    const productId = shirt.catalogReference!.catalogItemId!;
    const stockBefore = (await a.products.getProduct(productId)).product!.variants!.find(
      (v) => v._id === (shirt.catalogReference!.options as { variantId?: string }).variantId,
    )?.stock?.quantity;
    const payment = await paymentOf(a, o._id!);
    const res = await a.orderBilling.refundPayments(o._id!, {
      paymentRefunds: [{ paymentId: payment._id! }],
      refundItems: items,
      sideEffects: {
        restock: { lineItems: [{ lineItemId: shirt._id!, quantity: 1 }] },
        notifications: { sendCustomerEmail: true, customMessage: "Taille échangée" },
      },
      customerReason: "Article retourné",
    });
    expect(res.refund!.transactions![0]).toMatchObject({ refundStatus: "SUCCEEDED", externalRefund: false });
    expect(res.refund!.transactions![0]!.amount!.amount).toBe(calc.summary!.total!.amount);
    expect(res.refund!.details).toMatchObject({ shippingIncluded: true, reason: "Article retourné" });
    expect((await a.orders.getOrder(o._id!)).paymentStatus).toBe("PARTIALLY_REFUNDED");
    const tx = (await a.orderTransactions.listTransactionsForSingleOrder(o._id!)).orderTransactions!;
    expect(tx.payments![0]!.regularPaymentDetails?.status).toBe("PARTIALLY_REFUNDED");
    expect(tx.refunds).toHaveLength(1);
    const stockAfter = (await a.products.getProduct(productId)).product!.variants!.find(
      (v) => v._id === (shirt.catalogReference!.options as { variantId?: string }).variantId,
    )?.stock?.quantity;
    expect(typeof stockBefore).toBe("number");
    expect(stockAfter).toBe(stockBefore! + 1);
    const mail = ctx.platform.outbox().find((m) => m.kind === "order-refund" && m.data.orderId === o._id);
    expect(mail?.to).toBe(LEA.email);
    expect(mail?.text).toContain(res.refund!.transactions![0]!.amount!.formattedAmount);
    expect(mail?.text).toContain("Taille échangée");

    const left = await a.orderBilling.getOrderRefundability(o._id!);
    const rest = await a.orderBilling.refundPayments(o._id!, {
      paymentRefunds: [{ paymentId: payment._id!, amount: left.paymentsSummary!.monetary!.maxRefund }],
    });
    expect(rest.refund!.transactions![0]!.refundStatus).toBe("SUCCEEDED");
    expect((await a.orders.getOrder(o._id!)).paymentStatus).toBe("FULLY_REFUNDED");
    const none = await a.orderBilling.getOrderRefundability(o._id!);
    expect(none.payments![0]!.nonRefundable?.reason).toBe("ALREADY_REFUNDED");
    const again = await rejection(() => a.orderBilling.refundPayments(o._id!, { paymentRefunds: [{ paymentId: payment._id! }] }));
    expect(code(again)).toBe("PAYMENT_NOT_REFUNDABLE");
  });

  it("refuses with the typings' codes: quantity, unknown line, amount, unpaid, offline without externalRefund", async () => {
    const a = admin();
    const o = await order(a, "10011");
    const line = o.lineItems![0]!;
    const payment = await paymentOf(a, o._id!);
    const refund = (options: Parameters<Admin["orderBilling"]["refundPayments"]>[1]) =>
      rejection(() => a.orderBilling.refundPayments(o._id!, options));
    expect(
      code(
        await refund({
          paymentRefunds: [{ paymentId: payment._id! }],
          refundItems: { lineItems: [{ lineItemId: line._id!, quantity: 5 }] },
        }),
      ),
    ).toBe("INVALID_LINE_ITEM_REFUND_QUANTITY");
    expect(
      code(
        await refund({
          paymentRefunds: [{ paymentId: payment._id! }],
          refundItems: { lineItems: [{ lineItemId: "00000000-0000-4000-8000-000000000000", quantity: 1 }] },
        }),
      ),
    ).toBe("LINE_ITEM_NOT_FOUND");
    expect(code(await refund({ paymentRefunds: [{ paymentId: payment._id!, amount: { amount: "9999.00" } }] }))).toBe(
      "INVALID_PAYMENT_REFUND_AMOUNT",
    );
    expect(code(await refund({ paymentRefunds: [{ paymentId: "00000000-0000-4000-8000-000000000001" }] }))).toBe("PAYMENT_NOT_FOUND");

    const authorized = await order(a, "10010");
    const ap = await paymentOf(a, authorized._id!);
    expect((await a.orderBilling.getOrderRefundability(authorized._id!)).payments![0]!.nonRefundable?.reason).toBe("NOT_PAID");
    const unpaid = await rejection(() =>
      a.orderBilling.refundPayments(authorized._id!, { paymentRefunds: [{ paymentId: ap._id!, amount: { amount: "1.00" } }] }),
    );
    expect(code(unpaid)).toBe("PAYMENT_NOT_REFUNDABLE");
  });

  it("an offline payment is manually refundable: EXTERNAL_REFUND_EXPECTED, then recorded with externalRefund", async () => {
    const a = admin();
    const { client } = await loginThroughHostedPage(ctx.platform, DEMO);
    const { paymentUrl } = await checkoutToPaymentPage(client, [{ slug: "livre-git", quantity: 1 }]);
    const placed = await payOnHostedPage(ctx.platform, paymentUrl, ON_DELIVERY);
    const orderId = new URL(placed.location!).searchParams.get("orderId")!;
    // A pay-on-delivery order waits for its buyer's confirmation from the e-mail before it can be delivered and cashed.
    const link = ctx.platform.outbox().findLast((m) => m.kind === "order-confirm-request" && m.data?.orderId === orderId)!.links[0]!.url;
    // Before that confirmation it cannot be marked paid: refused on its id in Wix's validation format (the typings
    // list no application code for it).
    const early = await rejection(() => (a.orders as unknown as MarkAsPaid).paymentCollectionMarkOrderAsPaid(orderId));
    expect(early.details?.applicationError).toBeUndefined();
    expect(early.details?.validationError?.fieldViolations?.map((v: { field?: string }) => v.field)).toEqual(["orderId"]);
    const browser = new Browser(ctx.platform);
    await browser.submit(link, (await browser.get(link)).html, "Confirmer ma commande", () => undefined);
    await (a.orders as unknown as MarkAsPaid).paymentCollectionMarkOrderAsPaid(orderId);
    const able = await a.orderBilling.getOrderRefundability(orderId);
    expect(able.payments![0]!.manuallyRefundable?.reason).toBe("OFFLINE");
    const payment = await paymentOf(a, orderId);
    const refused = await rejection(() =>
      a.orderBilling.refundPayments(orderId, { paymentRefunds: [{ paymentId: payment._id! }], refundItems: { shipping: {} } }),
    );
    expect(code(refused)).toBe("EXTERNAL_REFUND_EXPECTED");
    const done = await a.orderBilling.refundPayments(orderId, {
      paymentRefunds: [{ paymentId: payment._id!, externalRefund: true }],
      refundItems: { shipping: {} },
    });
    expect(done.refund!.transactions![0]).toMatchObject({ externalRefund: true, refundStatus: "SUCCEEDED" });
    expect(done.refund!.transactions![0]!.amount!.amount).toBe("4.90");
  });

  it("a member's or visitor's token may not refund (403)", async () => {
    const { client } = await loginThroughHostedPage(ctx.platform, LEA);
    const member = createClient({ modules: { orderBilling }, auth: client.auth });
    const o = await order(admin(), "10013");
    const e = await rejection(() => member.orderBilling.getOrderRefundability(o._id!));
    expect(code(e)).toBe("PERMISSION_DENIED");
  });
});

describe.skipIf(isWix)("fulfilments (orderFulfillments)", () => {
  it("ships one line, then the rest with a tracking number: PARTIALLY_FULFILLED, FULFILLED, the buyer's e-mail and her own list", async () => {
    const a = admin();
    const o = await order(a, "10016");
    const [shirt, mug] = o.lineItems!;
    const first = await a.orderFulfillments.createFulfillment(o._id!, {
      lineItems: [{ _id: shirt!._id!, quantity: 1 }],
      trackingInfo: { shippingProvider: "dhl", trackingNumber: "JD0001" },
    });
    expect(first.orderWithFulfillments!.fulfillments![0]!.trackingInfo?.trackingLink).toContain("JD0001");
    expect((await a.orders.getOrder(o._id!)).fulfillmentStatus).toBe("PARTIALLY_FULFILLED");
    const beyond = await rejection(() => a.orderFulfillments.createFulfillment(o._id!, { lineItems: [{ _id: shirt!._id!, quantity: 2 }] }));
    expect(beyond.details?.validationError?.fieldViolations?.[0]?.field).toBe("fulfillment.lineItems[0].quantity");
    const duplicate = await rejection(() =>
      a.orderFulfillments.createFulfillment(o._id!, { lineItems: [{ _id: mug!._id! }], trackingInfo: { trackingNumber: "JD0001" } }),
    );
    expect(code(duplicate)).toBe("TRACKING_NUMBER_ALREADY_EXISTS");
    const second = await a.orderFulfillments.createFulfillment(o._id!, {
      lineItems: [{ _id: shirt!._id! }, { _id: mug!._id! }],
      trackingInfo: {
        shippingProvider: "Colissimo",
        trackingNumber: "6A12345678901",
        trackingLink: "https://www.laposte.fr/outils/suivre-vos-envois?code=6A12345678901",
      },
    });
    expect(second.orderWithFulfillments!.fulfillments).toHaveLength(2);
    expect((await a.orders.getOrder(o._id!)).fulfillmentStatus).toBe("FULFILLED");
    // One shipping e-mail per parcel, each with its own tracking link.
    const mails = ctx.platform.outbox().filter((m) => m.kind === "order-shipped" && m.data.orderId === o._id);
    expect(mails.map((m) => m.data.trackingLink).sort()).toEqual([
      "https://www.dhl.com/fr-fr/home/tracking.html?tracking-id=JD0001",
      "https://www.laposte.fr/outils/suivre-vos-envois?code=6A12345678901",
    ]);
    expect(mails.find((m) => m.data.trackingLink?.includes("laposte"))?.text).toContain("Numéro de suivi : 6A12345678901");

    const { client } = await loginThroughHostedPage(ctx.platform, { email: "noe@exemple.fr", password: "motdepasse-noe" });
    const buyer = createClient({ modules: { orderFulfillments }, auth: client.auth });
    const mine = await buyer.orderFulfillments.listFulfillmentsForSingleOrder(o._id!);
    expect(mine.orderWithFulfillments!.fulfillments!.map((f) => f.trackingInfo?.trackingNumber)).toEqual(["JD0001", "6A12345678901"]);
    const many = await a.orderFulfillments.listFulfillmentsForMultipleOrders([o._id!, (await order(a, "10001"))._id!]);
    expect(many.ordersWithFulfillments!.map((x) => x.fulfillments?.length)).toEqual([2, 0]);
  });

  it("another buyer does not read them; update and delete move the status back; a canceled order takes none", async () => {
    const a = admin();
    const o = await order(a, "10017");
    const created = await a.orderFulfillments.createFulfillment(o._id!, {
      lineItems: [{ _id: o.lineItems![0]!._id! }],
      trackingInfo: { trackingNumber: "X1" },
    });
    const { client } = await loginThroughHostedPage(ctx.platform, DEMO);
    const other = createClient({ modules: { orderFulfillments }, auth: client.auth });
    expect((await rejection(() => other.orderFulfillments.listFulfillmentsForSingleOrder(o._id!))).details?.applicationError?.code).toBe(
      "ORDER_NOT_FOUND",
    );
    const updated = await a.orderFulfillments.updateFulfillment(
      { orderId: o._id!, fulfillmentId: created.fulfillmentId },
      { fulfillment: { status: "In_Delivery" } },
    );
    expect(updated.fulfillments![0]!.status).toBe("In_Delivery");
    const badStatus = await rejection(() =>
      a.orderFulfillments.updateFulfillment(
        { orderId: o._id!, fulfillmentId: created.fulfillmentId },
        { fulfillment: { status: "shipped" } },
      ),
    );
    expect(badStatus.details?.validationError?.fieldViolations?.[0]?.field).toMatch(/(^|\.)fulfillment\.status$/);
    await a.orderFulfillments.deleteFulfillment({ orderId: o._id!, fulfillmentId: created.fulfillmentId! });
    expect((await a.orders.getOrder(o._id!)).fulfillmentStatus).toBe("NOT_FULFILLED");
    await a.orders.cancelOrder(o._id!, {});
    const canceled = await rejection(() => a.orderFulfillments.createFulfillment(o._id!, { lineItems: [{ _id: o.lineItems![0]!._id! }] }));
    expect(canceled.details?.validationError?.fieldViolations?.[0]?.field).toBe("orderId");
  });

  it("a pickup made ready e-mails the buyer 'prête à retirer' (status Ready), then picked up (Fulfilled)", async () => {
    const a = admin();
    const o = await order(a, "10018");
    const ready = await a.orderFulfillments.createFulfillment(o._id!, { lineItems: [{ _id: o.lineItems![0]!._id! }], status: "Ready" });
    const mail = ctx.platform.outbox().find((m) => m.kind === "order-pickup-ready" && m.data.orderId === o._id);
    expect(mail?.subject).toContain("prête à retirer");
    const done = await a.orderFulfillments.updateFulfillment(
      { orderId: o._id!, fulfillmentId: ready.fulfillmentId! },
      { fulfillment: { status: "Fulfilled", completed: true } },
    );
    expect(done.fulfillments![0]).toMatchObject({ status: "Fulfilled", completed: true });
  });
});

describe.skipIf(isWix)("invoices (orderInvoices) and notes (orders.addActivities)", () => {
  it("generateInvoice records one invoice per order (INVOICE_ALREADY_EXISTS after), listed for the owner and for the buyer", async () => {
    const a = admin();
    const o = await order(a, "10013");
    expect((await a.orderInvoices.listInvoicesForMultipleOrders([o._id!])).invoicesForOrder![0]!.invoicesInfo).toEqual([]);
    const { invoiceId } = await (a.orderInvoices as unknown as GenerateInvoice).generateInvoice(o._id!);
    expect(invoiceId).toMatch(/^[0-9a-f-]{36}$/);
    const again = await rejection(() => (a.orderInvoices as unknown as GenerateInvoice).generateInvoice(o._id!));
    expect(code(again)).toBe("INVOICE_ALREADY_EXISTS");
    const { client } = await loginThroughHostedPage(ctx.platform, LEA);
    const buyer = createClient({ modules: { orderInvoices }, auth: client.auth });
    const listed = await buyer.orderInvoices.listInvoicesForMultipleOrders([o._id!, (await order(a, "10002"))._id!]);
    expect(listed.invoicesForOrder!.map((x) => x.orderId)).toEqual([o._id]);
    expect(listed.invoicesForOrder![0]!.invoicesInfo?.[0]?._id).toBe(invoiceId);
  });

  it("a card order's confirmation e-mail carries a signed invoice link the API key verifies", async () => {
    const { client } = await loginThroughHostedPage(ctx.platform, DEMO);
    const paid = await buyByCard(ctx.platform, client, [{ slug: "livre-git", quantity: 1 }]);
    const orderId = new URL(paid.location!).searchParams.get("orderId")!;
    const mail = ctx.platform.outbox().find((m) => m.kind === "order-confirmation" && m.data.orderId === orderId)!;
    const link = new URL(mail.data.invoiceUrl!);
    expect(link.pathname).toBe(`/factures/${orderId}`);
    expect(verifyInvoiceToken(API_KEY, link.searchParams.get("jeton")!)).toBe(orderId);
    expect(verifyInvoiceToken("another-api-key-0123456789abcdef", link.searchParams.get("jeton")!)).toBeNull();
    expect(mail.text).toContain(link.href);
  });

  it("addActivities keeps the owner's note as a MERCHANT_COMMENT; an empty one is refused", async () => {
    const a = admin();
    const o = await order(a, "10014");
    const res = await a.orders.addActivities(o._id!, {
      orderActivities: [{ activityType: "MERCHANT_COMMENT", merchantComment: { message: "Client rappelé le 12/11" } }],
    });
    expect(res.activityIds).toHaveLength(1);
    const note = res.order!.activities!.find((x) => x._id === res.activityIds![0]);
    expect(note).toMatchObject({ type: "MERCHANT_COMMENT", merchantComment: { message: "Client rappelé le 12/11" } });
    const empty = await rejection(() =>
      a.orders.addActivities(o._id!, { orderActivities: [{ activityType: "MERCHANT_COMMENT", merchantComment: { message: "" } }] }),
    );
    expect(empty.details?.validationError?.fieldViolations?.[0]?.field).toMatch(/(^|\.)orderActivities\[0\]\.merchantComment\.message$/);
  });

  it("searchOrders finds by number, e-mail start and full-name start (case-insensitive)", async () => {
    const a = admin();
    const byNumber = await a.orders.searchOrders({ filter: { number: { $eq: 10013 } } } as never);
    expect(byNumber.orders!.map((o) => o.number)).toEqual(["10013"]);
    const byMail = await a.orders.searchOrders({ filter: { "buyerInfo.email": { $startsWith: "LEA@" } } } as never);
    expect(byMail.orders!.map((o) => o.number).sort()).toEqual(["10011", "10012", "10013", "10014"]);
    const byName = await a.orders.searchOrders({ filter: { "billingInfo.contactDetails.fullName": { $startsWith: "noé lam" } } } as never);
    expect(byName.orders!.map((o) => o.number).sort()).toEqual(["10015", "10016", "10017", "10018"]);
  });
});
