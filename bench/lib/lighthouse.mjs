// Lighthouse mobile figures (performance score, LCP, TBT; simulated throttling, Lighthouse's default) for a few
// pages, with Debian's chromium. Uses the project's `lighthouse` if installed, else `npx lighthouse@12.8.2` (the
// last version that runs on Node 20). One run of a page takes 20–40 s.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { hasTaskset } from "./proc.mjs";

export const LIGHTHOUSE_VERSION = "12.8.2";
const CHROME = process.env.CHROME_PATH || "/usr/bin/chromium";

function lighthouseCommand(root) {
  const local = join(root, "node_modules", "lighthouse", "cli", "index.js");
  return existsSync(local) ? [process.execPath, [local]] : ["npx", ["--yes", `lighthouse@${LIGHTHOUSE_VERSION}`]];
}

/**
 * The bench pins its own process to the load generator's core (pinSelf), and a child inherits that affinity: Chromium
 * would then run its browser, renderer and network processes on one core, and Lighthouse would count the waits as the
 * page's own long tasks (TBT ~1,400 ms on every page, 196 ms unpinned, measured 2026-11-27). Lighthouse and its
 * Chromium get every core back, as a visitor's browser has.
 */
function unpinned(cmd, args) {
  return hasTaskset ? ["taskset", ["-c", `0-${cpus().length - 1}`, cmd, ...args]] : [cmd, args];
}

function runOnce(root, url, outFile, headers) {
  const [command, pre] = lighthouseCommand(root);
  const args = [
    ...pre,
    url,
    "--quiet",
    "--output=json",
    `--output-path=${outFile}`,
    "--only-categories=performance",
    ...(headers ? [`--extra-headers=${JSON.stringify(headers)}`] : []),
    "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
  ];
  const [cmd, argv] = unpinned(command, args);
  return new Promise((resolve, reject) =>
    execFile(cmd, argv, { env: { ...process.env, CHROME_PATH: CHROME }, timeout: 180_000, maxBuffer: 1 << 24 }, (err, _o, stderr) =>
      err ? reject(new Error(`lighthouse ${url}: ${String(stderr || err.message).slice(0, 400)}`)) : resolve(),
    ),
  );
}

/**
 * `pages`: [{ name, url, cookie? }]. A page with a cookie (the cart) gets it through `--extra-headers`.
 * `runs` per page; the median run (by performance score) is kept, as Lighthouse's own guidance suggests.
 */
/** Runs of a page run again when Lighthouse itself failed to record them. */
const RETRIES = 2;

export async function lighthousePages(root, pages, { runs = 1 } = {}) {
  if (!existsSync(CHROME)) return { error: `no chromium at ${CHROME}` };
  const dir = mkdtempSync(join(tmpdir(), "bench-lh-"));
  const out = {};
  try {
    for (const page of pages) {
      const results = [];
      let retries = RETRIES;
      for (let i = 0; i < runs; i++) {
        const file = join(dir, `${results.length}.json`);
        const url = page.url;
        try {
          await runOnce(root, url, file, page.cookie ? { Cookie: page.cookie } : undefined);
          const lhr = JSON.parse(readFileSync(file, "utf8"));
          results.push({
            performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
            lcpMs: Math.round(lhr.audits["largest-contentful-paint"].numericValue),
            fcpMs: Math.round(lhr.audits["first-contentful-paint"].numericValue),
            tbtMs: Math.round(lhr.audits["total-blocking-time"].numericValue),
            cls: Math.round(lhr.audits["cumulative-layout-shift"].numericValue * 1000) / 1000,
            // Other work on the machine shows in TBT first: the load average is kept beside each run.
            load: Math.round(loadavg()[0] * 10) / 10,
            mainThread: mainThreadProfile(lhr),
            images: imageAudits(lhr),
          });
        } catch (error) {
          // A trace Lighthouse failed to record (NO_NAVSTART, NO_FCP…) says nothing of the page: it asks to run again.
          if (retries > 0 && /Please run Lighthouse again/.test(error.message)) {
            retries--;
            i--;
            continue;
          }
          out[page.name] = { error: error.message };
          break;
        }
      }
      if (results.length) {
        // Each figure is the median of its own runs (the "median of 3 runs beside each figure"); the main
        // thread's profile is the one of the run with the median TBT, the figure it explains.
        const medianOf = (key) => results.map((r) => r[key]).toSorted((a, b) => a - b)[Math.floor(results.length / 2)];
        const byTbt = results.toSorted((a, b) => a.tbtMs - b.tbtMs)[Math.floor(results.length / 2)];
        out[page.name] = {
          performance: medianOf("performance"),
          lcpMs: medianOf("lcpMs"),
          fcpMs: medianOf("fcpMs"),
          tbtMs: medianOf("tbtMs"),
          cls: medianOf("cls"),
          mainThread: byTbt.mainThread,
          // The image audits hardly vary between runs: the last run's.
          images: results[results.length - 1].images,
          runs: results.map(({ mainThread: _profile, images: _images, ...run }) => run),
        };
      }
      const { mainThread: _profile, ...shown } = out[page.name] ?? {};
      console.log(`  lighthouse ${page.name}: ${JSON.stringify(shown)}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

/**
 * The image audits: "Properly size images" (uses-responsive-images), "Efficiently encode images"
 * (uses-optimized-images), "Serve images in next-gen formats" (modern-image-formats). Passed: score 1, or not
 * applicable (score null: no image it could judge). With the bytes each says could be saved, and the LCP element.
 */
function imageAudits(lhr) {
  const audit = (id) => {
    const a = lhr.audits[id];
    return a
      ? { pass: a.score === null || a.score === 1, score: a.score, wastedKb: Math.round((a.details?.overallSavingsBytes ?? 0) / 1000) }
      : null;
  };
  const lcp = lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node;
  return {
    responsive: audit("uses-responsive-images"),
    optimized: audit("uses-optimized-images"),
    modern: audit("modern-image-formats"),
    lcpElement: lcp ? String(lcp.snippet ?? lcp.nodeLabel ?? "").slice(0, 120) : null,
  };
}

/**
 * Where a run's main thread went, from Lighthouse's own audits (a profile, not a guess): the work by kind
 * (mainthread-work-breakdown), the scripts that cost the most (bootup-time: evaluation, parse and compile) and the
 * long tasks that TBT counts (each one's part over 50 ms blocks), with the script each is attributed to.
 */
function mainThreadProfile(lhr) {
  const ms = (x) => Math.round(x ?? 0);
  const short = (url) => String(url ?? "").replace(/^https?:\/\/[^/]+/, "") || "(page)";
  const items = (id) => lhr.audits[id]?.details?.items ?? [];
  return {
    byKind: items("mainthread-work-breakdown")
      .slice(0, 5)
      .map((i) => ({ kind: i.groupLabel ?? i.group, ms: ms(i.duration) })),
    scripts: items("bootup-time")
      .slice(0, 4)
      .map((i) => ({ url: short(i.url), totalMs: ms(i.total), scriptingMs: ms(i.scripting), parseMs: ms(i.scriptParseCompile) })),
    longTasks: items("long-tasks")
      .slice(0, 5)
      .map((i) => ({ url: short(i.url), startMs: ms(i.startTime), ms: ms(i.duration) })),
  };
}
