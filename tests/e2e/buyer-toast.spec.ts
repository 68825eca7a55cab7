import { test, expect, waitForHydration } from "./fixtures";

/** The notification of an add must not hide the header's cart count as it changes. */

for (const width of [1280, 390]) {
  test(`at ${width} px the 'Ajouté au panier' notification leaves the cart count visible @js`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/products/mug-it-works");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Ajouter au panier" }).click();
    await expect(page.locator(".site-header .cart-count")).toHaveText("1");
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Ajouté au panier" })).toBeVisible();
    // Toasts hang from the top of sonner's list (absolute, top 0, sliding in with a transform): the list's top edge is
    // where they start, measured in one go while the toast shows (a success toast lasts 2 s).
    const edges = await page.evaluate(() => {
      const list = document.querySelector("[data-sonner-toaster]")!.getBoundingClientRect();
      const header = document.querySelector(".site-header")!.getBoundingClientRect();
      const count = document.querySelector(".site-header .cart-count")!.getBoundingClientRect();
      return { listTop: list.top, headerBottom: header.bottom, countBottom: count.bottom };
    });
    expect(edges.listTop).toBeGreaterThanOrEqual(edges.countBottom);
    expect(edges.listTop).toBeGreaterThanOrEqual(edges.headerBottom);
  });
}
