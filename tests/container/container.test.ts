import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formFields, Visitor } from "../support/visitor";
import { freePortInRange } from "../support/ports";
import { ROOT } from "../support/server";

/**
 * The project's Dockerfile, built for real and run. buildah builds it (`bud --isolation chroot
 * --network host --pull=never`) on local stand-ins of the official node images (tests/container/standins.sh: no
 * registry with base images is reachable here); `buildah from` + `buildah run --isolation chroot --user node`
 * runs it with the host's network (podman's runtime cannot set up cgroups here). The Dockerfile is the one users
 * build with Docker; everything special lives in this folder.
 */

const IMAGE = "localhost/portfolio-store:container-test";
const work = mkdtempSync(join(tmpdir(), "container-test-"));
// Our own containers.conf: no default ulimits (crun cannot set them here), cgroupfs (no systemd).
const containersConf = join(work, "containers.conf");
writeFileSync(containersConf, '[containers]\ndefault_ulimits = []\n\n[engine]\ncgroup_manager = "cgroupfs"\n');
const env = { ...process.env, CONTAINERS_CONF: containersConf };

const figures: Record<string, string> = {};
const t0 = () => performance.now();
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

function run(cmd: string, args: string[], opts: { timeoutMs?: number } = {}): string {
  const r = spawnSync(cmd, args, { cwd: ROOT, env, encoding: "utf8", timeout: opts.timeoutMs ?? 600_000, maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0)
    throw new Error(
      `${cmd} ${args.join(" ")} failed (${r.status ?? r.signal}):\n${(r.stdout ?? "").slice(-4000)}\n${(r.stderr ?? "").slice(-4000)}`,
    );
  return r.stdout;
}

const nodeVersion = /^ARG NODE_VERSION=(\S+)$/m.exec(readFileSync(join(ROOT, "Dockerfile"), "utf8"))![1]!;
let containerName = "";
let port = 0;
let origin = "";
let server: ChildProcess | undefined;
let serverOutput = "";
let serverExit: Promise<number | null> | undefined;

/** `buildah run` of `command` in the test container, as the image's non-root user, with `env` (NAME=value). */
function runInContainer(command: string[], env: string[] = []): string[] {
  return ["run", "--isolation", "chroot", "--user", "node", ...env.flatMap((e) => ["--env", e]), containerName, "--", ...command];
}

/** The container's `node server.js`, seen from the host (chroot isolation shares the PID namespace). */
function serverPid(): number {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
      if (!/(^|\/)node$/.test(cmdline[0] ?? "") || cmdline[1] !== "server.js") continue;
      const environ = readFileSync(`/proc/${entry}/environ`, "utf8").split("\0");
      if (environ.includes(`PORT=${port}`) && environ.includes("CONTAINER_TEST=1")) found.push(Number(entry));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  if (found.length !== 1) throw new Error(`expected one container server process, found ${found.length}`);
  return found[0]!;
}

async function waitReady(deadlineMs: number): Promise<void> {
  const until = performance.now() + deadlineMs;
  for (;;) {
    if (server?.exitCode !== null) throw new Error(`container exited (${server?.exitCode}) before it was ready:\n${serverOutput}`);
    const ok = await fetch(`${origin}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (performance.now() > until) throw new Error(`container not ready after ${deadlineMs / 1000} s:\n${serverOutput}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  if (process.getuid?.() !== 0) throw new Error("npm run test:container needs root (buildah with chroot isolation); .ci/run runs as root");
  for (const tool of ["buildah", "podman", "debootstrap"])
    if (spawnSync("sh", ["-c", `command -v ${tool}`]).status !== 0)
      throw new Error(`${tool} is missing: apt-get install -y buildah podman debootstrap`);

  let since = t0();
  run("bash", [join(ROOT, "tests/container/standins.sh"), nodeVersion], { timeoutMs: 600_000 });
  figures["stand-in base images (cached after the first run)"] = seconds(since);

  // The previous run's image, untagged by this build, would otherwise stay on disk run after run (600 MB each).
  // Only that one is removed: the image store is the machine's, other builds' images are not ours to prune.
  const previous = spawnSync("podman", ["image", "inspect", "--format", "{{.Id}}", IMAGE], { env, encoding: "utf8" }).stdout?.trim();
  since = t0();
  // --layers: a second run on the same machine reuses the npm ci layer while the lockfile is unchanged.
  // --format docker: the image format `docker build` makes (OCI images have no HEALTHCHECK).
  run(
    "buildah",
    ["bud", "--isolation", "chroot", "--network", "host", "--pull=never", "--layers", "--format", "docker", "-t", IMAGE, "."],
    { timeoutMs: 840_000 },
  );
  figures["buildah bud"] = seconds(since);
  const current = run("podman", ["image", "inspect", "--format", "{{.Id}}", IMAGE]).trim();
  if (previous && previous !== current) spawnSync("podman", ["rmi", previous], { env });
  const size = Number(run("podman", ["image", "inspect", "--format", "{{.Size}}", IMAGE]).trim());
  figures["image size"] = `${(size / 1e6).toFixed(0)} MB`;

  containerName = `portfolio-container-test-${process.pid}`;
  run("buildah", ["from", "--name", containerName, IMAGE]);
  port = await freePortInRange();
  origin = `http://127.0.0.1:${port}`;
  since = t0();
  server = spawn(
    "buildah",
    runInContainer(
      ["node", "server.js"],
      [
        `PORT=${port}`,
        "HOST=127.0.0.1",
        "CONTAINER_TEST=1",
        "SESSION_SECRET=container-test-session-secret-0123456789",
        `PUBLIC_ORIGIN=${origin}`,
        "PLATFORM_OWNER_TOKEN=container-test-owner-token-0123456789",
        "COMMERCE_PLATFORM=embedded",
        "PLATFORM_FAULT_CONTROL=true",
        "RATE_LIMITS=login=1000,signup=1000,checkout=1000,cart=1000",
      ],
    ),
    { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] },
  );
  const keep = (c: Buffer) => (serverOutput = (serverOutput + c.toString()).slice(-8000));
  server.stdout!.on("data", keep);
  server.stderr!.on("data", keep);
  serverExit = new Promise((done) => server!.once("exit", (code) => done(code)));
  await waitReady(60_000);
  figures["container start (spawn → /readyz 200, first start seeds the database)"] = seconds(since);
});

afterAll(() => {
  if (server && server.exitCode === null) {
    try {
      process.kill(serverPid(), "SIGKILL");
    } catch {
      server.kill("SIGKILL");
    }
  }
  if (containerName) spawnSync("buildah", ["rm", containerName], { env });
  rmSync(work, { recursive: true, force: true });
  console.log(
    `container test figures:\n${Object.entries(figures)
      .map(([k, v]) => `  ${k}: ${v}`)
      .join("\n")}`,
  );
});

describe("the image, built from the Dockerfile and run", () => {
  it("answers /healthz and /readyz", async () => {
    const health = await fetch(`${origin}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.text()).toBe("ok");
    const ready = await fetch(`${origin}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.text()).toBe("ready");
  });

  it("its HEALTHCHECK command passes inside the container", () => {
    const inspected = JSON.parse(run("buildah", ["inspect", "--type", "image", IMAGE])) as {
      Docker: { config: { Healthcheck?: { Test: string[] } } };
    };
    const config = inspected.Docker.config.Healthcheck!;
    expect(config.Test[0]).toBe("CMD");
    expect(config.Test.join(" ")).toContain("/readyz");
    const check = spawnSync("buildah", runInContainer(config.Test.slice(1), [`PORT=${port}`]), { env, encoding: "utf8", timeout: 30_000 });
    expect(check.status, check.stderr).toBe(0);
  });

  it("runs as the non-root node user, and cannot change its own code", () => {
    const status = readFileSync(`/proc/${serverPid()}/status`, "utf8");
    const uids = /^Uid:\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)$/m.exec(status)!.slice(1);
    const gids = /^Gid:\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)$/m.exec(status)!.slice(1);
    expect(uids).toEqual(["1000", "1000", "1000", "1000"]);
    expect(gids).toEqual(["1000", "1000", "1000", "1000"]);
    const write = spawnSync("buildah", runInContainer(["node", "-e", "require('fs').appendFileSync('/app/server.js', '//')"]), {
      env,
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(write.status).not.toBe(0);
    expect(write.stderr).toContain("EACCES");
  });

  it("sells: product page → cart → checkout → hosted payment (card) → the buyer's order", async () => {
    const visitor = new Visitor(origin);
    const page = await visitor.get("/products/livre-cloud");
    expect(page.status).toBe(200);
    const added = await visitor.request("POST", "/products/livre-cloud", { ...formFields(page.body, "Ajouter au panier"), quantity: "2" });
    expect(added.status, added.body.slice(0, 300)).toBe(303);
    const checkout = await visitor.get("/checkout");
    expect(checkout.url).toMatch(/\/checkout$/);
    const sent = await visitor.request("POST", "/checkout", {
      ...formFields(checkout.body, "Continuer vers le paiement"),
      acceptTerms: "on",
      email: "conteneur@exemple.fr",
      firstName: "Client",
      lastName: "Conteneur",
      addressLine: "1 rue du Conteneur",
      postalCode: "69001",
      city: "Lyon",
      country: "FR",
    });
    expect(sent.status, sent.body.slice(0, 300)).toBe(303);
    const payment = new URL(sent.location!, origin);
    expect(payment.pathname).toBe("/_platform/checkout");
    const paid = await visitor.request("POST", "/_platform/checkout", {
      session: payment.searchParams.get("session")!,
      action: "pay",
      cardNumber: "4242 4242 4242 4242",
      expiry: "12/30",
      cvc: "123",
      holder: "Client Conteneur",
    });
    expect(paid.status, paid.body.slice(0, 300)).toBe(303);
    const orderId = new URL(paid.location!).searchParams.get("orderId");
    expect(orderId).toMatch(/\S/);
    const thanks = await visitor.get(`/checkout/complete?orderId=${orderId}`);
    expect(thanks.status).toBe(200);
    expect(thanks.body).toContain("conteneur@exemple.fr");
  });

  it("SIGTERM: the request in flight finishes, then the process exits 0 and the port closes", async () => {
    // Every platform call now waits 1.5 s: a page that needs one is in flight long enough to be caught by the signal
    // (sent 0.5 s in), and the product page's few calls in a row (catalog version, product, stock) stay well inside
    // the 10 s grace period.
    const slow = await fetch(`${origin}/_platform/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"delayMs":1500}',
    });
    expect(slow.status).toBe(200);
    const pid = serverPid();
    const answer = await new Promise<{ status: number; body: string }>((done, fail) => {
      const req = httpRequest(`${origin}/products/livre-sql`, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (body += c));
        res.on("end", () => done({ status: res.statusCode ?? 0, body }));
        res.on("error", fail);
      });
      req.on("error", fail);
      // Sent and being served (the server sits in the 3 s platform delay): now the signal.
      req.on("finish", () => setTimeout(() => process.kill(pid, "SIGTERM"), 500));
      req.end();
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain("</html>");
    expect(await serverExit).toBe(0);
    expect(serverOutput).toContain("SIGTERM received");
    const after = await fetch(`${origin}/healthz`).then(
      () => "answered",
      (e: Error) => e.cause && (e.cause as { code?: string }).code,
    );
    expect(after).toBe("ECONNREFUSED");
  });
});
