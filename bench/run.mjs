// `npm run bench`: builds the app (BUILD_DIR=build-bench) and a minimal React
// Router 7 app, starts them and a bare node:http server on loopback pinned to
// core 0, loads them with autocannon from this process pinned to core 1, and
// prints requests/s and p50/p99 latency with ratios against the two baselines
// measured in the same run, the JS/CSS each route loads, and PASS/FAIL against
// the performance targets (informational: the exit code never depends on them).
//
// Options: --duration S (5) --warmup S (2) --connections N (32) --rounds N (3)
//          --skip-build  --profile (also write CPU profiles of the app server)
//          --profile-only  --out FILE (results/latest.json)
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, readFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { applySetCookie, cookieHeader, setCookiesOf } from "./lib/cookies.mjs";
import { measureCycle, measureGet } from "./lib/load.mjs";
import { formatProfile, summarizeProfile } from "./lib/profile.mjs";
import { freePort, onInterrupt, pinSelf, startNode, stop, stopAll, waitReady } from "./lib/proc.mjs";
import { sizeReport } from "./lib/sizes.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..");
const { values: opt } = parseArgs({
  options: {
    duration: { type: "string", default: "5" },
    warmup: { type: "string", default: "2" },
    connections: { type: "string", default: "32" },
    rounds: { type: "string", default: "3" },
    "skip-build": { type: "boolean", default: false },
    profile: { type: "boolean", default: false },
    "profile-only": { type: "boolean", default: false },
    out: { type: "string", default: join(here, "results", "latest.json") },
  },
});
const duration = Number(opt.duration);
const warmup = Number(opt.warmup);
const connections = Number(opt.connections);
const rounds = Math.max(1, Number(opt.rounds));
const BUILD_DIR = "build-bench";
const SERVER_CORE = 0;
const CLIENT_CORE = 1;
const resultsDir = join(here, "results");
mkdirSync(resultsDir, { recursive: true });
const work = mkdtempSync(join(tmpdir(), "bench-"));
onInterrupt(() => rmSync(work, { recursive: true, force: true }));
const log = (...a) => console.log(...a);

// Product pages used: one with options chosen in the URL (physical, stock
// tracked), and a digital product whose stock is not tracked for the cycle,
// so thousands of adds never run out of stock.
const PRODUCT_PAGE = "/products/t-shirt-typescript?Taille=M&Couleur=Noir";
// Trainings have a Format and a session date: both are chosen, or the add is a field error.
const CYCLE_PAGE = "/products/formation-typescript?Format=Inter&Session=12%20et%2013%20janvier%202027";
const CART_PAGES = [
  PRODUCT_PAGE,
  "/products/mug-cafe-code?Couleur=Bleu",
  "/products/formation-react?Format=Intra&Session=19%20et%2020%20janvier%202027",
];

