import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { isAddToCartAnswer, visit } from "./helpers";

/**
 * The add-to-cart form carries the options it shows, and the
 * server resolves the variant from what was submitted (both JS modes).
 */

const SHIRT = "/products/t-shirt-typescript";
const addButton = (page: Page) => page.getByRole("button", { name: "Ajouter au panier" });
const cartLine = (page: Page) =>
  page
    .getByRole("list", { name: "Articles du panier" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading") });

async function open(page: Page, path: string, javaScriptEnabled: boolean) {
  await visit(page, path, javaScriptEnabled);
}

test.describe("product options", () => {
  test("the size shown when pressing Ajouter au panier is the one bought, with the typed quantity", async ({ page, javaScriptEnabled }) => {
    await open(page, `${SHIRT}?Taille=S&Couleur=Noir`, javaScriptEnabled);
    await page.getByLabel("Quantité").fill("3");
    // No "Choisir" in between: the form sends what it shows.
    await page.getByLabel("Taille").selectOption("XL");
    const answered = page.waitForResponse(isAddToCartAnswer);
    await addButton(page).click();
    await answered;
    await expect(page.getByText("Ajouté au panier").first()).toBeVisible();
    await expect(page).toHaveURL(/\?Taille=XL&Couleur=Noir$/);

    await open(page, "/cart", javaScriptEnabled);
    await expect(cartLine(page)).toHaveCount(1);
    await expect(cartLine(page)).toContainText("Taille : XL");
    await expect(cartLine(page).getByLabel(/Quantité/)).toHaveValue("3");
  });

  test("from a page with nothing chosen, the options and the add go in one submit", async ({ page, javaScriptEnabled }) => {
    await open(page, SHIRT, javaScriptEnabled);
    await expect(page.getByText(/Choisissez :/)).toHaveCount(0);
    await page.getByLabel("Taille").selectOption("XL");
    await page.getByRole("radio", { name: "Noir" }).check();
    await page.getByLabel("Quantité").fill("2");
    const answered = page.waitForResponse(isAddToCartAnswer);
    await addButton(page).click();
    await answered;
    await expect(page.getByText("Ajouté au panier").first()).toBeVisible();

    await open(page, "/cart", javaScriptEnabled);
    await expect(cartLine(page)).toHaveCount(1);
    await expect(cartLine(page)).toContainText("Taille : XL");
    await expect(cartLine(page)).toContainText("Couleur : Noir");
    await expect(cartLine(page).getByLabel(/Quantité/)).toHaveValue("2");
  });

  test("changing an option keeps the typed quantity", async ({ page, javaScriptEnabled }) => {
    await open(page, `${SHIRT}?Taille=S&Couleur=Noir`, javaScriptEnabled);
    await page.getByLabel("Quantité").fill("4");
    await page.getByLabel("Taille").selectOption("L");
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Choisir" }).click();
    await expect(page).toHaveURL(/\?Taille=L&Couleur=Noir/);
    await expect(page.getByLabel("Taille")).toHaveValue("L");
    await expect(page.getByLabel("Quantité")).toHaveValue("4");
  });

  // Without scripts only: with them the page follows each change and disables the button at once (next test).
  test("a sold-out choice sent without a refresh is an error next to the option, values kept @nojs", async ({ page }) => {
    await open(page, `${SHIRT}?Taille=L&Couleur=Blanc`, false);
    await page.getByLabel("Quantité").fill("2");
    await page.getByLabel("Taille").selectOption("M");
    await addButton(page).click();
    const colour = page.getByRole("group", { name: /Couleur/ });
    await expect(colour).toHaveAccessibleDescription("Taille M, Couleur Blanc : épuisé. Choisissez une autre déclinaison.");
    await expect(page.getByLabel("Taille")).toHaveValue("M");
    await expect(page.getByRole("radio", { name: "Blanc" })).toBeChecked();
    await expect(page.getByLabel("Quantité")).toHaveValue("2");
    await expect(page.getByText("Ajouté au panier")).toHaveCount(0);
  });

  test("with scripts, a sold-out choice disables the button with its reason @js", async ({ page }) => {
    await open(page, `${SHIRT}?Taille=L&Couleur=Blanc`, true);
    await page.getByLabel("Quantité").fill("2");
    await page.getByLabel("Taille").selectOption("M");
    await expect(addButton(page)).toBeDisabled();
    await expect(addButton(page)).toHaveAccessibleDescription("Cette déclinaison est en rupture de stock");
    await expect(page.getByLabel("Quantité")).toHaveValue("2");
  });

  test("a forged choice is refused next to its option", async ({ page, baseURL }) => {
    await page.goto(`${SHIRT}?Taille=S&Couleur=Noir`);
    const productId = await page.locator('input[name="productId"]').inputValue();
    const headers = { Origin: new URL(baseURL!).origin };
    const forged = await page.request.post(SHIRT, {
      form: { intent: "add", productId, quantity: "1", Taille: "XXXL", Couleur: "Noir" },
      headers,
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(400);
    expect(await forged.text()).toContain("Ce choix n&#x27;existe pas pour « Taille »");
  });
});
