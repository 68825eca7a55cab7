// What a capture costs on Wix: the SDK requests the back-office makes for one no-JS capture, counted at the fetch the
// SDK sends them through, request by request as the browser sends them (the button, its confirmation, the page after
// the redirect), each through a fresh Owner as the /admin middleware builds one (ownerOf(context)). An intent loads
// only what it needs and the page drawn in the same request reuses it (app/.server/admin/order-detail.server.ts
// `OrderReads`); before the owner handler, each request read the whole order again: 25 calls (docs/traces.md).
import { beforeAll, describe, expect, it } from "vitest";
import { Owner } from "../../app/.server/admin/owner.server";
import { OWNER_MODULES, type ElevatedClient } from "../../app/.server/admin/elevated-client.server";
import { APP_ORIGIN, isWix, usePlatformWithOwner } from "./harness";

const { owner } = usePlatformWithOwner("owner-capture-calls-api-key-0123456789", OWNER_MODULES);
const admin = () => owner() as unknown as ElevatedClient;

/** Every SDK request (method and path, the order's id as `{id}`), in order, since the last `take()`. */
const sent: string[] = [];
let orderId = "";
const take = () => sent.splice(0);
beforeAll(() => {
  const inner = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.origin !== APP_ORIGIN) sent.push(`${request.method} ${url.pathname.replace(orderId || "\u0000", "{id}")}`);
    return inner(input, init);
  };
  return () => {
    globalThis.fetch = inner;
  };
});

const post = (id: string, fields: Record<string, string>) =>
  new Request(`${APP_ORIGIN}/admin/orders/${id}`, { method: "POST", body: new URLSearchParams(fields) });

describe.skipIf(isWix)("a no-JS capture through ownerOf(context)", () => {
  it("reads the order and its payment once per request: 17 SDK calls over its 3 requests", async () => {
    const [found] = (await admin().orders.searchOrders({ filter: { number: { $eq: "10009" } } })).orders!;
    const id = (orderId = found!._id!);
    // The page's product links come from the process's shared catalog cache (docs/decisions/0007-*): warm, as on a
    // running server.
    await new Owner(admin()).orders.detail(id);
    take();

    // 1. "Encaisser": the confirmation step, then the page drawn in the same request from the reads it made.
    const first = new Owner(admin());
    const asked = await first.orders.act(post(id, { intent: "capture" }), id, `/admin/orders/${id}`);
    expect(asked).toMatchObject({ data: { confirm: { button: expect.stringMatching(/^Encaisser /) } } });
    await first.orders.detail(id);
    const confirmStep = take();

    // 2. "Encaisser 43,90 €" confirmed: the capture, answered with a redirect.
    const captured = await new Owner(admin()).orders.act(post(id, { intent: "capture", confirmed: "1" }), id, `/admin/orders/${id}`);
    expect(captured).toBeInstanceOf(Response);
    expect((captured as Response).status).toBe(303);
    const captureStep = take();

    // 3. The order page after the redirect.
    const page = await new Owner(admin()).orders.detail(id);
    expect(page.paymentStatus).toBe("PAID");
    const pageStep = take();

    const order = "GET /ecom/v1/orders/{id}";
    const payment = "GET /ecom/v1/payments/orders/{id}";
    const rest = [
      "POST /ecom/v1/order-billing/get-order-refundability",
      "GET /ecom/v1/payments-collector/orders/{id}/payment-collectability-status",
      "GET /ecom/v1/fulfillments/orders/{id}",
      "POST /ecom/v1/invoices/list-by-ids",
      // The credit notes stored in Wix Data, read by the order's id beside the rest: one round trip for the page.
      "GET /wix-data/v2/items/query",
    ];
    expect(confirmStep).toEqual([order, payment, ...rest]);
    expect(captureStep).toEqual([order, payment, "POST /ecom/v1/payments-collector/orders/{id}/capture-authorized-payments"]);
    expect(pageStep).toEqual([order, payment, ...rest]);
    expect(confirmStep.length + captureStep.length + pageStep.length).toBe(17);
  });
});
