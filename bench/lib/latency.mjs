// Latency at a realistic load, not at saturation: /products's p50 with one request at a time (low load), then its
// p50/p99 at a fixed offered rate of half the capacity measured in the same run (req/s at saturation).
import { measureGet } from "./load.mjs";

export async function measureLatency({ url, path, pid, platformPid, capacity, duration, warmup }) {
  if (!capacity || capacity < 2) return { error: `capacity too low to measure (${capacity} req/s)` };
  // A p99 needs a few hundred answers: the runs last long enough for ~300 of them (5–30 s).
  const long = (r) => Math.min(30, Math.max(duration, Math.ceil(300 / r)));
  const lowRate = Math.max(1, Math.round(capacity / 10));
  const lowLoad = await measureGet({ url, path, connections: 1, duration: long(lowRate), warmup, pid, platformPid, rate: lowRate });
  const rate = Math.max(1, Math.round(capacity / 2));
  // Enough connections that a slow answer never holds the offered rate back.
  const halfLoad = await measureGet({ url, path, connections: 16, duration: long(rate), warmup, pid, platformPid, rate });
  return {
    capacity,
    lowLoad: { rate: lowRate, p50: lowLoad.p50, p99: lowLoad.p99, rps: lowLoad.rps, requests: lowLoad.requests },
    halfLoad: {
      rate,
      rps: halfLoad.rps,
      p50: halfLoad.p50,
      p99: halfLoad.p99,
      requests: halfLoad.requests,
      serverCpuPct: halfLoad.serverCpuPct,
    },
  };
}
