// Preloaded (node --import) into a separate app server by the bench: appends one JSON line per call to the Wix
// APIs to $SDK_CALL_LOG, `{ call: "METHOD host/path", start, end }` (epoch ms with fractions, the clock every process
// on the machine shares), so the bench can list the SDK calls each page makes and which of them ran one after the
// other before the response started. Never used under load.
import { appendFileSync } from "node:fs";

const file = process.env.SDK_CALL_LOG;
const WIX_HOSTS = /(^|\.)wixapis\.com$|(^|\.)wix\.com$/;
let installed = null;
const now = () => performance.timeOrigin + performance.now();

async function counting(input, init) {
  let call = null;
  try {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
    if (WIX_HOSTS.test(url.hostname)) {
      const method = init?.method ?? (typeof input === "object" && "method" in input ? input.method : "GET");
      call = `${method} ${url.hostname}${url.pathname}`;
    }
  } catch {
    // Not a URL we can read: not an SDK call.
  }
  if (!call) return installed(input, init);
  const start = now();
  try {
    return await installed(input, init);
  } finally {
    appendFileSync(file, JSON.stringify({ call, start, end: now() }) + "\n");
  }
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
