import type { Page } from "@playwright/test";
import { test, expect, waitForHydration } from "./fixtures";
import { PAY_BUTTON, continueToPayment, expectCheckoutFields, type CheckoutBuyer, addAndFillCheckout, sendCard, fillCard } from "./helpers";

/**
 * The hosted payment page redirects after each POST, keeps
 * the checkout's typed fields after "Annuler" (visitors too), refuses an
 * expired card, and its final buttons state the payment obligation.
 */

const BOOK = "/products/livre-typescript";
const PAUL: CheckoutBuyer = {
  email: "paul.martin@exemple.fr",
  firstName: "Paul",
  lastName: "Martin",
  addressLine: "12 rue des Lilas",
  postalCode: "69003",
  city: "Lyon",
};

async function toPaymentPage(page: Page, javaScriptEnabled: boolean) {
  await addAndFillCheckout(page, BOOK, javaScriptEnabled, PAUL);
  await page.getByRole("radio", { name: /Retrait sur place/ }).check();
  await continueToPayment(page, { digital: false });
}

test.describe("payment page", () => {
  test("a declined card is answered by a redirect: reload sends nothing again; holder and date kept", async ({
    page,
    javaScriptEnabled,
  }) => {
    await toPaymentPage(page, javaScriptEnabled);
    await fillCard(page, { number: "4000 0000 0000 0002", expiry: "12/39", holder: "Paul Martin" });
    const posted = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/_platform/checkout");
    await page.getByRole("button", { name: PAY_BUTTON }).click();
    expect((await posted).status()).toBe(303);
    await expect(page.getByRole("alert")).toContainText("Paiement refusé");
    await expect(page).toHaveURL(/\/_platform\/checkout\?session=/);
    await expect(page.getByLabel("Titulaire de la carte")).toHaveValue("Paul Martin");
    await expect(page.getByLabel("Date d'expiration (MM/AA)")).toHaveValue("12/39");

    // The page is a GET: reloading it resubmits nothing, and the one-time message is gone.
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Paiement" })).toBeVisible();
    await expect(page.getByText("Paiement refusé")).toHaveCount(0);
    expect(posts).toEqual([]);
  });

  test("an expired card date is refused beside the field", async ({ page, javaScriptEnabled }) => {
    await toPaymentPage(page, javaScriptEnabled);
    await sendCard(page, { expiry: "01/20" });
    const expiry = page.getByLabel("Date d'expiration (MM/AA)");
    await expect(expiry).toHaveAccessibleDescription(
      "Cette carte a expiré : utilisez une carte dont la date d'expiration n'est pas passée.",
    );
    await expect(expiry).toHaveValue("01/20");
    await expect(page).toHaveURL(/\/_platform\/checkout\?session=/);
  });

  test("the final buttons state the amount and the payment obligation", async ({ page, javaScriptEnabled }) => {
    await toPaymentPage(page, javaScriptEnabled);
    await expect(page.getByRole("button", { name: PAY_BUTTON })).toHaveAccessibleName(
      "Payer 39,00 € (commande avec obligation de paiement)",
    );
    await expect(page.getByRole("button", { name: "Commander et payer à la livraison" })).toBeVisible();
  });

  test("after Annuler, the checkout form shows what the visitor typed", async ({ page, javaScriptEnabled }) => {
    await toPaymentPage(page, javaScriptEnabled);
    await page.getByRole("button", { name: "Annuler" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    if (javaScriptEnabled) await waitForHydration(page);
    await page.getByRole("button", { name: "Passer la commande" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Commande" })).toBeVisible();
    await expectCheckoutFields(page, PAUL);
    await expect(page.getByRole("radio", { name: /Retrait sur place/ })).toBeChecked();
  });
});
