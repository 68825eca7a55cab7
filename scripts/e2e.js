// Browser tests: a fresh build and a fresh embedded-platform database each run,
// then Playwright starts the production server itself (see playwright.config.ts).
import { rmSync } from "node:fs";
import { execSync } from "node:child_process";

const run = (cmd) => execSync(cmd, { stdio: "inherit" });
run("node scripts/ensure-chromium.js");
if (!process.argv.includes("--no-build")) run("npx react-router build");
// The demo shop's photos (drawn once from the seed, skipped when already there): docs/decisions/0049-*.
run("npm run --silent photos");
// Each run starts from a fresh demo database (E2E_DB lets parallel runs use their own).
const db = process.env.E2E_DB ?? ".data/e2e/platform.sqlite";
for (const suffix of ["", "-wal", "-shm"]) rmSync(db + suffix, { force: true });
run(
  `npx playwright test ${process.argv
    .slice(2)
    .filter((a) => a !== "--no-build")
    .join(" ")}`,
);
