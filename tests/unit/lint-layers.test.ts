import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The layer rules hold (docs/decisions/0004-layers.md): every probe in tests/lint-fixtures/layers crosses one boundary and is
 * linted under the path it pretends to have; the lint must refuse it with the layer's rule and message.
 */

const ROOT = join(import.meta.dirname, "../..");
const PROBES = join(ROOT, "tests/lint-fixtures/layers");

const SERVER_ONLY = "Server-only code (SDK, cookies, secrets) is reached from routes and app/.server";
const WIX_SDK = "Only app/.server modules talk to the Wix SDK";
const ROUTE = "Route modules are leaves";
const SERVER_ROOT = "server/ is the composition root";
const PLATFORM = "The app reaches the platform only through the Wix SDK";
const PLATFORM_ALONE = "The platform stands alone";
const OWNER_HANDLER = "Routes reach the owner's commerce only through its handler";

type Refusal = { rule: "no-restricted-imports" | "no-restricted-syntax"; message: string };
/** An import statement refused by its path (no-restricted-imports). */
const importRefused = (message: string): Refusal => ({ rule: "no-restricted-imports", message });
/** An import the path rules cannot see (a type-only or dynamic one), refused by its syntax (no-restricted-syntax). */
const syntaxRefused = (message: string): Refusal => ({ rule: "no-restricted-syntax", message });

/** Probe (path it pretends to have) → the rule and the message that must refuse it. */
const EXPECTED: Record<string, Refusal> = {
  // The crossings decision 0004's first rules already refused.
  "app/components/imports-server-module.tsx": importRefused(SERVER_ONLY),
  "app/components/imports-wix-sdk.tsx": importRefused(WIX_SDK),
  "app/.server/imports-component.server.ts": importRefused("Components sit above lib, models and content"),
  "app/.server/imports-route.server.ts": importRefused(ROUTE),
  "platform/imports-app.ts": importRefused(PLATFORM_ALONE),
  "app/routes/imports-wix-sdk.tsx": importRefused(WIX_SDK),
  // The crossings a first set of rules missed (docs/decisions/0004-layers.md).
  "app/components/imports-route.tsx": importRefused(ROUTE),
  "app/components/imports-server-root.tsx": importRefused(SERVER_ROOT),
  "app/components/imports-platform.tsx": importRefused(PLATFORM),
  "app/components/imports-node-builtin.tsx": importRefused("Node built-ins run on the server only"),
  "app/components/type-import-server-module.tsx": syntaxRefused(SERVER_ONLY),
  "app/components/dynamic-import-server-module.tsx": syntaxRefused(SERVER_ONLY),
  "app/lib/imports-component.ts": importRefused("Components sit above lib, models and content"),
  "app/.server/imports-platform.server.ts": importRefused(PLATFORM),
  // Where lib, models, hooks and server/ stand.
  "app/models/imports-lib.ts": importRefused("Models are the bottom layer"),
  "app/lib/imports-hook.ts": importRefused("Hooks are for components and routes"),
  "app/routes/imports-platform.tsx": importRefused(PLATFORM),
  "app/.server/imports-server-root.server.ts": importRefused(SERVER_ROOT),
  "platform/imports-server-root.ts": importRefused(SERVER_ROOT),
  // The owner's seam: a route reaches the back-office's calls through ownerOf(context) only.
  "app/routes/imports-admin-internals.tsx": importRefused(OWNER_HANDLER),
  "server/imports-route.ts": importRefused("server/ reaches the app through its build and app/.server modules"),
};

function probeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return probeFiles(path);
    return /\.tsx?$/.test(entry.name) ? [relative(PROBES, path)] : [];
  });
}

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

describe("layer probes", () => {
  it("every probe file has its expected refusal, and every expectation its probe", () => {
    expect(probeFiles(PROBES).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const [probe, expected] of Object.entries(EXPECTED)) {
    it(`refuses ${probe}`, async () => {
      const [result] = await eslint.lintText(readFileSync(join(PROBES, probe), "utf8"), { filePath: join(ROOT, probe) });
      const refusals = result!.messages.map((m) => ({ rule: m.ruleId, message: m.message }));
      expect(refusals).toContainEqual({ rule: expected.rule, message: expect.stringContaining(expected.message) });
    });
  }

  it("the same code under a layer allowed to import it lints clean", async () => {
    // A route may import app/.server: the probe's import is refused because of where the probe stands, not what it says.
    const code = readFileSync(join(PROBES, "app/components/imports-server-module.tsx"), "utf8");
    const [result] = await eslint.lintText(code, { filePath: join(ROOT, "app/routes/probe.tsx") });
    expect(result!.messages).toEqual([]);
  });

  it("a route may import the owner handler, and app/.server may import the owner's internals", async () => {
    const [route] = await eslint.lintText('import { ownerOf } from "~/.server/admin/owner.server";\nexport const probe = ownerOf;\n', {
      filePath: join(ROOT, "app/routes/probe.tsx"),
    });
    expect(route!.messages).toEqual([]);
    const code = readFileSync(join(PROBES, "app/routes/imports-admin-internals.tsx"), "utf8");
    const [server] = await eslint.lintText(code, { filePath: join(ROOT, "app/.server/orders/probe.server.ts") });
    expect(server!.messages).toEqual([]);
  });
});
