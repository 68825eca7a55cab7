import { test, expect } from "./fixtures";
import { loginAsOwner, ready } from "./admin-helpers";
import { unique, visit } from "./helpers";
import { clientPage, fillQuote, invoiceText, mailLink, payRequest } from "./quote-helpers";

/**
 * The consultant's path from a contact request to a settled quote: the owner quotes and sends it, the client opens the
 * e-mailed link, accepts ("Bon pour accord") and pays the deposit on Wix's payment request page, the owner asks for
 * the balance, the client pays it; both invoices exist with their numbers and amounts. Without and with JavaScript.
 */

test("a contact request becomes a quote, accepted, its deposit and balance paid, both invoiced", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  test.setTimeout(120_000); // two customers' journeys: a contact form, a quote, two card payments, three PDFs
  const email = `client.${unique()}@exemple.fr`;
  await visit(page, "/contact", javaScriptEnabled);
  await page.getByLabel("Sujet").selectOption("conseil");
  await page.getByLabel("Nom", { exact: true }).fill("Claire Devis");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Message").fill("Nous cherchons un accompagnement pour fiabiliser nos déploiements.");
  await page.getByRole("button", { name: "Envoyer la demande" }).click();
  await expect(page).toHaveURL("/contact/merci");

  await loginAsOwner(page, javaScriptEnabled, "/admin/contact");
  await page
    .getByRole("article")
    .filter({ hasText: email })
    .getByRole("link", { name: /Faire un devis/ })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nouveau devis");
  await ready(page, javaScriptEnabled);
  await expect(page.getByLabel("Nom du client")).toHaveValue("Claire Devis");
  await expect(page.getByLabel("E-mail")).toHaveValue(email);
  await fillQuote(page, {}, { label: "Accompagnement DevOps", days: "-2", price: "650" });
  await page.getByRole("button", { name: "Enregistrer et envoyer" }).click();
  await expect(page.getByLabel("Quantité").first()).toHaveAccessibleDescription(/nombre entier de 1 à 1000/);
  await expect(page.getByLabel("Quantité").first()).toHaveValue("-2");
  await expect(page.getByLabel("Adresse de facturation")).toHaveValue("3 rue des Lilas");
  await page.getByLabel("Quantité").first().fill("5");
  await page.getByRole("button", { name: "Enregistrer et envoyer" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Devis D-\d{4}-\d{4}$/);
  const number = (await page.getByRole("heading", { level: 1 }).textContent())!.replace("Devis ", "");
  await expect(page.locator(".admin-badge").first()).toHaveText("Envoyé");

  // The client opens the e-mailed link: no account, another browser.
  const link = await mailLink(page, email, new RegExp(`Devis ${number}`), "Voir le devis");
  const client = await clientPage(browser, javaScriptEnabled);
  await client.goto(link);
  await expect(client.getByRole("heading", { level: 1 })).toHaveText(`Devis ${number}`);
  await expect(client.getByText("3 900,00 €").first()).toBeVisible();
  await ready(client, javaScriptEnabled);
  await client.getByLabel("Votre nom (vaut signature)").fill("Claire Devis");
  await client.getByRole("button", { name: "Accepter et payer l'acompte" }).click();
  await expect(client.getByText("Cochez « Bon pour accord » pour accepter le devis.")).toBeVisible();
  await client.getByLabel(/Bon pour accord/).check();
  await client.getByRole("button", { name: "Accepter et payer l'acompte" }).click();
  await payRequest(client);
  const deposit = await invoiceText(client, /^F-\d{4}-\d{4}$/);
  expect(deposit).toMatch(/Facture d'acompte n° F-\d{4}-\d{4}/);
  expect(deposit).toContain(`Devis n° ${number}`);
  expect(deposit).toMatch(/Acompte TTC\s*1 170,00 €/);

  // The owner sees the deposit paid and asks for the balance.
  await page.goto(`/admin/devis/${number}`);
  await expect(page.locator(".admin-badge").first()).toHaveText("Acompte payé");
  await ready(page, javaScriptEnabled);
  await page.getByRole("button", { name: "Demander le solde" }).click();
  // A string, not a regex: getByText normalizes the narrow no-break spaces of French amounts only for strings.
  await expect(page.getByText("Solde de 2 730,00 € demandé").first()).toBeVisible();

  const balanceLink = await mailLink(page, email, new RegExp(`Solde du devis ${number}`), "Payer le solde");
  await client.goto(balanceLink);
  await ready(client, javaScriptEnabled);
  await client.getByRole("button", { name: /Payer le solde de 2 730,00/ }).click();
  await payRequest(client);
  const balance = await invoiceText(client, /^F-\d{4}-\d{4}$/);
  expect(balance).toMatch(/Facture de solde n° F-\d{4}-\d{4}/);
  expect(balance).toMatch(/Net à payer TTC\s*2 730,00 €/);
  const [depositNo, balanceNo] = [deposit, balance].map((t) => Number(/F-\d{4}-(\d{4})/.exec(t)![1]));
  expect(balanceNo).toBeGreaterThan(depositNo!);

  await page.goto(`/admin/devis/${number}`);
  await expect(page.locator(".admin-badge").first()).toHaveText("Soldé");
  await client.context().close();
});

test("a changed quote link is refused in French (forgeries: tests/unit/quote-link.test.ts)", async ({ page, allowStatusFor }) => {
  allowStatusFor("/devis?jeton=");
  const res = await page.goto("/devis?jeton=abc.def");
  expect(res?.status()).toBe(403);
  await expect(page.getByText("Utilisez le lien complet, tel qu'il vous a été envoyé par e-mail.")).toBeVisible();
});
