// `npm run bench`: builds the app (BUILD_DIR=build-bench), the platform service and a minimal React Router 7 app
// that renders the same static HTML as `/` (the framework floor); starts them on loopback pinned to core 0, the
// platform in its own process (PLATFORM_URL) so the app's CPU is its own; loads them with autocannon from this
// process pinned to core 1; and prints, from this one run, every target with PASS/FAIL (informational:
// the exit code never depends on them): CPU per request as ratios, /products latency at half capacity, the JS each
// route loads against the floor, and Lighthouse mobile figures.
//
// Also: Lighthouse on six pages, the median of 3 runs each (with the load average beside every run), the
// scale bench (bench/scale.mjs: 10,000 vs 62 products on Catalog V3 and V1, 100 vs 20 cart lines) and what the
// storefront's chunks carry (scripts/chunk-modules.ts). Ports: TEST_PORT_RANGE (e.g. 5500-5549), as the tests.
//
// Options: --duration S (5) --warmup S (2) --connections N (32) --rounds N (3) --skip-build
//          --platform remote|inprocess (remote)  --no-lighthouse  --lighthouse-runs N (3)  --no-scale
//          --profile (also write CPU profiles of the app server)  --profile-only  --out FILE (results/latest.json)
//          --report FILE (print a saved run's JSON again, targets evaluated by the current rules)
//          --no-latency (skip the part with the platform's latency mode)  --latency-samples N (15)
//          --latency-only (only that part: round trips, TTFB, visits' calls, Lighthouse; no load rounds)
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { buildApp, buildMinimalApp, buildPlatform } from "./lib/builds.mjs";
import { measureLatency } from "./lib/latency.mjs";
import { imageBytes } from "./lib/image-bytes.mjs";
import { latencyRun } from "./lib/latency-run.mjs";
import { measureCycle, measureGet } from "./lib/load.mjs";
import { BENCH_DIR as here, benchOptions, ROOT as root } from "./lib/options.mjs";
import { onInterrupt, pinSelf, stop, stopAll } from "./lib/proc.mjs";
import { profileApp } from "./lib/profiling.mjs";
import { printReport } from "./lib/report.mjs";
import { PRODUCT_PAGE, prepareScenarios, text } from "./lib/scenarios.mjs";
import { countSdkCalls } from "./lib/sdk-calls.mjs";
import { CLIENT_CORE, SERVER_CORE, startApp, startBare, startMinimal } from "./lib/servers.mjs";
import { sizeReport, stylesheetsIn } from "./lib/sizes.mjs";
import { evaluate } from "./lib/targets.mjs";
import { motionChunks, readClientBuild, storefrontLeaks } from "../scripts/chunk-modules.ts";

const opt = benchOptions(
  { duration: 5, warmup: 2, connections: 32, rounds: 3 },
  {
    platform: { type: "string", default: "remote" },
    "skip-build": { type: "boolean", default: false },
    "no-lighthouse": { type: "boolean", default: false },
    "lighthouse-runs": { type: "string", default: "3" },
    "no-scale": { type: "boolean", default: false },
    "no-latency": { type: "boolean", default: false },
    "latency-only": { type: "boolean", default: false },
    "latency-samples": { type: "string", default: "15" },
    profile: { type: "boolean", default: false },
    "profile-only": { type: "boolean", default: false },
    out: { type: "string", default: join(here, "results", "latest.json") },
    report: { type: "string" },
  },
);
const BUILD_DIR = "build-bench";
const resultsDir = join(here, "results");
mkdirSync(resultsDir, { recursive: true });
const work = mkdtempSync(join(tmpdir(), "bench-"));
onInterrupt(() => rmSync(work, { recursive: true, force: true }));
const log = (...a) => console.log(...a);

const ctx = {
  root,
  benchDir: here,
  work,
  resultsDir,
  connections: Number(opt.connections),
  duration: Number(opt.duration),
  warmup: Number(opt.warmup),
  rounds: Math.max(1, Number(opt.rounds)),
};

