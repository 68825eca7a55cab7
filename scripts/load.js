// Bounded load test of add-to-cart: concurrent adds lose no line. Loopback only, stops by itself.
//
//   node scripts/load.js        200 adds spread over 50 sessions + 50 concurrent adds on one cart
//   node scripts/load.js --ci   the same with smaller numbers (npm run test:load)
//
// Starts the built server (`node server.js`, run `npm run build` first) on a free
// loopback port with a fresh embedded-platform database in a temp folder, drives the
// product page's form like a browser without scripts (POST /products/:slug), then
// reads every cart back through the platform's API and checks that every line and
// quantity is accounted for and that no request got a 5xx. Prints the figures; exits
// non-zero when a check fails.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { unsealValue } from "../app/.server/account/cookie-crypto.server.ts";
import { freePort, startServer } from "../tests/support/server.ts";
import { formFields, freshRender, Visitor } from "../tests/support/visitor.ts";

const SESSION_SECRET = "load-test-session-secret-not-for-production";

const CI = process.argv.includes("--ci");
const SESSIONS = CI ? 10 : 50;
const ADDS_PER_SESSION = 4;
const SINGLE_CART_ADDS = CI ? 20 : 50;
const TIME_LIMIT_MS = CI ? 60_000 : 180_000;
// Digital products: no stock, so the count of adds is the only thing that sets quantities.
const PRODUCTS = ["audit-si", "revue-architecture", "migration-cloud", "conseil-devops", "revue-code", "atelier-cadrage"];
const SINGLE_CART_PRODUCT = "formation-git";

// Hard stop whatever happens: the script must end by itself.
const watchdog = setTimeout(() => fail(`time limit of ${TIME_LIMIT_MS / 1000} s reached`), TIME_LIMIT_MS);
watchdog.unref();

let server;
let dir;
let stopping = false;
function cleanup() {
  if (server && server.child.exitCode === null) server.child.kill("SIGTERM");
  if (dir) rmSync(dir, { recursive: true, force: true });
}
function fail(message) {
  console.error(`load: FAILED — ${message}`);
  cleanup();
  process.exit(1);
}

/** The platform access token kept in the sealed, signed `__session` cookie (opened with this run's secret). */
function accessToken(visitor) {
  const raw = decodeURIComponent(visitor.cookies.get("__session") ?? "");
  if (!raw) return null;
  const payload = raw.slice(0, raw.lastIndexOf("."));
  const sealed = JSON.parse(Buffer.from(payload, "base64").toString("utf8"));
  return unsealValue(sealed, [SESSION_SECRET])?.a?.v ?? null;
}

/** What a browser without scripts sends with the product page's "Ajouter au panier" (the shared form reader of the tests). */
function addFormFields(html) {
  return formFields(html, "Ajouter au panier");
}

const stats = { requests: 0, byStatus: new Map(), latencies: [], errors: [], byKind: new Map() };
async function add(session, slug, fields, quantity, kind = "other") {
  const started = performance.now();
  let status;
  try {
    // Each add as from its own page render (a tab each, as the load means): one form read and sent again would be a
    // double submit, answered once by design.
    status = (await session.request("POST", `/products/${slug}`, { ...freshRender(fields), quantity: String(quantity) })).status;
  } catch (error) {
    status = `network: ${error.cause?.code ?? error.name}`;
  }
  const elapsed = performance.now() - started;
  stats.latencies.push(elapsed);
  if (!stats.byKind.has(kind)) stats.byKind.set(kind, []);
  stats.byKind.get(kind).push(elapsed);
  stats.requests++;
  stats.byStatus.set(status, (stats.byStatus.get(status) ?? 0) + 1);
  // Without scripts a successful add answers 303 back to the product page.
  if (status !== 303) stats.errors.push(`${slug} x${quantity}: ${status}`);
  return status;
}

