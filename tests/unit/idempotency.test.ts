// The same form sent twice from one page render (server/idempotency.ts): the first runs, the second gets the first's
// answer, also when it arrives while the first still runs, and also on another replica when they share Redis.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { idempotentSubmissions } from "../../server/idempotency";
import { startRedis } from "../support/redis";

function action(status = 303) {
  let runs = 0;
  const run = async () => {
    runs++;
    await new Promise((r) => setTimeout(r, 150));
    const headers = new Headers({ location: `/products/livre?run=${runs}` });
    headers.append("set-cookie", `toast=ajoute-${runs}; Path=/; HttpOnly`);
    headers.append("set-cookie", `__session=panier-${runs}; Path=/; HttpOnly`);
    return new Response(null, { status, headers });
  };
  return { run, runs: () => runs };
}

describe("a submission sent twice", () => {
  it("runs once; the second, sent while the first runs, gets the same status, Location and cookies", async () => {
    const once = idempotentSubmissions();
    const { run, runs } = action();
    const [a, b] = await Promise.all([once("s1", run), once("s1", run)]);
    expect(runs()).toBe(1);
    for (const answer of [a, b]) {
      expect(answer.status).toBe(303);
      expect(answer.headers.get("location")).toBe("/products/livre?run=1");
      expect(answer.headers.getSetCookie()).toEqual(["toast=ajoute-1; Path=/; HttpOnly", "__session=panier-1; Path=/; HttpOnly"]);
    }
    const later = await once("s1", run);
    expect(later.headers.get("location")).toBe("/products/livre?run=1");
    expect(runs()).toBe(1);
  });

  it("keeps a script's single-fetch answer (.data) whole and replays its body", async () => {
    const once = idempotentSubmissions();
    let runs = 0;
    const run = async () => new Response(`[{"_1":2},"réponse ${++runs}"]`, { status: 200, headers: { "content-type": "text/x-script" } });
    expect(await (await once("data", run, { dataRequest: true })).text()).toBe('[{"_1":2},"réponse 1"]');
    expect(await (await once("data", run, { dataRequest: true })).text()).toBe('[{"_1":2},"réponse 1"]');
  });

  it("does not keep a document page (its scripts carry the first request's CSP nonce): the same form runs again", async () => {
    const once = idempotentSubmissions();
    let runs = 0;
    const run = async () => new Response(`<p>réponse ${++runs}</p>`, { status: 200, headers: { "content-type": "text/html" } });
    expect(await (await once("page", run)).text()).toBe("<p>réponse 1</p>");
    expect(await (await once("page", run)).text()).toBe("<p>réponse 2</p>");
  });

  it("does not keep a refusal: the same form sent again runs again", async () => {
    const once = idempotentSubmissions();
    const { run, runs } = action(400);
    expect((await once("refused", run)).status).toBe(400);
    expect((await once("refused", run)).status).toBe(400);
    expect(runs()).toBe(2);
  });

  it("runs different submissions apart", async () => {
    const once = idempotentSubmissions();
    const { run, runs } = action();
    await Promise.all([once("x", run), once("y", run)]);
    expect(runs()).toBe(2);
  });
});

describe("with REDIS_URL, across replicas", () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  beforeAll(async () => {
    redis = await startRedis();
    process.env.REDIS_URL = redis.url;
    (await import("~/.server/site/config.server")).forgetConfig();
  });
  afterAll(async () => {
    await (await import("~/.server/http/shared-state.server")).closeSharedRedis();
    delete process.env.REDIS_URL;
    (await import("~/.server/site/config.server")).forgetConfig();
    await redis?.stop();
  });

  it("a double click split between two replicas runs once, and both answer the first's page", async () => {
    const { sharedKeys } = await import("~/.server/http/shared-state.server");
    // Two replicas: two middleware instances, each with its own memory, sharing only Redis.
    const replicaA = idempotentSubmissions(sharedKeys("form"));
    const replicaB = idempotentSubmissions(sharedKeys("form"));
    const { run, runs } = action();
    const [a, b] = await Promise.all([replicaA("split", run), replicaB("split", run)]);
    expect(runs()).toBe(1);
    expect(b.headers.get("location")).toBe(a.headers.get("location"));
    expect(b.headers.getSetCookie()).toEqual(a.headers.getSetCookie());
  });
});