async function main() {
  const started = Date.now();
  const loadBefore = loadavg()[0];
  if (!opt["skip-build"]) buildApp();
  const minimalDir = buildMinimalApp();
  const pinned = connections > 0 && cpus().length > 1 && pinSelf(CLIENT_CORE);
  log(
    pinned ? `load generator pinned to core ${CLIENT_CORE}, servers to core ${SERVER_CORE}` : "taskset unavailable or 1 core: no pinning",
  );

  const secret = randomBytes(24).toString("base64url");
  const dbFile = join(work, "platform.sqlite");
  const app = await startApp({ secret, dbFile });
  const homeHtml = await text(app.url + "/");
  writeFileSync(join(work, "home.html"), homeHtml.body);

  const scenarios = await prepareScenarios(app);
  let runs = null;
  if (!opt["profile-only"]) {
    const bare = await startBare(join(work, "home.html"), homeHtml.contentType);
    const minimal = await startMinimal(minimalDir);
    // React's SSR code needs thousands of requests to be fully optimised: one
    // unmeasured pass over every scenario first, so round 1 is not the coldest.
    if (warmup > 0) {
      log(`\nwarm-up pass (${3 * warmup} s per scenario, not measured)`);
      await measureRound({ app, bare, minimal, scenarios, load: { connections, duration: 3 * warmup, warmup: 0 } });
    }
    runs = [];
    for (let r = 1; r <= rounds; r++) {
      log(`\nround ${r}/${rounds} (${warmup} s warm-up + ${duration} s measured each, ${connections} connections)`);
      runs.push(await measureRound({ app, bare, minimal, scenarios }));
    }
    await stop(bare.child);
    await stop(minimal.child);
  }
  await stop(app.child);

  const sizes = sizeReport(join(root, BUILD_DIR, "client"), { globalCss: globalCssOf(homeHtml.body), pages: scenarios.pageHtml });
  // What React 19 + React Router 7 alone ship for one static route: the floor under any JS budget.
  const minimalSizes = sizeReport(join(minimalDir, "build", "client"));
  sizes.minimalApp = minimalSizes.routes["routes/home"];

  const sdkCalls = await countSdkCalls({ secret, dbFile, scenarios });

  let profiles = null;
  if (opt.profile || opt["profile-only"]) profiles = await profileApp({ secret, dbFile, scenarios });

  const figures = runs ? median(runs) : null;
  const targets = figures ? evaluate(figures, sizes) : evaluate(null, sizes);
  const report = {
    date: new Date().toISOString(),
    commit: git(["rev-parse", "--short", "HEAD"]),
    node: process.version,
    cpus: cpus().length,
    pinned,
    // Other work on the machine skews every figure; ratios within the run hold up better.
    loadAverage: { before: round1(loadBefore), after: round1(loadavg()[0]) },
    settings: { connections, duration, warmup, rounds, acceptEncoding: "none (identity)" },
    notAvailable: scenarios.notAvailable,
    headers: scenarios.headers,
    sdkCalls,
    figures,
    rounds: runs,
    sizes,
    targets,
    profiles: profiles?.map((p) => ({
      scenario: p.scenario,
      file: p.summary.file,
      busyPct: p.summary.busyPct,
      areas: p.summary.areas,
      functions: p.summary.functions,
    })),
    seconds: Math.round((Date.now() - started) / 1000),
  };
  printReport(report);
  mkdirSync(dirname(opt.out), { recursive: true });
  writeFileSync(opt.out, JSON.stringify(report, null, 2) + "\n");
  writeFileSync(join(resultsDir, `run-${report.date.replace(/[:.]/g, "-")}.json`), JSON.stringify(report, null, 2) + "\n");
  log(`\nJSON written to ${opt.out} (${report.seconds} s in all)`);
}

// ---------------------------------------------------------------- builds

/** Runs a React Router build; its chatter is shown only when it fails. */
function reactRouterBuild(cwd, env) {
  try {
    execFileSync(process.execPath, [join(root, "node_modules/@react-router/dev/bin.js"), "build"], {
      cwd,
      env: { ...process.env, ...env, NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "pipe"],
      encoding: "utf8",
    });
  } catch (error) {
    console.error(error.stdout, error.stderr);
    throw new Error(`react-router build failed in ${cwd}`, { cause: error });
  }
}

function buildApp() {
  log(`building the app into ${BUILD_DIR}/ …`);
  reactRouterBuild(root, { BUILD_DIR });
}

/** Generates the minimal app from bench/minimal-app into a temp dir, reusing this project's node_modules. */
function buildMinimalApp() {
  const dir = join(work, "minimal-app");
  cpSync(join(here, "minimal-app"), dir, { recursive: true });
  // Same versions as this project (React Router reads the dependencies to pick its server runtime).
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  const pick = (deps, names) => Object.fromEntries(names.filter((n) => deps?.[n]).map((n) => [n, deps[n]]));
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({
      name: "bench-minimal-app",
      private: true,
      type: "module",
      dependencies: pick(pkg.dependencies, [
        "@react-router/express",
        "@react-router/node",
        "compression",
        "express",
        "isbot",
        "react",
        "react-dom",
        "react-router",
      ]),
      devDependencies: pick(pkg.devDependencies, ["@react-router/dev", "vite"]),
    }),
  );
  symlinkSync(join(root, "node_modules"), join(dir, "node_modules"), "dir");
  log("building the minimal React Router app (baseline b) …");
  reactRouterBuild(dir, { BUILD_DIR: "" });
  return dir;
}

// ---------------------------------------------------------------- servers

function appEnv({ secret, dbFile, port }) {
  return {
    NODE_ENV: "production",
    SESSION_SECRET: secret,
    COMMERCE_PLATFORM: "embedded",
    PLATFORM_DB: dbFile,
    PORT: String(port),
    HOST: "127.0.0.1",
    BUILD_DIR,
    // Inherited values would point the app elsewhere.
    WIX_CLIENT_ID: "",
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    TRUST_PROXY: "",
    // All load comes from one loopback address: the per-IP POST limits would
    // answer 429 to most of the cycle. The limiter still runs (its cost counts).
    RATE_LIMITS: "login=1000000,signup=1000000,checkout=1000000,cart=1000000",
  };
}

