// Outside attack 3, finding 8: the documented nginx configuration wrote query strings to its access log, so the owner
// token, password-reset codes and download links ended up in a file many people and tools read. The configuration the
// proxy tests run (tests/support/nginx.ts) is started here in front of a stub upstream, and its log is read back; the
// documented configurations must carry the same log format.
import type { ChildProcess } from "node:child_process";
import { createServer, type Server } from "node:http";
import { request as httpsRequest } from "node:https";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_LOG_FORMAT, prepareNginx, startNginx, stopNginx } from "../support/nginx";
import { freePortInRange } from "../support/ports";

let dir: string;
let upstream: Server;
let nginx: ChildProcess;
let port: number;

function get(path: string): Promise<number> {
  return new Promise((done, fail) => {
    const req = httpsRequest(
      `https://127.0.0.1:${port}${path}`,
      { rejectUnauthorized: false, headers: { referer: `https://localhost${path}` } },
      (res) => {
        res.resume();
        res.on("end", () => done(res.statusCode ?? 0));
      },
    );
    req.on("error", fail);
    req.end();
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "nginx-log-"));
  upstream = createServer((_req, res) => res.end("ok"));
  await new Promise<void>((r) => upstream.listen(0, "127.0.0.1", () => r()));
  port = Number(process.env.NGINX_TEST_PORT) || (await freePortInRange());
  nginx = await startNginx(
    prepareNginx({ dir, port, upstream: [`server 127.0.0.1:${(upstream.address() as AddressInfo).port};`], connection: "close" }),
    async () => (await get("/healthz")) === 200,
  );
});

afterAll(async () => {
  await stopNginx(nginx, "SIGTERM");
  await new Promise((r) => upstream?.close(r));
  rmSync(dir, { recursive: true, force: true });
});

describe("the proxy's access log", () => {
  it("records the path of each request but never its query string, nor the referring page's", async () => {
    const secrets = ["owner-token-7f3a9c", "reset-code-51d2e8", "download-jeton-9b4c11"];
    expect(await get(`/_platform/outbox?token=${secrets[0]}`)).toBe(200);
    expect(await get(`/_platform/reset-password?code=${secrets[1]}&email=a%40b.fr`)).toBe(200);
    expect(await get(`/_platform/downloads/guide.pdf?jeton=${secrets[2]}`)).toBe(200);
    // nginx writes its access log line when the response is done: wait for the three lines (and the health checks).
    let log = "";
    for (let i = 0; i < 50 && !log.includes("/_platform/downloads/guide.pdf"); i++) {
      await new Promise((r) => setTimeout(r, 50));
      log = readFileSync(join(dir, "access.log"), "utf8");
    }
    expect(log).toContain("GET /_platform/outbox ");
    expect(log).toContain("GET /_platform/reset-password ");
    expect(log).toContain("GET /_platform/downloads/guide.pdf ");
    for (const secret of secrets) expect(log).not.toContain(secret);
    expect(log).not.toContain("a%40b.fr");
  });

  it("is the format of the documented configurations (docs/deployment.md and compose/nginx.conf)", () => {
    const normalize = (text: string) => text.replace(/\s+/g, " ");
    for (const file of ["docs/deployment.md", "compose/nginx.conf"]) {
      const text = normalize(readFileSync(file, "utf8"));
      expect(text, file).toContain(normalize(ACCESS_LOG_FORMAT));
      expect(text, file).toMatch(/access_log \S+ no_query;/);
    }
  });
});
