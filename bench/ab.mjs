// `npm run bench -- …` measures the app as it is; this measures what two of the
// proposals in FINDINGS.md would buy, without touching the app's sources:
// copies of the last bench build (build-bench/) with one change each, applied
// as text patches to the built files and to a copy of server.js, loaded in
// turn (short runs, rounds in rotating order) and compared on the server's CPU
// time per request. A second unpatched copy is the control: its "change" shows
// how much two identical servers differ, i.e. what a change must beat.
//
//   npm run bench:ab -- [--rounds 8] [--duration 2] [--warmup 10] [--connections 32] [--build DIR …] [--only cart,cycle]
//
// `--build DIR` (repeatable) adds a whole other build as a variant: build the change into DIR
// (`BUILD_DIR=build-b npx react-router build`), keep build-bench/ as the build before it, and compare.
//
// A patch whose anchor text is no longer found (the code changed) is reported
// as not applicable instead of measuring something else.
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { cpuMsOf, measureCycle, measureGet } from "./lib/load.mjs";
import { benchOptions, ROOT as root } from "./lib/options.mjs";
import { freePort } from "../tests/support/server.ts";
import { Visitor } from "../tests/support/visitor.ts";
import { onInterrupt, pinSelf, startNode, stopAll, waitReady } from "./lib/proc.mjs";
import { CYCLE_PAGE, postAdd } from "./lib/scenarios.mjs";

const opt = benchOptions(
  { duration: 2, warmup: 10, connections: 32, rounds: 8 },
  {
    build: { type: "string", multiple: true, default: [] },
    patches: { type: "boolean", default: true },
    // Comma-separated parts of scenario names to measure (e.g. `--only cart,cycle`); all by default.
    only: { type: "string" },
  },
);
const load = { duration: Number(opt.duration), warmup: Number(opt.warmup), connections: Number(opt.connections) };
const pairs = Math.max(1, Number(opt.rounds));
const source = join(root, "build-bench");
const work = mkdtempSync(join(tmpdir(), "bench-ab-"));
// Inside the repository (ignored by build-*/) so the copies resolve node_modules like the real build.
const variantsRoot = join(root, `build-bench-ab-${process.pid}`);
onInterrupt(() => {
  rmSync(work, { recursive: true, force: true });
  rmSync(variantsRoot, { recursive: true, force: true });
});

const PAGES = [
  ["/", "/"],
  ["/products", "/products"],
  ["/products/:slug", "/products/t-shirt-typescript?Taille=M&Couleur=Noir"],
  // Each variant gets its own 3-line cart (its own database), built before the runs.
  ["/cart (3 lines)", "/cart"],
  // POST the product form → 303 → GET, as the bench's cycle (cost per cycle).
  ["add-to-cart cycle", CYCLE_PAGE],
];
const CYCLE = "add-to-cart cycle";
const wanted = ([page]) => !opt.only || opt.only.split(",").some((part) => page.includes(part.trim()));
const CART_PAGES = [
  "/products/t-shirt-typescript?Taille=M&Couleur=Noir",
  "/products/mug-cafe-code?Couleur=Bleu",
  "/products/formation-react?Format=Intra&Session=19%20et%2020%20janvier%202027",
];

