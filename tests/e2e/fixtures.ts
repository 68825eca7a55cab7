import { test as base, expect, type BrowserContext, type ConsoleMessage, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, startServer, type RunningServer } from "../support/server";
import { E2E_PLATFORM_API_KEY, OWNER_LOGIN } from "../support/demo";

export const OWNER = "Julien Moreau";

/**
 * Every browser test fails on a console error or an uncaught page error, except
 * the browser's own report of a 404 document that the test asked for on purpose
 * (`expectedStatusUrls`).
 */
type CatalogVersion = "V1_CATALOG" | "V3_CATALOG";

/**
 * The site's Stores catalog. The suite runs on the configured server, a V3 site like one created today; a project
 * asking for `catalogVersion: "V1_CATALOG"` (playwright.config.ts) gets a server of its own on a V1 site, started once
 * per worker, and its pages are addressed there.
 */
const sites = base.extend<object, { catalogVersion: CatalogVersion; v1Site: RunningServer | null }>({
  catalogVersion: ["V3_CATALOG", { option: true, scope: "worker" }],
  v1Site: [
    async ({ catalogVersion }, use) => {
      if (catalogVersion !== "V1_CATALOG") return use(null);
      const dir = mkdtempSync(join(tmpdir(), "e2e-v1-site-"));
      const port = Number(process.env.E2E_V1_PORT) || (await freePort());
      const server = await startServer({
        port,
        db: join(dir, "platform.sqlite"),
        env: {
          PLATFORM_CATALOG_VERSION: "V1_CATALOG",
          // The owner's shop on a V1 site (admin-shop.spec.ts): the demo owner, and the elevated client's key.
          OWNER_EMAILS: OWNER_LOGIN.email,
          PLATFORM_API_KEY: E2E_PLATFORM_API_KEY,
        },
      });
      // The site must say it runs V1, or every test of the project would be testing V3 again.
      const version = await (await fetch(`${server.origin}/_platform/api/stores/v3/provision/version`)).json();
      if (version?.catalogVersion !== "V1_CATALOG") throw new Error(`the V1 site answers ${JSON.stringify(version)}`);
      try {
        await use(server);
      } finally {
        await server.stop();
        rmSync(dir, { recursive: true, force: true });
      }
    },
    { scope: "worker", timeout: 60_000 },
  ],
});

export const test = sites.extend<{
  consoleErrors: string[];
  allowStatusFor: (url: string | RegExp) => void;
  anotherDevice: () => Promise<Page>;
}>({
  baseURL: async ({ baseURL, v1Site }, use) => use(v1Site?.origin ?? baseURL),
  // A page on another device (a browser context of its own, none of the test's cookies), as the test's project sees
  // the site; every one is closed after the test.
  anotherDevice: async ({ browser, baseURL, javaScriptEnabled }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async () => {
      const context = await browser.newContext({ baseURL, locale: "fr-FR", javaScriptEnabled });
      contexts.push(context);
      return context.newPage();
    });
    for (const context of contexts) await context.close();
  },
  allowStatusFor: [
    async ({}, use, testInfo) => {
      const allowed: (string | RegExp)[] = [];
      (testInfo as unknown as { _allowed: typeof allowed })._allowed = allowed;
      await use((url) => allowed.push(url));
    },
    { auto: true },
  ],
  consoleErrors: [
    async ({ page }, use, testInfo) => {
      const errors: string[] = [];
      const allowed = (testInfo as unknown as { _allowed: (string | RegExp)[] })._allowed;
      const isAllowed = (msg: ConsoleMessage) => {
        const url = msg.location().url;
        // The app answers 400 only for a form with field errors: the browser's report of it is expected.
        if (msg.text().startsWith("Failed to load resource") && /status of 400/.test(msg.text())) return true;
        return (
          msg.text().startsWith("Failed to load resource") && allowed.some((a) => (typeof a === "string" ? url.includes(a) : a.test(url)))
        );
      };
      page.on("console", (msg) => {
        if (msg.type() === "error" && !isAllowed(msg)) errors.push(`${msg.text()} (${msg.location().url})`);
      });
      page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** With scripts on, waits until React hydrated (the footer swaps to its animated version then). */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.querySelector("footer:not(.footer-pending)") !== null);
}

/** axe needs scripts, so it runs in the JS project on the fully faded-in page. */
export async function expectNoSeriousA11yViolations(page: Page) {
  await waitForHydration(page);
  const footer = page.getByRole("contentinfo");
  await footer.scrollIntoViewIfNeeded();
  await expect.poll(() => footer.evaluate((el) => getComputedStyle(el).opacity), { timeout: 5000 }).toBe("1");
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(serious).toEqual([]);
}
