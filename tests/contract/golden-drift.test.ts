// The golden comparison itself: a platform answer that drifts from Wix's documented one makes its golden check fail.
// Each case runs a golden fixture's own call against the embedded platform with one answer rewritten on the way to
// the SDK (a field removed, an object nulled, an array emptied, a value outside its rule) and expects the check that
// golden.test.ts makes (runFixture's unexplained differences) to name the drift. The untouched answers pass.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_API_KEY, ADMIN_SITE_ID, makeWorld } from "./golden/calls";
import { describe as describeDifference, type Difference } from "./golden/compare";
import { endpointMatcher, loadFixtures, loadKnown, recordWixExchanges, runFixture, type Fixture } from "./golden/run";
import { isWix, OWNER_TOKEN, usePlatform } from "./harness";

type Rewrite = (body: Record<string, any>) => unknown;

const known = loadKnown();
const fixtureOf = (file: string): Fixture => {
  const f = loadFixtures().find((x) => x.file === file);
  if (!f) throw new Error(`no fixture ${file}`);
  return f;
};

describe.skipIf(isWix)("the golden comparison catches drift in a platform answer", () => {
  const handle = usePlatform({ apiKey: ADMIN_API_KEY, siteId: ADMIN_SITE_ID, ownerToken: OWNER_TOKEN });
  const world = makeWorld("embedded", () => handle.platform);
  const recorder = recordWixExchanges();
  let rewrite: { endpoint: string; change: Rewrite } | undefined;
  let restore: () => void = () => undefined;
  beforeAll(() => {
    // Below the recorder: the comparison sees the rewritten answer, as the SDK does.
    const inner = globalThis.fetch;
    const rewriting: typeof fetch = async (input, init) => {
      const res = await inner(input, init);
      const request = new Request(input, init);
      const url = new URL(request.url);
      if (!rewrite || !endpointMatcher(rewrite.endpoint)(request.method.toUpperCase(), url.pathname) || res.status !== 200) return res;
      const body = (await res.json()) as Record<string, unknown>;
      const copy = structuredClone(body);
      const changed = rewrite.change(copy) ?? copy;
      return new Response(JSON.stringify(changed), { status: 200, headers: { "content-type": "application/json" } });
    };
    globalThis.fetch = rewriting;
    const unrecord = recorder.install();
    restore = () => {
      unrecord();
      globalThis.fetch = inner;
    };
  });
  afterAll(() => restore());

  /** Runs the fixture's call with the answer rewritten; the differences its golden check would fail on. */
  async function unexplainedWith(file: string, change?: Rewrite): Promise<Difference[]> {
    const fixture = fixtureOf(file);
    rewrite = change ? { endpoint: fixture.endpoint, change } : undefined;
    try {
      const outcome = await runFixture(fixture, world, recorder, known);
      expect(outcome.failure).toBeUndefined();
      return outcome.unexplained;
    } finally {
      rewrite = undefined;
    }
  }
  const kinds = (ds: Difference[]) => ds.map((d) => `${d.kind} ${d.path}`);

  it("passes the answers as the platform gives them (the cases below fail only for their rewrite)", async () => {
    expect((await unexplainedWith("ecom/v2-get-current-cart.json")).map(describeDifference)).toEqual([]);
    expect((await unexplainedWith("ecom/search-orders.json")).map(describeDifference)).toEqual([]);
  });

  it("fails a Cart V2 getCurrentCart answering {} (a schema fixture: every field left out counts)", async () => {
    expect(kinds(await unexplainedWith("ecom/v2-get-current-cart.json", () => ({})))).toEqual(["missing cart"]);
  });

  it("fails an answer that drops one field of its line items", async () => {
    const found = await unexplainedWith("ecom/v2-get-current-cart.json", (body) => {
      for (const line of body.cart.lineItems) delete line.pricing.totalPrice;
    });
    expect(kinds(found)).toEqual(["missing cart.lineItems[].pricing.totalPrice"]);
  });

  it("fails priceSummary: null where Wix answers an object (the typings allow no null there)", async () => {
    const found = await unexplainedWith("ecom/search-orders.json", (body) => {
      for (const order of body.orders) order.priceSummary = null;
    });
    expect(kinds(found)).toEqual(["null orders[].priceSummary"]);
  });

  it("fails a Search Orders answering orders: [] (the elements could not be compared)", async () => {
    const found = await unexplainedWith("ecom/search-orders.json", (body) => {
      body.orders = [];
    });
    expect(kinds(found)).toEqual(["empty orders"]);
  });

  it("fails an enum value outside the typings' enum, an id that is no GUID, a date not ISO 8601, an amount not decimal", async () => {
    const found = await unexplainedWith("ecom/search-orders.json", (body) => {
      const [first] = body.orders;
      first.paymentStatus = "PAYED";
      first.id = "commande-10001";
      first.createdDate = "01/12/2026 10:00";
      first.priceSummary.total.amount = "12,50";
    });
    expect(found).toEqual([
      { path: "orders[].createdDate", kind: "value", rule: "date", value: "01/12/2026 10:00" },
      { path: "orders[].id", kind: "value", rule: "guid", value: "commande-10001" },
      { path: "orders[].paymentStatus", kind: "value", rule: "enum", value: "PAYED" },
      { path: "orders[].priceSummary.total.amount", kind: "value", rule: "decimal", value: "12,50" },
    ]);
  });
});
