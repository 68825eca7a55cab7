// compose/nginx.conf, as written, run by this machine's nginx (Debian bookworm's 1.22; the compose stack runs the
// nginx image's 1.27) inside the image's own nginx.conf, in front of two stub replicas that echo what they receive.
// What the production layout's proxy must do, each found wrong by an outside attack:
// - the app learns the client's address as nginx saw it: a client's own X-Forwarded-For used to be passed on, and the
//   replicas trusted every private range, so a client picked its own IP and escaped every rate limit and login lock;
// - the plain-http server logs no query string (reset links and the outbox address sent over http landed in the
//   image's default access log);
// - nginx tells no version;
// - the platform service's events reach a replica through nginx's internal listener (no event ever arrived).
import type { ChildProcess } from "node:child_process";
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import { request as httpsRequest } from "node:https";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareComposeNginx, startNginx, stopNginx } from "../support/nginx";
import { freePortInRange } from "../support/ports";

let dir: string;
const stubs: Server[] = [];
const seen: Array<{ path: string; headers: IncomingHttpHeaders }> = [];
let nginx: ChildProcess;
const ports = { https: 0, http: 0, webhooks: 0 };

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

function call(url: string, init: { method?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const send = url.startsWith("https:") ? httpsRequest : httpRequest;
  return new Promise((done, fail) => {
    const req = send(url, { method: init.method ?? "GET", headers: init.headers, rejectUnauthorized: false }, (res) => {
      let body = "";
      res.on("data", (c: Buffer) => (body += c.toString()));
      res.on("end", () => done({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", fail);
    req.end();
  });
}

const https = (path: string, headers: Record<string, string> = {}) => call(`https://127.0.0.1:${ports.https}${path}`, { headers });

/** Every log line nginx wrote in its folder (its own log and the image's default one). */
function allLogs(): string {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".log"))
    .map((f) => readFileSync(join(dir, f), "utf8"))
    .join("\n");
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "compose-nginx-"));
  const taken = new Set<number>();
  const replicas: number[] = [];
  for (let i = 0; i < 2; i++) {
    const stub = createServer((req, res) => {
      seen.push({ path: req.url ?? "", headers: req.headers });
      res.end(JSON.stringify({ forwardedFor: req.headers["x-forwarded-for"] ?? null }));
    });
    const port = await freePortInRange(taken);
    await new Promise<void>((r) => stub.listen(port, "127.0.0.1", () => r()));
    stubs.push(stub);
    replicas.push(port);
  }
  ports.https = await freePortInRange(taken);
  ports.http = await freePortInRange(taken);
  ports.webhooks = await freePortInRange(taken);
  nginx = await startNginx(
    prepareComposeNginx({ dir, ...ports, replicas: [replicas[0]!, replicas[1]!] }),
    async () => (await https("/healthz")).status === 200,
    () => `compose/nginx.conf: ${readFileSync(join(dir, "error.log"), "utf8")}`,
  );
});

afterAll(async () => {
  await stopNginx(nginx, "SIGQUIT");
  await Promise.all(stubs.map((s) => new Promise((r) => s.close(r))));
  rmSync(dir, { recursive: true, force: true });
});

describe("compose/nginx.conf as written", () => {
  it("tells the replicas the client's address as nginx saw it, never one the client sent", async () => {
    const answer = await https("/", { "x-forwarded-for": "198.51.100.7, 10.0.0.1" });
    expect(JSON.parse(answer.body)).toEqual({ forwardedFor: "127.0.0.1" });
  });

  it("logs no query string from its plain-http server either", async () => {
    const secret = "jeton-de-reinitialisation-4b9e2f";
    const redirected = await call(`http://127.0.0.1:${ports.http}/_platform/reset-password?token=${secret}`);
    expect(redirected.status).toBe(301);
    // nginx writes the line once the answer is sent.
    let logs = "";
    for (let i = 0; i < 50 && !logs.includes("/_platform/reset-password"); i++) {
      await new Promise((r) => setTimeout(r, 50));
      logs = allLogs();
    }
    expect(logs).toContain("GET /_platform/reset-password ");
    expect(logs).not.toContain(secret);
  });

  it("tells no version", async () => {
    expect((await https("/")).headers.server).toBe("nginx");
    expect((await call(`http://127.0.0.1:${ports.http}/`)).headers.server).toBe("nginx");
  });

  it("passes the platform's events (POST /webhooks/wix) from its internal listener, and nothing else", async () => {
    const before = seen.length;
    const delivered = await call(`http://127.0.0.1:${ports.webhooks}/webhooks/wix`, { method: "POST" });
    expect(delivered.status).toBe(200);
    expect(seen.slice(before).map((r) => r.path)).toEqual(["/webhooks/wix"]);
    expect((await call(`http://127.0.0.1:${ports.webhooks}/admin`)).status).toBe(404);
    expect((await call(`http://127.0.0.1:${ports.webhooks}/_platform/outbox`)).status).toBe(404);
    expect(seen.length).toBe(before + 1);
  });
});
