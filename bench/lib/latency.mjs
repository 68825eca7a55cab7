// Latency at a realistic load, not at saturation: /products's p50 with one request at a time (low load), then its
// p50/p99 at a fixed offered rate of half the capacity measured in the same run (req/s at saturation).
//
// The requests are paced here, one every 1000/rate ms whatever the answers (open loop), not with autocannon's
// `overallRate`: that one sends each connection's quota for the second back to back at the start of every second
// (a burst of `rate` requests, the server saturated for half of each second at "half capacity"), and it records
// each answer with HdrHistogram's coordinated-omission correction using an interval of ceil(1/rate) = 1 ms, so one
// 60 ms answer counted as 60 samples: a single slow answer in 300 made the p99 (bench/FINDINGS.md).
import http from "node:http";
import { cpuMsOf } from "./load.mjs";

export async function measureLatency({ url, path, pid, platformPid, capacity, duration, warmup }) {
  if (!capacity || capacity < 2) return { error: `capacity too low to measure (${capacity} req/s)` };
  // A p99 needs a few hundred answers: the runs last long enough for ~300 of them (5–30 s).
  const long = (r) => Math.min(30, Math.max(duration, Math.ceil(300 / r)));
  const lowRate = Math.max(1, Math.round(capacity / 10));
  if (warmup > 0) await paced({ url: url + path, rate: lowRate, duration: warmup });
  const lowLoad = await paced({ url: url + path, rate: lowRate, duration: long(lowRate), pid, platformPid });
  const rate = Math.max(1, Math.round(capacity / 2));
  const halfLoad = await paced({ url: url + path, rate, duration: long(rate), pid, platformPid });
  return {
    capacity,
    lowLoad: { rate: lowRate, p50: lowLoad.p50, p99: lowLoad.p99, rps: lowLoad.rps, requests: lowLoad.requests },
    halfLoad: {
      rate,
      rps: halfLoad.rps,
      p50: halfLoad.p50,
      p99: halfLoad.p99,
      max: halfLoad.max,
      requests: halfLoad.requests,
      serverCpuPct: halfLoad.serverCpuPct,
    },
  };
}

/**
 * GET `url` `rate` times a second at even intervals for `duration` s, over keep-alive connections (as many as are
 * busy at once). Latency runs from the moment the request was due, so a late send (this process was busy) counts
 * against the server's figure rather than hiding a stall.
 */
async function paced({ url, rate, duration, pid, platformPid }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const interval = 1000 / rate;
  const total = Math.max(1, Math.round(rate * duration));
  const latencies = [];
  let failed = 0;
  const cpuBefore = pid ? cpuMsOf(pid) : null;
  const platformBefore = platformPid ? cpuMsOf(platformPid) : null;
  const start = performance.now();
  const pending = [];
  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(
      get(url, agent).then(
        (status) => (status === 200 ? latencies.push(performance.now() - due) : failed++),
        () => failed++,
      ),
    );
  }
  await Promise.all(pending);
  const wallMs = performance.now() - start;
  agent.destroy();
  const cpuMs = cpuBefore !== null ? cpuMsOf(pid) - cpuBefore : null;
  latencies.sort((a, b) => a - b);
  const q = (f) => (latencies.length ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor(f * latencies.length))]) : null);
  return {
    p50: q(0.5),
    p99: q(0.99),
    max: q(1),
    requests: latencies.length,
    failed,
    rps: Math.round((10 * latencies.length) / (wallMs / 1000)) / 10,
    ...(cpuMs !== null ? { serverCpuPct: Math.round((1000 * cpuMs) / wallMs) / 10 } : {}),
    ...(platformBefore !== null ? { platformCpuMs: Math.round(cpuMsOf(platformPid) - platformBefore) } : {}),
  };
}

function get(url, agent) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, timeout: 10_000 }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode));
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", reject);
  });
}