async function startApp({ secret, dbFile, nodeArgs = [], extraEnv = {} }) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = startNode([...nodeArgs, "server.js"], {
    cwd: root,
    env: { ...appEnv({ secret, dbFile, port }), ...extraEnv },
    core: SERVER_CORE,
    logFile: join(resultsDir, "app-server.log"),
  });
  await waitReady(url + "/healthz", child);
  return { url, child };
}

async function startBare(bodyFile, contentType) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = startNode([join(here, "bare-server.mjs")], {
    env: { PORT: String(port), BARE_BODY: bodyFile, BARE_CONTENT_TYPE: contentType },
    core: SERVER_CORE,
    logFile: join(resultsDir, "bare-server.log"),
  });
  await waitReady(url + "/", child);
  return { url, child };
}

async function startMinimal(dir) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = startNode(["server.js"], {
    cwd: dir,
    env: { PORT: String(port), NODE_ENV: "production" },
    core: SERVER_CORE,
    logFile: join(resultsDir, "minimal-app.log"),
  });
  await waitReady(url + "/", child);
  const check = await text(url + "/");
  if (check.status !== 200 || !check.body.includes("<h1>Bonjour</h1>")) throw new Error(`minimal app answered ${check.status}`);
  return { url, child };
}

// ---------------------------------------------------------------- scenarios

async function text(url, init = {}) {
  const res = await fetch(url, { redirect: "manual", ...init });
  return { status: res.status, body: await res.text(), contentType: res.headers.get("content-type") ?? "", res };
}

/** Hidden and default fields of the add-to-cart form of a product page (what a browser would post). */
function addToCartForm(html) {
  const form = /<form class="add-to-cart"[^>]*method="post"[^>]*>([\s\S]*?)<\/form>/.exec(html);
  if (!form) return null;
  const fields = {};
  for (const m of form[1].matchAll(/<input\b[^>]*>/g)) {
    const name = /\bname="([^"]+)"/.exec(m[0])?.[1];
    const value = /\bvalue="([^"]*)"/.exec(m[0])?.[1];
    if (name && value !== undefined && !/type="(radio|checkbox)"/.test(m[0])) fields[name] = value;
  }
  // The intent travels with the button pressed ("Ajouter au panier"), as a browser sends it.
  for (const m of form[1].matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/g)) {
    const name = /\bname="([^"]+)"/.exec(m[1])?.[1];
    const value = /\bvalue="([^"]*)"/.exec(m[1])?.[1];
    if (name && value !== undefined && m[2].includes("Ajouter au panier")) fields[name] = value;
  }
  return fields.intent === "add" && fields.productId ? fields : null;
}

async function postAdd(app, page, jar) {
  const html = await text(app.url + page, { headers: jar.size ? { cookie: cookieHeader(jar) } : {} });
  applySetCookie(jar, setCookiesOf(html.res));
  const form = html.status === 200 ? addToCartForm(html.body) : null;
  if (!form) return { ok: false, why: `${page}: no add-to-cart form (status ${html.status})` };
  const res = await fetch(app.url + page, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url, ...(jar.size ? { cookie: cookieHeader(jar) } : {}) },
    body: new URLSearchParams(form),
  });
  await res.arrayBuffer();
  applySetCookie(jar, setCookiesOf(res));
  if (res.status !== 303) return { ok: false, why: `POST ${page} answered ${res.status}, expected 303` };
  return { ok: true, form, location: res.headers.get("location") };
}

