// The cycle rule of `npm run lint` (eslint.config.js, import-x/no-cycle) proven on a fixture that has a cycle,
// with the project's own configuration: if the rule, its parser settings or its resolver stop working, these fail.
import { ESLint } from "eslint";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

async function cycleErrors(file: string) {
  // ignore: false lints tests/lint-fixtures/, which the normal run ignores.
  const eslint = new ESLint({ cwd: root, ignore: false });
  const [result] = await eslint.lintFiles([file]);
  return result!.messages.filter((m) => m.ruleId === "import-x/no-cycle");
}

describe("lint: no import cycle", () => {
  it("refuses each import of the fixture's cycle a → b → c → a", async () => {
    for (const file of ["a", "b", "c"]) {
      const errors = await cycleErrors(`tests/lint-fixtures/cycle/${file}.ts`);
      expect(errors, file).toHaveLength(1);
      expect(errors[0]!.severity).toBe(2);
      expect(errors[0]!.message).toMatch(/Dependency cycle/);
    }
  }, 60_000);

  it("accepts a module of the platform (the rule does not fire on everything)", async () => {
    expect(await cycleErrors("platform/index.ts")).toEqual([]);
  }, 60_000);

  it("follows the app's ~/ alias, so a cycle through it would be seen", async () => {
    const { default: config } = (await import("../../eslint.config.js")) as { default: Array<{ settings?: Record<string, unknown> }> };
    const block = config.find((c) => c.settings?.["import-x/resolver-next"]);
    const [resolver] = block!.settings!["import-x/resolver-next"] as Array<{
      resolve(m: string, f: string): { found: boolean; path?: string | null };
    }>;
    const resolved = resolver!.resolve("~/models/cart", `${root}app/root.tsx`);
    expect(resolved).toEqual({ found: true, path: `${root}app/models/cart.ts` });
  });
});
