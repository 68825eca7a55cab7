// PLATFORM_PAYMENT_CAPTURE=manual: the payment page only authorizes the card; the owner captures it through the
// payments collector on the elevated client.
import { describe, expect, it } from "vitest";
import { ApiKeyStrategy, createClient } from "@wix/sdk";
import { orders } from "@wix/ecom";
import { checkoutToPaymentPage, DEMO, isWix, loginThroughHostedPage, payOnHostedPage, usePlatform } from "./harness";

const API_KEY = "contract-capture-api-key-0123456789";
const ctx = usePlatform({ apiKey: API_KEY, paymentCapture: "manual" });

describe.skipIf(isWix)("authorize-only payment page (embedded platform)", () => {
  it("the card is authorized (order PENDING, payment AUTHORIZED), then captured by the owner (PAID)", async () => {
    const { client } = await loginThroughHostedPage(ctx.platform, DEMO);
    const { paymentUrl } = await checkoutToPaymentPage(client, [{ slug: "livre-typescript", quantity: 1 }]);
    const paid = await payOnHostedPage(ctx.platform, paymentUrl);
    expect(paid.status).toBe(303);
    const orderId = new URL(paid.location!).searchParams.get("orderId")!;
    const order = await client.orders.getOrder(orderId);
    expect(order.status).toBe("APPROVED");
    expect(order.paymentStatus).toBe("PENDING");

    const admin = createClient({ modules: { orders }, auth: ApiKeyStrategy({ apiKey: API_KEY, siteId: "" }) });
    const tx = await fetch(`https://www.wixapis.com/ecom/v1/payments/orders/${orderId}`, { headers: { Authorization: API_KEY } });
    const payment = ((await tx.json()) as { orderTransactions: { payments: { id: string; regularPaymentDetails: { status: string } }[] } })
      .orderTransactions.payments[0]!;
    expect(payment.regularPaymentDetails.status).toBe("AUTHORIZED");
    const captured = await admin.orders.captureAuthorizedPayments(orderId, [{ paymentId: payment.id }]);
    expect(captured.orderTransactions?.payments?.[0]?.regularPaymentDetails?.status).toBe("APPROVED");
    expect((await client.orders.getOrder(orderId)).paymentStatus).toBe("PAID");
  });
});
