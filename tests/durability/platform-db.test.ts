import Database from "better-sqlite3";
import { spawn } from "node:child_process";
import { chmodSync, chownSync, closeSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlatform } from "../../platform";
import { buildDir, freePort, ROOT, startServer } from "../support/server";

/**
 * A corrupt or read-only PLATFORM_DB must not crash the
 * server with a raw stack trace. Start-up names the file and the problem and exits non-zero; a database that
 * opens but is partly corrupt keeps /healthz (liveness) green and makes /readyz (readiness) fail.
 */

const dir = mkdtempSync(join(tmpdir(), "platform-db-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `node server.js` (or the platform service) until it exits by itself (or 30 s): its exit code and output. */
function runUntilExit(
  db: string,
  opts: { uid?: number; gid?: number; script?: string } = {},
): Promise<{ code: number | null; output: string }> {
  const { script = "server.js", ...ids } = opts;
  return new Promise((done) => {
    const child = spawn(process.execPath, [script], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
      ...ids,
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: "1", // never reached: start-up must stop before listening
        PLATFORM_PORT: "1",
        HOST: "127.0.0.1",
        SESSION_SECRET: "test-server-session-secret-not-for-production",
        PUBLIC_ORIGIN: "http://127.0.0.1:3999",
        COMMERCE_PLATFORM: "embedded",
        PLATFORM_DB: db,
        PLATFORM_URL: "",
        BUILD_DIR: buildDir(),
      },
    });
    let output = "";
    child.stdout.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr.on("data", (c: Buffer) => (output += c.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.once("exit", (code) => {
      clearTimeout(timer);
      done({ code, output });
    });
  });
}

/** A seeded database, closed cleanly (WAL checkpointed into the main file). */
function seededDb(name: string): string {
  const path = join(dir, name, "platform.sqlite");
  createPlatform({ dbPath: path, outboxFile: false }).close();
  return path;
}

/** Overwrites the root page of `table` with garbage: the file still opens, that table no longer reads. */
function corruptTable(path: string, table: string) {
  const db = new Database(path);
  const pageSize = db.pragma("page_size", { simple: true }) as number;
  const { rootpage } = db.prepare("SELECT rootpage FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) as {
    rootpage: number;
  };
  db.close();
  const fd = openSync(path, "r+");
  writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, (rootpage - 1) * pageSize);
  closeSync(fd);
}

function expectNamedFailure(result: { code: number | null; output: string }, file: string, problem: RegExp) {
  expect(result.code, result.output).not.toBe(0);
  expect(result.code, result.output).not.toBeNull();
  expect(result.output).toContain(file);
  expect(result.output).toMatch(problem);
  // No raw stack trace: no "    at fn (file:line:col)" frame lines.
  expect(result.output).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
}

describe("PLATFORM_DB that cannot be used", () => {
  it("a file that is not a SQLite database: start-up names it and exits non-zero", async () => {
    const path = join(dir, "garbage.sqlite");
    writeFileSync(path, Buffer.alloc(64 * 1024, "ceci n'est pas une base de données "));
    expectNamedFailure(await runUntilExit(path), path, /not a (SQLite )?database|corrupt/i);
  });

  it("the platform service (npm run platform:serve) refuses it the same way", async () => {
    const path = join(dir, "garbage-service.sqlite");
    writeFileSync(path, Buffer.alloc(64 * 1024, "ceci n'est pas une base de données "));
    expectNamedFailure(await runUntilExit(path, { script: "build/platform/serve.js" }), path, /not a (SQLite )?database|corrupt/i);
  });

  it("a read-only database: start-up names it and exits non-zero", async () => {
    const path = seededDb("readonly");
    const folder = join(dir, "readonly");
    // root ignores file modes: the server then runs as uid 1000, which the modes apply to.
    const asRoot = process.getuid?.() === 0;
    if (asRoot) {
      chownSync(folder, 0, 0);
      chownSync(path, 0, 0);
    }
    chmodSync(path, 0o444);
    chmodSync(folder, 0o555);
    const result = await runUntilExit(path, asRoot ? { uid: 1000, gid: 1000 } : {});
    chmodSync(folder, 0o755);
    expectNamedFailure(result, path, /read-only|readonly/i);
  });
});

describe("/readyz beside /healthz", () => {
  let goodOrigin = "";
  let badOrigin = "";
  let remoteGood = "";
  let remoteBad = "";
  let remoteDown = "";
  const stops: Array<() => Promise<void>> = [];
  beforeAll(async () => {
    const good = await startServer({ port: await freePort(), db: seededDb("good") });
    stops.push(good.stop);
    goodOrigin = good.origin;
    const corrupt = seededDb("partly-corrupt");
    corruptTable(corrupt, "products");
    const bad = await startServer({ port: await freePort(), db: corrupt });
    stops.push(bad.stop);
    badOrigin = bad.origin;
    // With PLATFORM_URL: the platform service on the good and on the partly corrupt copy, and one that is not there.
    for (const [name, db] of [
      ["good", seededDb("service-good")],
      ["bad", corrupt],
    ] as const) {
      const port = await freePort();
      const service = spawn(process.execPath, ["build/platform/serve.js"], {
        cwd: ROOT,
        stdio: "ignore",
        env: { ...process.env, PLATFORM_PORT: String(port), PLATFORM_HOST: "127.0.0.1", PLATFORM_DB: db },
      });
      stops.push(async () => {
        const gone = new Promise((r) => service.once("exit", r));
        service.kill("SIGTERM");
        await gone;
      });
      for (
        let i = 0;
        i < 300 &&
        !(await fetch(`http://127.0.0.1:${port}/healthz`).then(
          (r) => r.ok,
          () => false,
        ));
        i++
      )
        await new Promise((r) => setTimeout(r, 100));
      const app = await startServer({
        port: await freePort(),
        db: join(dir, `unused-${name}.sqlite`),
        env: { PLATFORM_URL: `http://127.0.0.1:${port}` },
      });
      stops.push(app.stop);
      if (name === "good") remoteGood = app.origin;
      else remoteBad = app.origin;
    }
    const down = await startServer({
      port: await freePort(),
      db: join(dir, "unused-down.sqlite"),
      env: { PLATFORM_URL: `http://127.0.0.1:${await freePort()}` },
    });
    stops.push(down.stop);
    remoteDown = down.origin;
  });
  afterAll(async () => {
    await Promise.all(stops.map((stop) => stop()));
  });

  it("a healthy database: /healthz and /readyz answer 200", async () => {
    expect((await fetch(`${goodOrigin}/healthz`)).status).toBe(200);
    const ready = await fetch(`${goodOrigin}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get("cache-control")).toBe("no-store");
  });

  it("a partly corrupt database: still alive (/healthz 200) but not ready (/readyz 503)", async () => {
    expect((await fetch(`${badOrigin}/healthz`)).status).toBe(200);
    const ready = await fetch(`${badOrigin}/readyz`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get("cache-control")).toBe("no-store");
    // The answer says what is wrong without leaking SQLite's details to whoever asks.
    expect(await ready.text()).not.toMatch(/sqlite|btree|page \d+/i);
  });

  it("with PLATFORM_URL, /readyz follows the platform service: ready, partly corrupt, unreachable", async () => {
    expect((await fetch(`${remoteGood}/readyz`)).status).toBe(200);
    for (const origin of [remoteBad, remoteDown]) {
      expect((await fetch(`${origin}/healthz`)).status).toBe(200);
      const ready = await fetch(`${origin}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.text()).toBe("not ready");
    }
  });
});
