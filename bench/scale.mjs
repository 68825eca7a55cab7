// `npm run bench:scale`: how the cost per request grows with the catalog and with the cart. The embedded platform
// runs in its own process (PLATFORM_URL) on a database grown to 62, 1,000 and 10,000 products (copies of the seeded
// ones, lib/generate-catalog.mjs); the app's CPU per request on /products, a category page and a search is compared
// with its 62-product cost (target ≤ 1.5×). Carts of 1, 20 and 100 lines (on the 1,000-product catalog): the cart
// page and an add (POST → 303 → GET) against the 1-line cost (target ≤ 2×). The platform's CPU is reported beside.
//
// Each catalog size is measured on every site version asked (--catalogs: Stores Catalog V3 and V1, the platform's
// PLATFORM_CATALOG_VERSION; the app reads the version from the site), the carts on the first.
//
// Options: --sizes 62,1000,10000  --lines 20,100  --catalogs V3_CATALOG,V1_CATALOG  --duration S (5)  --warmup S (3)
//          --connections N (16)  --rounds N (3)  --skip-build  --build-dir DIR (build-bench)  --out FILE
//          Ports: TEST_PORT_RANGE (5500-5549), as the tests.
import { randomBytes } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildApp, buildPlatform } from "./lib/builds.mjs";
import { catalogFacts, growCatalog } from "./lib/generate-catalog.mjs";
import { BENCH_DIR as here, benchOptions, ROOT as root } from "./lib/options.mjs";
import { cpuMsOf, measureGet } from "./lib/load.mjs";
import { onInterrupt, pinSelf, stop, stopAll } from "./lib/proc.mjs";
import { table } from "./lib/report.mjs";
import { CLIENT_CORE, startApp, startPlatform } from "./lib/servers.mjs";
import { addToCartForm, text } from "./lib/scenarios.mjs";
import { findForm, freshRender, Visitor } from "../tests/support/visitor.ts";

const opt = benchOptions(
  { duration: 5, warmup: 3, connections: 16, rounds: 3 },
  {
    sizes: { type: "string", default: "62,1000,10000" },
    lines: { type: "string", default: "20,100" },
    catalogs: { type: "string", default: "V3_CATALOG,V1_CATALOG" },
    "skip-build": { type: "boolean", default: false },
    "build-dir": { type: "string", default: "build-bench" },
    out: { type: "string" },
  },
);
const BUILD_DIR = opt["build-dir"];
const versions = opt.catalogs.split(",").filter(Boolean);
const sizes = opt.sizes.split(",").map(Number);
const lineCounts = opt.lines.split(",").map(Number);
const load = { connections: Number(opt.connections), duration: Number(opt.duration), warmup: Number(opt.warmup) };
const rounds = Math.max(1, Number(opt.rounds));
const CATALOG_LIMIT = 1.5;
const CART_LIMIT = 2;
const resultsDir = join(here, "results");
mkdirSync(resultsDir, { recursive: true });
const work = mkdtempSync(join(tmpdir(), "bench-scale-"));
onInterrupt(() => rmSync(work, { recursive: true, force: true }));
const log = (...a) => console.log(...a);
const secret = randomBytes(24).toString("base64url");
// The add of the cycle: a digital product whose stock is not tracked (thousands of adds never run out).
const CYCLE_PAGE = "/products/formation-typescript?Format=Inter&Session=12%20et%2013%20janvier%202027";

async function main() {
  if (!opt["skip-build"]) buildApp(root, BUILD_DIR);
  const platformScript = buildPlatform(root, BUILD_DIR);
  pinSelf(CLIENT_CORE);

  // One seeded database, then a copy grown to each size.
  const seedDb = join(work, "seed.sqlite");
  const seeding = await startPlatform({
    root,
    logDir: resultsDir,
    dbFile: seedDb,
    script: platformScript,
    appOrigin: "http://127.0.0.1:1",
  });
  await stop(seeding.child);
  const catalog = {};
  let cartDb = null;
  for (const n of sizes) {
    const dbFile = join(work, `catalog-${n}.sqlite`);
    copyFileSync(seedDb, dbFile);
    const total = growCatalog(root, dbFile, n);
    const facts = catalogFacts(root, dbFile);
    log(`\ncatalog of ${facts.products} products (asked ${n}, ${total}); category page /collections/${facts.collection}`);
    const pages = [
      ["/products", "/products"],
      ["category page", `/collections/${facts.collection}`],
      ["search", "/products?q=typescript"],
    ];
    for (const catalogVersion of versions) {
      const app = await startApp({ root, logDir: resultsDir, secret, dbFile, buildDir: BUILD_DIR, platformScript, catalogVersion });
      for (const [, path] of pages) {
        const r = await text(app.url + path);
        if (r.status !== 200) throw new Error(`${path} answered ${r.status} with ${n} products on ${catalogVersion}`);
      }
      log(`  ${catalogVersion}`);
      (catalog[catalogVersion] ??= {})[n] = await measurePages(
        app,
        pages.map(([name, path]) => ({ name, path })),
      );
      await stop(app.child);
      await stop(app.platform.child);
    }
    if (n === 1000 || (!cartDb && n === sizes.at(-1))) cartDb = dbFile;
  }

  log(`\ncarts of ${lineCounts.join(", ")} lines`);
  const carts = await measureCarts(cartDb ?? join(work, `catalog-${sizes.at(-1)}.sqlite`), platformScript);
  const report = { date: new Date().toISOString(), settings: { ...load, rounds, sizes, lineCounts, versions }, catalog, carts };
  report.targets = targets(report);
  print(report);
  writeFileSync(opt.out ?? join(resultsDir, "scale-latest.json"), JSON.stringify(report, null, 2) + "\n");
}

