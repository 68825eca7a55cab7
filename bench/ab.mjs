// `npm run bench -- …` measures the app as it is; this measures what two of the
// proposals in FINDINGS.md would buy, without touching the app's sources:
// copies of the last bench build (build-bench/) with one change each, applied
// as text patches to the built files and to a copy of server.js, loaded in
// turn (interleaved rounds) and compared on the server's CPU time per request.
//
//   node bench/ab.mjs [--rounds 3] [--duration 5] [--warmup 2] [--connections 32]
//
// A patch whose anchor text is no longer found (the code changed) is reported
// as not applicable instead of measuring something else.
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { cpuMsOf, measureGet } from "./lib/load.mjs";
import { freePort, onInterrupt, pinSelf, startNode, stop, stopAll, waitReady } from "./lib/proc.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..");
const { values: opt } = parseArgs({
  options: {
    duration: { type: "string", default: "5" },
    warmup: { type: "string", default: "2" },
    connections: { type: "string", default: "32" },
    rounds: { type: "string", default: "3" },
  },
});
const load = { duration: Number(opt.duration), warmup: Number(opt.warmup), connections: Number(opt.connections) };
const rounds = Math.max(1, Number(opt.rounds));
const source = join(root, "build-bench");
const work = mkdtempSync(join(tmpdir(), "bench-ab-"));
// Inside the repository (ignored by build-*/) so the copies resolve node_modules like the real build.
const variantsRoot = join(root, `build-bench-ab-${process.pid}`);
onInterrupt(() => {
  rmSync(work, { recursive: true, force: true });
  rmSync(variantsRoot, { recursive: true, force: true });
});

const PAGES = [
  ["/", "/"],
  ["/products/:slug", "/products/t-shirt-typescript?Taille=M&Couleur=Noir"],
];

/** Each patch: the file (relative to the variant dir), the anchor to find, the replacement. */
const PATCHES = {
  "build module, not a function (FINDINGS 3)": [
    {
      file: "server/index.js",
      find: /build: \(\) => import\(("\.\/assets\/server-build-[\w-]+\.js")\)/,
      replace: "build: await import($1)",
    },
  ],
  "static middleware only for file paths (FINDINGS 4)": [
    {
      file: "server.js",
      find: /server\.use\(express\.static\(`\$\{BUILD_DIR\}\/client`, \{ maxAge: "1h", index: false \}\)\);/,
      replace:
        'const serveFile = express.static(`${BUILD_DIR}/client`, { maxAge: "1h", index: false, redirect: false });\n' +
        "  server.use((req, res, next) => (/\\.[a-z0-9]+$/i.test(req.path) ? serveFile(req, res, next) : next()));",
    },
  ],
};
PATCHES["both"] = [...Object.values(PATCHES).flat()];

try {
  await main();
} finally {
  await stopAll();
  rmSync(work, { recursive: true, force: true });
  rmSync(variantsRoot, { recursive: true, force: true });
}

async function main() {
  if (!existsSync(join(source, "server", "index.js"))) throw new Error("no build-bench/: run `npm run bench` first");
  const variants = [{ name: "as built", patches: [] }, ...Object.entries(PATCHES).map(([name, patches]) => ({ name, patches }))];
  for (const v of variants) {
    v.dir = join(variantsRoot, String(variants.indexOf(v)));
    cpSync(source, v.dir, { recursive: true });
    cpSync(join(root, "server.js"), join(v.dir, "server.js"));
    for (const p of v.patches) {
      const file = join(v.dir, p.file);
      const text = readFileSync(file, "utf8");
      if (!p.find.test(text)) {
        v.skip = `anchor not found in ${p.file}`;
        break;
      }
      writeFileSync(file, text.replace(p.find, p.replace));
    }
  }
  pinSelf(1);
  const secret = randomBytes(24).toString("base64url");
  for (const v of variants.filter((x) => !x.skip)) {
    const port = await freePort();
    v.url = `http://127.0.0.1:${port}`;
    v.child = startNode(["server.js"], {
      cwd: v.dir,
      core: 0,
      logFile: join(work, `${variants.indexOf(v)}.log`),
      env: {
        NODE_ENV: "production",
        SESSION_SECRET: secret,
        COMMERCE_PLATFORM: "embedded",
        PLATFORM_DB: join(work, `${variants.indexOf(v)}.sqlite`),
        PORT: String(port),
        HOST: "127.0.0.1",
        BUILD_DIR: ".",
        WIX_CLIENT_ID: "",
        PUBLIC_ORIGIN: "",
        TRUST_PROXY: "",
      },
    });
    await waitReady(v.url + "/healthz", v.child);
    if (cpuMsOf(v.child.pid) === null) throw new Error("no /proc: CPU time per request is not available here");
  }
  const results = {};
  for (let r = 1; r <= rounds; r++) {
    console.log(`round ${r}/${rounds}`);
    for (const [page, path] of PAGES) {
      // The order rotates each round, so no variant always runs first (colder) or last.
      const live = variants.filter((x) => !x.skip);
      const order = live.map((_, i) => live[(i + r - 1) % live.length]);
      for (const v of order) {
        const f = await measureGet({ url: v.url, path, pid: v.child.pid, ...load });
        ((results[page] ??= {})[v.name] ??= []).push(f.cpuMsPerUnit);
        console.log(`  ${page.padEnd(16)} ${v.name.padEnd(52)} ${f.cpuMsPerUnit} CPU ms/req  ${f.rps} req/s`);
      }
    }
  }
  console.log("\n== Server CPU ms per request, median (change vs as built)");
  for (const [page] of PAGES) {
    const base = median(results[page]["as built"]);
    for (const v of variants) {
      if (v.skip) {
        console.log(`  ${page.padEnd(16)} ${v.name.padEnd(52)} not applicable (${v.skip})`);
        continue;
      }
      const m = median(results[page][v.name]);
      const change = v.name === "as built" ? "" : `  ${m <= base ? "−" : "+"}${Math.abs(Math.round((1000 * (m - base)) / base) / 10)} %`;
      console.log(`  ${page.padEnd(16)} ${v.name.padEnd(52)} ${m.toFixed(3)}${change}   (rounds: ${results[page][v.name].join(", ")})`);
    }
  }
}

function median(values) {
  const v = [...values].sort((a, b) => a - b);
  return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
}
