import { describe, expect, it } from "vitest";
import { RATE_WINDOW_MS, SiteRateLimit } from "../../../platform/core/rate-limit";
import { api, fixturePlatform } from "./helpers";

/** The site's sliding minute, on a clock the test moves. */
function budgetAt(perMinute: number) {
  let now = 1_000_000;
  const budget = new SiteRateLimit(perMinute, () => now);
  return { budget, advance: (ms: number) => (now += ms) };
}

describe("the site's API budget (a sliding minute)", () => {
  it("never answers more than the figure in any 60 s, across the turn of a minute", () => {
    const { budget, advance } = budgetAt(3);
    expect([budget.take(), budget.take()]).toEqual([true, true]);
    advance(59_000);
    expect(budget.take()).toBe(true);
    // Three in the last minute: refused until the first of them is 60 s old.
    expect(budget.take()).toBe(false);
    advance(999);
    expect(budget.take()).toBe(false);
    advance(1);
    // The first two are a minute old now: two more, and no third.
    expect([budget.take(), budget.take(), budget.take()]).toEqual([true, true, false]);
    expect(budget.status()).toEqual({ perMinute: 3, used: 3, peak: 3, refused: 3 });
  });

  it("a refused call is not counted: the budget frees a minute after the calls answered, however many were refused", () => {
    const { budget, advance } = budgetAt(2);
    budget.take();
    budget.take();
    for (let i = 0; i < 50; i++) {
      advance(1000);
      expect(budget.take()).toBe(false);
    }
    advance(RATE_WINDOW_MS - 50_000);
    expect(budget.take()).toBe(true);
    expect(budget.status()).toMatchObject({ used: 1, refused: 50 });
  });

  it("keeps only the last minute's calls, however many the figure allows", () => {
    const { budget, advance } = budgetAt(1_000_000);
    for (let i = 0; i < 5000; i++) budget.take();
    advance(RATE_WINDOW_MS);
    expect(budget.take()).toBe(true);
    expect(budget.status()).toMatchObject({ used: 1, peak: 5000 });
  });
});

describe("POST /_platform/rate-limit (test switch)", () => {
  it("is closed unless faultControl is on", async () => {
    const p = fixturePlatform();
    const res = await p.fetch(new Request("http://localhost:3000/_platform/rate-limit", { method: "POST", body: "{}" }));
    expect(res.status).toBe(404);
    p.close();
  });

  it("sets a new figure counted afresh, reads the budget, refuses a figure that is not a whole number", async () => {
    const p = fixturePlatform({ faultControl: true, rateLimitPerMinute: 1 });
    const post = (body: unknown) =>
      p.fetch(
        new Request("http://localhost:3000/_platform/rate-limit", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        }),
      );
    expect((await api(p, "GET", "/stores/v3/provision/version")).status).toBe(200);
    expect((await api(p, "GET", "/stores/v3/provision/version")).status).toBe(429);
    expect((await post({ perMinute: "many" })).status).toBe(400);
    const set = await post({ perMinute: 50 });
    expect(await set.json()).toEqual({ perMinute: 50, used: 0, peak: 0, refused: 0 });
    expect((await api(p, "GET", "/stores/v3/provision/version")).status).toBe(200);
    const read = await p.fetch(new Request("http://localhost:3000/_platform/rate-limit"));
    expect(await read.json()).toMatchObject({ perMinute: 50, used: 1 });
    // The switches are not API calls: reading and setting them used none of the budget.
    expect(p.rateLimit().used).toBe(1);
    p.close();
  });
});