/** Median over rounds of the app's and the platform's CPU per request, pages interleaved in each round. */
async function measurePages(app, pages, headersOf = () => ({})) {
  const samples = Object.fromEntries(pages.map((p) => [p.name, []]));
  for (const p of pages) await measureGet({ url: app.url, path: p.path, headers: headersOf(p), ...load, duration: load.warmup, warmup: 0 });
  for (let r = 0; r < rounds; r++)
    for (const p of pages) {
      const f = await measureGet({
        url: app.url,
        path: p.path,
        headers: headersOf(p),
        pid: app.child.pid,
        platformPid: app.platform.child.pid,
        ...load,
        warmup: 0,
      });
      samples[p.name].push(f);
      log(`  ${p.name.padEnd(16)} ${f.rps} req/s  app ${f.cpuMsPerUnit} ms/req  platform ${f.platformCpuMsPerUnit} ms/req`);
    }
  return Object.fromEntries(
    Object.entries(samples).map(([k, v]) => [
      k,
      {
        app: median(v.map((f) => f.cpuMsPerUnit)),
        platform: median(v.map((f) => f.platformCpuMsPerUnit)),
        rps: median(v.map((f) => f.rps)),
      },
    ]),
  );
}

async function formOf(app, path) {
  const r = await text(app.url + path);
  const form = r.status === 200 ? addToCartForm(r.body) : null;
  if (!form) throw new Error(`${path}: no add-to-cart form`);
  return form;
}

/** A visitor whose cart holds `lines` lines: `lines − 1` other products, then the cycle's product. */
async function visitorWithLines(app, lines, others, cycleForm) {
  const visitor = new Visitor(app.url);
  let added = 0;
  // A candidate can be refused (a tracked product out of stock): the next one takes its place.
  for (const o of others) {
    if (added >= lines - 1) break;
    // Each add as its own page render: the forms are read once, and the same form sent again (by this visitor or
    // another) is one double submit, answered with the first answer, the first visitor's session cookie included.
    if ((await visitor.request("POST", o.path, freshRender(o.form))).status === 303) added++;
  }
  if (added < lines - 1) throw new Error(`only ${added + 1} lines could be added`);
  if ((await visitor.request("POST", CYCLE_PAGE, freshRender(cycleForm))).status !== 303)
    throw new Error("add of the cycle product failed");
  return visitor;
}

async function measureCarts(dbFile, platformScript) {
  const app = await startApp({ root, logDir: resultsDir, secret, dbFile, buildDir: BUILD_DIR, platformScript });
  const maxLines = Math.max(...lineCounts);
  // Products without options: their add form needs no choice.
  const list = await text(app.url + "/products?page=1");
  const others = [];
  const wanted = maxLines + 40;
  for (let page = 1; others.length < wanted && page < 40; page++) {
    const html = page === 1 ? list.body : (await text(`${app.url}/products?page=${page}`)).body;
    for (const slug of [...new Set([...html.matchAll(/href="\/products\/([\w-]+)"/g)].map((m) => m[1]))]) {
      if (others.length >= wanted || slug === "formation-typescript") continue;
      const r = await text(`${app.url}/products/${slug}`);
      const form = r.status === 200 ? addToCartForm(r.body) : null;
      const formHtml = findForm(r.body, "Ajouter au panier") ?? "";
      if (form && !/type="radio"|<select\b/.test(formHtml)) others.push({ path: `/products/${slug}`, form });
    }
  }
  if (others.length < maxLines - 1) log(`warning: only ${others.length + 1} products can be added without options`);
  const cycleForm = await formOf(app, CYCLE_PAGE);
  const out = {};
  for (const lines of lineCounts) {
    const buyer = await visitorWithLines(app, lines, others, cycleForm);
    const shown = (await text(app.url + "/cart", { headers: { cookie: buyer.cookieHeader() } })).body.match(
      /<li\b[^>]*class="[^"]*cart-line\b/g,
    )?.length;
    const page = await measurePages(app, [{ name: "cart page", path: "/cart" }], () => ({ cookie: buyer.cookieHeader() }));
    // The add: a few visitors with this cart, each adding the cycle product again (its quantity grows by one per add).
    const visitors = [buyer];
    for (let i = 1; i < 4; i++) visitors.push(await visitorWithLines(app, lines, others, cycleForm));
    const add = await measureAdds(app, visitors, cycleForm);
    out[lines] = { shownLines: shown ?? null, page: page["cart page"], add };
    log(
      `  ${lines} lines (page shows ${shown}): page app ${out[lines].page.app} ms, add app ${add.app} ms/cycle, platform ${add.platform}`,
    );
  }
  await stop(app.child);
  await stop(app.platform.child);
  return out;
}

