import { expect, test } from "./fixtures";

/**
 * A buyer opening a broken link (an invoice link from the e-mail, the follow-up link of the thank-you page) gets the
 * specification's error screen: its title, a sentence saying what to do, the button back home; never raw JSON.
 */

test("a changed invoice link shows the error screen with what to do, not JSON", async ({ page, allowStatusFor }) => {
  allowStatusFor("/factures/");
  const response = await page.goto("/factures/3f0c1d2e-0000-4000-8000-000000000000?jeton=modifie");
  expect(response?.status()).toBe(403);
  expect(response?.headers()["content-type"]).toContain("text/html");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Something Went Wrong");
  const main = page.getByRole("main");
  await expect(main).toContainText("Ce lien de facture n'est pas valide : ouvrez le lien complet de votre e-mail de confirmation");
  await expect(main.getByRole("link", { name: "Retour à la page d'accueil" })).toBeVisible();
  await expect(page.locator("body")).not.toContainText('{"message"');
});

test("an invoice link without its token shows the same screen", async ({ page, allowStatusFor }) => {
  allowStatusFor("/factures/");
  const response = await page.goto("/factures/3f0c1d2e-0000-4000-8000-000000000000");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Something Went Wrong");
  await expect(page.getByRole("main")).toContainText("ouvrez le lien complet");
});

test("a changed follow-up link shows the error screen with what to do", async ({ page, allowStatusFor }) => {
  allowStatusFor("/commande/suivi");
  const response = await page.goto("/commande/suivi?jeton=abc.def");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Something Went Wrong");
  const main = page.getByRole("main");
  await expect(main).toContainText("Ce lien de suivi n'est pas valide : ouvrez le lien complet de la page de remerciement");
  await expect(main.getByRole("link", { name: "Retour à la page d'accueil" })).toBeVisible();
});
