import { join } from "node:path";
import { test, expect, waitForHydration } from "./fixtures";
import { motionChunks, readClientBuild, storefrontLeaks, storefrontRoutes } from "../../scripts/chunk-modules";

/**
 * No page ships JavaScript it does not run, read from the client build this server runs: React Router's
 * manifest (which chunks each route loads before it runs) and the source modules each chunk carries
 * (scripts/chunk-modules.ts). No browser needed for the first two; tagged @js so they run once.
 */
const build = () => readClientBuild(join(process.env.BUILD_DIR ?? "build", "client"));

test.describe("what the storefront's chunks carry @js", () => {
  test("no storefront page loads back-office or checkout code, nor motion before its animation", () => {
    const b = build();
    expect(storefrontRoutes(b)).toEqual(expect.arrayContaining(["routes/home", "routes/products._index", "routes/contact", "routes/cv"]));
    expect(storefrontLeaks(b)).toEqual([]);
  });

  test("motion is only in a chunk the footer loads on demand", () => {
    const motion = motionChunks(build());
    expect(motion.files).toHaveLength(1);
    expect(motion.staticImporters).toEqual([]);
    expect(motion.dynamicImporters).toContain("app/components/SiteFooter.tsx");
  });

  test("a page whose footer is not reached downloads no animation code; scrolling to it does", async ({ page }) => {
    const [motionChunk] = motionChunks(build()).files;
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