/** Each patch: the file (relative to the variant dir), the anchor to find, the replacement. */
const PATCHES = {
  "control: as built, second copy": [],
  "build module, not a function (FINDINGS 3)": [
    {
      file: "server/index.js",
      find: /build: \(\) => import\(("\.\/assets\/server-build-[\w-]+\.js")\)/,
      replace: "build: await import($1)",
    },
  ],
  "static middleware only for file paths (FINDINGS 4)": [
    {
      file: "server.js",
      find: /server\.use\(express\.static\(`\$\{BUILD_DIR\}\/client`, \{ maxAge: "1h", index: false \}\)\);/,
      replace:
        'const serveFile = express.static(`${BUILD_DIR}/client`, { maxAge: "1h", index: false, redirect: false });\n' +
        "  server.use((req, res, next) => (/\\.[a-z0-9]+$/i.test(req.path) ? serveFile(req, res, next) : next()));",
    },
  ],
};
// Proposals 1 + 2 in their simplest form: 30 s memo of the catalog reads, keyed
// by their arguments (never tokens). A cache hit makes no SDK call, so a
// cookie-less visitor gets no visitor tokens either. (The add-to-cart action
// shares productBySlug here; the real change should give it an uncached read.)
const memo = (name, params, key) => ({
  file: /^server\/assets\/server-build-[\w-]+\.js$/,
  find: new RegExp(`^async function ${name}\\(${params.replace(/[()]/g, "\\$&")}\\) \\{`, "m"),
  replace:
    `const __memo_${name} = new Map();\n` +
    `async function ${name}(${params}) {\n` +
    `  const key = ${key};\n` +
    `  const hit = __memo_${name}.get(key);\n` +
    `  if (hit && hit.until > Date.now()) return hit.value;\n` +
    `  const value = await ${name}_uncached(${params});\n` +
    `  __memo_${name}.set(key, { value, until: Date.now() + 30000 });\n` +
    `  return value;\n` +
    `}\n` +
    `async function ${name}_uncached(${params}) {`,
});
PATCHES["catalog cache, 30 s, no tokens (FINDINGS 1+2)"] = [
  memo("loadCatalogPage", "commerce, url, collectionSlug", '`${collectionSlug ?? ""}?${url.searchParams}`'),
  memo("productBySlug", "commerce, slug", "slug"),
  memo("listCollections", "commerce", '"all"'),
];

try {
  await main();
} finally {
  await stopAll();
  rmSync(work, { recursive: true, force: true });
  rmSync(variantsRoot, { recursive: true, force: true });
}

