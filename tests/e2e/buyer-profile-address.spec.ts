import { test, expect, expectNoSeriousA11yViolations } from "./fixtures";
import { DEMO, addToCartFrom, loginFromHeader, signUpWithForm, unique, visit } from "./helpers";

/** A member keeps a postal address in the profile; the next checkout starts from it. */
test("a member saves an address on /account (French field errors, typed values kept) and finds it at checkout", async ({
  page,
  javaScriptEnabled,
}) => {
  const email = `adresse.${unique()}@exemple.fr`;
  await page.goto("/account/register");
  await signUpWithForm(page, { email, password: "motdepasse-adresse", firstName: "Inès", lastName: "Garnier" });
  await expect(page.getByRole("banner").getByRole("button", { name: "Se déconnecter" })).toBeVisible();
  await visit(page, "/account", javaScriptEnabled);
  const section = page.getByRole("region", { name: "Adresse postale" });
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
  await expect(page.getByRole("region", { name: "Adresse postale" }).getByLabel("Adresse", { exact: true })).toHaveValue("8 rue Lafayette");

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
      await expect(page.getByRole("region", { name: "Adresse postale" })).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("data-theme", colorScheme);
      await expectNoSeriousA11yViolations(page);
    }
  }
});
