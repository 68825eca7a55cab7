import type { Page } from "@playwright/test";
import { test, expect, waitForHydration } from "./fixtures";
import { PAY_BUTTON, registerWithForm, unique, acceptCheckoutTerms, isAddToCartAnswer } from "./helpers";

/** Issue 12, point 8: wording that misleads (login page) and shipping words on digital orders. */

test.describe("wording (issue 12.8)", () => {
  test("the login page does not suggest its own form is less secure", async ({ page }) => {
    await page.goto("/account/login");
    await expect(page.getByRole("button", { name: "Utiliser la page de connexion de notre prestataire" })).toBeVisible();
    await expect(page.getByText(/sécurisée/)).toHaveCount(0);
  });

  test("a training's order says nothing about shipping", async ({ page, javaScriptEnabled }) => {
    const ready = async (p: Page) => {
      if (javaScriptEnabled) await waitForHydration(p);
    };
    await page.goto("/account/register");
    await registerWithForm(page, { email: `formation-${unique()}@exemple.fr`, password: "un-mot-de-passe-solide" });
    await expect(page.getByRole("banner").getByRole("button", { name: "Se déconnecter" })).toBeVisible();

    await page.goto("/products/formation-git");
    await ready(page);
    const answered = page.waitForResponse(isAddToCartAnswer);
    await page.getByRole("button", { name: "Ajouter au panier" }).click();
    await answered;
    await page.goto("/checkout");
    await ready(page);
    await page.getByLabel("Adresse", { exact: true }).fill("3 place Bellecour");
    await page.getByLabel("Code postal", { exact: true }).fill("69002");
    await page.getByLabel("Ville", { exact: true }).fill("Lyon");
    await acceptCheckoutTerms(page, { digital: true });
    await page.getByRole("button", { name: "Continuer vers le paiement" }).click();
    await page.getByLabel("Numéro de carte").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: PAY_BUTTON }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Merci");
    await expect(page.locator(".order-totals").getByText(/Livraison/)).toHaveCount(0);

    await page.goto("/account/orders");
    await expect(page.getByRole("main").getByText(/expédiée/i)).toHaveCount(0);
    await page.getByRole("main").getByRole("link", { name: /^N° / }).first().click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("main").getByText("Expédition")).toHaveCount(0);
    await expect(page.getByRole("main").getByText(/expédiée/i)).toHaveCount(0);
  });
});
