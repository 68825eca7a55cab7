// Browser tests use Debian's Chromium (no browser downloads here). Install it
// when missing and we are allowed to; otherwise say exactly what to run.
import { existsSync } from "node:fs";
import { execSync } from "node:child_process";

const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(path)) {
  const root = process.getuid?.() === 0;
  if (root && existsSync("/usr/bin/apt-get")) {
    console.log("Chromium missing: installing Debian's chromium package…");
    execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", { stdio: "inherit" });
  } else {
    console.error(
      `Chromium not found at ${path}. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium\n` +
        "or point CHROMIUM_PATH at a Chromium/Chrome binary.",
    );
    process.exit(1);
  }
}
