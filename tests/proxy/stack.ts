import { spawn, execSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as httpsRequest } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PROXY_ORIGIN, PROXY_PORT, PROXY_UPSTREAM_PORT } from "./ports";
import { prepareNginx } from "../support/nginx";
import { buildDir, ROOT, startServer, type RunningServer } from "../support/server";

export { freePort } from "../support/server";

/**
 * The deployment the issue describes, on loopback: Debian's nginx terminating TLS
 * (self-signed certificate made now with openssl) in front of the built server
 * (`node server.js`, the container's command) with TRUST_PROXY=loopback.
 * Everything lives in a temp folder (config, certificate, pid, logs, database),
 * so no root paths are needed and nothing outlives the stack.
 */

export interface ProxyStack {
  /** What the browser sees: https://localhost:<nginx port>. */
  origin: string;
  /** The app behind the proxy (plain http on loopback). */
  upstream: string;
  dir: string;
  logs(): string;
  stop(): Promise<void>;
}

/** nginx must be there (scripts/ensure-nginx.js installs it when it may, or says how). */
function ensureTools() {
  execSync(`node ${JSON.stringify(join(ROOT, "scripts/ensure-nginx.js"))}`, { stdio: "inherit" });
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number, logs: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${what} not ready after ${timeoutMs} ms\n${logs()}`);
}

function httpsOk(url: string): Promise<boolean> {
  return new Promise((done) => {
    const req = httpsRequest(url, { rejectUnauthorized: false, timeout: 2000 }, (res) => {
      res.resume();
      done(res.statusCode === 200);
    });
    req.on("error", () => done(false));
    req.on("timeout", () => req.destroy());
    req.end();
  });
}

function stopChild(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", () => {
      clearTimeout(timer);
      done();
    });
    child.kill(signal);
  });
}

/** A previous run killed hard (worker timeout) may have left its nginx/server on our ports: end those, by pid. */
function reapStale(stateFile: string) {
  if (!existsSync(stateFile)) return;
  try {
    const { pids, dir } = JSON.parse(readFileSync(stateFile, "utf8")) as { pids: number[]; dir: string };
    for (const pid of pids) {
      const read = (what: string) => (existsSync(`/proc/${pid}/${what}`) ? readFileSync(`/proc/${pid}/${what}`, "utf8") : "");
      const cmdline = read("cmdline");
      // Only our own: nginx run from a proxy-stack folder, or server.js with its database there.
      const ours =
        (cmdline.includes("nginx") && cmdline.includes("proxy-stack-")) ||
        (cmdline.includes("server.js") && read("environ").includes("proxy-stack-"));
      if (ours) {
        try {
          // SIGTERM for nginx: its master then stops its workers too.
          process.kill(pid, cmdline.includes("nginx") ? "SIGTERM" : "SIGKILL");
        } catch {
          // already gone
        }
      }
    }
    if (dir.includes("proxy-stack-")) rmSync(dir, { recursive: true, force: true });
  } catch {
    // unreadable: nothing to reap
  }
  rmSync(stateFile, { force: true });
}

export async function startProxyStack(options: { port?: number; upstreamPort?: number } = {}): Promise<ProxyStack> {
  ensureTools();
  buildDir();

  const stateFile = join(tmpdir(), `proxy-stack-${options.port ?? PROXY_PORT}.pids`);
  reapStale(stateFile);
  const dir = mkdtempSync(join(tmpdir(), "proxy-stack-"));
  const [port, upstreamPort] = [options.port ?? PROXY_PORT, options.upstreamPort ?? PROXY_UPSTREAM_PORT];
  // The nginx example of docs/deployment.md: one upstream, connections kept alive.
  const nginxCommand = prepareNginx({ dir, port, upstream: [`server 127.0.0.1:${upstreamPort};`, "keepalive 16;"], connection: "" });
  const origin = `https://localhost:${port}`;
  let nginxOutput = "";
  let app: RunningServer | undefined;
  const logs = () => {
    const errorLog = existsSync(join(dir, "error.log")) ? readFileSync(join(dir, "error.log"), "utf8") : "";
    return `--- server output ---\n${app?.output().slice(-4000) ?? ""}\n--- nginx ---\n${nginxOutput}${errorLog.slice(-2000)}`;
  };

  let nginx: ChildProcess | undefined;
  const remember = () => writeFileSync(stateFile, JSON.stringify({ pids: [app?.child.pid, nginx?.pid].filter(Boolean), dir }));
  // The worker may exit without running fixture teardown: never leave the children behind.
  const onExit = () => {
    if (nginx && nginx.exitCode === null) nginx.kill("SIGTERM");
    if (app && app.child.exitCode === null) app.child.kill("SIGKILL");
  };
  process.once("exit", onExit);
  const stop = async () => {
    await Promise.all([nginx ? stopChild(nginx, "SIGQUIT") : Promise.resolve(), app?.stop()]);
    process.removeListener("exit", onExit);
    rmSync(dir, { recursive: true, force: true });
    rmSync(stateFile, { force: true });
  };
  try {
    app = await startServer({
      port: upstreamPort,
      db: join(dir, "platform.sqlite"),
      // PROXY_TEST_TRUST selects the trusted proxies (client IPs); links come from PUBLIC_ORIGIN whatever it says.
      env: { TRUST_PROXY: process.env.PROXY_TEST_TRUST ?? "loopback", PUBLIC_ORIGIN: PROXY_ORIGIN },
    });
    remember();
    nginx = spawn(nginxCommand.command, nginxCommand.args, { stdio: ["ignore", "ignore", "pipe"] });
    nginx.stderr!.on("data", (c: Buffer) => (nginxOutput += `${c}`));
    remember();
    await waitFor("nginx", () => httpsOk(`${origin}/healthz`), 15_000, logs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, upstream: app.origin, dir, logs, stop };
}
