import type { Page } from "@playwright/test";
import { test, expect, expectNoSeriousA11yViolations } from "./fixtures";
import { acceptCheckoutTerms, addToCartFrom, claireAs, fillCheckout, payByCard, ready, visit } from "./helpers";

/**
 * VAT by product and delivery by destination (docs/decisions/0082-vat-by-product.md): a book at 5.5 %, stickers at
 * 20 %, the delivery at the highest rate it carries; a parcel for Japan costs the rest of the world's delivery and
 * carries no VAT, which the checkout says before the payment page and the order after it.
 */

// Products no other browser test buys: each paid order takes one from their stock.
const BOOK = "/products/livre-freelance"; // 27,00 €
const STICKERS = "/products/stickers-pack"; // 8,00 €
const JAPAN = { addressLine: "1-1 Chiyoda", postalCode: "100-0001", city: "Tokyo" };

/** Types a delivery address in Japan with the standard delivery, and sends the checkout form. */
async function sendCheckoutToJapan(page: Page, javaScriptEnabled: boolean) {
  await fillCheckout(page, javaScriptEnabled, { ...claireAs("export"), ...JAPAN });
  await page.getByLabel("Pays", { exact: true }).selectOption("JP");
  await page.getByRole("radio", { name: /Livraison standard/ }).check();
  await acceptCheckoutTerms(page, { digital: false });
  await page.getByRole("button", { name: "Continuer vers le paiement" }).click();
}

test("the cart shows each VAT rate; Japan's delivery is shown before paying, the order exempt", async ({ page, javaScriptEnabled }) => {
  await addToCartFrom(page, BOOK, javaScriptEnabled);
  await addToCartFrom(page, STICKERS, javaScriptEnabled);
  await visit(page, "/cart", javaScriptEnabled);
  const totals = page.getByRole("group", { name: "Montant de la commande" });
  // France until the buyer says otherwise: 4,90 € of delivery, taxed at 20 % like the stickers.
  await expect(totals.getByText("dont TVA 5,5 %")).toBeVisible();
  await expect(totals.locator(".cart-totals-vat-rate", { hasText: "TVA 5,5 %" })).toContainText("1,41 €");
  await expect(totals.locator(".cart-totals-vat-rate", { hasText: "TVA 20 %" })).toContainText("2,15 €");
  await expect(totals.locator(".cart-totals-total")).toContainText("39,90 €");

  await sendCheckoutToJapan(page, javaScriptEnabled);

  // Not the payment page yet: the delivery to Japan costs what the page did not show.
  const delivery = page.getByRole("group", { name: "Mode de livraison" });
  await expect(delivery).toHaveAccessibleDescription(
    "Vers Japon, la livraison coûte 19,90 € (7 à 15 jours ouvrés) : vérifiez le total, puis validez à nouveau.",
  );
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByLabel("Ville", { exact: true })).toHaveValue("Tokyo");
  await expect(page.getByLabel("Pays", { exact: true })).toHaveValue("JP");
  await expect(page.getByRole("radio", { name: /Livraison standard — 19,90 €/ })).toBeChecked();
  const summary = page.getByRole("group", { name: "Montant de la commande" });
  await expect(summary.locator(".cart-totals-total")).toContainText("54,90 €");
  await expect(summary).toContainText("Exonération de TVA, article 262 I du CGI");
  await expect(summary.locator(".cart-totals-tax")).toContainText("0,00 €");

  await ready(page, javaScriptEnabled);
  await acceptCheckoutTerms(page, { digital: false });
  await page.getByRole("button", { name: "Continuer vers le paiement" }).click();
  await expect(page).toHaveURL(/\/_platform\/checkout\?session=/);
  await expect(page.getByText("54,90 €").first()).toBeVisible();
  await payByCard(page);
  const order = page.getByRole("main");
  await expect(order.getByText("Livraison (Livraison standard)")).toBeVisible();
  await expect(order).toContainText("19,90 €");
  await expect(order).toContainText("Exonération de TVA, article 262 I du CGI");
  await expect(order.locator(".order-totals-tax")).toContainText("0,00 €");
});

test("a delivery in the EU costs 9,90 € and keeps France's rates", async ({ page, javaScriptEnabled }) => {
  await addToCartFrom(page, BOOK, javaScriptEnabled);
  await fillCheckout(page, javaScriptEnabled, {
    ...claireAs("belgique"),
    addressLine: "1 avenue Louise",
    postalCode: "1050",
    city: "Bruxelles",
  });
  await page.getByLabel("Pays", { exact: true }).selectOption("BE");
  await page.getByRole("radio", { name: /Livraison standard/ }).check();
  await acceptCheckoutTerms(page, { digital: false });
  await page.getByRole("button", { name: "Continuer vers le paiement" }).click();
  await expect(page.getByRole("group", { name: "Mode de livraison" })).toHaveAccessibleDescription(
    "Vers Belgique, la livraison coûte 9,90 € (5 à 8 jours ouvrés) : vérifiez le total, puis validez à nouveau.",
  );
  const summary = page.getByRole("group", { name: "Montant de la commande" });
  await expect(summary.locator(".cart-totals-total")).toContainText("36,90 €");
  await expect(summary.locator(".cart-totals-tax")).toContainText("TVA 5,5 % incluse");
  await expect(summary).not.toContainText("262 I");
});

test("the checkout that says Japan's delivery and the exemption has no serious accessibility violation @js", async ({ page }) => {
  await addToCartFrom(page, STICKERS, true);
  await sendCheckoutToJapan(page, true);
  await expect(page.getByRole("group", { name: "Montant de la commande" })).toContainText("Exonération de TVA, article 262 I du CGI");
  await expectNoSeriousA11yViolations(page);
});
