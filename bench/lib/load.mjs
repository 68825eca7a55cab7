// Load generation with autocannon, in this process (pinned to the other core).
// Each measurement: a warm-up run whose figures are thrown away, then a run
// bounded in time. Latencies are autocannon's (HdrHistogram, ms).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { applySetCookie, cookieHeader } from "../../tests/support/cookies.ts";
import { freshRender } from "../../tests/support/visitor.ts";

let ticksPerSecond = 100;
try {
  ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
} catch {
  // Linux's usual value.
}

/**
 * CPU time (user + system, all threads) the server process has used, in ms,
 * from /proc; null where there is no /proc. Per request, it is the server's
 * cost whatever else runs on the machine, which throughput is not.
 */
export function cpuMsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after "(comm) state".
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return null;
  }
}

/** Runs `fn` (one measured autocannon run) and adds the server's CPU cost per request to its figures. */
async function withCpu(pid, fn, platformPid) {
  const before = pid ? cpuMsOf(pid) : null;
  const platformBefore = platformPid ? cpuMsOf(platformPid) : null;
  const started = process.hrtime.bigint();
  const figures = await fn();
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  const after = pid ? cpuMsOf(pid) : null;
  const platformAfter = platformPid ? cpuMsOf(platformPid) : null;
  if (before === null || after === null) return figures;
  const cpuMs = after - before;
  const units = figures.cycles !== undefined ? Math.max(1, Math.round(figures.requests / 2)) : Math.max(1, figures.requests);
  return {
    ...figures,
    serverCpuMs: Math.round(cpuMs),
    // Share of one core the server got during the run: well under 100 % means other work starved it.
    serverCpuPct: Math.round((1000 * cpuMs) / wallMs) / 10,
    cpuMsPerUnit: Math.round((1000 * cpuMs) / units) / 1000,
    // The platform in its own process (PLATFORM_URL): its CPU for the same requests, reported beside the app's.
    ...(platformBefore !== null && platformAfter !== null
      ? { platformCpuMsPerUnit: Math.round((1000 * (platformAfter - platformBefore)) / units) / 1000 }
      : {}),
  };
}

function run(opts) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ ...opts, renderProgressBar: false, renderResultsTable: false }, (err, result) => {
      if (err) reject(err);
      else resolve(result);
    });
    // Keeps autocannon's own SIGINT handling from outliving the run.
    instance.on("error", reject);
  });
}

function summary(result, extra = {}) {
  const codes = result.statusCodeStats ?? {};
  return {
    // Completed responses over the measured time (autocannon's per-second mean reads 0 when every response takes > 1 s).
    rps: round(result.requests.total / Math.max(0.001, result.duration)),
    p50: result.latency.p50,
    p99: result.latency.p99,
    latencyMean: round(result.latency.average),
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(Object.entries(codes).map(([k, v]) => [k, v.count])),
    bytesPerRequest: result.requests.total ? Math.round(result.throughput.total / result.requests.total) : 0,
    ...extra,
  };
}

const round = (n) => Math.round(n * 10) / 10;

/** GET `path` under load: warm-up, then the measured run. */
export async function measureGet({ url, path, headers = {}, connections, duration, warmup, pid, platformPid, rate }) {
  // `rate`: a fixed offered load (requests/s over all connections) instead of as many as the server answers.
  const base = { url: url + path, connections, headers, timeout: 10, ...(rate ? { overallRate: rate } : {}) };
  if (warmup > 0) await run({ ...base, duration: warmup });
  return withCpu(pid, async () => summary(await run({ ...base, duration })), platformPid);
}

/**
 * The add-to-cart cycle: POST the product form (→ 303), then GET the Location,
 * as a browser without JavaScript does. autocannon clears its per-connection
 * context after each cycle, so visitors live in a pool outside it: a cycle
 * borrows a visitor (cookie jar) and gives it back, so carts and sessions are
 * reused like a returning visitor's. A visitor is replaced by a new one after
 * `cyclesPerVisitor` adds (its first add also creates its cart), which keeps
 * line quantities under the form's maximum (99). Cycle latency is timed here
 * (POST sent → GET answered); autocannon's own latency is per request.
 */
export async function measureCycle({
  url,
  productPath,
  form,
  origin,
  connections,
  duration,
  warmup,
  pid,
  platformPid,
  cyclesPerVisitor = 20,
}) {
  // Each add as its own page render (a fresh idempotency key): the same body sent again is one double submit, which
  // the site answers from the first answer without running it (server/idempotency.ts). A fixed body measured replays.
  const body = () => new URLSearchParams(freshRender(form)).toString();
  const pool = [];
  let samples = [];
  let recording = false;
  const badStatus = {};
  const bad = (what, status) => (badStatus[`${what} ${status}`] = (badStatus[`${what} ${status}`] ?? 0) + 1);
  const requests = [
    {
      method: "POST",
      path: productPath,
      setupRequest(req, context) {
        const visitor = pool.pop() ?? { jar: new Map(), cycles: 0 };
        context.visitor = visitor;
        context.started = process.hrtime.bigint();
        context.record = recording;
        return {
          ...req,
          body: body(),
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            origin,
            ...(visitor.jar.size ? { cookie: cookieHeader(visitor.jar) } : {}),
          },
        };
      },
      onResponse(status, _body, context, headers) {
        if (status !== 303) bad("POST", status);
        applySetCookie(context.visitor.jar, headerOf(headers, "set-cookie"));
        context.location = headerOf(headers, "location") ?? productPath;
      },
    },
    {
      method: "GET",
      path: productPath,
      setupRequest(req, context) {
        return { ...req, method: "GET", path: context.location ?? productPath, headers: { cookie: cookieHeader(context.visitor.jar) } };
      },
      onResponse(status, _body, context, headers) {
        if (status !== 200) bad("GET", status);
        const visitor = context.visitor;
        applySetCookie(visitor.jar, headerOf(headers, "set-cookie"));
        if (context.record && recording) samples.push(Number(process.hrtime.bigint() - context.started) / 1e6);
        if (++visitor.cycles < cyclesPerVisitor) pool.push(visitor);
      },
    },
  ];
  const base = { url, connections, timeout: 10 };
  if (warmup > 0) await run({ ...base, duration: warmup, requests: requests.map((r) => ({ ...r })) });
  return withCpu(
    pid,
    async () => {
      recording = true;
      samples = [];
      const result = await run({ ...base, duration, requests: requests.map((r) => ({ ...r })) });
      recording = false;
      samples.sort((a, b) => a - b);
      const pct = (p) => (samples.length ? round(samples[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))]) : null);
      const s = summary(result);
      return {
        ...s,
        // Two requests per cycle.
        cyclesPerSecond: round(s.rps / 2),
        cycles: samples.length,
        cycleP50: pct(50),
        cycleP99: pct(99),
        badStatus,
      };
    },
    platformPid,
  );
}

function headerOf(headers, name) {
  if (!headers) return undefined;
  for (const [k, v] of Object.entries(headers)) if (k.toLowerCase() === name) return v;
  return undefined;
}
