// Preloaded (node --import) into a separate app server by run.mjs: appends one
// line per call to the Wix APIs (method and path) to $SDK_CALL_LOG, so the
// bench can list the SDK calls each page makes. Never used under load.
import { appendFileSync } from "node:fs";

const file = process.env.SDK_CALL_LOG;
const WIX_HOSTS = /(^|\.)wixapis\.com$|(^|\.)wix\.com$/;
let installed = null;

function counting(input, init) {
  try {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
    if (WIX_HOSTS.test(url.hostname)) {
      const method = init?.method ?? (typeof input === "object" && "method" in input ? input.method : "GET");
      appendFileSync(file, `${method} ${url.hostname}${url.pathname}\n`);
    }
  } catch {
    // Not a URL we can read: not an SDK call.
  }
  return installed(input, init);
}

const native = globalThis.fetch;
// Until something (the embedded platform) installs its own fetch, reads get the
// native one, so that fetch's fallback to "the original" never loops back here.
Object.defineProperty(globalThis, "fetch", {
  configurable: true,
  enumerable: true,
  get: () => (installed ? counting : native),
  set: (value) => {
    installed = value;
  },
});
