// Browser tests: a fresh build and a fresh embedded-platform database each run,
// then Playwright starts the production server itself (see playwright.config.ts).
import { rmSync } from "node:fs";
import { execSync } from "node:child_process";

const run = (cmd) => execSync(cmd, { stdio: "inherit" });
run("node scripts/ensure-chromium.js");
if (!process.argv.includes("--no-build")) run("npx react-router build");
rmSync(".data/e2e", { recursive: true, force: true });
run(`npx playwright test ${process.argv.slice(2).filter((a) => a !== "--no-build").join(" ")}`);
