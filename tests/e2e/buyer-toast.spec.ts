import type { Locator } from "@playwright/test";
import { test, expect, waitForHydration } from "./fixtures";

/** Issue 12, point 7 (rest): the notification of an add must not hide the header's cart count as it changes. */

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b).not.toBeNull();
  return b!;
}

for (const width of [1280, 390]) {
  test(`at ${width} px the 'Ajouté au panier' notification leaves the cart count visible @js`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/products/mug-it-works");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Ajouter au panier" }).click();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Ajouté au panier" });
    await expect(toast).toBeVisible();
    const count = page.locator(".site-header .cart-count");
    await expect(count).toHaveText("1");
    // Once the toast has slid in (0.4 s), it sits below the header, not over the count.
    const overlap = async () => {
      const t = await box(toast);
      const c = await box(count);
      return t.x < c.x + c.width && c.x < t.x + t.width && t.y < c.y + c.height && c.y < t.y + t.height;
    };
    await expect.poll(overlap).toBe(false);
    const header = await box(page.locator(".site-header"));
    expect((await box(toast)).y).toBeGreaterThanOrEqual(header.y + header.height);
  });
}
