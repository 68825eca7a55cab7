// `npm start`: the local demo. Builds, then runs the production server on the
// embedded platform (unless WIX_CLIENT_ID points at a real Wix site). In
// production, SESSION_SECRET must come from the environment; here a random one
// is made once and kept under .data/ so sessions survive restarts.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { execSync, spawn } from "node:child_process";

const env = { ...process.env, NODE_ENV: "production" };

/** A random value made once and kept under .data/, so restarts keep sessions and bookmarks. */
function keptSecret(file) {
  if (!existsSync(file)) {
    mkdirSync(".data", { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
  }
  return readFileSync(file, "utf8").trim();
}

env.SESSION_SECRET ||= keptSecret(".data/session-secret");
env.COMMERCE_PLATFORM ??= env.WIX_CLIENT_ID ? "wix" : "embedded";
// Production needs the public origin; on a developer's machine it is this machine.
env.PUBLIC_ORIGIN ||= `http://localhost:${env.PORT || 3000}`;
// The demo answers this machine only unless told otherwise (HOST=0.0.0.0); the container sets 0.0.0.0 itself.
env.HOST ||= "127.0.0.1";
// The owner tools (outbox with codes and reset links, approvals) are closed without a token: the demo keeps one.
if (env.COMMERCE_PLATFORM === "embedded") env.PLATFORM_OWNER_TOKEN ||= keptSecret(".data/owner-token");
// The back-office (/admin): the demo owner account, and the API key of the elevated client the platform accepts.
env.OWNER_EMAILS ??= "proprietaire@exemple.fr";
if (env.COMMERCE_PLATFORM === "embedded") env.PLATFORM_API_KEY ||= keptSecret(".data/platform-api-key");

// The site, build/platform/serve.js (the platform as its own service, the layout of compose.yaml) and the demo
// shop's photos, drawn from its seed, not committed (docs/decisions/0049-demo-photos-generated-from-the-seed.md).
execSync("npm run build", { stdio: "inherit" });
if (env.PLATFORM_OWNER_TOKEN) {
  const token = encodeURIComponent(env.PLATFORM_OWNER_TOKEN);
  console.log(`Owner tools of the embedded platform (keep these addresses private):`);
  console.log(`  outbox:    ${env.PUBLIC_ORIGIN}/_platform/outbox?token=${token}`);
  console.log(`  approvals: ${env.PUBLIC_ORIGIN}/_platform/owner/members?token=${token}`);
  console.log(`Back-office: ${env.PUBLIC_ORIGIN}/admin (owner e-mails: ${env.OWNER_EMAILS || "none"})`);
}
const child = spawn(process.execPath, ["server.js"], { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