async function cartOf(origin, session) {
  const token = accessToken(session);
  if (!token) return null;
  const res = await fetch(`${origin}/_platform/api/ecom/v1/carts/current`, { headers: { authorization: token } });
  if (res.status === 404) return new Map();
  if (!res.ok) throw new Error(`cart read: ${res.status} ${await res.text()}`);
  const { cart } = await res.json();
  const lines = new Map();
  for (const line of cart.lineItems ?? []) {
    const id = line.catalogReference.catalogItemId;
    lines.set(id, (lines.get(id) ?? 0) + line.quantity);
  }
  return lines;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function main() {
  dir = mkdtempSync(join(tmpdir(), "load-"));
  // The tests' own server starter (tests/support/server.ts): the built server, loopback, no per-IP limits.
  server = await startServer({ port: await freePort(), db: join(dir, "platform.sqlite"), env: { SESSION_SECRET } });
  const origin = server.origin;
  server.child.on("exit", (code, signal) => {
    if (!stopping) fail(`the server exited during the run (${signal ?? code})\n${server.output()}`);
  });

  // The form fields of each product page, read once.
  const formOf = new Map();
  for (const slug of [...PRODUCTS, SINGLE_CART_PRODUCT]) {
    const page = await new Visitor(origin).request("GET", `/products/${slug}`);
    if (page.status !== 200) fail(`GET /products/${slug}: ${page.status}`);
    formOf.set(slug, addFormFields(page.body));
  }
  const productIdOf = (slug) => formOf.get(slug).productId;

  // Phase 1: every session adds ADDS_PER_SESSION times (same product twice, so lines merge), all sessions at once.
  const sessions = Array.from({ length: SESSIONS }, () => new Visitor(origin));
  const expected = sessions.map(() => new Map());
  const plan = (i, k) => ({ slug: PRODUCTS[(i + (k === 2 ? 0 : k)) % PRODUCTS.length], quantity: 1 + ((i + k) % 3) });
  const t1 = performance.now();
  await Promise.all(
    sessions.map(async (session, i) => {
      for (let k = 0; k < ADDS_PER_SESSION; k++) {
        const { slug, quantity } = plan(i, k);
        // A session's first add also creates its visitor and cart: timed apart.
        if ((await add(session, slug, formOf.get(slug), quantity, k === 0 ? "first add of a session" : "later adds")) === 303) {
          const id = productIdOf(slug);
          expected[i].set(id, (expected[i].get(id) ?? 0) + quantity);
        }
      }
    }),
  );
  const phase1 = performance.now() - t1;

  // Phase 2: one cart (its session made by a first add), then SINGLE_CART_ADDS concurrent adds of 1 on it.
  const shared = new Visitor(origin);
  await add(shared, SINGLE_CART_PRODUCT, formOf.get(SINGLE_CART_PRODUCT), 1, "first add of the shared cart");
  const t2 = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: SINGLE_CART_ADDS }, () => {
      // The same cart from concurrent tabs: the shared visitor's cookies, copied.
      return add(shared.at(origin), SINGLE_CART_PRODUCT, formOf.get(SINGLE_CART_PRODUCT), 1, "concurrent, one cart");
    }),
  );
  const phase2 = performance.now() - t2;

  // Checks: every accepted add is in its cart, nothing else is.
  const problems = [...stats.errors];
  for (const [i, session] of sessions.entries()) {
    const cart = await cartOf(origin, session);
    const want = expected[i];
    const got = cart ?? new Map();
    for (const id of new Set([...want.keys(), ...got.keys()]))
      if ((want.get(id) ?? 0) !== (got.get(id) ?? 0))
        problems.push(`session ${i}: product ${id} has ${got.get(id) ?? 0}, expected ${want.get(id) ?? 0}`);
  }
  const sharedCart = (await cartOf(origin, shared)) ?? new Map();
  const sharedWant = 1 + statuses.filter((s) => s === 303).length;
  const sharedGot = sharedCart.get(productIdOf(SINGLE_CART_PRODUCT)) ?? 0;
  if (sharedGot !== sharedWant) problems.push(`single cart: quantity ${sharedGot}, expected ${sharedWant}`);
  if (sharedCart.size !== 1) problems.push(`single cart: ${sharedCart.size} lines, expected 1`);
  const fiveHundreds = [...stats.byStatus].filter(([s]) => typeof s === "number" && s >= 500).reduce((a, [, n]) => a + n, 0);

  const sorted = [...stats.latencies].sort((a, b) => a - b);
  const ms = (v) => `${v.toFixed(1)} ms`;
  console.log(`load (${CI ? "ci" : "full"} mode) on ${origin}`);
  console.log(
    `  phase 1: ${SESSIONS * ADDS_PER_SESSION} adds over ${SESSIONS} sessions in ${ms(phase1)} (${((SESSIONS * ADDS_PER_SESSION) / (phase1 / 1000)).toFixed(1)} req/s)`,
  );
  console.log(
    `  phase 2: ${SINGLE_CART_ADDS} concurrent adds on one cart in ${ms(phase2)} (${(SINGLE_CART_ADDS / (phase2 / 1000)).toFixed(1)} req/s)`,
  );
  console.log(`  requests: ${stats.requests}, statuses: ${[...stats.byStatus].map(([s, n]) => `${s}×${n}`).join(", ")}`);
  console.log(
    `  latency: p50 ${ms(percentile(sorted, 50))}, p90 ${ms(percentile(sorted, 90))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1) ?? 0)}`,
  );
  for (const [kind, values] of stats.byKind) {
    const v = [...values].sort((a, b) => a - b);
    console.log(`    ${kind}: ${v.length} requests, p50 ${ms(percentile(v, 50))}, p99 ${ms(percentile(v, 99))}`);
  }
  console.log(`  errors: ${stats.errors.length} (5xx: ${fiveHundreds})`);
  console.log(`  single cart: quantity ${sharedGot} of ${sharedWant} accepted adds; ${SESSIONS} session carts checked line by line`);

  stopping = true;
  cleanup();
  if (problems.length) fail(`${problems.length} problem(s):\n  ${problems.slice(0, 20).join("\n  ")}`);
  // The plain closing line CI reads.
  const checks = SESSIONS + 2;
  console.log(`load: ${checks} passed, 0 failed`);
  clearTimeout(watchdog);
}

main().catch((error) => fail(error.stack ?? String(error)));
