import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";

/**
 * Starting the built production server (`node server.js`, the container's
 * command) from tests that need a server of their own: another sign-up policy,
 * a proxy in front, a kill in the middle.
 */

export const ROOT = resolve(import.meta.dirname, "../..");

import { OWNER_TOKEN, TEST_RATE_LIMIT_PER_MINUTE } from "./demo";
import { freePortInRange } from "./ports";
export { OWNER_TOKEN };

const handedOut = new Set<number>();

/** A free loopback port for a test server: one implementation for the whole kit (tests/support/ports.ts). */
export function freePort(): Promise<number> {
  return freePortInRange(handedOut);
}

export interface RunningServer {
  origin: string;
  child: ChildProcess;
  output: () => string;
  /** Everything the server printed, request log included (the last 200 KB). */
  log: () => string;
  /** SIGKILL: no handler runs, no transaction gets to finish. */
  kill(): Promise<void>;
  /** SIGTERM, the graceful path. */
  stop(): Promise<void>;
}

export function buildDir(): string {
  const dir = process.env.BUILD_DIR ?? "build";
  if (!existsSync(join(ROOT, dir, "server/index.js")))
    throw new Error(`No build in ${dir}/: run \`npm run build\` first (BUILD_DIR selects another folder).`);
  return dir;
}

export async function startServer(opts: { port: number; db: string; env?: Record<string, string> }): Promise<RunningServer> {
  const dir = buildDir();
  const child = spawn(process.execPath, ["server.js"], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(opts.port),
      HOST: "127.0.0.1",
      SESSION_SECRET: "test-server-session-secret-not-for-production",
      COMMERCE_PLATFORM: "embedded",
      PLATFORM_DB: opts.db,
      PUBLIC_ORIGIN: `http://127.0.0.1:${opts.port}`,
      PLATFORM_OWNER_TOKEN: OWNER_TOKEN,
      TRUST_PROXY: "",
      // Every visitor comes from 127.0.0.1: the per-IP limits are tested elsewhere.
      RATE_LIMITS:
        "login=100000,signup=100000,checkout=100000,cart=100000,contact=100000,token=100000,redirect=100000,write=100000,api=100000,webhook=100000",
      // Wix's per-site budget, raised for whole test files (the reason: TEST_RATE_LIMIT_PER_MINUTE); a test of the
      // budget passes its own figure in `env`.
      PLATFORM_RATE_LIMIT_PER_MINUTE: String(TEST_RATE_LIMIT_PER_MINUTE),
      BUILD_DIR: dir,
      ...opts.env,
    },
  });
  let out = "";
  let all = "";
  const keep = (chunk: Buffer) => {
    all = (all + chunk.toString()).slice(-200_000);
    for (const line of chunk.toString().split("\n")) if (line && !line.includes('"level":"info"')) out = (out + line + "\n").slice(-8000);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const origin = `http://127.0.0.1:${opts.port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}) before it was ready:\n${out}`);
    const ok = await fetch(`${origin}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server not ready after 30 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const done = () => child.exitCode !== null || child.signalCode !== null;
  return {
    origin,
    child,
    output: () => out,
    log: () => all,
    async kill() {
      if (!done()) child.kill("SIGKILL");
      await exited;
    },
    async stop() {
      if (!done()) child.kill("SIGTERM");
      await exited;
    },
  };
}
