// The new endpoints of issue 27 against their golden fixtures (tests/contract/golden/{ecom,forms}/*.json, in the
// fixture format of tests/contract/README.md): each fixture's SDK call is made through the real SDK, the HTTP answer
// of its endpoint recorded, and every key the platform answers must be one the fixture documents (kind "schema":
// a documented key left out is no difference). Interim: once the generic golden test (golden.test.ts, calls.ts)
// is on main, these fixtures join its registry and this file goes.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ApiKeyStrategy, createClient, OAuthStrategy } from "@wix/sdk";
import { orderBilling, orderFulfillments, orderInvoices, orders } from "@wix/ecom";
import { submissions } from "@wix/forms";
import { describe, expect, it } from "vitest";
import { CONTACT_FORM_ID } from "../../platform/forms/forms";
import { clientId, isWix, usePlatform } from "./harness";

const API_KEY = "golden-order-life-api-key-0123456789";
usePlatform({ apiKey: API_KEY });

interface Fixture {
  endpoint: string;
  call: string;
  source: { kind: string };
  response: unknown;
}
const DIR = join(import.meta.dirname, "golden");
const fixtures = ["ecom", "forms"].flatMap((folder) =>
  readdirSync(join(DIR, folder))
    .filter((f) => f.endsWith(".json"))
    .map((f) => JSON.parse(readFileSync(join(DIR, folder, f), "utf8")) as Fixture),
);

/** Object keys that are data (names of custom fields, a form's fields), not fields. */
const MAPS = new Set(["fieldsData", "submissions", "data"]);

/** Paths the platform answers that the fixture does not document ("extra"), arrays folded to one element. */
function extras(doc: unknown, got: unknown, path = ""): string[] {
  if (Array.isArray(got)) return got.flatMap((g) => extras(Array.isArray(doc) ? doc[0] : undefined, g, `${path}[]`));
  if (got === null || typeof got !== "object") return [];
  if (doc === null || typeof doc !== "object" || Array.isArray(doc)) return [path || "(root)"];
  const out: string[] = [];
  for (const [k, v] of Object.entries(got)) {
    const p = path ? `${path}.${k}` : k;
    if (!(k in doc)) out.push(p);
    else if (!MAPS.has(k)) out.push(...extras((doc as Record<string, unknown>)[k], v, p));
  }
  return out;
}

function recorder() {
  const answers: Array<{ method: string; path: string; status: number; body: unknown }> = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const res = await fetch(input, init);
    const url = new URL(typeof input === "string" || input instanceof URL ? input.toString() : input.url);
    const text = await res.clone().text();
    answers.push({
      method: (init?.method ?? "GET").toUpperCase(),
      path: url.pathname,
      status: res.status,
      body: text ? JSON.parse(text) : {},
    });
    return res;
  };
  return { answers, fetchImpl };
}

/** The endpoint's pattern ("/x/{id}/y") as a regular expression over the path. */
const pathPattern = (endpoint: string) => new RegExp(`^${endpoint.split(" ")[1]!.replace(/\{[^}]+\}/g, "[^/]+")}$`);

async function orderByNumber(c: ReturnType<typeof admin>, number: string) {
  const { orders: found } = await c.orders.searchOrders({ filter: { number: { $eq: number } } });
  return found![0]!;
}

