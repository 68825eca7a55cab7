import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareComposeNginx } from "../support/nginx";
import { buildDir, ROOT, startServer, type RunningServer } from "../support/server";
import { unsealValue } from "../../app/.server/account/cookie-crypto.server";
import { freePortInRange } from "../support/ports";
import { TEST_RATE_LIMIT_PER_MINUTE } from "../support/demo";
import { formFields, freshRender, Visitor } from "../support/visitor";
import { seedId } from "../../platform/seed/seed-ids";

/**
 * The production topology of compose.yaml on loopback. nginx, running compose/nginx.conf itself (loopback addresses in
 * place of the containers', tests/support/nginx.ts), terminates TLS in front of two replicas of the app
 * (`node server.js`, trusting nginx's address alone), which share one platform service (`node build/platform/serve.js`,
 * reached with PLATFORM_URL, its events sent to nginx's internal listener) and one Redis (REDIS_URL, the rate limits).
 * A cart made through one replica is read through the other; the login limit is counted once for both and no client
 * escapes it with its own X-Forwarded-For; the platform's events reach a replica and are verified; a rolling restart
 * under add-to-cart load loses no request and no cart line (each line read back through the platform's API).
 */

const SECRET = "topology-test-session-secret-0123456789";
const LOGIN_LIMIT = 6;
const dir = mkdtempSync(join(tmpdir(), "topology-"));
const children: ChildProcess[] = [];
const logs: Record<string, string> = {};
const figures: Record<string, string> = {};

function startChild(name: string, cmd: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  const child = spawn(cmd, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...env } });
  logs[name] = "";
  const keep = (c: Buffer) => (logs[name] = (logs[name] + c.toString()).slice(-6000));
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  children.push(child);
  return child;
}

async function waitFor(what: string, check: () => Promise<boolean>, child?: ChildProcess) {
  const deadline = performance.now() + 30_000;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}):\n${JSON.stringify(logs, null, 1)}`);
    if (await check().catch(() => false)) return;
    if (performance.now() > deadline) throw new Error(`${what} not ready after 30 s:\n${JSON.stringify(logs, null, 1)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

let origin = "";
let platformUrl = "";
let redisUrl = "";
const replicaPorts: number[] = [];
const replicas: RunningServer[] = [];

function startReplica(i: number): Promise<RunningServer> {
  return startServer({
    port: replicaPorts[i]!,
    db: join(dir, `unused-${i}.sqlite`), // PLATFORM_URL is set: the replica keeps no database
    env: {
      SESSION_SECRET: SECRET,
      PLATFORM_URL: platformUrl,
      REDIS_URL: redisUrl,
      // nginx's exact address, as compose.yaml names nginx's (here nginx and the test both run on 127.0.0.1).
      TRUST_PROXY: "127.0.0.1",
      // Every replica serves the one public origin, nginx's (links, cookies, the origin check).
      PUBLIC_ORIGIN: origin,
      RATE_LIMITS: `login=${LOGIN_LIMIT},signup=1000,checkout=1000,cart=100000`,
    },
  });
}

beforeAll(async () => {
  buildDir();
  if (!existsSync(join(ROOT, "build/platform/serve.js"))) throw new Error("No build/platform/serve.js: run `npm run build` first.");
  const taken = new Set<number>();
  const [nginxPort, redisPort, platformPort, a, b, httpPort, webhookPort] = [
    await freePortInRange(taken),
    await freePortInRange(taken),
    await freePortInRange(taken),
    await freePortInRange(taken),
    await freePortInRange(taken),
    await freePortInRange(taken),
    await freePortInRange(taken),
  ] as number[];
  replicaPorts.push(a!, b!);
  origin = `https://localhost:${nginxPort}`;
  platformUrl = `http://127.0.0.1:${platformPort}`;
  redisUrl = `redis://127.0.0.1:${redisPort}`;
  const since = performance.now();

  const redis = startChild("redis", "redis-server", [
    "--port",
    String(redisPort),
    "--bind",
    "127.0.0.1",
    "--save",
    "",
    "--appendonly",
    "no",
    "--dir",
    dir,
  ]);
  await waitFor("redis", async () => (logs.redis ?? "").includes("Ready to accept connections"), redis);

  const platform = startChild("platform", process.execPath, ["build/platform/serve.js"], {
    PLATFORM_PORT: String(platformPort),
    PLATFORM_HOST: "127.0.0.1",
    PLATFORM_DB: join(dir, "platform.sqlite"),
    PLATFORM_APP_ORIGIN: origin,
    // compose.yaml's http://nginx:8081/webhooks/wix: nginx's internal listener, which passes the events to a replica.
    PLATFORM_WEBHOOK_URLS: `http://127.0.0.1:${webhookPort}/webhooks/wix`,
    // Wix's per-site budget, raised for a test file of many visitors (the reason: TEST_RATE_LIMIT_PER_MINUTE).
    PLATFORM_RATE_LIMIT_PER_MINUTE: String(TEST_RATE_LIMIT_PER_MINUTE),
  });
  await waitFor("platform service", async () => (await fetch(`${platformUrl}/readyz`)).ok, platform);

  replicas.push(await startReplica(0), await startReplica(1));

  // compose/nginx.conf as written (no upstream keepalive, `Connection: close`, non_idempotent retries), with one
  // header of the test's own: which replica answered.
  const nginxCommand = prepareComposeNginx({
    dir,
    https: nginxPort!,
    http: httpPort!,
    webhooks: webhookPort!,
    replicas: [a!, b!],
    location: ["add_header X-Upstream $upstream_addr always;"],
  });
  const nginx = startChild("nginx", nginxCommand.command, nginxCommand.args);
  await waitFor("nginx", async () => (await fetch(`${origin}/readyz`)).ok, nginx);
  figures["stack start (redis, platform service, 2 replicas, nginx)"] = `${((performance.now() - since) / 1000).toFixed(1)} s`;
});

afterAll(async () => {
  await Promise.all(replicas.map((r) => r.stop()));
  for (const child of children.reverse()) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const gone = new Promise((done) => child.once("exit", done));
    child.kill(child.spawnfile.includes("nginx") ? "SIGQUIT" : "SIGTERM");
    await gone;
  }
  rmSync(dir, { recursive: true, force: true });
  console.log(
    `topology test figures:\n${Object.entries(figures)
      .map(([k, v]) => `  ${k}: ${v}`)
      .join("\n")}`,
  );
});

