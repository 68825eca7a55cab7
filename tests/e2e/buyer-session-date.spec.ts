import { test, expect } from "./fixtures";
import { continueToPayment, fillCheckout, isAddToCartAnswer, payByCard, unique, visit } from "./helpers";

/** An "Inter" training is sold per session; the chosen date follows to the cart and the order. */
test("the buyer picks a session date; the cart, the payment page and the order show it", async ({ page, javaScriptEnabled }) => {
  await visit(page, "/products/formation-typescript", javaScriptEnabled);
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

  await fillCheckout(page, javaScriptEnabled, {
    email: `session.${unique()}@exemple.fr`,
    firstName: "Hugo",
    lastName: "Lemaire",
    addressLine: "2 quai de la Fosse",
    postalCode: "44000",
    city: "Nantes",
  });
  await continueToPayment(page, { digital: true });
  await expect(page.getByRole("main")).toContainText("Session : 9 et 10 mars 2027");
  await payByCard(page);
  await expect(page.getByRole("main")).toContainText("Session : 9 et 10 mars 2027");
});
