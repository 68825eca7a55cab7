// The back-office's own server code (app/.server) on the owner's elevated client against the platform: what the
// dashboard counts and lists, and the accountant's CSV export.
import { describe, expect, it } from "vitest";
import { dashboardFigures, ordersToHandle } from "../../app/.server/admin/dashboard.server";
import { exportOrders } from "../../app/.server/admin/orders-export.server";
import { OWNER_MODULES, type ElevatedClient } from "../../app/.server/admin/elevated-client.server";
import {
  addBySlug,
  buyByCard,
  cartToPaymentPage,
  DEMO,
  isWix,
  loginThroughHostedPage,
  payOnHostedPage,
  SHIPPING_ADDRESS,
  usePlatformWithOwner,
} from "./harness";

const { ctx, owner } = usePlatformWithOwner("back-office-handlers-api-key-0123456789", OWNER_MODULES);
const admin = () => owner() as unknown as ElevatedClient;

const numbers = (rows: Array<{ number: string }>) => rows.map((r) => r.number).sort();

describe.skipIf(isWix)("the dashboard", () => {
  it("lists parcels to ship apart from pickups to prepare, and never an order of downloads only", async () => {
    const { client } = await loginThroughHostedPage(ctx.platform, DEMO);
    const paid = await buyByCard(ctx.platform, client, [{ slug: "formation-git", quantity: 1 }]);
    const training = (await client.orders.getOrder(new URL(paid.location!).searchParams.get("orderId")!)).number!;
    const handle = await ordersToHandle(admin());
    expect(numbers(handle.toShip)).toEqual(expect.arrayContaining(["10002", "10011", "10013", "10016"]));
    expect(numbers(handle.toPrepare)).toEqual(["10014", "10018"]);
    expect(numbers(handle.toShip)).not.toContain(training);
    expect(numbers(handle.toPrepare)).not.toContain(training);
    for (const pickup of ["10014", "10018"]) expect(numbers(handle.toShip)).not.toContain(pickup);
    expect(numbers(handle.toCapture)).toEqual(["10004", "10005", "10006", "10007", "10009", "10010"]);
    expect(numbers(handle.toCollect)).toEqual(["10008"]);
    // What unpaid orders hold out of sale, per product: the blue mug of the confirmed pay-on-delivery order 10008.
    expect(handle.unpaidHolds).toEqual([{ product: "Mug « Café et code »", units: 1, orders: 1 }]);
  });

  it("today's and this month's sales: paid totals less their refunds, on Paris days", async () => {
    // 27 October 2025, Paris: Léa's four paid orders (43,90 + 68,90 + 46,90 + 24,00).
    const now = new Date("2025-10-27T15:00:00Z");
    const before = await dashboardFigures(admin(), now);
    expect(before.today).toMatchObject({ sales: { amount: "183.70", formatted: expect.stringMatching(/^183,70\s€$/) }, orders: 4 });
    expect(before.month.orders).toBeGreaterThanOrEqual(before.today.orders + 4);
    const { orders: found } = await admin().orders.searchOrders({ filter: { number: { $eq: "10012" } } });
    const tx = await admin().orderTransactions.listTransactionsForSingleOrder(found![0]!._id!);
    await admin().orderBilling.refundPayments(found![0]!._id!, {
      paymentRefunds: [{ paymentId: tx.orderTransactions!.payments![0]!._id!, amount: { amount: "10.00" } }],
    });
    const after = await dashboardFigures(admin(), now);
    expect(after.today.sales.amount).toBe("173.70");
    expect(after.month.sales.amount).toBe((Number(before.month.sales.amount) - 10).toFixed(2));
  });
});

describe.skipIf(isWix)("today's money on the dashboard", () => {
  it("counts what was cashed and refunded today apart from the orders placed today, whatever the order's day", async () => {
    const before = await dashboardFigures(admin());
    const seededOrder = async (number: string) => (await admin().orders.searchOrders({ filter: { number: { $eq: number } } })).orders![0]!;
    const paymentOf = async (id: string) =>
      (await admin().orderTransactions.listTransactionsForSingleOrder(id)).orderTransactions!.payments![0]!;

    // An authorization of October captured today, and a refund today on a card payment of October.
    const authorized = await seededOrder("10010");
    await admin().orders.captureAuthorizedPayments(authorized._id!, [{ paymentId: (await paymentOf(authorized._id!))._id! }]);
    const october = await seededOrder("10013");
    await admin().orderBilling.refundPayments(october._id!, {
      paymentRefunds: [{ paymentId: (await paymentOf(october._id!))._id!, amount: { amount: "5.00" } }],
    });
    // A card purchase of today: cashed today and placed today.
    const { client } = await loginThroughHostedPage(ctx.platform, DEMO);
    const paid = await buyByCard(ctx.platform, client, [{ slug: "livre-git", quantity: 1 }]);
    const bought = await client.orders.getOrder(new URL(paid.location!).searchParams.get("orderId")!);

    const after = await dashboardFigures(admin());
    const cents = (m: { amount: string }) => Math.round(Number(m.amount) * 100);
    const captured = cents(authorized.priceSummary!.total! as { amount: string });
    const charged = cents(bought.priceSummary!.total! as { amount: string });
    expect(cents(after.today.cashed) - cents(before.today.cashed)).toBe(captured + charged);
    expect(cents(after.today.refunded) - cents(before.today.refunded)).toBe(500);
    // Orders placed today: only the new one; the October orders stay October's.
    expect(after.today.orders - before.today.orders).toBe(1);
  });

  it("lists the transactions of several orders at once, 1 to 100 of them", async () => {
    const ids = (await admin().orders.searchOrders({ cursorPaging: { limit: 3 } })).orders!.map((o) => o._id!);
    const { orderTransactions } = await admin().orderTransactions.listTransactionsForMultipleOrders(ids);
    expect(orderTransactions?.map((t) => t.orderId)).toEqual(ids);
    await expect(admin().orderTransactions.listTransactionsForMultipleOrders([])).rejects.toThrow();
  });
});

describe.skipIf(isWix)("the CSV export", () => {
  it("one row per order of the period, the buyer's formula defused", async () => {
    const { client } = await loginThroughHostedPage(ctx.platform, DEMO);
    await addBySlug(client, "livre-git");
    const { checkoutId, paymentUrl } = await cartToPaymentPage(client, { email: "formule@exemple.fr" });
    await client.checkout.updateCheckout(checkoutId, {
      billingInfo: { address: SHIPPING_ADDRESS, contactDetails: { firstName: '=HYPERLINK("http://x";"y")', lastName: "Formule" } },
    });
    await payOnHostedPage(ctx.platform, paymentUrl);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(new Date());

    const result = (await exportOrders(admin(), today, today))!;
    const lines = result.csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    const row = lines.find((l) => l.includes("Formule"))!;
    expect(row).toContain(`"'=HYPERLINK(""http://x"";""y"") Formule"`);
    for (const l of lines) for (const cell of l.split(";")) expect(cell).not.toMatch(/^"[=+\-@]/);
    const october = (await exportOrders(admin(), "2025-10-27", "2025-10-28"))!;
    expect(october.count).toBe(8);
  });
});