async function main() {
  if (opt.report) {
    // Prints a saved run again, its targets evaluated by the current rules.
    const saved = JSON.parse(readFileSync(opt.report, "utf8"));
    saved.targets = evaluate(saved);
    printReport(saved);
    return;
  }
  const started = Date.now();
  const loadBefore = loadavg()[0];
  if (!opt["skip-build"]) buildApp(root, BUILD_DIR);
  const platformScript = opt.platform === "inprocess" ? undefined : buildPlatform(root, BUILD_DIR);
  const pinned = ctx.connections > 0 && cpus().length > 1 && pinSelf(CLIENT_CORE);
  log(
    pinned ? `load generator pinned to core ${CLIENT_CORE}, servers to core ${SERVER_CORE}` : "taskset unavailable or 1 core: no pinning",
  );
  log(platformScript ? "platform: its own process (PLATFORM_URL)" : "platform: inside the app's process");

  ctx.appOptions = {
    root,
    logDir: resultsDir,
    secret: randomBytes(24).toString("base64url"),
    dbFile: join(work, "platform.sqlite"),
    buildDir: BUILD_DIR,
    platformScript,
  };
  const app = await startApp(ctx.appOptions);
  const homeHtml = await text(app.url + "/");
  writeFileSync(join(work, "home.html"), homeHtml.body);
  const scenarios = await prepareScenarios(app);
  const minimalApp = buildMinimalApp(root, here, join(work, "bench", "minimal-app"), homeHtml.body);

  let runs = null;
  let latency = null;
  const loadRounds = !opt["profile-only"] && !opt["latency-only"];
  if (loadRounds) {
    const bare = await startBare({
      benchDir: here,
      logDir: resultsDir,
      bodyFile: join(work, "home.html"),
      contentType: homeHtml.contentType,
    });
    const minimal = await startMinimal({ dir: minimalApp.dir, logDir: resultsDir });
    log(`floor page: ${minimal.bytes} bytes served vs ${Buffer.byteLength(homeHtml.body)} for /`);
    // React's SSR code needs thousands of requests to be fully optimised: one
    // unmeasured pass over every scenario first, so the first round is not the coldest.
    if (ctx.warmup > 0) {
      log(`\nwarm-up pass (${3 * ctx.warmup} s per scenario, not measured)`);
      await measureRound({ app, bare, minimal, scenarios, load: { connections: ctx.connections, duration: 3 * ctx.warmup, warmup: 0 } });
    }
    runs = [];
    for (let r = 1; r <= ctx.rounds; r++) {
      log(`\nround ${r}/${ctx.rounds} (${ctx.warmup} s warm-up + ${ctx.duration} s measured each, ${ctx.connections} connections)`);
      runs.push(await measureRound({ app, bare, minimal, scenarios }));
    }
    await stop(bare.child);
    await stop(minimal.child);
    const capacity = median(runs)["/products"]?.rps;
    log(`\nlatency of /products at low load and at half its capacity (${capacity} req/s) …`);
    latency = await measureLatency({
      url: app.url,
      path: "/products",
      pid: app.child.pid,
      platformPid: app.platform?.child.pid,
      capacity,
      duration: ctx.duration,
      warmup: ctx.warmup,
    });
  }
  let images = null;
  if (!opt["latency-only"]) {
    log("\nimage bytes on a phone (390 px, DPR 3) …");
    images = await imageBytes([
      { name: "/products", url: app.url + "/products" },
      { name: "/products/:slug", url: app.url + PRODUCT_PAGE, lcp: ".gallery-main img" },
      ...(scenarios.cart ? [{ name: "/cart (3 lines)", url: app.url + "/cart", cookie: scenarios.cart.cookie }] : []),
    ]);
  }
  await stop(app.child);
  if (app.platform) await stop(app.platform.child);

  const sizes = sizeReport(join(root, BUILD_DIR, "client"), { globalCss: stylesheetsIn(homeHtml.body), pages: scenarios.pageHtml });
  // What React 19 + React Router 7 alone ship for one static route: the floor under any JS budget.
  sizes.minimalApp = sizeReport(join(minimalApp.dir, "build", "client")).routes["routes/home"];

  const sdkCalls = opt["latency-only"] ? null : await countSdkCalls(ctx, scenarios);
  // With the platform as far away as Wix: round trips, TTFB, the visits' calls, Lighthouse (lib/latency-run.mjs).
  const far = opt["no-latency"]
    ? null
    : await latencyRun(ctx, {
        samples: Math.max(3, Number(opt["latency-samples"])),
        lighthouseRuns: opt["no-lighthouse"] ? 0 : Number(opt["lighthouse-runs"]),
        minimalDir: minimalApp.dir,
      });
  const lighthouse = far?.lighthouse ?? null;
  const scale = opt["no-scale"] || opt["latency-only"] ? null : runScale();
  const chunks = chunkReport(join(root, BUILD_DIR, "client"));
  const profiles = opt.profile || opt["profile-only"] ? await profileApp(ctx, scenarios) : null;

  const figures = runs ? median(runs) : null;
  const report = {
    date: new Date().toISOString(),
    commit: git(["rev-parse", "--short", "HEAD"]),
    node: process.version,
    cpus: cpus().length,
    pinned,
    platform: platformScript ? "own process" : "in-process",
    // Other work on the machine skews every figure; ratios within the run hold up better.
    loadAverage: { before: round1(loadBefore), after: round1(loadavg()[0]) },
    settings: {
      connections: ctx.connections,
      duration: ctx.duration,
      warmup: ctx.warmup,
      rounds: ctx.rounds,
      acceptEncoding: "none (identity)",
    },
    floorPage: { bodyBytes: minimalApp.bodyBytes, elements: minimalApp.elements },
    notAvailable: scenarios.notAvailable,
    headers: scenarios.headers,
    sdkCalls,
    figures,
    rounds: runs,
    latency,
    sizes,
    images,
    far: far ? { ...far, lighthouse: undefined } : null,
    lighthouse,
    scale,
    chunks,
    targets: evaluate({ figures, latency, sizes, images, lighthouse, scale, chunks, far }),
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

async function measureRound({
  app,
  bare,
  minimal,
  scenarios,
  load = { connections: ctx.connections, duration: ctx.duration, warmup: ctx.warmup },
}) {
  const out = {};
  const step = async (name, fn) => {
    process.stdout.write(`  ${name.padEnd(28)} `);
    const f = (out[name] = await fn());
    const cpu =
      f.cpuMsPerUnit !== undefined
        ? `  app ${f.cpuMsPerUnit} CPU ms/${f.cycles !== undefined ? "cycle" : "req"} (${f.serverCpuPct} % of a core)${f.platformCpuMsPerUnit !== undefined ? `, platform ${f.platformCpuMsPerUnit}` : ""}`
        : "";
    log(
      `${String(f.rps).padStart(8)} req/s  p50 ${f.p50} ms  p99 ${f.p99} ms${cpu}${f.errors || f.timeouts ? `  errors ${f.errors} timeouts ${f.timeouts}` : ""}`,
    );
  };
  const pids = { pid: app.child.pid, platformPid: app.platform?.child.pid };
  await step("baseline: bare node:http", () => measureGet({ url: bare.url, path: "/", pid: bare.child.pid, ...load }));
  await step("baseline: minimal RR app", () => measureGet({ url: minimal.url, path: "/", pid: minimal.child.pid, ...load }));
  for (const { name, path } of scenarios.gets) await step(name, () => measureGet({ url: app.url, path, ...pids, ...load }));
  if (scenarios.cart)
    await step("/cart (3 lines)", () =>
      measureGet({ url: app.url, path: "/cart", headers: { cookie: scenarios.cart.cookie }, ...pids, ...load }),
    );
  if (scenarios.cycle)
    await step("add-to-cart POST→303→GET", () =>
      measureCycle({
        url: app.url,
        productPath: scenarios.cycle.productPath,
        form: scenarios.cycle.form,
        origin: app.url,
        ...pids,
        ...load,
      }),
    );
  return out;
}

/** Per scenario, the median of each figure over the rounds (rounds are interleaved, so drift hits all alike). */
function median(runs) {
  const out = {};
  for (const name of Object.keys(runs[0])) {
    const all = runs.map((r) => r[name]).filter(Boolean);
    const fig = { ...all[all.length - 1] };
    for (const k of [
      "rps",
      "p50",
      "p99",
      "latencyMean",
      "cyclesPerSecond",
      "cycleP50",
      "cycleP99",
      "cpuMsPerUnit",
      "platformCpuMsPerUnit",
      "serverCpuPct",
      "requests",
    ]) {
      const v = all
        .map((a) => a[k])
        .filter((x) => typeof x === "number")
        .sort((a, b) => a - b);
      if (v.length) fig[k] = v.length % 2 ? v[(v.length - 1) / 2] : Math.round(((v[v.length / 2 - 1] + v[v.length / 2]) / 2) * 1000) / 1000;
    }
    fig.rpsAllRounds = all.map((a) => a.rps);
    fig.cpuMsPerUnitAllRounds = all.map((a) => a.cpuMsPerUnit);
    out[name] = fig;
  }
  return out;
}

/** What the storefront's pages load up front, from the build's chunk list (null for a build made without it). */
function chunkReport(clientDir) {
  try {
    const build = readClientBuild(clientDir);
    return { leaks: storefrontLeaks(build), motion: motionChunks(build) };
  } catch (error) {
    log(`no chunk report: ${error.message}`);
    return null;
  }
}

/** bench/scale.mjs on this run's build, two sizes and two cart lengths (the issue's ratios), both catalog versions. */
function runScale() {
  log("\nscale (bench/scale.mjs: 62 and 10,000 products on V3 and V1; carts of 20 and 100 lines) …");
  const out = join(work, "scale.json");
  try {
    execFileSync(
      process.execPath,
      [
        "--import",
        "tsx",
        join(here, "scale.mjs"),
        "--skip-build",
        "--build-dir",
        BUILD_DIR,
        "--sizes",
        "62,10000",
        "--lines",
        "20,100",
        "--out",
        out,
      ],
      { cwd: root, stdio: ["ignore", "inherit", "inherit"] },
    );
    return JSON.parse(readFileSync(out, "utf8"));
  } catch (error) {
    return { error: `scale bench failed: ${String(error.message).slice(0, 200)}` };
  }
}

function git(args) {
  try {
    return execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "unknown";
  }
}

function round1(x) {
  return Math.round(x * 10) / 10;
}

// Last, so every declaration above is initialised before it runs.
try {
  await main();
} finally {
  await stopAll();
  rmSync(work, { recursive: true, force: true });
}
