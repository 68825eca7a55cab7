import { test, expect } from "./fixtures";
import type { Page } from "@playwright/test";
import { DEMO, emailedCode, loginWithForm, signUpWithForm, unique, visit } from "./helpers";

const PASSWORD = "mot-de-passe-adresse";

/** A new member, signed up on the site's form, on her account page: its e-mail section. */
async function newMemberOnAccount(page: Page, javaScriptEnabled: boolean, email: string) {
  await visit(page, "/account/register", javaScriptEnabled);
  await signUpWithForm(page, { email, password: PASSWORD });
  await expect(page.getByRole("banner").getByRole("button", { name: "Se déconnecter" })).toBeVisible();
  await visit(page, "/account", javaScriptEnabled);
  return page.getByRole("region", { name: "Adresse e-mail de connexion" });
}

/** A member moves her account to another address: the current password, then the code e-mailed to the new address. */
test("a member changes her login e-mail with the code sent to the new address, then logs in with it only", async ({
  page,
  javaScriptEnabled,
}) => {
  test.slow(); // a sign-up, three refusals, two codes and two logins
  const password = PASSWORD;
  const email = `ancienne.${unique()}@exemple.fr`;
  const next = `nouvelle.${unique()}@exemple.fr`;
  const section = await newMemberOnAccount(page, javaScriptEnabled, email);
  const change = section.getByRole("button", { name: "Changer l'adresse e-mail" });

  // Refusals beside their fields, the typed address kept.
  await section.getByLabel("Nouvelle adresse e-mail").fill("pas-une-adresse");
  await change.click();
  await expect(section.getByLabel("Nouvelle adresse e-mail")).toHaveAccessibleDescription(/adresse e-mail valide/i);
  await expect(section.getByLabel("Mot de passe actuel")).toHaveAccessibleDescription("Saisissez votre mot de passe actuel.");
  await section.getByLabel("Nouvelle adresse e-mail").fill(next);
  await section.getByLabel("Mot de passe actuel").fill("pas-le-bon-mot-de-passe");
  await change.click();
  await expect(section.getByLabel("Mot de passe actuel")).toHaveAccessibleDescription("Mot de passe actuel incorrect.");
  await expect(section.getByLabel("Nouvelle adresse e-mail")).toHaveValue(next);
  await section.getByLabel("Mot de passe actuel").fill(password);
  await change.click();

  // The code step: a wrong code is refused beside the field, the right one from the outbox proves the address.
  await expect(page).toHaveURL("/account/email");
  await expect(page.getByRole("main")).toContainText(next);
  const code = await emailedCode(page, next);
  await page.getByLabel("Code de vérification").fill(code === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Confirmer" }).click();
  await expect(page.getByLabel("Code de vérification")).toHaveAccessibleDescription(/Code incorrect/);
  await page.getByLabel("Code de vérification").fill(code);
  await page.getByRole("button", { name: "Confirmer" }).click();
  await expect(page).toHaveURL("/account");
  await expect(page.getByText(`Adresse de connexion changée : ${next}.`).first()).toBeVisible();
  await expect(page.getByRole("main")).toContainText(`Connecté avec ${next}`);

  // Logged out: the old address no longer logs in, the new one does, with no code asked again.
  await page.getByRole("banner").getByRole("button", { name: "Se déconnecter" }).click();
  await expect(page.getByRole("banner").getByRole("button", { name: "Se connecter" })).toBeVisible();
  await page.goto("/account");
  await loginWithForm(page, { email, password });
  await expect(page.getByText("E-mail ou mot de passe incorrect.")).toBeVisible();
  await loginWithForm(page, { email: next, password });
  await expect(page).toHaveURL("/account");
});

test("an address that is another account's is refused beside the field, and nothing changes", async ({ page, javaScriptEnabled }) => {
  test.slow(); // a sign-up and a refusal
  const taken = DEMO.email;
  const email = `libre.${unique()}@exemple.fr`;
  const section = await newMemberOnAccount(page, javaScriptEnabled, email);
  await section.getByLabel("Nouvelle adresse e-mail").fill(taken);
  await section.getByLabel("Mot de passe actuel").fill(PASSWORD);
  await section.getByRole("button", { name: "Changer l'adresse e-mail" }).click();
  await expect(section.getByLabel("Nouvelle adresse e-mail")).toHaveAccessibleDescription(
    "Cette adresse e-mail est déjà celle d'un autre compte.",
  );
  await expect(section.getByLabel("Nouvelle adresse e-mail")).toHaveValue(taken);
  await page.reload();
  await expect(page.getByRole("main")).toContainText(`Connecté avec ${email}`);
});
