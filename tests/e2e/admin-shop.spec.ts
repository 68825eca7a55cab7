import { expect, test } from "./fixtures";
import { loginAsOwner, ready, status } from "./admin-helpers";
import { addToCartFrom, expectRefusedBesideField, visit } from "./helpers";

/**
 * The owner runs the shop from /admin, with JavaScript and without: a new price (with the price before) and a stock
 * level plus an arrival show on the product's page at once; a coupon created in /admin is taken by a buyer's cart, and
 * refused once paused. The two projects share one database: each changes its own book and creates its own code.
 */

function mine(javaScriptEnabled: boolean) {
  // A retry creates its own code: the first try may have created one before it timed out.
  const retry = test.info().retry ? `R${test.info().retry}` : "";
  return javaScriptEnabled
    ? { slug: "livre-architecture", name: "Architecture logicielle pragmatique", code: `PRINTEMPSJS${retry}` }
    : { slug: "livre-tests", name: "Tester ses applications web", code: `PRINTEMPSNOJS${retry}` };
}

test("a new price and a stock level set in /admin show on the product's page at once", async ({ page, javaScriptEnabled }) => {
  const book = mine(javaScriptEnabled);
  await loginAsOwner(page, javaScriptEnabled, "/admin/products");
  await page.getByRole("link", { name: book.name }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(book.name);
  await ready(page, javaScriptEnabled);

  await page.getByLabel("Prix (€)").fill("abc");
  await page.getByRole("button", { name: "Enregistrer le produit" }).click();
  await expect(page.getByLabel("Prix (€)")).toHaveAccessibleDescription("Prix en euros, par exemple 39,90.");
  await expect(page.getByLabel("Prix (€)")).toHaveValue("abc");
  await page.getByLabel("Prix (€)").fill("29,90");
  await page.getByLabel("Prix barré (€, facultatif)").fill("36");
  await page.getByRole("button", { name: "Enregistrer le produit" }).click();
  await status(page, /Produit enregistré : Prix : .* → 29,90\s€ ; Prix barré : .* → 36,00\s€/);

  await page.getByLabel("Niveau de stock").fill("2");
  await page.getByRole("button", { name: "Fixer le stock" }).click();
  await status(page, /Stock .* → 2\./);
  await page.getByLabel("Arrivage").fill("1");
  await page.getByRole("button", { name: "Ajouter l'arrivage" }).click();
  await status(page, /Arrivage .* : \+1\./);
  await expect(page.getByRole("region", { name: "Dernières modifications" })).toContainText("Arrivage");

  await visit(page, `/products/${book.slug}`, javaScriptEnabled);
  const main = page.getByRole("main");
  await expect(main.getByText("29,90 €").first()).toBeVisible();
  await expect(main.locator("s, del").filter({ hasText: "36,00 €" }).first()).toBeVisible();
  await expect(main.getByText("Plus que 3 exemplaires")).toBeVisible();
});

test("a coupon created in /admin is taken by a buyer's cart, then refused once paused", async ({ page, browser, javaScriptEnabled }) => {
  const { code } = mine(javaScriptEnabled);
  await loginAsOwner(page, javaScriptEnabled, "/admin/coupons");
  const form = page.getByRole("region", { name: "Nouveau code promo" });
  await form.getByLabel("Nom (vu par le client)").fill("Printemps");
  await form.getByLabel("Code", { exact: true }).fill(code.toLowerCase());
  await form.getByLabel("Valeur de la remise").fill("15");
  await form.getByLabel("Une seule fois par client").check();
  await form.getByRole("button", { name: "Créer le code promo" }).click();
  await status(page, `Code promo ${code} créé.`);
  const row = page.getByRole("row").filter({ hasText: code });
  await expect(row).toContainText("15 %");
  await expect(row).toContainText("une fois par client");

  const buyer = await browser.newContext({ javaScriptEnabled, locale: "fr-FR" });
  const shopper = await buyer.newPage();
  await addToCartFrom(shopper, "/products/livre-react", javaScriptEnabled);
  await visit(shopper, "/cart", javaScriptEnabled);
  await shopper.getByLabel("Code promo", { exact: true }).fill(code);
  await shopper.getByRole("button", { name: "Appliquer" }).click();
  await expect(shopper.getByText(`Code promo ${code} appliqué`)).toBeVisible();
  await shopper.getByRole("button", { name: "Retirer le code promo" }).click();
  await expect(shopper.getByText("Code promo retiré").first()).toBeVisible();

  await row.getByRole("button", { name: `Suspendre ${code}` }).click();
  await status(page, `Code promo ${code} suspendu : il est refusé jusqu'à sa réactivation.`);
  await expect(page.getByRole("row").filter({ hasText: code })).toContainText("Suspendu");

  await visit(shopper, "/cart", javaScriptEnabled);
  const field = shopper.getByLabel("Code promo", { exact: true });
  const apply = shopper.getByRole("button", { name: "Appliquer" });
  await expectRefusedBesideField(field, code, apply, "Ce code promo n'est pas valable pour ce panier.");
  await buyer.close();
});
