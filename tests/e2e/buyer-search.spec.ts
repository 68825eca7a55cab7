import type { Page } from "@playwright/test";
import { test, expect, waitForHydration } from "./fixtures";
import { visit } from "./helpers";

/** Search anywhere in name/description/brand/category, accent- and case-insensitive, one typo, ranked. */

const cards = (page: Page) => page.getByTestId("product-card");
const names = (page: Page) => cards(page).locator(".product-card-name").allTextContents();

async function search(page: Page, javaScriptEnabled: boolean, from: string, text: string) {
  await visit(page, from, javaScriptEnabled);
  await page.getByRole("combobox", { name: "Rechercher" }).fill(text);
  await page.getByRole("button", { name: "Rechercher" }).click();
  await expect(page).toHaveURL(new RegExp(`/products\\?q=${encodeURIComponent(text).replace(/%20/g, "\\+")}$`));
  // With scripts the URL changes before the results are rendered: wait for the results' own heading.
  await expect(page.getByText(new RegExp(`résultats? pour « ${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} »`))).toBeVisible();
}

test.describe("search", () => {
  test("a word in the middle of a name is found, best match first", async ({ page, javaScriptEnabled }) => {
    await search(page, javaScriptEnabled, "/products", "typescript");
    const found = await names(page);
    expect(found).toEqual(
      expect.arrayContaining(["Formation TypeScript avancé", "TypeScript au quotidien", "Webinaire : TypeScript en 2 heures"]),
    );
    expect(found[0]).toMatch(/TypeScript/);
  });

  test("accents and case do not matter: 'ACCESSIBILITE' finds the three accessibility products", async ({ page, javaScriptEnabled }) => {
    await search(page, javaScriptEnabled, "/products", "ACCESSIBILITE");
    expect(await names(page)).toEqual(
      expect.arrayContaining(["Audit d'accessibilité RGAA", "Formation accessibilité web", "L'accessibilité numérique expliquée"]),
    );
    await expect(page.getByText(/résultats? pour « ACCESSIBILITE »/)).toBeVisible();
  });

  test("one typo is tolerated and several words must all match", async ({ page, javaScriptEnabled }) => {
    await search(page, javaScriptEnabled, "/products", "typscript");
    expect(await names(page)).toContain("Formation TypeScript avancé");
    await search(page, javaScriptEnabled, "/products", "formation typescript");
    expect((await names(page))[0]).toBe("Formation TypeScript avancé");
    expect(await names(page)).not.toContain("TypeScript au quotidien");
  });

  test("a search from a category page searches the whole catalog", async ({ page, javaScriptEnabled }) => {
    await search(page, javaScriptEnabled, "/collections/livres", "formation");
    expect(await names(page)).toContain("Formation TypeScript avancé");
  });

  test("the category and the brand are searched too", async ({ page, javaScriptEnabled }) => {
    await search(page, javaScriptEnabled, "/products", "goodies");
    expect(await names(page)).toContain("T-shirt « Typé et fier »");
  });

  test("names are suggested while typing @js", async ({ page }) => {
    await page.goto("/products");
    await waitForHydration(page);
    await page.getByRole("combobox", { name: "Rechercher" }).pressSequentially("typesc");
    await expect(page.locator("#catalog-q-suggestions option[value='Formation TypeScript avancé']")).toHaveCount(1);
  });
});
