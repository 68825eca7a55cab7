// The import rules of `npm run lint` (eslint.config.js) proven with the project's own configuration: no import
// cycle (import-x/no-cycle, on a fixture that has one) and platform/'s layers (import-x/no-restricted-paths, on
// probes linted as if they sat in a platform folder). If a rule, its parser settings or its resolver stop
// working, these fail.
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

  it("refuses a circle of type-only imports, which import-x/no-cycle lets pass", async () => {
    const eslint = new ESLint({ cwd: root, ignore: false });
    for (const file of ["reader", "impl"]) {
      const [result] = await eslint.lintFiles([`tests/lint-fixtures/type-cycle/${file}.ts`]);
      const errors = result!.messages.filter((m) => m.ruleId === "local/no-type-import-cycle");
      expect(errors, file).toHaveLength(1);
      expect(errors[0]!.severity).toBe(2);
      expect(errors[0]!.message).toMatch(/Import cycle \(types included\)/);
      expect(
        result!.messages.filter((m) => m.ruleId === "import-x/no-cycle"),
        file,
      ).toEqual([]);
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

/** Lints `code` as if it were the file `filePath` (its imports resolve from there), returns the layer errors. */
async function layerErrors(filePath: string, code: string) {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === "import-x/no-restricted-paths").map((m) => m.message);
}

describe("lint: platform/ layers", () => {
  it("refuses core/ importing a module folder", async () => {
    const errors = await layerErrors("platform/core/probe.ts", 'export { orderWire } from "../ecom/orders/order-wire";\n');
    expect(errors).toEqual([expect.stringContaining("platform/core/ imports no other folder of platform/")]);
  }, 60_000);

  it("refuses iam/ importing ecom/ (the cart merge at login goes through ctx.onMemberLogin)", async () => {
    const errors = await layerErrors("platform/iam/probe.ts", 'export { mergeCarts } from "../ecom/cart/cart-store";\n');
    expect(errors).toEqual([
      expect.stringContaining("platform/iam/ may import only platform/{core,media,events,data,stores,categories,members}/"),
    ]);
  }, 60_000);

  it("refuses a module folder importing the composition root", async () => {
    const errors = await layerErrors("platform/stores/probe.ts", 'export { createPlatform } from "../index";\n');
    expect(errors).toHaveLength(1);
  }, 60_000);

  it("accepts ecom/ importing the layers below it", async () => {
    const code = 'export { newId } from "../core/context";\nexport { claimOnRead } from "../iam/order-claims";\n';
    expect(await layerErrors("platform/ecom/probe.ts", code)).toEqual([]);
  }, 60_000);
});
