// The printed report of a bench run (the JSON report holds the same figures).
import { costRatio } from "./targets.mjs";

const log = (...a) => console.log(...a);

export function printReport(r) {
  log(
    `\n== Results (${r.date}, ${r.commit}, node ${r.node}, ${r.cpus} cores, ${r.pinned ? "pinned" : "not pinned"}; ${r.settings.connections} connections, ${r.settings.warmup} s warm-up + ${r.settings.duration} s, median of ${r.settings.rounds} rounds)`,
  );
  if (r.figures) {
    const minimal = r.figures["baseline: minimal RR app"];
    const home = r.figures["/"];
    const ratio = (f, base) => (f?.cpuMsPerUnit && base?.cpuMsPerUnit ? `${Math.round(100 * costRatio(f, base)) / 100}×` : "n/a");
    const rows = Object.entries(r.figures).map(([name, f]) => [
      name,
      f.cyclesPerSecond !== undefined ? `${f.rps} (${f.cyclesPerSecond} cycles/s)` : String(f.rps),
      f.cycleP50 !== undefined ? `${f.p50} (cycle ${f.cycleP50})` : String(f.p50),
      f.cycleP99 !== undefined ? `${f.p99} (cycle ${f.cycleP99})` : String(f.p99),
      f.cpuMsPerUnit !== undefined ? `${f.cpuMsPerUnit}${f.cyclesPerSecond !== undefined ? "/cycle" : ""}` : "n/a",
      f.platformCpuMsPerUnit !== undefined ? String(f.platformCpuMsPerUnit) : "-",
      f.serverCpuPct !== undefined ? `${f.serverCpuPct} %` : "n/a",
      ratio(f, minimal),
      ratio(f, home),
    ]);
    table(["scenario", "req/s", "p50 ms", "p99 ms", "app CPU ms/req", "platform CPU ms", "app core", "vs floor", "vs /"], rows);
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
    log("  ratios: the app server's CPU time per request, median of the per-round ratios (steadier than req/s on a shared machine)");
    log("  platform CPU ms: the platform service's CPU for the same request (PLATFORM_URL), reported beside, not counted in");
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

  if (r.far?.requests) {
    log(`\n== With the platform as far away as Wix (latency ${r.far.latencyMs} ms ±20 % per call; one request at a time)`);
    table(
      ["request", "status", "SDK calls", "round trips before first byte", "TTFB p50 ms", "TTFB p95 ms", "endpoints (median sample)"],
      Object.entries(r.far.requests).map(([name, x]) => [
        name,
        x.statuses.join(","),
        x.calls,
        `${x.roundTrips}${x.roundTripsMax !== x.roundTrips ? ` (max ${x.roundTripsMax})` : ""}`,
        x.ttfbP50,
        x.ttfbP95,
        x.endpoints.join(", ") || "-",
      ]),
    );
  }
  for (const v of r.far?.visits ?? []) {
    log(`\n== SDK calls of two visits, ${v.replicas} replica${v.replicas > 1 ? "s serving the pages in turn" : ""} (catalog warm)`);
    log(
      `  browsing (/, 3 catalog pages, 2 product pages, /cv): ${v.browsing.calls} calls${v.browsing.calls ? ` (${v.browsing.endpoints.join(", ")})` : ""}; the next one ${v.browsing.again}`,
    );
    log(
      `  buying (browse, add 2 items, cart, checkout, send it): ${v.buying.calls} calls → ${v.buying.perMinute} purchases a minute under Wix's 200 requests/min`,
    );
    log(`    ${v.buying.steps.map((x) => `${x.what} ${x.calls}`).join("; ")}`);
    log(`    ${v.buying.endpoints.join(", ")}`);
    log(
      `  catalog entries refreshed meanwhile (each at most every 30 s, not per visit): browsing ${v.browsing.catalogRefreshes}, buying ${v.buying.catalogRefreshes}`,
    );
  }
  if (r.far?.error) log(`\n== latency part failed: ${r.far.error}`);

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

  if (r.latency && !r.latency.error)
    log(
      `\n== Latency of /products: low load p50 ${r.latency.lowLoad.p50} ms (p99 ${r.latency.lowLoad.p99}); at ${r.latency.halfLoad.rate} req/s (half of ${r.latency.capacity}) p50 ${r.latency.halfLoad.p50} ms, p99 ${r.latency.halfLoad.p99} ms (${r.latency.halfLoad.rps} req/s answered)`,
    );
  if (r.lighthouse && !r.lighthouse.error) {
    log("\n== Lighthouse (mobile, simulated throttling)");
    table(
      ["page", "performance", "LCP ms", "FCP ms", "TBT ms", "CLS"],
      Object.entries(r.lighthouse).map(([p, x]) =>
        x.error ? [p, "error", "-", "-", "-", "-"] : [p, x.performance, x.lcpMs, x.fcpMs, x.tbtMs, x.cls],
      ),
    );
  }
  if (r.lighthouse && !r.lighthouse.error) {
    log("\n== Where each page's main thread went (Lighthouse, the run with the median TBT)");
    for (const [p, x] of Object.entries(r.lighthouse)) {
      if (!x.mainThread) continue;
      const { byKind, scripts, longTasks } = x.mainThread;
      log(`  ${p}: ${byKind.map((k) => `${k.kind} ${k.ms} ms`).join(", ")}`);
      log(`    scripts: ${scripts.map((s) => `${s.url} ${s.totalMs} ms (eval ${s.scriptingMs}, parse ${s.parseMs})`).join("; ")}`);
      log(`    long tasks: ${longTasks.map((t) => `${t.ms} ms at ${t.startMs} ms (${t.url})`).join("; ") || "none"}`);
    }
  }
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
    log("  full summaries: bench/results/profiles/*/summary.txt");
  }
}

export function table(head, rows) {
  const all = [head, ...rows.map((r) => r.map(String))];
  const widths = head.map((_, i) => Math.max(...all.map((r) => String(r[i]).length)));
  const line = (r) => "  " + r.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join("  ");
  log(line(head));
  log("  " + widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of all.slice(1)) log(line(r));
}
