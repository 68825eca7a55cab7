// Lighthouse on the site's main pages: the four category scores plus LCP and TBT per page.
//
//   node scripts/lighthouse.mjs --base http://localhost:5414          # a server that is already running
//   node scripts/lighthouse.mjs --start --port 5414                   # starts `node server.js` (the current build)
//   options: --pages /,/cv,...  --json out.json  --desktop  --details (lists every audit below 1 in the 3 non-performance categories)
//
// Importable: `runLighthouse(base, paths, options)` resolves to one result per page (the performance work reuses it).
// lighthouse@12.8.2 is the last line that runs on Node 20; Debian's chromium at /usr/bin/chromium (CHROME_PATH to change).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";

export const DEFAULT_PAGES = ["/", "/cv", "/products", "{product}", "/cart", "/contact"];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

/** The first product page the sitemap lists: a real product whatever the catalog holds. */
export async function firstProductPath(base) {
  const xml = await (await fetch(new URL("/sitemap.xml", base))).text();
  const loc = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname).find((p) => p.startsWith("/products/"));
  if (!loc) throw new Error("no product page in /sitemap.xml");
  return loc;
}

/**
 * Runs Lighthouse on each path of `base` in one headless chromium; resolves to
 * [{ path, scores: {performance, accessibility, bestPractices, seo} (0–100), lcpMs, tbtMs, failing: [{category, id, title}] }].
 */
export async function runLighthouse(
  base,
  paths = DEFAULT_PAGES,
  { chromePath = process.env.CHROME_PATH || "/usr/bin/chromium", desktop = false } = {},
) {
  const resolved = await Promise.all(paths.map(async (p) => (p === "{product}" ? firstProductPath(base) : p)));
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  const results = [];
  try {
    const config = desktop ? (await import("lighthouse/core/config/desktop-config.js")).default : undefined;
    const audit = async (path) =>
      (
        await lighthouse(
          new URL(path, base).href,
          { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES },
          config,
        )
      ).lhr;
    for (const path of resolved) {
      let lhr = await audit(path);
      // On a busy machine a run can fail to trace the page (NO_FCP, …; every score 0): one more try before reporting it.
      if (lhr.runtimeError) lhr = await audit(path);
      const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const failing = [];
      for (const category of ["accessibility", "best-practices", "seo"]) {
        for (const ref of lhr.categories[category]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
            failing.push({ category, id: ref.id, title: audit.title });
        }
      }
      results.push({
        path,
        scores: {
          performance: score("performance"),
          accessibility: score("accessibility"),
          bestPractices: score("best-practices"),
          seo: score("seo"),
        },
        lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN),
        tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? NaN),
        failing,
        ...(lhr.runtimeError ? { runtimeError: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
      });
    }
  } finally {
    await chrome.kill();
  }
  return results;
}

export function formatTable(results) {
  const head = ["page", "perf", "a11y", "best", "seo", "LCP ms", "TBT ms"];
  const rows = results.map((r) =>
    [r.path, r.scores.performance, r.scores.accessibility, r.scores.bestPractices, r.scores.seo, r.lcpMs, r.tbtMs].map(String),
  );
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  return [line(head), ...rows.map(line)].join("\n");
}

/** `node server.js` on `port` with a throw-away embedded platform; resolves once it answers. */
export async function startServer(port) {
  const dir = mkdtempSync(join(tmpdir(), "lighthouse-"));
  const origin = `http://localhost:${port}`;
  const child = spawn(process.execPath, ["server.js"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      PUBLIC_ORIGIN: origin,
      COMMERCE_PLATFORM: "embedded",
      PLATFORM_DB: join(dir, "platform.sqlite"),
      SESSION_SECRET: "lighthouse-session-secret-0123456789",
    },
  });
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`${origin}/`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    origin,
    stop: () => {
      child.kill("SIGTERM");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function main(argv) {
  const arg = (name) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const server = argv.includes("--start") ? await startServer(Number(arg("port") ?? 5414)) : null;
  const base = server?.origin ?? arg("base") ?? "http://localhost:3000";
  try {
    const pages = arg("pages")?.split(",") ?? DEFAULT_PAGES;
    const results = await runLighthouse(base, pages, { desktop: argv.includes("--desktop") });
    console.log(formatTable(results));
    if (argv.includes("--details"))
      for (const r of results) {
        if (r.runtimeError) console.log(`${r.path}  lighthouse could not run: ${r.runtimeError}`);
        for (const f of r.failing) console.log(`${r.path}  [${f.category}] ${f.id}: ${f.title}`);
      }
    const out = arg("json");
    if (out) writeFileSync(out, JSON.stringify({ base, date: new Date().toISOString(), results }, null, 2));
  } finally {
    server?.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