/** Checks every page answers, builds the 3-line cart session, finds the cycle's form. */
async function prepareScenarios(app) {
  const notAvailable = {};
  const pageHtml = {};
  const gets = [];
  for (const [name, path] of [
    ["/", "/"],
    ["/products", "/products"],
    ["/products/:slug", PRODUCT_PAGE],
  ]) {
    const r = await text(app.url + path);
    if (r.status === 200) {
      gets.push({ name, path });
      pageHtml[name] = r.body;
    } else notAvailable[name] = `GET ${path} answered ${r.status}`;
  }

  let cart = null;
  const jar = new Map();
  const adds = [];
  for (const page of CART_PAGES) adds.push(await postAdd(app, page, jar));
  const failed = adds.find((a) => !a.ok);
  if (failed) notAvailable["/cart"] = failed.why;
  else {
    const r = await text(app.url + "/cart", { headers: { cookie: cookieHeader(jar) } });
    applySetCookie(jar, setCookiesOf(r.res));
    // The first view consumed the notification; this one is what the load sees.
    const again = await text(app.url + "/cart", { headers: { cookie: cookieHeader(jar) } });
    const lines = countCartLines(again.body);
    if (again.status !== 200) notAvailable["/cart"] = `GET /cart answered ${again.status}`;
    else {
      cart = { cookie: cookieHeader(jar), lines };
      pageHtml["/cart"] = again.body;
      if (lines !== null && lines !== 3) log(`warning: the cart page shows ${lines} lines, expected 3`);
    }
  }

  let cycle = null;
  const probe = await postAdd(app, CYCLE_PAGE, new Map());
  if (probe.ok) cycle = { productPath: CYCLE_PAGE, form: probe.form };
  else notAvailable["add-to-cart cycle"] = probe.why;

  for (const [k, v] of Object.entries(notAvailable)) log(`not available yet: ${k} (${v})`);
  const headers = await cachingHeaders(app, pageHtml, cart);
  return { gets, cart, cycle, notAvailable, pageHtml, headers };
}

/** What each page says about caching, and whether it sets cookies: the input for a Cache-Control policy. */
async function cachingHeaders(app, pageHtml, cart) {
  const asset = /<link rel="modulepreload" href="(\/assets\/[^"]+)"/.exec(pageHtml["/"] ?? "")?.[1];
  const list = [
    ["/ (no cookie)", "/", ""],
    ["/products (no cookie)", "/products", ""],
    ["/products/:slug (no cookie)", PRODUCT_PAGE, ""],
    ["/ (with a cart)", "/", cart?.cookie ?? ""],
    ["/cart (with a cart)", "/cart", cart?.cookie ?? ""],
    ...(asset ? [["a built asset", asset, ""]] : []),
    ["/favicon.ico", "/favicon.ico", ""],
  ];
  const out = [];
  for (const [name, path, cookie] of list) {
    if (name.includes("with a cart") && !cookie) continue;
    const res = await fetch(app.url + path, { redirect: "manual", headers: { "accept-encoding": "gzip", ...(cookie ? { cookie } : {}) } });
    const body = await res.arrayBuffer();
    out.push({
      name,
      status: res.status,
      cacheControl: res.headers.get("cache-control") ?? "(none)",
      setCookie:
        setCookiesOf(res)
          .map((c) => c.split("=")[0])
          .join(", ") || "-",
      vary: res.headers.get("vary") ?? "-",
      encoding: res.headers.get("content-encoding") ?? "identity",
      bytes: body.byteLength,
    });
  }
  return out;
}

/** Lines in the served cart page, when its markup lets us count them (null if not). */
function countCartLines(html) {
  const m = html.match(/<li\b[^>]*class="[^"]*cart-line\b[^"]*"/g);
  return m ? m.length : null;
}

// ---------------------------------------------------------------- measuring

async function measureRound({ app, bare, minimal, scenarios, load = { connections, duration, warmup } }) {
  const out = {};
  const step = async (name, fn) => {
    process.stdout.write(`  ${name.padEnd(28)} `);
    out[name] = await fn();
    const f = out[name];
    const cpu =
      f.cpuMsPerUnit !== undefined
        ? `  server ${f.cpuMsPerUnit} CPU ms/${f.cycles !== undefined ? "cycle" : "req"} (${f.serverCpuPct} % of a core)`
        : "";
    log(
      `${String(f.rps).padStart(8)} req/s  p50 ${f.p50} ms  p99 ${f.p99} ms${cpu}${f.errors || f.timeouts ? `  errors ${f.errors} timeouts ${f.timeouts}` : ""}`,
    );
  };
  const pid = app.child.pid;
  await step("baseline: bare node:http", () => measureGet({ url: bare.url, path: "/", pid: bare.child.pid, ...load }));
  await step("baseline: minimal RR app", () => measureGet({ url: minimal.url, path: "/", pid: minimal.child.pid, ...load }));
  for (const { name, path } of scenarios.gets) await step(name, () => measureGet({ url: app.url, path, pid, ...load }));
  if (scenarios.cart)
    await step("/cart (3 lines)", () =>
      measureGet({ url: app.url, path: "/cart", headers: { cookie: scenarios.cart.cookie }, pid, ...load }),
    );
  if (scenarios.cycle)
    await step("add-to-cart POST→303→GET", () =>
      measureCycle({ url: app.url, productPath: scenarios.cycle.productPath, form: scenarios.cycle.form, origin: app.url, pid, ...load }),
    );
  return out;
}