/** The platform access token kept in the sealed, signed `__session` cookie (opened with the replicas' secret). */
function accessToken(visitor: Visitor): string {
  const raw = decodeURIComponent(visitor.cookies.get("__session") ?? "");
  const payload = raw.slice(0, raw.lastIndexOf("."));
  const sealed = JSON.parse(Buffer.from(payload, "base64").toString("utf8"));
  const token = (unsealValue(sealed, [SECRET]) as { a?: { v?: string } } | null)?.a?.v;
  if (!token) throw new Error("no access token in the session cookie");
  return token;
}

/** The visitor's cart read from the platform service itself: catalog item id → quantity. */
async function cartLines(visitor: Visitor): Promise<Map<string, number>> {
  const res = await fetch(`${platformUrl}/_platform/api/ecom/v1/carts/current`, { headers: { authorization: accessToken(visitor) } });
  expect(res.status, await res.clone().text()).toBe(200);
  const { cart } = (await res.json()) as { cart: { lineItems?: Array<{ catalogReference: { catalogItemId: string }; quantity: number }> } };
  const lines = new Map<string, number>();
  for (const line of cart.lineItems ?? [])
    lines.set(line.catalogReference.catalogItemId, (lines.get(line.catalogReference.catalogItemId) ?? 0) + line.quantity);
  return lines;
}

