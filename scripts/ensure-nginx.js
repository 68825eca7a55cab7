// The proxy browser tests run Debian's nginx and make a certificate with openssl.
// Install them when missing and we are allowed to; otherwise say exactly what to run.
import { existsSync } from "node:fs";
import { execSync } from "node:child_process";

const has = (cmd) => {
  try {
    execSync(`command -v ${cmd}`, { stdio: "ignore", shell: "/bin/sh" });
    return true;
  } catch {
    return false;
  }
};

const nginx = process.env.NGINX_PATH ?? ["/usr/sbin/nginx", "/usr/local/sbin/nginx"].find((p) => existsSync(p));
const missing = [];
if (!(nginx && existsSync(nginx)) && !has("nginx")) missing.push("nginx-light");
if (!has("openssl")) missing.push("openssl");

if (missing.length) {
  const root = process.getuid?.() === 0;
  if (root && existsSync("/usr/bin/apt-get")) {
    console.log(`Installing Debian's ${missing.join(" ")} for the proxy tests…`);
    // policy-rc.d 101: the package must not start a system nginx on port 80.
    execSync(
      "own=0; if [ ! -e /usr/sbin/policy-rc.d ]; then printf '#!/bin/sh\\nexit 101\\n' > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d && own=1; fi; " +
        `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(" ")} >/dev/null; ` +
        "status=$?; [ $own = 1 ] && rm -f /usr/sbin/policy-rc.d; exit $status",
      { stdio: "inherit", shell: "/bin/bash" },
    );
  } else {
    console.error(
      `Missing for the proxy tests: ${missing.join(", ")}. Install with:\n` +
        `  sudo apt-get update && sudo apt-get install -y ${missing.join(" ")}\n` +
        "or point NGINX_PATH at an nginx binary.",
    );
    process.exit(1);
  }
}