/** Per target, the median of each figure over the rounds (rounds are interleaved, so drift hits all targets alike). */
function median(runs) {
  const out = {};
  for (const name of Object.keys(runs[0])) {
    const all = runs.map((r) => r[name]).filter(Boolean);
    const fig = { ...all[all.length - 1] };
    for (const k of ["rps", "p50", "p99", "latencyMean", "cyclesPerSecond", "cycleP50", "cycleP99", "cpuMsPerUnit", "serverCpuPct"]) {
      const v = all
        .map((a) => a[k])
        .filter((x) => typeof x === "number")
        .sort((a, b) => a - b);
      if (v.length) fig[k] = v.length % 2 ? v[(v.length - 1) / 2] : Math.round(((v[v.length / 2 - 1] + v[v.length / 2]) / 2) * 10) / 10;
    }
    fig.rpsAllRounds = all.map((a) => a.rps);
    fig.cpuMsPerUnitAllRounds = all.map((a) => a.cpuMsPerUnit);
    out[name] = fig;
  }
  return out;
}

// ---------------------------------------------------------------- targets

const JS_BUDGET = 90_000; // bytes of gzip (90 KB, 1 KB = 1000 bytes)

/** Fewer completed requests than this and a figure says nothing (server starved or broken). */
const MIN_REQUESTS = 20;

function evaluate(figures, sizes) {
  const t = [];
  const add = (name, value, limit, pass, detail) => t.push({ name, value, limit, pass, detail });
  const na = (name, why) => t.push({ name, value: null, limit: null, pass: null, detail: why });
  const f = figures && Object.fromEntries(Object.entries(figures).filter(([, v]) => v.requests >= MIN_REQUESTS));
  if (figures) {
    for (const [name, v] of Object.entries(figures))
      if (v.requests < MIN_REQUESTS) na(`${name}: enough data`, `only ${v.requests} requests completed: no verdict on it`);
    const home = f["/"];
    const bare = f["baseline: bare node:http"];
    const minimal = f["baseline: minimal RR app"];
    const products = f["/products"];
    const cycle = f["add-to-cart POST→303→GET"];
    // Capacity ratio a/b: from the server's CPU cost per request when /proc gives it
    // (insensitive to other work on the machine), else from req/s.
    const ratio = (a, b) => {
      const byRps = (a.cyclesPerSecond ?? a.rps) / (b.cyclesPerSecond ?? b.rps);
      const byCpu = a.cpuMsPerUnit && b.cpuMsPerUnit ? b.cpuMsPerUnit / a.cpuMsPerUnit : null;
      return { value: byCpu ?? byRps, detail: `by CPU/req ${byCpu === null ? "n/a" : pct(byCpu)}, by req/s ${pct(byRps)}` };
    };
    if (home && bare && minimal) {
      const a = ratio(home, bare);
      add("SSR / ≥ 60 % of the bare node:http ceiling", pct(a.value), "≥ 60 %", a.value >= 0.6, a.detail);
      const b = ratio(home, minimal);
      add("SSR / ≥ 100 % of the minimal RR app", pct(b.value), "≥ 100 %", b.value >= 1, b.detail);
    } else na("SSR / vs baselines", "/ not measured");
    if (products && home) {
      const c = ratio(products, home);
      add("/products ≥ 40 % of /", pct(c.value), "≥ 40 %", c.value >= 0.4, c.detail);
    } else na("/products ≥ 40 % of /", "/products not measured");
    if (products)
      add(
        `/products p99 < 50 ms at ${connections} connections`,
        `${products.p99} ms`,
        "< 50 ms",
        products.p99 < 50,
        `p50 ${products.p50} ms`,
      );
    else na("/products p99 < 50 ms", "/products not measured");
    if (cycle && home) {
      const d = ratio(cycle, home);
      add(
        "add-to-cart cycle ≤ 3× the cost of /",
        `${round1(1 / d.value)}×`,
        "≤ 3×",
        1 / d.value <= 3,
        d.detail.replace(/([\d.]+) %/g, (_, x) => `${round1(100 / Number(x))}×`),
      );
    } else na("add-to-cart cycle ≤ 3× the cost of /", "not available yet");
  }
  const homeJs = sizes.pages["/"]?.js.gzip ?? sizes.routes["routes/home"]?.js.gzip;
  const floor = sizes.minimalApp?.js.gzip;
  if (homeJs !== undefined)
    add(
      "JavaScript for / ≤ 90 KB gzip",
      `${kb(homeJs)} KB`,
      "≤ 90 KB",
      homeJs <= JS_BUDGET,
      `${homeJs} bytes gzip${floor ? `; minimal RR app ${floor}` : ""}`,
    );
  return t;
}

