import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test, expect, waitForHydration } from "./fixtures";
import { CHUNK_MODULES_FILE } from "../../scripts/chunk-modules";

/**
 * No page ships JavaScript it does not run (issue 30): read from the client build this server runs, React Router's
 * manifest (which chunks each route loads before it runs) and the list of source modules each chunk carries
 * (scripts/chunk-modules.ts).
 */
const CLIENT = join(process.env.BUILD_DIR ?? "build", "client");

type Manifest = { entry: { module: string; imports: string[] }; routes: Record<string, { module: string; imports?: string[] }> };
type Chunks = Record<string, { modules: string[]; imports: string[]; dynamicImports: string[] }>;

function readBuild(): { manifest: Manifest; chunks: Chunks } {
  const file = readdirSync(join(CLIENT, "assets")).find((f) => /^manifest-.*\.js$/.test(f));
  if (!file) throw new Error(`no React Router manifest in ${CLIENT}/assets`);
  const source = readFileSync(join(CLIENT, "assets", file), "utf8");
  const manifest = JSON.parse(source.slice(source.indexOf("=") + 1).replace(/;\s*$/, "")) as Manifest;
  const chunks = JSON.parse(readFileSync(join(CLIENT, CHUNK_MODULES_FILE), "utf8")) as Chunks;
  return { manifest, chunks };
}

/** The source modules a route's page runs before any dynamic import: the entry's, the root's and its own chunks. */
function staticModules(build: { manifest: Manifest; chunks: Chunks }, routeId: string): Set<string> {
  const { manifest, chunks } = build;
  const seen = new Set<string>();
  const todo = [manifest.entry.module, ...manifest.entry.imports];
  for (const id of ["root", routeId]) todo.push(manifest.routes[id].module, ...(manifest.routes[id].imports ?? []));
  while (todo.length) {
    const chunk = todo.pop()!;
    if (seen.has(chunk)) continue;
    seen.add(chunk);
    const c = chunks[chunk];
    if (!c) throw new Error(`${chunk} is not in ${CHUNK_MODULES_FILE}`);
    todo.push(...c.imports);
  }
  return new Set([...seen].flatMap((chunk) => chunks[chunk].modules));
}

const BACK_OFFICE_OR_CHECKOUT = /^app\/(routes\/(admin|checkout)|components\/(admin|checkout)\/|models\/admin)/;
const MOTION = /^node_modules\/(motion|motion-dom|motion-utils|framer-motion)\//;

test.describe("what the storefront's chunks carry @js", () => {
  test("no storefront page loads back-office or checkout code, nor motion before its animation", () => {
    const build = readBuild();
    const storefront = Object.keys(build.manifest.routes).filter((id) => id !== "root" && !/^routes\/(admin|checkout)/.test(id));
    expect(storefront).toEqual(expect.arrayContaining(["routes/home", "routes/products._index", "routes/contact", "routes/cv"]));
    const found = storefront.flatMap((id) =>
      [...staticModules(build, id)].filter((m) => BACK_OFFICE_OR_CHECKOUT.test(m) || MOTION.test(m)).map((m) => `${id}: ${m}`),
    );
    expect(found).toEqual([]);
  });

  test("motion is only in a chunk the footer loads on demand", () => {
    const { chunks } = readBuild();
    const withMotion = Object.keys(chunks).filter((f) => chunks[f].modules.some((m) => MOTION.test(m)));
    expect(withMotion).toHaveLength(1);
    const loaders = Object.keys(chunks).filter((f) => chunks[f].dynamicImports.includes(withMotion[0]));
    const staticLoaders = Object.keys(chunks).filter((f) => chunks[f].imports.includes(withMotion[0]));
    expect(staticLoaders).toEqual([]);
    expect(loaders.flatMap((f) => chunks[f].modules)).toContain("app/components/SiteFooter.tsx");
  });

  test("a page whose footer is not reached downloads no animation code; scrolling to it does", async ({ page }) => {
    const { chunks } = readBuild();
    const motionChunk = Object.keys(chunks).find((f) => chunks[f].modules.some((m) => MOTION.test(m)))!;
    const requested: string[] = [];
    page.on("request", (r) => requested.push(new URL(r.url()).pathname));
    await page.setViewportSize({ width: 400, height: 700 });
    await page.goto("/products");
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    expect(requested).not.toContain(motionChunk);
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    await expect.poll(() => requested).toContain(motionChunk);
  });
});
