import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test as base, expect } from "./fixtures";
import { freePort, startServer, type RunningServer } from "../support/server";

/**
 * A site whose catalog cannot be read (Get Catalog Version answers STORES_NOT_INSTALLED): a server of its own. It is
 * not ready (/readyz 503, so a load balancer sends it no visitor) and the store's pages show the error screen with a
 * clear message, never a stack trace; the pages that need no catalog still work.
 */
const test = base.extend<object, { noCatalog: RunningServer }>({
  noCatalog: [
    async ({}, use) => {
      const dir = mkdtempSync(join(tmpdir(), "no-catalog-"));
      const server = await startServer({
        port: Number(process.env.E2E_NO_CATALOG_PORT) || (await freePort()),
        db: join(dir, "platform.sqlite"),
        env: { PLATFORM_CATALOG_VERSION: "STORES_NOT_INSTALLED" },
      });
      await use(server);
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
    { scope: "worker" },
  ],
  baseURL: async ({ noCatalog }, use) => use(noCatalog.origin),
});

test.describe("a catalog that cannot be read", () => {
  test("/readyz answers 503 with the reason, /healthz stays 200", async ({ request }) => {
    const ready = await request.get("/readyz");
    expect(ready.status()).toBe(503);
    expect(await ready.text()).toBe("not ready: the store's catalog cannot be read");
    expect((await request.get("/healthz")).status()).toBe(200);
  });

  test("the store's pages show the error screen with a clear message, not a stack trace", async ({ page, allowStatusFor }) => {
    allowStatusFor(/\/(products|collections)/);
    for (const path of ["/products", "/products/livre-typescript", "/collections/livres"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(503);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Something Went Wrong");
      await expect(page.getByText("Le catalogue de la boutique ne peut pas être lu pour le moment")).toBeVisible();
      const text = await page.locator("body").innerText();
      expect(text).not.toMatch(/\bat \S+ \(|CatalogVersionError|STORES_NOT_INSTALLED|node_modules/);
    }
    // The pages that need no catalog still answer.
    expect((await page.goto("/"))?.status()).toBe(200);
    expect((await page.goto("/cv"))?.status()).toBe(200);
  });
});