/** POST add → 303 → GET, one loop per visitor at once; CPU per cycle over `rounds` batches (quantities stay < 99). */
async function measureAdds(app, visitors, form) {
  const perRound = Math.floor(80 / (rounds + 1));
  const batch = async (record) => {
    const a = cpuMsOf(app.child.pid);
    const p = cpuMsOf(app.platform.child.pid);
    let cycles = 0;
    await Promise.all(
      visitors.map(async (visitor) => {
        for (let i = 0; i < perRound; i++) {
          const res = await visitor.request("POST", CYCLE_PAGE, freshRender(form));
          if (res.status !== 303) throw new Error(`add answered ${res.status}`);
          await visitor.request("GET", new URL(res.location ?? CYCLE_PAGE, app.url).toString());
          cycles++;
        }
      }),
    );
    return record ? { app: (cpuMsOf(app.child.pid) - a) / cycles, platform: (cpuMsOf(app.platform.child.pid) - p) / cycles } : null;
  };
  await batch(false);
  const runs = [];
  for (let r = 0; r < rounds; r++) runs.push(await batch(true));
  const r3 = (x) => Math.round(x * 1000) / 1000;
  return { app: r3(median(runs.map((x) => x.app))), platform: r3(median(runs.map((x) => x.platform))) };
}

function targets(r) {
  const t = [];
  for (const [version, bySize] of Object.entries(r.catalog)) {
    const base = bySize[sizes[0]];
    for (const n of sizes.slice(1))
      for (const [page, f] of Object.entries(bySize[n] ?? {})) {
        const x = f.app / base[page].app;
        t.push({
          pass: x <= CATALOG_LIMIT,
          name: `${version}: ${page} with ${n} products vs ${sizes[0]}`,
          value: `${round2(x)}×`,
          limit: `≤ ${CATALOG_LIMIT}×`,
          detail: `app ${f.app} vs ${base[page].app} ms; platform ${f.platform} vs ${base[page].platform} ms`,
        });
      }
  }
  const one = r.carts[lineCounts[0]];
  for (const n of lineCounts.slice(1)) {
    const c = r.carts[n];
    if (!c || !one) continue;
    for (const [what, key] of [
      ["cart page", "page"],
      ["add", "add"],
    ]) {
      const x = c[key].app / one[key].app;
      t.push({
        pass: x <= CART_LIMIT,
        name: `${what} with ${n} lines vs ${lineCounts[0]}`,
        value: `${round2(x)}×`,
        limit: `≤ ${CART_LIMIT}×`,
        detail: `app ${c[key].app} vs ${one[key].app} ms; platform ${c[key].platform} vs ${one[key].platform} ms`,
      });
    }
  }
  return t;
}

function print(r) {
  log(`\n== How cost grows (${r.date}; app CPU ms per request, platform in its own process beside it; median of ${rounds} rounds)`);
  for (const [version, bySize] of Object.entries(r.catalog))
    table(
      [version, ...sizes.map((n) => `${n} products: app · platform`)],
      Object.keys(bySize[sizes[0]]).map((page) => [page, ...sizes.map((n) => `${bySize[n][page].app} · ${bySize[n][page].platform}`)]),
    );
  table(
    ["cart", ...lineCounts.map((n) => `${n} lines: app · platform`)],
    [
      ["cart page", ...lineCounts.map((n) => `${r.carts[n]?.page.app} · ${r.carts[n]?.page.platform}`)],
      ["add (POST→303→GET)", ...lineCounts.map((n) => `${r.carts[n]?.add.app} · ${r.carts[n]?.add.platform}`)],
    ],
  );
  log("\n== Targets (informational)");
  table(
    ["", "target", "measured", "limit", "detail"],
    r.targets.map((t) => [t.pass ? "PASS" : "FAIL", t.name, t.value, t.limit, t.detail]),
  );
}

function median(values) {
  const v = values.filter((x) => typeof x === "number").sort((a, b) => a - b);
  if (!v.length) return null;
  return v.length % 2 ? v[(v.length - 1) / 2] : Math.round(((v[v.length / 2 - 1] + v[v.length / 2]) / 2) * 1000) / 1000;
}
const round2 = (x) => Math.round(x * 100) / 100;

try {
  await main();
} finally {
  await stopAll();
  rmSync(work, { recursive: true, force: true });
}