// ---------------------------------------------------------------- SDK calls per page

/**
 * One request at a time to a separate app server whose fetch is wrapped
 * (lib/count-sdk-calls.mjs): which Wix API calls each page makes, and how many
 * are repeats of the same endpoint within one request.
 */
async function countSdkCalls({ secret, dbFile, scenarios }) {
  const logFile = join(work, "sdk-calls.log");
  writeFileSync(logFile, "");
  const app = await startApp({
    secret,
    dbFile,
    nodeArgs: ["--import", join(here, "lib", "count-sdk-calls.mjs")],
    extraEnv: { SDK_CALL_LOG: logFile },
  });
  const cartCookie = scenarios.cart?.cookie ?? "";
  const visitor = new Map();
  // A visitor who already has a session (no cart yet): what a second page view costs.
  await text(app.url + "/products").then((r) => applySetCookie(visitor, setCookiesOf(r.res)));
  const list = [
    ["GET / (no cookie)", "GET", "/", ""],
    ["GET / (with a cart)", "GET", "/", cartCookie],
    ["GET /products (no cookie)", "GET", "/products", ""],
    ["GET /products (visitor session)", "GET", "/products", cookieHeader(visitor)],
    ["GET /products/:slug (no cookie)", "GET", PRODUCT_PAGE, ""],
    ["GET /products/:slug (with a cart)", "GET", PRODUCT_PAGE, cartCookie],
    ["GET /cart (3 lines)", "GET", "/cart", cartCookie],
  ];
  if (scenarios.cycle) {
    // Its own visitor with a cart already (the 3-line cart stays as the load scenarios expect it).
    const first = await postAdd(app, scenarios.cycle.productPath, visitor);
    if (first.ok) list.push(["POST add to cart (with a cart)", "POST", scenarios.cycle.productPath, cookieHeader(visitor)]);
  }
  const out = [];
  try {
    for (const [name, method, path, cookie] of list) {
      if (name.includes("cart)") && !cookie) continue;
      writeFileSync(logFile, "");
      const res = await fetch(app.url + path, {
        method,
        redirect: "manual",
        headers: {
          ...(cookie ? { cookie } : {}),
          ...(method === "POST" ? { "content-type": "application/x-www-form-urlencoded", origin: app.url } : {}),
        },
        body: method === "POST" ? new URLSearchParams(scenarios.cycle.form) : undefined,
      });
      await res.arrayBuffer();
      const calls = readFileSync(logFile, "utf8").split("\n").filter(Boolean);
      const byCall = {};
      for (const c of calls) byCall[c] = (byCall[c] ?? 0) + 1;
      out.push({ name, status: res.status, calls: calls.length, repeats: calls.length - Object.keys(byCall).length, byCall });
    }
  } finally {
    await stop(app.child);
  }
  return out;
}

// ---------------------------------------------------------------- profiling

