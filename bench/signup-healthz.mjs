// `node bench/signup-healthz.mjs [--root DIR] [--signups 48] [--clients 8]`: how long /healthz takes to answer while
// sign-ups hash their passwords. Starts the built server (`node server.js` of DIR, default this checkout; run
// `npm run build` first) on the embedded platform with a temp database, then sends the sign-ups through the app's
// /_platform/api mount from `--clients` client addresses (X-Forwarded-For, believed from loopback) while /healthz is
// asked every 5 ms. Prints /healthz's latency idle and during the burst (p50, p95, max). A figure for the README and
// docs/security.md, never an assertion (docs/decisions: speed is measured, not tested).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    root: { type: "string", default: "." },
    signups: { type: "string", default: "48" },
    clients: { type: "string", default: "8" },
  },
});
const root = resolve(values.root);
const SIGNUPS = Number(values.signups);
const CLIENTS = Number(values.clients);

const port = await new Promise((done) => {
  const srv = createServer();
  srv.listen(0, "127.0.0.1", () => {
    const { port: p } = srv.address();
    srv.close(() => done(p));
  });
});
const origin = `http://127.0.0.1:${port}`;
const dir = mkdtempSync(join(tmpdir(), "signup-healthz-"));
const server = spawn(process.execPath, ["server.js"], {
  cwd: root,
  stdio: ["ignore", "ignore", "inherit"],
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    SESSION_SECRET: "signup-healthz-bench-session-secret",
    COMMERCE_PLATFORM: "embedded",
    PLATFORM_DB: join(dir, "platform.sqlite"),
    PUBLIC_ORIGIN: origin,
    TRUST_PROXY: "loopback",
    RATE_LIMITS: "login=100000,signup=100000,token=100000,redirect=100000,write=100000,api=100000",
    // Wix's 200 API calls a minute for the site would refuse the burst of sign-ups this measures.
    PLATFORM_RATE_LIMIT_PER_MINUTE: "1000000000",
  },
});

async function until(ready) {
  for (let i = 0; i < 300; i++) {
    if (await ready().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the server did not start");
}
await until(async () => (await fetch(`${origin}/readyz`)).ok);

const api = (path, body, headers = {}) =>
  fetch(`${origin}/_platform/api${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin, ...headers },
    body: JSON.stringify(body),
  });

async function healthzWhile(work) {
  const times = [];
  let running = true;
  const poll = (async () => {
    while (running) {
      const start = performance.now();
      await (await fetch(`${origin}/healthz`)).text();
      times.push(performance.now() - start);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  await work();
  running = false;
  await poll;
  return times.sort((a, b) => a - b);
}

const at = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const show = (label, t) =>
  console.log(
    `${label}: ${t.length} answers, p50 ${at(t, 0.5).toFixed(1)} ms, p95 ${at(t, 0.95).toFixed(1)} ms, max ${t.at(-1).toFixed(1)} ms`,
  );

try {
  const idle = await healthzWhile(() => new Promise((r) => setTimeout(r, 1000)));
  const tokens = [];
  for (let c = 0; c < CLIENTS; c++) {
    const res = await api("/oauth2/token", { clientId: "embedded-demo-client", grantType: "anonymous" });
    tokens.push((await res.json()).access_token);
  }
  const statuses = [];
  const started = performance.now();
  const burst = await healthzWhile(() =>
    Promise.all(
      Array.from({ length: SIGNUPS }, (_, i) => {
        const c = i % CLIENTS;
        return api(
          "/_api/iam/authentication/v2/register",
          { loginId: { email: `mesure-${i}@exemple.fr` }, password: "motdepasse-mesure" },
          { authorization: tokens[c], "x-forwarded-for": `203.0.113.${c + 1}` },
        ).then((r) => statuses.push(r.status));
      }),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  show("/healthz idle", idle);
  show(`/healthz during ${SIGNUPS} sign-ups from ${CLIENTS} clients (${seconds.toFixed(1)} s)`, burst);
  console.log(`sign-up answers: ${[...new Set(statuses)].map((s) => `${s} × ${statuses.filter((x) => x === s).length}`).join(", ")}`);
} finally {
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  rmSync(dir, { recursive: true, force: true });
}
