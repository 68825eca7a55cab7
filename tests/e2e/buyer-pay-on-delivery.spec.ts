import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { loginAsOwner } from "./admin-helpers";
import { addToCartFrom, claireAs, continueToPayment, fillCheckout, ready } from "./helpers";

/**
 * "Commander et payer à la livraison": goods that are delivered only, up to the ceiling the owner sets in /admin
 * (decision 0077); the platform refuses a forged form as it hides the button.
 */

const ON_DELIVERY = "Commander et payer à la livraison";

async function toPaymentPage(page: Page, javaScriptEnabled: boolean, paths: string[], digital: boolean) {
  for (const path of paths) await addToCartFrom(page, path, javaScriptEnabled);
  await fillCheckout(page, javaScriptEnabled, claireAs("livraison"));
  await continueToPayment(page, { digital });
}

/** Posts the pay-on-delivery form the page does not show, as a forged request would; returns where it was sent. */
async function forgeOnDelivery(page: Page): Promise<string> {
  const url = new URL(page.url());
  const res = await page.request.post("/_platform/checkout", {
    form: { session: url.searchParams.get("session")!, action: "offline" },
    headers: { origin: url.origin },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(303);
  return res.headers().location!;
}

async function setCeiling(page: Page, javaScriptEnabled: boolean, euros: string) {
  await page.goto("/admin/paiement");
  await ready(page, javaScriptEnabled);
  await page.getByLabel("Plafond (€ TTC, 0 pour ne pas le proposer)").fill(euros);
  await page.getByRole("button", { name: "Enregistrer le plafond" }).click();
  await expect(page.getByText(`Paiement à la livraison proposé jusqu'à ${euros},00 €.`).first()).toBeVisible();
}

test("a training with a T-shirt: no pay on delivery, and a forged form is refused in French", async ({ page, javaScriptEnabled }) => {
  await toPaymentPage(page, javaScriptEnabled, ["/products/formation-git", "/products/tote-bag"], true);
  await expect(page.getByRole("button", { name: /^Payer/ })).toBeVisible();
  await expect(page.getByRole("button", { name: ON_DELIVERY })).toHaveCount(0);
  const location = await forgeOnDelivery(page);
  expect(new URL(location, page.url()).pathname).toBe("/_platform/checkout");
  await page.goto(location);
  await expect(page.getByRole("alert")).toHaveText(
    "Le paiement à la livraison est réservé aux commandes d'articles livrés : cette commande contient une formation, un service ou un fichier à télécharger. Payez par carte.",
  );
});

test("goods under the ceiling are offered pay on delivery; the order waits unpaid", async ({ page, javaScriptEnabled }) => {
  await toPaymentPage(page, javaScriptEnabled, ["/products/tote-bag"], false);
  await page.getByRole("button", { name: ON_DELIVERY }).click();
  await expect(page).toHaveURL(/\/checkout\/complete\?orderId=/);
  await expect(page.locator(".payment-status")).toHaveText("Non payée");
});

test("the owner's ceiling in /admin applies to the next payment page", async ({ page, javaScriptEnabled, browser, baseURL }) => {
  // Two people's pages (the owner's back-office, a buyer's payment page), each change seen by the other.
  test.setTimeout(90_000);
  let restored = false;
  const owner = await browser.newContext({ baseURL, javaScriptEnabled, locale: "fr-FR" });
  const ownerPage = await owner.newPage();
  try {
    await loginAsOwner(ownerPage, javaScriptEnabled, "/admin/paiement");
    await expect(ownerPage.getByText("Plafond actuel : 300,00 €.")).toBeVisible();
    await setCeiling(ownerPage, javaScriptEnabled, "10");

    // A tote bag and its delivery (19,90 €) is over 10 €: not offered, and refused if forged.
    await toPaymentPage(page, javaScriptEnabled, ["/products/tote-bag"], false);
    await expect(page.getByRole("button", { name: ON_DELIVERY })).toHaveCount(0);
    await page.goto(await forgeOnDelivery(page));
    await expect(page.getByRole("alert")).toHaveText(
      "Le paiement à la livraison est réservé aux commandes de 10,00 € au plus : payez par carte.",
    );

    await setCeiling(ownerPage, javaScriptEnabled, "300");
    restored = true;
    await page.reload();
    await expect(page.getByRole("button", { name: ON_DELIVERY })).toBeVisible();
  } finally {
    // The demo's ceiling again for the other tests, whatever happened above.
    if (!restored) await setCeiling(ownerPage, javaScriptEnabled, "300");
    await owner.close();
  }
});

test("the owner's ceiling refuses what is not an amount, beside the field", async ({ page, javaScriptEnabled }) => {
  await loginAsOwner(page, javaScriptEnabled, "/admin/paiement");
  const field = page.getByLabel("Plafond (€ TTC, 0 pour ne pas le proposer)");
  await field.fill("beaucoup");
  await page.getByRole("button", { name: "Enregistrer le plafond" }).click();
  await expect(field).toHaveAccessibleDescription(
    "Plafond en euros, par exemple 300, ou 0 pour ne plus proposer le paiement à la livraison.",
  );
  await expect(field).toHaveValue("beaucoup");
});