/** One CPU profile of the app server per scenario (fresh server each, same database and secret). */
async function profileApp({ secret, dbFile, scenarios }) {
  const dir = join(resultsDir, "profiles");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const list = [
    ...scenarios.gets.map((g) => ({
      scenario: g.name,
      run: (url, d) => measureGet({ url, path: g.path, connections, duration: d, warmup: 0 }),
    })),
    ...(scenarios.cart
      ? [
          {
            scenario: "/cart (3 lines)",
            run: (url, d) =>
              measureGet({ url, path: "/cart", headers: { cookie: scenarios.cart.cookie }, connections, duration: d, warmup: 0 }),
          },
        ]
      : []),
    ...(scenarios.cycle
      ? [
          {
            scenario: "add-to-cart cycle",
            run: (url, d) =>
              measureCycle({
                url,
                productPath: scenarios.cycle.productPath,
                form: scenarios.cycle.form,
                origin: url,
                connections,
                duration: d,
                warmup: 0,
              }),
          },
        ]
      : []),
  ];
  const out = [];
  for (const item of list) {
    const sub = join(dir, item.scenario.replace(/[^\w]+/g, "_").replace(/^_|_$/g, "") || "home");
    mkdirSync(sub, { recursive: true });
    const spawned = Date.now();
    const app = await startApp({ secret, dbFile, nodeArgs: ["--cpu-prof", "--cpu-prof-dir", sub] });
    log(`profiling ${item.scenario} …`);
    if (warmup > 0) await item.run(app.url, warmup);
    const from = Date.now() - spawned;
    await item.run(app.url, duration);
    const to = Date.now() - spawned;
    await stop(app.child);
    const file = readdirSync(sub).find((f) => f.endsWith(".cpuprofile"));
    if (!file) {
      log(`  no profile written for ${item.scenario}`);
      continue;
    }
    // Start-up and warm-up samples are left out: only the measured load counts.
    const summary = summarizeProfile(join(sub, file), { root, top: 25, fromMs: from, toMs: to });
    writeFileSync(join(sub, "summary.txt"), formatProfile(summary) + "\n");
    out.push({ scenario: item.scenario, summary });
  }
  return out;
}

// ---------------------------------------------------------------- output

