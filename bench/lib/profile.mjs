// Summary of a V8 .cpuprofile (node --cpu-prof): self time per function,
// aggregated by name + file + line, and by package/area, so the heaviest
// code under load can be named in FINDINGS.md.
import { readFileSync } from "node:fs";

/**
 * `fromMs`/`toMs` (since the profile started, i.e. about when the process
 * started) keep only the samples of the measured load: start-up (module
 * loading) and warm-up would otherwise dominate a short run.
 */
export function summarizeProfile(file, { top = 25, root = process.cwd(), fromMs = 0, toMs = Infinity } = {}) {
  const profile = JSON.parse(readFileSync(file, "utf8"));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
  const counts = new Map();
  let t = profile.startTime;
  let first = null;
  let last = null;
  let totalSamples = 0;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas?.[i] ?? 0;
    const ms = (t - profile.startTime) / 1000;
    if (ms < fromMs || ms > toMs) return;
    first ??= t;
    last = t;
    totalSamples++;
    counts.set(id, (counts.get(id) ?? 0) + 1);
  });
  const durationMs = first === null ? 0 : (last - first) / 1000;
  const msPerSample = durationMs / Math.max(1, totalSamples);

  const fns = new Map();
  const areas = new Map();
  for (const [id, n] of counts) {
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    const name = functionName || "(anonymous)";
    const where = shortUrl(url, root);
    const key = `${name} ${where}:${lineNumber + 1}`;
    fns.set(key, (fns.get(key) ?? 0) + n);
    const area = areaOf(name, url, root);
    areas.set(area, (areas.get(area) ?? 0) + n);
  }
  // Inclusive time: a function counts once per sample whose stack holds it (recursion counted once).
  const inclusive = new Map();
  for (const [id, n] of counts) {
    const seen = new Set();
    for (let cur = id; cur !== undefined; cur = parentOf.get(cur)) {
      const { functionName, url, lineNumber } = byId.get(cur).callFrame;
      if (!url || url.startsWith("node:")) continue;
      const key = `${functionName || "(anonymous)"} ${shortUrl(url, root)}:${lineNumber + 1}`;
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + n);
    }
  }
  const idle = [...fns].filter(([k]) => k.startsWith("(idle)")).reduce((a, [, n]) => a + n, 0);
  const busy = totalSamples - idle;
  const rows = (m) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([key, n]) => ({ key, ms: Math.round(n * msPerSample), pctOfBusy: Math.round((1000 * n) / Math.max(1, busy)) / 10 }));
  return {
    file,
    window: { fromMs: Math.round(fromMs), toMs: Number.isFinite(toMs) ? Math.round(toMs) : null },
    durationMs: Math.round(durationMs),
    busyPct: Math.round((1000 * busy) / Math.max(1, totalSamples)) / 10,
    functions: rows(fns).filter((r) => !r.key.startsWith("(idle)")),
    areas: rows(areas).filter((r) => r.key !== "(idle)"),
    // Where the app's and libraries' time goes, callees included (node core frames left out).
    inclusive: [...inclusive]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 60)
      .map(([key, n]) => ({ key, ms: Math.round(n * msPerSample), pctOfBusy: Math.round((1000 * n) / Math.max(1, busy)) / 10 })),
  };
}

function shortUrl(url, root) {
  if (!url) return "(native)";
  let u = url.replace(/^file:\/\//, "");
  if (u.startsWith(root)) u = u.slice(root.length + 1);
  const nm = u.lastIndexOf("node_modules/");
  if (nm >= 0) u = u.slice(nm + "node_modules/".length);
  return u;
}

function areaOf(name, url, root) {
  if (name === "(idle)" || name === "(program)" || name === "(garbage collector)") return name;
  if (!url) return "(native/builtin)";
  if (url.startsWith("node:")) return "node core";
  const u = url.replace(/^file:\/\//, "");
  const nm = u.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = u.slice(nm + "node_modules/".length).split("/");
    return rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (u.startsWith(root)) {
    const rel = u.slice(root.length + 1);
    return `app: ${rel.split("/").slice(0, 3).join("/")}`;
  }
  return u;
}

export function formatProfile(summary) {
  const lines = [
    `profile ${summary.file}: ${summary.durationMs} ms of measured load (samples from ${summary.window.fromMs} ms after start), CPU busy ${summary.busyPct} %`,
    "",
    "self time by area (% of busy time):",
  ];
  for (const r of summary.areas) lines.push(`  ${String(r.pctOfBusy).padStart(5)} %  ${String(r.ms).padStart(6)} ms  ${r.key}`);
  lines.push("", "top functions by self time (% of busy time):");
  for (const r of summary.functions) lines.push(`  ${String(r.pctOfBusy).padStart(5)} %  ${String(r.ms).padStart(6)} ms  ${r.key}`);
  lines.push("", "inclusive time, callees included (% of busy time; node core frames left out):");
  for (const r of summary.inclusive) lines.push(`  ${String(r.pctOfBusy).padStart(5)} %  ${String(r.ms).padStart(6)} ms  ${r.key}`);
  return lines.join("\n");
}