async function main() {
  if (!existsSync(join(source, "server", "index.js"))) throw new Error("no build-bench/: run `npm run bench` first");
  const patched = opt.build.length ? Object.entries(PATCHES).slice(0, 1) : Object.entries(PATCHES);
  const variants = [
    { name: "as built", patches: [] },
    ...patched.map(([name, patches]) => ({ name, patches })),
    ...opt.build.map((dir) => ({ name: `build ${dir}`, patches: [], from: resolve(root, dir) })),
  ];
  for (const v of variants) {
    v.dir = join(variantsRoot, String(variants.indexOf(v)));
    cpSync(v.from ?? source, v.dir, { recursive: true });
    cpSync(join(root, "server.js"), join(v.dir, "server.js"));
    cpSync(join(root, "server", "request-log.js"), join(v.dir, "server", "request-log.js"));
    // The embedded platform finds its demo data under <cwd>/platform/seed: without
    // it the catalog would be empty and the pages measured would be 404s.
    symlinkSync(join(root, "platform"), join(v.dir, "platform"), "dir");
    for (const p of v.patches) {
      const file = join(v.dir, typeof p.file === "string" ? p.file : findFile(v.dir, p.file));
      if (!existsSync(file)) {
        v.skip = `no file for ${p.file}`;
        break;
      }
      const text = readFileSync(file, "utf8");
      if (!p.find.test(text)) {
        v.skip = `anchor not found in ${p.file}`;
        break;
      }
      writeFileSync(file, text.replace(p.find, p.replace));
    }
  }
  pinSelf(1);
  const secret = randomBytes(24).toString("base64url");
  for (const v of variants.filter((x) => !x.skip)) {
    const port = await freePort();
    v.url = `http://127.0.0.1:${port}`;
    v.child = startNode(["server.js"], {
      cwd: v.dir,
      core: 0,
      logFile: join(work, `${variants.indexOf(v)}.log`),
      env: {
        NODE_ENV: "production",
        SESSION_SECRET: secret,
        COMMERCE_PLATFORM: "embedded",
        PLATFORM_DB: join(work, `${variants.indexOf(v)}.sqlite`),
        PORT: String(port),
        HOST: "127.0.0.1",
        BUILD_DIR: ".",
        WIX_CLIENT_ID: "",
        PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
        TRUST_PROXY: "",
      },
    });
    await waitReady(v.url + "/healthz", v.child);
    if (cpuMsOf(v.child.pid) === null) throw new Error("no /proc: CPU time per request is not available here");
    const buyer = new Visitor(v.url);
    for (const page of CART_PAGES) {
      const added = await postAdd(buyer, page);
      if (!added.ok) throw new Error(`${v.name}: ${added.why}`);
    }
    v.cookie = buyer.cookieHeader();
    const probe = await postAdd(new Visitor(v.url), CYCLE_PAGE);
    if (!probe.ok) throw new Error(`${v.name}: ${probe.why}`);
    v.form = probe.form;
    // Every variant must serve the same pages as the real build, or the comparison means nothing.
    for (const [page, path] of PAGES.filter(([p]) => p !== CYCLE)) {
      const res = await fetch(v.url + path, { headers: { cookie: v.cookie } });
      const html = await res.text();
      if (res.status !== 200 || (page !== "/" && !html.includes('href="/products/'))) {
        throw new Error(`${v.name}: ${page} answered ${res.status}${res.status === 200 ? " without any product" : ""}`);
      }
    }
  }
  // Short runs of every variant in each round, order rotating, each compared with
  // the "as built" run of the same round: the machine's drift cancels out. Every
  // server is warmed up well first: React's SSR code takes thousands of requests
  // to be fully optimised, and a colder process looks slower for a while.
  const base = variants[0];
  const live = variants.filter((x) => !x.skip);
  const results = {};
  for (const [page, path] of PAGES.filter(wanted)) {
    const headersOf = (v) => (path === "/cart" ? { cookie: v.cookie } : {});
    const measure = (x, duration) =>
      page === CYCLE
        ? measureCycle({ url: x.url, productPath: path, form: x.form, origin: x.url, pid: x.child.pid, ...load, duration, warmup: 0 })
        : measureGet({ url: x.url, path, headers: headersOf(x), pid: x.child.pid, ...load, duration, warmup: 0 });
    for (const v of live) await measure(v, load.warmup);
    const ratios = Object.fromEntries(live.slice(1).map((v) => [v.name, []]));
    for (let i = 0; i < pairs; i++) {
      const order = live.map((_, k) => live[(k + i) % live.length]);
      const cpu = {};
      for (const x of order) cpu[x.name] = (await measure(x, load.duration)).cpuMsPerUnit;
      for (const v of live.slice(1)) ratios[v.name].push(cpu[v.name] / cpu[base.name]);
      console.log(`  ${page} round ${i + 1}/${pairs}: ${live.map((x) => `${x.name.split(" (")[0]} ${cpu[x.name]}`).join(" | ")}`);
    }
    results[page] = ratios;
  }
  console.log(
    `\n== Change in server CPU per request vs as built (median over ${pairs} rounds of ${load.duration} s runs; negative = cheaper)`,
  );
  for (const [page] of PAGES.filter(wanted)) {
    for (const v of variants.slice(1)) {
      if (v.skip) console.log(`  ${page.padEnd(16)} ${v.name.padEnd(52)} not applicable (${v.skip})`);
      else {
        const r = [...results[page][v.name]].sort((a, b) => a - b);
        const q = (f) => r[Math.min(r.length - 1, Math.floor(f * r.length))];
        console.log(
          `  ${page.padEnd(16)} ${v.name.padEnd(52)} ${signed(median(r))}   (middle half of the rounds: ${signed(q(0.25))} to ${signed(q(0.75))})`,
        );
      }
    }
  }
}

function signed(ratio) {
  const pct = Math.round((ratio - 1) * 1000) / 10;
  return `${pct > 0 ? "+" : pct < 0 ? "−" : "±"}${Math.abs(pct)} %`;
}

/** The built file whose path (relative to `dir`) matches `re`, e.g. the hashed server-build chunk. */
function findFile(dir, re) {
  const found = readdirSync(join(dir, "server", "assets"))
    .map((f) => `server/assets/${f}`)
    .find((f) => re.test(f));
  return found ?? "server/assets/(not found)";
}

function median(values) {
  const v = [...values].sort((a, b) => a - b);
  return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
}