function printReport(r) {
  log(
    `\n== Results (${r.date}, ${r.commit}, node ${r.node}, ${r.cpus} cores, ${r.pinned ? "pinned" : "not pinned"}; ${r.settings.connections} connections, ${r.settings.warmup} s warm-up + ${r.settings.duration} s, median of ${r.settings.rounds} rounds)`,
  );
  if (r.figures) {
    const unit = (f) => f?.cyclesPerSecond ?? f?.rps;
    const bare = r.figures["baseline: bare node:http"];
    const minimal = r.figures["baseline: minimal RR app"];
    const home = r.figures["/"];
    // "a · b": a from req/s, b from the server's CPU time per request (the steadier one on a shared machine).
    const both = (f, base, asTimes = false) => {
      if (!base || !unit(f) || !unit(base)) return "n/a";
      const byRps = unit(f) / unit(base);
      const byCpu = f.cpuMsPerUnit && base.cpuMsPerUnit ? base.cpuMsPerUnit / f.cpuMsPerUnit : null;
      const show = (x) => (asTimes ? `${x < 0.1 ? x.toFixed(3) : round1(x)}×` : pct(x));
      return `${show(byRps)} · ${byCpu === null ? "n/a" : show(byCpu)}`;
    };
    const rows = Object.entries(r.figures).map(([name, f]) => [
      name,
      f.cyclesPerSecond !== undefined ? `${f.rps} (${f.cyclesPerSecond} cycles/s)` : String(f.rps),
      f.cycleP50 !== undefined ? `${f.p50} (cycle ${f.cycleP50})` : String(f.p50),
      f.cycleP99 !== undefined ? `${f.p99} (cycle ${f.cycleP99})` : String(f.p99),
      f.cpuMsPerUnit !== undefined ? `${f.cpuMsPerUnit}${f.cyclesPerSecond !== undefined ? "/cycle" : ""}` : "n/a",
      f.serverCpuPct !== undefined ? `${f.serverCpuPct} %` : "n/a",
      both(f, bare),
      both(f, minimal),
      both(home, f, true),
    ]);
    table(["target", "req/s", "p50 ms", "p99 ms", "server CPU ms/req", "server core", "vs bare", "vs minimal RR", "cost vs /"], rows);
    for (const [name, f] of Object.entries(r.figures)) {
      const codes = Object.entries(f.statusCodes ?? {})
        .map(([c, n]) => `${c}×${n}`)
        .join(" ");
      if (
        f.errors ||
        f.timeouts ||
        (f.badStatus && Object.keys(f.badStatus).length) ||
        Object.keys(f.statusCodes ?? {}).some((c) => !["200", "303"].includes(c))
      )
        log(
          `  check ${name}: status ${codes} errors ${f.errors} timeouts ${f.timeouts}${f.badStatus ? ` unexpected ${JSON.stringify(f.badStatus)}` : ""}`,
        );
    }
    log("  ratios “x · y”: x from req/s, y from the server's CPU time per request (steadier when other work shares the machine)");
    log("  server core: the share of one core the server process got while loaded (well under 100 % = starved by other work)");
    log(
      "  cycle = POST → 303 → GET; its req/s counts both requests, ratios and cost use cycles; cost vs / = how many / requests one costs",
    );
  }
  if (Math.max(r.loadAverage.before, r.loadAverage.after) > r.cpus)
    log(
      `  warning: load average ${r.loadAverage.before} → ${r.loadAverage.after} on ${r.cpus} cores: other work shared the machine; absolute figures are low, ratios less affected`,
    );
  for (const [k, v] of Object.entries(r.notAvailable)) log(`  not available yet: ${k} (${v})`);

  if (r.headers?.length) {
    log("\n== Caching headers (one request each, Accept-Encoding: gzip)");
    table(
      ["response", "status", "Cache-Control", "Set-Cookie", "Vary", "encoding", "decoded bytes"],
      r.headers.map((h) => [h.name, h.status, h.cacheControl, h.setCookie, h.vary, h.encoding, h.bytes]),
    );
  }

  if (r.sdkCalls?.length) {
    log("\n== Wix SDK calls per request (one request at a time; repeats = calls to an endpoint already called in the same request)");
    table(
      ["request", "status", "calls", "repeats", "endpoints"],
      r.sdkCalls.map((c) => [
        c.name,
        c.status,
        c.calls,
        c.repeats,
        Object.entries(c.byCall)
          .map(([k, n]) => `${k.replace(/^(\w+) [^/]+/, "$1 ")}${n > 1 ? ` ×${n}` : ""}`)
          .join(", ") || "-",
      ]),
    );
  }

  log("\n== JavaScript and CSS loaded per route (gzip -9 bytes, from the build's manifest)");
  table(
    ["route", "path", "JS files", "JS gzip", "CSS files", "CSS gzip"],
    Object.entries(r.sizes.routes).map(([id, s]) => [id, s.path, s.js.files, s.js.gzip, s.css.files, s.css.gzip]),
  );
  if (Object.keys(r.sizes.pages).length) {
    log("  as served (modulepreload/import and stylesheet links in the HTML):");
    table(
      ["page", "JS files", "JS gzip", "JS raw", "CSS files", "CSS gzip"],
      Object.entries(r.sizes.pages).map(([p, s]) => [p, s.js.files, s.js.gzip, s.js.raw, s.css.files, s.css.gzip]),
    );
  }
  const home = r.sizes.pages["/"];
  if (home) log(`  total for /: ${home.js.gzip + home.css.gzip} bytes gzip (JS ${home.js.gzip}, CSS ${home.css.gzip})`);
  if (r.sizes.minimalApp)
    log(
      `  framework floor (minimal RR app, one static route): JS ${r.sizes.minimalApp.js.gzip} bytes gzip in ${r.sizes.minimalApp.js.files} files`,
    );

  log("\n== Targets (informational, never fail the run)");
  table(
    ["", "target", "measured", "limit", "detail"],
    r.targets.map((t) => [t.pass === null ? "N/A " : t.pass ? "PASS" : "FAIL", t.name, t.value ?? "—", t.limit ?? "—", t.detail]),
  );
  if (r.profiles) {
    log("\n== CPU profiles of the app server (top self time)");
    for (const p of r.profiles) {
      log(
        `  ${p.scenario} (busy ${p.busyPct} %): ${p.areas
          .slice(0, 6)
          .map((a) => `${a.key} ${a.pctOfBusy} %`)
          .join(", ")}`,
      );
    }
    log(`  full summaries: ${join("bench", "results", "profiles", "*", "summary.txt")}`);
  }
}

function table(head, rows) {
  const all = [head, ...rows.map((r) => r.map(String))];
  const widths = head.map((_, i) => Math.max(...all.map((r) => String(r[i]).length)));
  const line = (r) => "  " + r.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join("  ");
  log(line(head));
  log("  " + widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of all.slice(1)) log(line(r));
}

function globalCssOf(html) {
  return [...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"/g)].map((m) => m[1]);
}

function git(args) {
  try {
    return execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "unknown";
  }
}

function pct(x) {
  return `${Math.round(x * 1000) / 10} %`;
}
function round1(x) {
  return Math.round(x * 10) / 10;
}
function kb(b) {
  return Math.round(b / 100) / 10;
}

// Last, so every declaration above is initialised before it runs.
try {
  await main();
} finally {
  await stopAll();
  rmSync(work, { recursive: true, force: true });
}
