import { test, expect } from "./fixtures";
import { PAY_BUTTON, acceptCheckoutTerms, addToCartAndCheckout } from "./helpers";

/** Issue 12, point 2 (part): a cart of trainings is not treated as a parcel. */

test.describe("digital goods (issue 12.2)", () => {
  test("a training alone: billing address only, no pay-on-delivery, nothing about delivery after payment", async ({
    page,
    javaScriptEnabled,
    baseURL,
  }) => {
    await addToCartAndCheckout(page, "/products/formation-git", javaScriptEnabled);
    await expect(page.getByRole("group", { name: "Adresse de facturation" })).toBeVisible();
    await expect(page.getByRole("group", { name: "Adresse de livraison" })).toHaveCount(0);
    await expect(page.getByRole("checkbox", { name: "Adresse de facturation identique" })).toHaveCount(0);
    await page.getByLabel("E-mail", { exact: true }).fill("claire.roux@exemple.fr");
    await page.getByLabel("Prénom", { exact: true }).fill("Claire");
    await page.getByLabel("Nom", { exact: true }).fill("Roux");
    await page.getByLabel("Adresse", { exact: true }).fill("4 rue du Port");
    await page.getByLabel("Code postal", { exact: true }).fill("44000");
    await page.getByLabel("Ville", { exact: true }).fill("Nantes");
    await acceptCheckoutTerms(page, { digital: true });
    await page.getByRole("button", { name: "Continuer vers le paiement" }).click();
    await expect(page).toHaveURL(/\/_platform\/checkout\?session=/);
    await expect(page.getByRole("button", { name: /livraison/i })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Livraison" })).toHaveCount(0);

    // A forged "pay on delivery" is refused (the page's own session, a new POST).
    const session = new URL(page.url()).searchParams.get("session")!;
    const forged = await page.request.post("/_platform/checkout", {
      form: { session, action: "offline" },
      headers: { Origin: new URL(baseURL!).origin },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(303);
    await page.reload();
    await expect(page.getByRole("alert")).toContainText("Le paiement à la livraison n'existe pas pour une commande sans livraison");

    await page.getByLabel("Numéro de carte").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: PAY_BUTTON }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Merci");
    await expect(page.getByRole("main").getByText(/livraison|expédi/i)).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Facturation" })).toContainText("4 rue du Port");
  });
});
