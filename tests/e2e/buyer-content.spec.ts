import { test, expect, OWNER } from "./fixtures";

/** Issue 12, point 10 (part): product content. */

test.describe("content (issue 12.10)", () => {
  test("the cap shows a cap, not the T-shirt picture", async ({ page, request }) => {
    const photo = async (path: string, name: string | RegExp) => {
      await page.goto(path);
      const src = await page.getByRole("img", { name }).first().getAttribute("src");
      const res = await request.get(src!);
      expect(res.headers()["content-type"]).toMatch(/^image\/(jpeg|webp)$/);
      return (await res.body()).toString("base64");
    };
    expect(await photo("/products/casquette", "Casquette brodée")).not.toBe(await photo("/products/t-shirt-typescript", /T-shirt/));
  });

  test("the brand is the site's owner, and descriptions have no space before a full stop", async ({ page }) => {
    await page.goto("/products/formation-typescript");
    await expect(page.locator(".product-brand")).toHaveText(OWNER);
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description).toContain("Durée : 2 jours.");
    expect(description).not.toMatch(/\s\./);
  });
});
