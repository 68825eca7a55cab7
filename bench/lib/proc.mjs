// Child processes of the benchmark: started pinned to a core when taskset exists,
// always stopped (by their own pid) when the run ends, even on Ctrl-C.
import { spawn, spawnSync } from "node:child_process";
import { closeSync, openSync } from "node:fs";

export const hasTaskset = spawnSync("taskset", ["-V"], { stdio: "ignore" }).status === 0;

const children = new Set();

/** Spawns `node args…` pinned to `core` (if possible); output goes to `logFile`. */
export function startNode(args, { env, cwd, core, logFile }) {
  const cmd = hasTaskset && core !== undefined ? "taskset" : process.execPath;
  const argv = hasTaskset && core !== undefined ? ["-c", String(core), process.execPath, ...args] : args;
  // Straight into a file: through a pipe, this process (busy generating load)
  // would have to drain the servers' per-request log lines, and a full pipe
  // blocks the server's synchronous stdout writes.
  const fd = openSync(logFile, "a");
  const child = spawn(cmd, argv, { cwd, env: { ...process.env, ...env }, stdio: ["ignore", fd, fd] });
  closeSync(fd);
  children.add(child);
  child.on("exit", () => children.delete(child));
  return child;
}

/** SIGTERM then, after a grace period, SIGKILL: the servers write their CPU profile on a clean exit. */
export async function stop(child, graceMs = 8000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}

export async function stopAll() {
  await Promise.all([...children].map((c) => stop(c)));
}

const cleanups = [];
/** Runs `fn` also when the run is interrupted (Ctrl-C), after the servers are killed. */
export function onInterrupt(fn) {
  cleanups.push(fn);
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    for (const c of children) c.kill("SIGKILL");
    for (const fn of cleanups) {
      try {
        fn();
      } catch {
        // Best effort: we are exiting anyway.
      }
    }
    process.exit(130);
  });
}

/** Polls `url` until it answers (any status) or the child dies or time runs out. */
export async function waitReady(url, child, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server for ${url} exited with code ${child.exitCode} (see its log)`);
    try {
      const res = await fetch(url, { redirect: "manual" });
      await res.arrayBuffer();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  throw new Error(`server for ${url} not ready after ${timeoutMs} ms`);
}

/** Pins this process (all its threads) to `core`, so the load generator never shares the server's core. */
export function pinSelf(core) {
  if (!hasTaskset) return false;
  return spawnSync("taskset", ["-a", "-p", "-c", String(core), String(process.pid)], { stdio: "ignore" }).status === 0;
}
