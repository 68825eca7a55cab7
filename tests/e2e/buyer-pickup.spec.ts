import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { acceptCheckoutTerms, addToCartAndCheckout, fillCheckoutFields, payByCard } from "./helpers";

/**
 * "Retrait sur place" needs no delivery address. The
 * billing address is still asked (an invoice needs one); the order shows the
 * pickup and no delivery address.
 */

// A book no other browser test buys: each paid order here takes one from its stock.
const BOOK = "/products/livre-cloud";

/** The billing address every order here is made with, and which its thank-you page then shows. */
const BORDEAUX = { addressLine: "8 quai des Chartrons", postalCode: "33000", city: "Bordeaux" };

async function checkoutWithBook(page: Page, javaScriptEnabled: boolean) {
  await addToCartAndCheckout(page, BOOK, javaScriptEnabled);
  await fillCheckoutFields(page, { email: "ines.morel@exemple.fr", firstName: "Inès", lastName: "Morel" });
}

/** The checkout form, the delivery address still shown, then store pickup chosen and the terms accepted. */
async function chooseStorePickup(page: Page, javaScriptEnabled: boolean) {
  await checkoutWithBook(page, javaScriptEnabled);
  await expect(page.getByRole("group", { name: "Adresse de livraison" })).toBeVisible();
  await page.getByRole("radio", { name: /Retrait sur place/ }).check();
  await acceptCheckoutTerms(page, { digital: false });
}

/** On to the payment page, then the thank-you page: pickup shown, no delivery address, the billing address kept. */
async function continueAndExpectPickupOrder(page: Page) {
  await page.getByRole("button", { name: "Continuer vers le paiement" }).click();
  await expect(page).toHaveURL(/\/_platform\/checkout\?session=/);
  await expect(page.getByText("Retrait sur place").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Livraison" })).toHaveCount(0);
  await expect(page.getByText(/8 quai des Chartrons, 33000 Bordeaux/)).toBeVisible();
  await payByCard(page);
  await expect(page.getByRole("main").getByText("Livraison (Retrait sur place)")).toBeVisible();
  await expect(page.getByRole("region", { name: "Livraison" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Facturation" })).toContainText("8 quai des Chartrons");
}

test.describe("store pickup", () => {
  test("the address typed once becomes the billing address: no delivery address on the order", async ({ page, javaScriptEnabled }) => {
    await checkoutWithBook(page, javaScriptEnabled);
    await fillCheckoutFields(page, BORDEAUX);
    await page.getByRole("radio", { name: /Retrait sur place/ }).check();
    await acceptCheckoutTerms(page, { digital: false });
    await continueAndExpectPickupOrder(page);
  });

  test("the delivery address may stay empty: the page follows the choice at once and asks the billing address @js", async ({
    page,
    allowStatusFor,
  }) => {
    // The form refused once (400) before the billing address is typed.
    allowStatusFor("/checkout");
    await chooseStorePickup(page, true);
    // One address, the billing one.
    await expect(page.getByRole("group", { name: "Adresse de livraison" })).toHaveCount(0);
    await expect(page.getByRole("checkbox", { name: "Adresse de facturation identique" })).toHaveCount(0);
    await expect(page.getByRole("complementary").getByText("Livraison (Retrait sur place)")).toBeVisible();
    const billing = page.getByRole("group", { name: "Adresse de facturation" });
    await page.getByRole("button", { name: "Continuer vers le paiement" }).click();
    await expect(billing.getByLabel("Adresse", { exact: true })).toHaveAccessibleDescription("Adresse est obligatoire.");
    await fillCheckoutFields(billing, BORDEAUX);
    await continueAndExpectPickupOrder(page);
  });

  test("the delivery address may stay empty: without scripts the server asks the billing address instead @nojs", async ({
    page,
    allowStatusFor,
  }) => {
    // The form refused once (400) before the billing address is typed.
    allowStatusFor("/checkout");
    await chooseStorePickup(page, false);
    // The server decides from the submitted choice: the delivery fields stay empty, the billing address is required.
    await page.getByLabel("Adresse de facturation identique").uncheck();
    await page.getByRole("button", { name: "Continuer vers le paiement" }).click();
    await expect(page.getByLabel("Adresse de facturation", { exact: true })).toHaveAccessibleDescription(
      "Adresse de facturation est obligatoire.",
    );
    await expect(page.getByLabel("Adresse", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("radio", { name: /Retrait sur place/ })).toBeChecked();
    await fillCheckoutFields(page, BORDEAUX, { billing: true });
    await continueAndExpectPickupOrder(page);
  });
});
