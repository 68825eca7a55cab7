import { test, expect } from "./fixtures";
import { ready } from "./admin-helpers";
import { unique } from "./helpers";
import { clientPage, mailLink, sendNewQuote } from "./quote-helpers";

/**
 * A quote the client does not take: the owner revises it (a new version, e-mailed), the first e-mail's link then says
 * so and offers no acceptance; the client refuses the new version with a reason, which the owner reads.
 * An expired quote's page is covered with the app's modules on the platform (tests/unit/quote-answers.test.ts): its
 * last day cannot pass during a browser test.
 */
test("a revised quote's first link no longer accepts; the new version is refused with a reason the owner reads", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  test.setTimeout(90_000);
  const email = `client.${unique()}@exemple.fr`;
  const number = await sendNewQuote(page, javaScriptEnabled, email);
  const first = await mailLink(page, email, new RegExp(`Devis ${number} —`), "Voir le devis");

  await page.goto(`/admin/devis/${number}`);
  await page.getByRole("link", { name: "Réviser (nouvelle version)" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Nouvelle version du devis ${number} (v2)`);
  await ready(page, javaScriptEnabled);
  await expect(page.getByLabel("E-mail")).toHaveValue(email);
  await page.getByLabel("Prix unitaire HT (€)").first().fill("600");
  await page.getByRole("button", { name: "Enregistrer et envoyer la nouvelle version" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Devis ${number} (version 2)`);
  const second = await mailLink(page, email, new RegExp(`Devis ${number} \\(version 2\\)`), "Voir le devis");

  const client = await clientPage(browser, javaScriptEnabled);
  await client.goto(first);
  await expect(client.getByRole("heading", { level: 1 })).toHaveText(`Devis ${number}`);
  await expect(client.getByRole("status").filter({ hasText: "remplacé par une nouvelle version" })).toBeVisible();
  await expect(client.getByRole("button", { name: "Accepter et payer l'acompte" })).toHaveCount(0);

  await client.goto(second);
  await expect(client.getByRole("heading", { level: 1 })).toHaveText(`Devis ${number} (version 2)`);
  await expect(client.getByText("3 600,00 €").first()).toBeVisible();
  await ready(client, javaScriptEnabled);
  await client.getByLabel("Raison (facultatif)").fill("Budget reporté à l'an prochain");
  await client.getByRole("button", { name: "Refuser le devis" }).click();
  await expect(client.getByText("Votre refus a été enregistré. Merci de votre réponse.").first()).toBeVisible();
  await expect(client.getByText("Vous avez refusé ce devis.")).toBeVisible();
  await expect(client.getByRole("button", { name: "Accepter et payer l'acompte" })).toHaveCount(0);
  await client.context().close();

  await page.goto(`/admin/devis/${number}`);
  await expect(page.locator(".admin-badge").first()).toHaveText("Refusé");
  await expect(page.getByText("« Budget reporté à l'an prochain »")).toBeVisible();
});
