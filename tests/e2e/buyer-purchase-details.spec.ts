import type { Page } from "@playwright/test";
import { test, expect, waitForHydration } from "./fixtures";
import {
  addToCartFrom,
  buyTraining,
  continueToPayment,
  payByCard,
  unique,
  visit,
  addAndFillCheckout,
  claireAs,
  expectRefusedBesideField,
} from "./helpers";

/** Buying: stock at add time, the price sort, quantity 0, a stale cart after paying, the guest's follow link. */

const headerCart = (page: Page) => page.getByRole("banner").getByRole("link", { name: /^Panier/ });

/** The euro amounts of the cards' prices the buyer pays, in page order ("11,20 €" → 11.2). */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page.getByTestId("product-card").locator(".price-current").allTextContents();
  return texts.map((t) => Number(t.replace(/[^\d,]/g, "").replace(",", ".")));
}

test.describe("stock at add time", () => {
  test("the last sticker: 'Plus qu'un exemplaire', 2 refused beside the field, a second add refused too", async ({
    page,
    javaScriptEnabled,
    allowStatusFor,
  }) => {
    allowStatusFor("/products/sticker-edition-limitee");
    await visit(page, "/products/sticker-edition-limitee", javaScriptEnabled);
    await expect(page.getByText("Plus qu'un exemplaire", { exact: true })).toBeVisible();
    await expect(page.getByText("En stock", { exact: true })).toHaveCount(0);

    const quantity = page.getByLabel("Quantité", { exact: true });
    const add = page.getByRole("button", { name: "Ajouter au panier" });
    await expectRefusedBesideField(quantity, "2", add, "Il n'en reste que 1 : choisissez au plus 1.");
    await expect(headerCart(page)).toHaveAccessibleName("Panier, 0 article");

    await addToCartFrom(page, "/products/sticker-edition-limitee", javaScriptEnabled, 1);
    await expect(headerCart(page)).toHaveAccessibleName("Panier, 1 article");
    await addToCartFrom(page, "/products/sticker-edition-limitee", javaScriptEnabled, 1);
    await expect(page.getByLabel("Quantité", { exact: true })).toHaveAccessibleDescription("Il n'en reste que 1, déjà dans votre panier.");
    await page.goto("/cart");
    await expect(headerCart(page)).toHaveAccessibleName("Panier, 1 article");
  });

  test("the cards say how many are left when few are", async ({ page }) => {
    await page.goto("/collections/goodies");
    const sticker = page.getByTestId("product-card").filter({ hasText: "Sticker édition limitée" });
    await expect(sticker.getByText("Plus qu'un exemplaire")).toBeVisible();
    const mug = page.getByTestId("product-card").filter({ hasText: "Mug « It works! »" });
    await expect(mug.getByText(/exemplaire/)).toHaveCount(0);
  });
});

test.describe("price sort", () => {
  for (const path of ["/products", "/collections/goodies"]) {
    test(`${path}: 'Prix croissant' and 'Prix décroissant' follow the price the buyer pays`, async ({ page }) => {
      await page.goto(`${path}?sort=prix-croissant`);
      const up = await cardPrices(page);
      expect(up.length).toBeGreaterThan(5);
      expect(up).toEqual(up.toSorted((a, b) => a - b));
      await page.goto(`${path}?sort=prix-decroissant`);
      const down = await cardPrices(page);
      expect(down).toEqual(down.toSorted((a, b) => b - a));
    });
  }
});

test.describe("quantity 0 removes the line", () => {
  test("0 in the cart removes the line", async ({ page, javaScriptEnabled }) => {
    await addToCartFrom(page, "/products/tote-bag", javaScriptEnabled);
    await visit(page, "/cart", javaScriptEnabled);
    const lines = page.getByRole("list", { name: "Articles du panier" });
    await lines.getByLabel("Quantité", { exact: true }).fill("0");
    await page.getByRole("button", { name: "Mettre à jour" }).click();
    await expect(page.getByText("Article retiré").first()).toBeVisible();
    await expect(page.getByText("La quantité doit être d'au moins 1.")).toHaveCount(0);
    await expect(headerCart(page)).toHaveAccessibleName("Panier, 0 article");
    await expect(page.getByRole("list", { name: "Articles du panier" })).toHaveCount(0);
  });
});

test.describe("after paying", () => {
  test("private pages are never stored", async ({ page, javaScriptEnabled }) => {
    await addToCartFrom(page, "/products/tote-bag", javaScriptEnabled);
    for (const path of ["/cart", "/checkout", "/account/login"]) {
      const response = await page.request.get(path);
      expect(response.headers()["cache-control"], path).toContain("no-store");
    }
  });

  test("Back after paying never shows the bought item nor 'Panier 1' again @js", async ({ page }) => {
    await addAndFillCheckout(page, "/products/livre-git", true, claireAs("retour"));
    await page.getByRole("radio", { name: /Retrait sur place/ }).check();
    await continueToPayment(page, { digital: false });
    await payByCard(page);
    await waitForHydration(page);
    await expect(headerCart(page)).toHaveAccessibleName("Panier, 0 article");
    for (let i = 0; i < 3; i++) {
      await page.goBack();
      if (new URL(page.url()).pathname.startsWith("/_platform")) continue;
      await expect(headerCart(page), `back ${i + 1}: ${page.url()}`).toHaveAccessibleName("Panier, 0 article");
    }
  });
});

test.describe("thank-you page of a guest", () => {
  test("the follow link works from another device; an account can be made from the order", async ({ page, javaScriptEnabled }) => {
    const email = `suivi.${unique()}@exemple.fr`;
    await buyTraining(page, javaScriptEnabled, email);
    const number = (await page
      .getByText(/Commande n° \d+/)
      .first()
      .textContent())!.match(/\d+/)![0];
    const follow = page.getByRole("link", { name: "Suivre ma commande" });
    await expect(follow).toBeVisible();
    const href = (await follow.getAttribute("href"))!;

    await page.getByRole("link", { name: "Créer mon compte" }).click();
    await expect(page).toHaveURL(/\/account\/register/);
    await expect(page.getByRole("main").getByLabel("E-mail")).toHaveValue(email);

    await page.context().clearCookies();
    await page.goto(href);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Commande n° ${number}`);
    await expect(page.getByRole("main")).toContainText("Formation Git");
  });
});
