import { test, expect } from "./fixtures";
import { addToCartAndCheckout, continueToPayment, fillCheckoutFields, payByCard, signUpWithForm, unique } from "./helpers";

/** Wording that misleads (login page) and shipping words on digital orders. */

test.describe("wording", () => {
  test("the login page does not suggest its own form is less secure", async ({ page }) => {
    await page.goto("/account/login");
    await expect(page.getByRole("button", { name: "Utiliser la page de connexion de notre prestataire" })).toBeVisible();
    await expect(page.getByText(/sécurisée/)).toHaveCount(0);
  });

  test("a training's order says nothing about shipping", async ({ page, javaScriptEnabled }) => {
    await page.goto("/account/register");
    await signUpWithForm(page, { email: `formation-${unique()}@exemple.fr`, password: "un-mot-de-passe-solide" });
    await expect(page.getByRole("banner").getByRole("button", { name: "Se déconnecter" })).toBeVisible();

    await addToCartAndCheckout(page, "/products/formation-git", javaScriptEnabled);
    await fillCheckoutFields(page, { addressLine: "3 place Bellecour", postalCode: "69002", city: "Lyon" });
    await continueToPayment(page, { digital: true });
    await payByCard(page);
    await expect(page.locator(".order-totals").getByText(/Livraison/)).toHaveCount(0);

    await page.goto("/account/orders");
    await expect(page.getByRole("main").getByText(/expédiée/i)).toHaveCount(0);
    await page.getByRole("main").getByRole("link", { name: /^N° / }).first().click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("main").getByText("Expédition")).toHaveCount(0);
    await expect(page.getByRole("main").getByText(/expédiée/i)).toHaveCount(0);
  });
});
