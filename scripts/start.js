// `npm start`: the local demo. Builds, then runs the production server on the
// embedded platform (unless WIX_CLIENT_ID points at a real Wix site). In
// production, SESSION_SECRET must come from the environment; here a random one
// is made once and kept under .data/ so sessions survive restarts.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { execSync, spawn } from "node:child_process";

const env = { ...process.env, NODE_ENV: "production" };
if (!env.SESSION_SECRET) {
  const file = ".data/session-secret";
  if (!existsSync(file)) {
    mkdirSync(".data", { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
  }
  env.SESSION_SECRET = readFileSync(file, "utf8").trim();
}
env.COMMERCE_PLATFORM ??= env.WIX_CLIENT_ID ? "wix" : "embedded";

execSync("npx react-router build", { stdio: "inherit" });
const child = spawn(process.execPath, ["server.js"], { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
