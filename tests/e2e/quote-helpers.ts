import type { Browser, Page } from "@playwright/test";
import { expect } from "./fixtures";
import { loginAsOwner, ready } from "./admin-helpers";
import { OWNER_TOKEN } from "../support/server";
import { fillCard, readPdf } from "./helpers";

/** The quote flow's browser steps: the owner's editor, the client's e-mailed links, Wix's payment request page. */

/** The link labelled `label` of the newest e-mail to `to` whose subject matches, from the platform's outbox. */
export async function mailLink(page: Page, to: string, subject: RegExp, label: string): Promise<string> {
  await page.goto(`/_platform/outbox?token=${OWNER_TOKEN}`);
  const mail = page.locator("article").filter({ hasText: to }).filter({ hasText: subject }).first();
  await expect(mail).toBeVisible();
  return (await mail.getByRole("link", { name: label }).getAttribute("href"))!;
}

export async function payRequest(page: Page) {
  await expect(page).toHaveURL(/\/_platform\/demande-paiement\?session=/);
  await fillCard(page);
  await page.getByRole("button", { name: /^Payer / }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Merci, paiement reçu");
}

export async function invoiceText(page: Page, name: RegExp): Promise<string> {
  const href = (await page.getByRole("link", { name }).first().getAttribute("href"))!;
  const res = await page.request.get(href);
  expect(res.status()).toBe(200);
  return (await readPdf(await res.body())).pages.join("\n");
}

/** The client's own browser: no account, no cookie of the owner's. */
export async function clientPage(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled });
  return context.newPage();
}

/** The client's part of the editor, and one custom line, typed as the owner would. */
export async function fillQuote(
  page: Page,
  client: { name?: string; email?: string },
  line: { label: string; days: string; price: string },
) {
  if (client.name) await page.getByLabel("Nom du client").fill(client.name);
  if (client.email) await page.getByLabel("E-mail").fill(client.email);
  await page.getByLabel("Adresse de facturation").fill("3 rue des Lilas");
  await page.getByLabel("Code postal").fill("69003");
  await page.getByLabel("Ville").fill("Lyon");
  await page.getByLabel("Désignation").first().fill(line.label);
  await page.getByLabel("Quantité").first().fill(line.days);
  await page.getByLabel("Prix unitaire HT (€)").first().fill(line.price);
}

/** A quote written from scratch and sent: its number. */
export async function sendNewQuote(page: Page, javaScriptEnabled: boolean, email: string, price = "650"): Promise<string> {
  await loginAsOwner(page, javaScriptEnabled, "/admin/devis/nouveau");
  await ready(page, javaScriptEnabled);
  await fillQuote(page, { name: "Claire Devis", email }, { label: "Accompagnement DevOps", days: "5", price });
  await page.getByRole("button", { name: "Enregistrer et envoyer" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Devis D-\d{4}-\d{4}$/);
  return (await page.getByRole("heading", { level: 1 }).textContent())!.replace("Devis ", "");
}
