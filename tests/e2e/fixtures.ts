import { test as base, expect, type ConsoleMessage, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";

export const OWNER = "Julien Moreau";

/**
 * Every browser test fails on a console error or an uncaught page error, except
 * the browser's own report of a 404 document that the test asked for on purpose
 * (`expectedStatusUrls`).
 */
export const test = base.extend<{ consoleErrors: string[]; allowStatusFor: (url: string | RegExp) => void }>({
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
