import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { addToCartFrom, visit, expectRefusedBesideField } from "./helpers";

/** Cart quantity capped by the stock left, coupon errors beside the field (both JS modes). */

const headerCart = (page: Page) => page.getByRole("banner").getByRole("link", { name: /^Panier/ });

async function addShirt(page: Page, javaScriptEnabled: boolean) {
  await addToCartFrom(page, "/products/t-shirt-typescript?Taille=S&Couleur=Blanc", javaScriptEnabled);
  await expect(headerCart(page)).toHaveAccessibleName("Panier, 1 article");
  await visit(page, "/cart", javaScriptEnabled);
}

test.describe("cart details", () => {
  test("a quantity above the stock left is refused beside the field, saying how many are left", async ({ page, javaScriptEnabled }) => {
    await addShirt(page, javaScriptEnabled);
    const quantity = page.getByRole("list", { name: "Articles du panier" }).getByLabel("Quantité", { exact: true });
    await quantity.fill("20");
    await page.getByRole("button", { name: "Mettre à jour" }).click();
    await expect(quantity).toHaveAccessibleDescription("Il n'en reste que 8 : choisissez au plus 8.");
    await expect(quantity).toHaveAttribute("aria-invalid", "true");
    await expect(quantity).toHaveValue("20");
    await expect(page.getByText("Quantité mise à jour")).toHaveCount(0);
    await expect(headerCart(page)).toHaveAccessibleName("Panier, 1 article");
    await expect(page.getByRole("button", { name: "Passer la commande" })).toBeEnabled();
  });

  test("a wrong coupon is told beside the field with the typed code kept; no stale message after apply and remove", async ({
    page,
    javaScriptEnabled,
  }) => {
    await addShirt(page, javaScriptEnabled);
    const code = page.getByLabel("Code promo", { exact: true });
    const apply = page.getByRole("button", { name: "Appliquer" });

    await apply.click();
    await expect(code).toHaveAccessibleDescription("Saisissez un code promo.");

    await expectRefusedBesideField(code, "PASUNCODE", apply, "Ce code promo n'existe pas ou n'est plus valable.");

    await code.fill("BIENVENUE10");
    await apply.click();
    await expect(page.getByText("Code promo BIENVENUE10 appliqué")).toBeVisible();
    await page.getByRole("button", { name: "Retirer le code promo" }).click();
    await expect(page.getByText("Code promo retiré").first()).toBeVisible();
    await expect(code).toBeVisible();
    await expect(code).toHaveValue("");
    await expect(code).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Saisissez un code promo.")).toHaveCount(0);
    await expect(page.getByText("Ce code promo n'existe pas ou n'est plus valable.")).toHaveCount(0);
  });
});
