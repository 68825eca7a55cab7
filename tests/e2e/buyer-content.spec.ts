import { test, expect, OWNER } from "./fixtures";

/** Product content: descriptions, facts and pictures. */

test.describe("content", () => {
  test("the cap shows a cap, not the T-shirt picture", async ({ page, request }) => {
    await page.goto("/products/casquette");
    const src = await page.getByRole("img", { name: "Casquette brodée" }).first().getAttribute("src");
    const cap = await (await request.get(src!)).text();
    await page.goto("/products/t-shirt-typescript");
    const shirtSrc = await page
      .getByRole("img", { name: /T-shirt/ })
      .first()
      .getAttribute("src");
    const shirt = await (await request.get(shirtSrc!)).text();
    const shape = (svg: string) => svg.match(/<path d="([^"]+)"/)![1];
    expect(shape(cap)).not.toBe(shape(shirt));
  });

  test("the brand is the site's owner, and descriptions have no space before a full stop", async ({ page }) => {
    await page.goto("/products/formation-typescript");
    await expect(page.locator(".product-brand")).toHaveText(OWNER);
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description).toContain("Durée : 2 jours.");
    expect(description).not.toMatch(/\s\./);
  });
});
