import { test, expect, waitForHydration } from "./fixtures";
import { PAY_BUTTON, acceptCheckoutTerms, isAddToCartAnswer, unique } from "./helpers";

/** Issue 12, point 2 (rest): an "Inter" training is sold per session; the chosen date follows to the cart and the order. */
test("the buyer picks a session date; the cart, the payment page and the order show it", async ({ page, javaScriptEnabled }) => {
  await page.goto("/products/formation-typescript");
  if (javaScriptEnabled) await waitForHydration(page);
  const session = page.getByLabel("Session", { exact: true });
  await expect(session.locator("option")).toHaveText(["Choisir…", "12 et 13 janvier 2027", "9 et 10 mars 2027", "1er et 2 juin 2027"]);
  await page.getByLabel("Format", { exact: true }).selectOption("Inter");
  await session.selectOption("9 et 10 mars 2027");
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Choisir" }).click();
  await expect(page.locator(".product-price .price-current")).toHaveText(/1\s400,00\s€/);
  const answered = page.waitForResponse(isAddToCartAnswer);
  await page.getByRole("button", { name: "Ajouter au panier" }).click();
  await answered;

  await page.goto("/cart");
  await expect(page.getByRole("main")).toContainText("Session : 9 et 10 mars 2027");

  await page.goto("/checkout");
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByLabel("E-mail", { exact: true }).fill(`session.${unique()}@exemple.fr`);
  await page.getByLabel("Prénom", { exact: true }).fill("Hugo");
  await page.getByLabel("Nom", { exact: true }).fill("Lemaire");
  await page.getByLabel("Adresse", { exact: true }).fill("2 quai de la Fosse");
  await page.getByLabel("Code postal", { exact: true }).fill("44000");
  await page.getByLabel("Ville", { exact: true }).fill("Nantes");
  await acceptCheckoutTerms(page, { digital: true });
  await page.getByRole("button", { name: "Continuer vers le paiement" }).click();
  await expect(page).toHaveURL(/\/_platform\/checkout\?session=/);
  await expect(page.getByRole("main")).toContainText("Session : 9 et 10 mars 2027");
  await page.getByLabel("Numéro de carte").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: PAY_BUTTON }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Merci");
  await expect(page.getByRole("main")).toContainText("Session : 9 et 10 mars 2027");
});