describe("nginx → two replicas → one platform service and Redis", () => {
  it("a cart added through one replica is read through the other", async () => {
    const [a, b] = replicas as [RunningServer, RunningServer];
    const visitor = new Visitor(a.origin, origin);
    const page = await visitor.get("/products/audit-si");
    expect(page.status).toBe(200);
    const added = await visitor.request("POST", "/products/audit-si", { ...formFields(page.body, "Ajouter au panier"), quantity: "3" });
    expect(added.status, added.body.slice(0, 300)).toBe(303);
    const onB = visitor.at(b.origin);
    const cart = await onB.get("/cart");
    expect(cart.status).toBe(200);
    expect(cart.body).toContain("Audit de système d&#x27;information");
    expect(cart.url.startsWith(b.origin)).toBe(true);
    expect(await cartLines(visitor)).toEqual(new Map([[seedId("prod-audit-si"), 3]]));
  });

  it("the platform service builds hosted-page URLs only on the app origins it is configured with", async () => {
    const evil = { "x-platform-app-origin": "https://evil.example" };
    // Straight to the service, and through a replica (which drops a browser's copy of the header): no session → "/" of the origin.
    for (const url of [`${platformUrl}/_platform/logout`, `${replicas[0]!.origin}/_platform/logout`, `${origin}/_platform/logout`]) {
      const res = await fetch(url, { headers: evil, redirect: "manual" });
      expect(res.status, url).toBeGreaterThanOrEqual(300);
      expect(res.status, url).toBeLessThan(400);
      expect(res.headers.get("location"), url).toBe(`${origin}/`);
    }
  });

  it(`the login limit (${LOGIN_LIMIT} a minute) is counted once across both replicas`, async () => {
    const [a, b] = replicas as [RunningServer, RunningServer];
    // One client address (the proxy's X-Forwarded-For, believed from loopback) spread over both replicas.
    const client = { "x-forwarded-for": "203.0.113.77" };
    const attempt = async (replica: RunningServer, n: number) => {
      const visitor = new Visitor(replica.origin, origin);
      const page = await visitor.request("GET", "/account/login", undefined, client);
      const fields = { ...formFields(page.body, "Mot de passe oublié"), email: `limite-${n}@exemple.fr`, password: "mauvais-mot-de-passe" };
      return (await visitor.request("POST", "/account/login", fields, client)).status;
    };
    const statuses: number[] = [];
    for (let n = 0; n < LOGIN_LIMIT; n++) statuses.push(await attempt(n % 2 === 0 ? a : b, n));
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    // Each replica alone has seen only half the limit: only a shared count refuses these.
    expect(await attempt(a, LOGIN_LIMIT)).toBe(429);
    expect(await attempt(b, LOGIN_LIMIT + 1)).toBe(429);
  });

  it("no client escapes the login limit through nginx with an X-Forwarded-For of its own", async () => {
    // Each attempt claims another address; nginx replaces the header with the one it sees (127.0.0.1 here).
    const attempt = async (n: number) => {
      const spoofed = { "x-forwarded-for": `198.51.100.${n + 1}` };
      const visitor = new Visitor(origin);
      const page = await visitor.request("GET", "/account/login", undefined, spoofed);
      const fields = { ...formFields(page.body, "Mot de passe oublié"), email: `usurpe-${n}@exemple.fr`, password: "mauvais-mot-de-passe" };
      return (await visitor.request("POST", "/account/login", fields, spoofed)).status;
    };
    const statuses: number[] = [];
    for (let n = 0; n <= LOGIN_LIMIT; n++) statuses.push(await attempt(n));
    expect(statuses.at(-1)).toBe(429);
  });

  it("the platform service's events reach a replica through nginx and are verified there", async () => {
    // The cart added above raised events; the service posts each to nginx's internal listener.
    const lines = () => replicas.map((r) => r.log()).join("\n");
    const deadline = performance.now() + 20_000;
    while (!lines().includes('"path":"/webhooks/wix","status":204') && performance.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    expect(lines()).toContain('"path":"/webhooks/wix","status":204');
    expect(lines()).not.toContain('"path":"/webhooks/wix","status":401');
  });

  it("rolling restart under add-to-cart load: no request lost, every cart line where it should be", async () => {
    const VISITORS = 6;
    // Per visitor: the load is bounded whatever happens (stopped well before, once both restarts are done). 500 adds
    // spread over 6 products stay under a line's 99. Each visitor paces itself (PACE_MS between adds) so that an idle
    // machine does not run through the whole bound before the two restarts are over (CI once did 1,500 in 6 s).
    const MAX_ADDS = 500;
    const PACE_MS = 50;
    const products = ["audit-si", "revue-architecture", "migration-cloud", "conseil-devops", "revue-code", "atelier-cadrage"];
    const form = new Map<string, Record<string, string>>();
    for (const slug of products) form.set(slug, formFields((await new Visitor(origin).get(`/products/${slug}`)).body, "Ajouter au panier"));
    const visitors = Array.from({ length: VISITORS }, () => new Visitor(origin));
    const accepted = visitors.map(() => new Map<string, number>());
    const failures: string[] = [];
    const upstreams = new Set<string>();
    let done = 0;
    let stop = false;
    let loadOver = false;
    const servedBy = new Map<string, number>(); // replica address → adds it answered
    const waiters: Array<{ ready: () => boolean; resolve: () => void }> = [];
    const wake = () => {
      for (const w of [...waiters]) {
        if (!loadOver && !w.ready()) continue;
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    };
    // Resolves once `ready()` holds; throws if the bounded load ran out first.
    const until = async (what: string, ready: () => boolean) => {
      await new Promise<void>((resolve) => (ready() || loadOver ? resolve() : waiters.push({ ready, resolve })));
      if (!ready()) throw new Error(`the load ended (${done} adds) before: ${what}`);
    };
    const moreAdds = (n: number) => {
      const target = done + n;
      return until(`${n} more adds`, () => done >= target);
    };

    const load = Promise.all(
      visitors.map(async (visitor, v) => {
        for (let i = 0; i < MAX_ADDS && !stop; i++) {
          const slug = products[(v + i) % products.length]!;
          try {
            const res = await fetch(`${origin}/products/${slug}`, {
              method: "POST",
              redirect: "manual",
              headers: {
                "content-type": "application/x-www-form-urlencoded",
                origin,
                ...(visitor.cookies.size ? { cookie: [...visitor.cookies].map(([k, val]) => `${k}=${val}`).join("; ") } : {}),
              },
              // Each add from its own page render: the same form sent again would rightly be one double submit.
              body: new URLSearchParams({ ...freshRender(form.get(slug)!), quantity: "1" }).toString(),
              signal: AbortSignal.timeout(30_000),
            });
            // "a, b" when nginx went on to the other replica: b answered.
            const answeredBy = (res.headers.get("x-upstream") ?? "?").split(/,\s*/).pop()!;
            upstreams.add(answeredBy);
            if (res.status === 303) servedBy.set(answeredBy, (servedBy.get(answeredBy) ?? 0) + 1);
            for (const header of res.headers.getSetCookie()) {
              const pair = header.split(";")[0]!;
              const eq = pair.indexOf("=");
              const value = pair.slice(eq + 1).trim();
              if (value === "" || /max-age=0/i.test(header)) visitor.cookies.delete(pair.slice(0, eq).trim());
              else visitor.cookies.set(pair.slice(0, eq).trim(), value);
            }
            await res.arrayBuffer();
            const id = form.get(slug)!.productId!;
            if (res.status === 303) accepted[v]!.set(id, (accepted[v]!.get(id) ?? 0) + 1);
            else failures.push(`visitor ${v} add ${slug}: ${res.status} via ${res.headers.get("x-upstream")}`);
          } catch (error) {
            failures.push(`visitor ${v} add ${slug}: ${(error as Error).message} ${String((error as Error).cause ?? "")}`);
          }
          done++;
          wake();
          await new Promise((r) => setTimeout(r, PACE_MS));
        }
      }),
    ).finally(() => {
      loadOver = true;
      wake();
    });

    const since = performance.now();
    for (const i of [0, 1]) {
      await moreAdds(15);
      const stopping = replicas[i]!;
      await stopping.stop();
      expect(stopping.child.exitCode, `replica ${i} exits cleanly on SIGTERM:\n${stopping.output()}`).toBe(0);
      await moreAdds(15); // the other replica alone carries the load meanwhile
      replicas[i] = await startReplica(i);
      // Back in nginx's rotation (its failure mark expires after fail_timeout) before the other one goes.
      const address = `127.0.0.1:${replicaPorts[i]}`;
      const before = servedBy.get(address) ?? 0;
      await until(`replica ${i} serving again`, () => (servedBy.get(address) ?? 0) > before);
    }
    await moreAdds(15);
    stop = true;
    await load;
    figures["rolling restart under load"] = `${((performance.now() - since) / 1000).toFixed(1)} s, ${done} adds`;

    expect(failures).toEqual([]);
    expect(done).toBeGreaterThanOrEqual(75);
    // Both replicas took part.
    expect([...upstreams].sort()).toEqual(replicaPorts.map((p) => `127.0.0.1:${p}`).sort());
    for (const [v, visitor] of visitors.entries()) expect(await cartLines(visitor), `visitor ${v}`).toEqual(accepted[v]);
  });

  it("Redis going away: forms keep working (limits let requests through), replicas stay ready", async () => {
    const redis = children.find((c) => c.spawnfile === "redis-server")!;
    const gone = new Promise((r) => redis.once("exit", r));
    redis.kill("SIGTERM");
    await gone;
    const visitor = new Visitor(origin);
    const page = await visitor.get("/account/login");
    expect(page.status).toBe(200);
    const fields = { ...formFields(page.body, "Mot de passe oublié"), email: "sans-redis@exemple.fr", password: "mauvais-mot-de-passe" };
    // Wrong credentials: the form's own answer (400), not a server error and not a refusal by the limiter.
    expect((await visitor.request("POST", "/account/login", fields)).status).toBe(400);
    for (const replica of replicas) expect((await fetch(`${replica.origin}/readyz`)).status).toBe(200);
  });
});
