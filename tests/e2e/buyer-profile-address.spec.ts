import { test, expect, expectNoSeriousA11yViolations } from "./fixtures";
import { DEMO, addToCartFrom, loginFromHeader, signUpWithForm, unique, visit } from "./helpers";

/** A member keeps postal addresses in the profile; the next checkout starts from the default one. */
test("a member saves an address on /account (French field errors, typed values kept) and finds it at checkout", async ({
  page,
  javaScriptEnabled,
}) => {
  const email = `adresse.${unique()}@exemple.fr`;
  await page.goto("/account/register");
  await signUpWithForm(page, { email, password: "motdepasse-adresse", firstName: "Inès", lastName: "Garnier" });
  await expect(page.getByRole("banner").getByRole("button", { name: "Se déconnecter" })).toBeVisible();
  await visit(page, "/account", javaScriptEnabled);
  const section = page.getByRole("region", { name: "Adresses postales" });
  await expect(section.getByText("Aucune adresse enregistrée.")).toBeVisible();
  await expect(section.getByLabel("Adresse", { exact: true })).toHaveValue("");

  // Bad input: errors beside the fields, what was typed stays.
  await section.getByLabel("Ville", { exact: true }).fill("Paris");
  await section.getByLabel("Code postal", { exact: true }).fill("7500");
  await section.getByRole("button", { name: "Enregistrer l'adresse" }).click();
  await expect(section.getByText("Adresse est obligatoire.")).toBeVisible();
  await expect(section.getByText("Code postal invalide pour France (exemple : 75001).")).toBeVisible();
  await expect(section.getByLabel("Code postal", { exact: true })).toHaveValue("7500");
  await expect(section.getByLabel("Ville", { exact: true })).toHaveValue("Paris");
  await expect(section.getByLabel("Code postal", { exact: true })).toHaveAttribute("aria-invalid", "true");

  await section.getByLabel("Adresse", { exact: true }).fill("8 rue Lafayette");
  await section.getByLabel("Code postal", { exact: true }).fill("75009");
  await section.getByRole("button", { name: "Enregistrer l'adresse" }).click();
  await expect(page.getByText("Adresse enregistrée.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("region", { name: "Adresses postales" }).getByRole("listitem")).toHaveText(
    /8 rue Lafayette\s*75009 Paris, France · Adresse par défaut/,
  );

  // The next checkout starts from the saved address.
  await addToCartFrom(page, "/products/livre-typescript", javaScriptEnabled);
  await page.goto("/checkout");
  await expect(page.getByLabel("Adresse", { exact: true })).toHaveValue("8 rue Lafayette");
  await expect(page.getByLabel("Code postal", { exact: true })).toHaveValue("75009");
  await expect(page.getByLabel("Ville", { exact: true })).toHaveValue("Paris");
  await expect(page.getByLabel("Pays", { exact: true })).toHaveValue("FR");
});

test("axe: the account page with its address form, light and dark, 1280 and 390 px @js", async ({ page }) => {
  test.setTimeout(90_000); // four axe runs
  await page.goto("/");
  await loginFromHeader(page, DEMO);
  for (const colorScheme of ["light", "dark"] as const) {
    for (const width of [1280, 390]) {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/account");
      await expect(page.getByRole("region", { name: "Adresses postales" })).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("data-theme", colorScheme);
      await expectNoSeriousA11yViolations(page);
    }
  }
});

/** Several addresses, one default: the checkout starts from the default one and offers the others. */
test("a member adds two addresses, makes the second the default, and the checkout starts from it", async ({ page, javaScriptEnabled }) => {
  test.slow(); // a sign-up, three saves, two checkouts
  await page.goto("/account/register");
  await signUpWithForm(page, { email: `adresses.${unique()}@exemple.fr`, password: "motdepasse-adresses", firstName: "Léa" });
  await expect(page.getByRole("banner").getByRole("button", { name: "Se déconnecter" })).toBeVisible();
  await visit(page, "/account", javaScriptEnabled);
  const section = page.getByRole("region", { name: "Adresses postales" });
  const save = async (line: string, postalCode: string, city: string) => {
    await section.getByLabel("Adresse", { exact: true }).fill(line);
    await section.getByLabel("Code postal", { exact: true }).fill(postalCode);
    await section.getByLabel("Ville", { exact: true }).fill(city);
    await section.getByRole("button", { name: "Enregistrer l'adresse" }).click();
    await expect(page.getByText("Adresse enregistrée.").first()).toBeVisible();
  };
  await save("12 rue des Lilas", "69003", "Lyon");
  await save("8 quai Saint-Vincent", "69001", "Lyon");
  const cards = section.getByRole("listitem");
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText("Adresse par défaut");

  await section.getByRole("button", { name: "Utiliser par défaut : 8 quai Saint-Vincent, 69001 Lyon" }).click();
  await expect(page.getByText("Adresse par défaut changée.").first()).toBeVisible();
  await expect(cards.first()).toContainText("8 quai Saint-Vincent");
  await expect(cards.first()).toContainText("Adresse par défaut");

  // Edited through its "Modifier" link, a field error beside the field, then saved in place.
  await section.getByRole("link", { name: "Modifier : 12 rue des Lilas, 69003 Lyon" }).click();
  await expect(section.getByRole("heading", { name: "Modifier l'adresse" })).toBeVisible();
  await expect(section.getByLabel("Adresse", { exact: true })).toHaveValue("12 rue des Lilas");
  await section.getByLabel("Code postal", { exact: true }).fill("690");
  await section.getByRole("button", { name: "Enregistrer l'adresse" }).click();
  await expect(section.getByLabel("Code postal", { exact: true })).toHaveAccessibleDescription(/Code postal invalide/);
  await expect(section.getByLabel("Code postal", { exact: true })).toHaveValue("690");
  await section.getByLabel("Code postal", { exact: true }).fill("69004");
  await section.getByRole("button", { name: "Enregistrer l'adresse" }).click();
  await expect(page.getByText("Adresse enregistrée.").first()).toBeVisible();
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(1)).toContainText("69004 Lyon");

  // The checkout starts from the default address and offers the other one.
  await addToCartFrom(page, "/products/livre-typescript", javaScriptEnabled);
  await visit(page, "/checkout", javaScriptEnabled);
  await expect(page.getByLabel("Adresse", { exact: true })).toHaveValue("8 quai Saint-Vincent");
  await expect(page.getByLabel("Code postal", { exact: true })).toHaveValue("69001");
  await page
    .getByRole("navigation", { name: "Vos adresses enregistrées" })
    .getByRole("link", { name: /12 rue des Lilas/ })
    .click();
  await expect(page.getByLabel("Adresse", { exact: true })).toHaveValue("12 rue des Lilas");
  await expect(page.getByLabel("Code postal", { exact: true })).toHaveValue("69004");

  // Deleted, it is no longer offered.
  await visit(page, "/account", javaScriptEnabled);
  await section.getByRole("button", { name: "Supprimer : 12 rue des Lilas, 69004 Lyon" }).click();
  await expect(page.getByText("Adresse supprimée.").first()).toBeVisible();
  await expect(cards).toHaveCount(1);
});
