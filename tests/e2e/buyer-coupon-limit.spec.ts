import { test, expect } from "./fixtures";
import { acceptCheckoutTerms, addToCartFrom, claireAs, fillCheckout, visit } from "./helpers";

/** A once-per-customer coupon a guest may not use is refused when the checkout is sent, not after the card is typed. */
test("a guest's once-per-customer coupon is refused beside it when the checkout is sent, what was typed kept", async ({
  page,
  javaScriptEnabled,
  allowStatusFor,
}) => {
  // The refused checkout answers 400.
  allowStatusFor("/checkout");
  const buyer = claireAs("coupon-limite");
  await addToCartFrom(page, "/products/livre-react", javaScriptEnabled);
  await visit(page, "/cart", javaScriptEnabled);
  await page.getByLabel("Code promo", { exact: true }).fill("BIENVENUE10");
  await page.getByRole("button", { name: "Appliquer" }).click();
  await expect(page.getByText("Code promo BIENVENUE10 appliqué").first()).toBeVisible();
  await fillCheckout(page, javaScriptEnabled, buyer);
  await acceptCheckoutTerms(page, { digital: false });
  await page.getByRole("button", { name: "Continuer vers le paiement" }).click();
  await expect(page.locator(".checkout-summary .checkout-coupon-error")).toContainText(
    "Code promo BIENVENUE10 : Ce code promo vaut une fois par client connecté à son compte",
  );
  expect(new URL(page.url()).pathname).toBe("/checkout");
  await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue(buyer.email);
  await expect(page.getByLabel("Ville", { exact: true })).toHaveValue(buyer.city);
});