function admin(fetchImpl?: typeof fetch) {
  return createClient({
    modules: { orders, orderBilling, orderFulfillments, orderInvoices, submissions },
    auth: ApiKeyStrategy({ apiKey: API_KEY, siteId: "" }),
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
}
type Admin = ReturnType<typeof admin>;
type Untyped = Record<string, (...args: unknown[]) => Promise<unknown>>;

/** What each fixture's call needs: an order of the seed in the right state, then the call itself. */
const scenarios: Record<string, (c: Admin, setup: Admin) => Promise<unknown>> = {
  "orderBilling.getOrderRefundability": async (c, s) => c.orderBilling.getOrderRefundability((await orderByNumber(s, "10012"))._id!),
  "orderBilling.calculateRefund": async (c, s) => {
    const o = await orderByNumber(s, "10012");
    return c.orderBilling.calculateRefund(o._id!, {
      refundItems: { lineItems: [{ lineItemId: o.lineItems![0]!._id!, quantity: 1 }], shipping: {} },
    });
  },
  "orderBilling.refundPayments": async (c, s) => {
    const o = await orderByNumber(s, "10011");
    const tx = await fetch(`https://www.wixapis.com/ecom/v1/payments/orders/${o._id}`, { headers: { Authorization: API_KEY } });
    const paymentId = ((await tx.json()) as { orderTransactions: { payments: { id: string }[] } }).orderTransactions.payments[0]!.id;
    return c.orderBilling.refundPayments(o._id!, {
      paymentRefunds: [{ paymentId }],
      refundItems: { lineItems: [{ lineItemId: o.lineItems![0]!._id!, quantity: 1 }], shipping: {} },
      customerReason: "Article retourné",
    });
  },
  "orderFulfillments.createFulfillment": async (c, s) => {
    const o = await orderByNumber(s, "10013");
    return c.orderFulfillments.createFulfillment(o._id!, {
      lineItems: [{ _id: o.lineItems![0]!._id! }],
      trackingInfo: { shippingProvider: "dhl", trackingNumber: "G0LD1" },
    });
  },
  "orderFulfillments.listFulfillmentsForSingleOrder": async (c, s) =>
    c.orderFulfillments.listFulfillmentsForSingleOrder((await orderByNumber(s, "10013"))._id!),
  "orderFulfillments.listFulfillmentsForMultipleOrders": async (c, s) =>
    c.orderFulfillments.listFulfillmentsForMultipleOrders([(await orderByNumber(s, "10013"))._id!, (await orderByNumber(s, "10002"))._id!]),
  "orderFulfillments.updateFulfillment": async (c, s) => {
    const o = await orderByNumber(s, "10014");
    const { fulfillmentId } = await s.orderFulfillments.createFulfillment(o._id!, {
      lineItems: [{ _id: o.lineItems![0]!._id! }],
      status: "Ready",
    });
    return c.orderFulfillments.updateFulfillment(
      { orderId: o._id!, fulfillmentId: fulfillmentId! },
      { fulfillment: { status: "Fulfilled", completed: true } },
    );
  },
  "orderFulfillments.deleteFulfillment": async (c, s) => {
    const o = await orderByNumber(s, "10015");
    const { fulfillmentId } = await s.orderFulfillments.createFulfillment(o._id!, { lineItems: [{ _id: o.lineItems![0]!._id! }] });
    return c.orderFulfillments.deleteFulfillment({ orderId: o._id!, fulfillmentId: fulfillmentId! });
  },
  "orderFulfillments.bulkCreateFulfillments": async (c, s) => {
    const o = await orderByNumber(s, "10016");
    return c.orderFulfillments.bulkCreateFulfillments([
      { orderId: o._id!, fulfillments: [{ lineItems: [{ _id: o.lineItems![0]!._id! }] }] },
    ]);
  },
  "orderInvoices.generateInvoice": async (c, s) =>
    (c.orderInvoices as unknown as Untyped).generateInvoice!((await orderByNumber(s, "10017"))._id!),
  "orderInvoices.listInvoicesForMultipleOrders": async (c, s) =>
    c.orderInvoices.listInvoicesForMultipleOrders([(await orderByNumber(s, "10017"))._id!]),
  "orderInvoices.addInvoiceToOrder": async (c, s) =>
    (c.orderInvoices as unknown as Untyped).addInvoiceToOrder!((await orderByNumber(s, "10018"))._id!, {
      id: "facture-externe-1",
      appId: "5c0e9d2a-7b1f-4e3a-9c6d-2f8b4a1e0d17",
    }),
  "orders.addActivities": async (c, s) =>
    c.orders.addActivities((await orderByNumber(s, "10002"))._id!, {
      orderActivities: [{ activityType: "MERCHANT_COMMENT", merchantComment: { message: "Note" } }],
    }),
  "submissions.bulkMarkSubmissionsAsSeen": async (c) => c.submissions.bulkMarkSubmissionsAsSeen([await submission()], CONTACT_FORM_ID),
  "submissions.deleteSubmission": async (c) => c.submissions.deleteSubmission(await submission()),
  "submissions.listDeletedSubmissions": async (c, s) => {
    await s.submissions.deleteSubmission(await submission());
    return c.submissions.listDeletedSubmissions(CONTACT_FORM_ID, { paging: { limit: 10 } });
  },
  "submissions.restoreSubmissionFromTrashBin": async (c, s) => {
    const id = await submission();
    await s.submissions.deleteSubmission(id);
    return c.submissions.restoreSubmissionFromTrashBin(id);
  },
};

async function submission(): Promise<string> {
  const visitor = createClient({ modules: { submissions }, auth: OAuthStrategy({ clientId }) });
  const created = await visitor.submissions.createSubmission({
    formId: CONTACT_FORM_ID,
    submissions: { name: "Golden", email: "golden@exemple.fr", subject: "audit", message: "Un message assez long." },
  });
  return created._id!;
}

/** The order inside addActivities' answer is Get Order's; its own golden test compares it. Only its activities here. */
const compared = (f: Fixture, body: unknown) => {
  if (f.call !== "orders.addActivities") return body;
  const b = body as { order: { activities: unknown }; activityIds: unknown };
  return { order: { activities: b.order.activities }, activityIds: b.activityIds };
};

describe.skipIf(isWix)("golden answers of the back-office's new endpoints (issue 27)", () => {
  it("every fixture has its scenario", () => {
    expect(fixtures.map((f) => f.call).sort()).toEqual(Object.keys(scenarios).sort());
  });

  for (const f of fixtures)
    it(`${f.endpoint} (${f.call}) answers only keys its documented shape has`, async () => {
      const { answers, fetchImpl } = recorder();
      await scenarios[f.call]!(admin(fetchImpl), admin());
      const [method] = f.endpoint.split(" ");
      const answer = answers.filter((a) => a.method === method && pathPattern(f.endpoint).test(a.path)).at(-1);
      expect(answer, `no ${f.endpoint} among ${answers.map((a) => `${a.method} ${a.path}`).join(", ")}`).toBeDefined();
      expect(answer!.status).toBe(200);
      expect(extras(f.response, compared(f, answer!.body))).toEqual([]);
    });
});
