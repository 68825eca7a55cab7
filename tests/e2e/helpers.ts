import { createRequire } from "node:module";
import { dirname } from "node:path";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { APIRequestContext, BrowserContext, Locator, Page } from "@playwright/test";
import { expect, waitForHydration } from "./fixtures";
import { unsealValue } from "../../app/.server/account/cookie-crypto.server";
import { OWNER_TOKEN } from "../support/demo";

import { ALEX, DEMO, E2E_SECRET, OWNER_LOGIN } from "../support/demo";

// The demo's accounts and secrets are the test kit's (tests/support/demo.ts).
export { ALEX, DEMO, E2E_SECRET, OWNER_LOGIN };

/** With scripts on, waits until React hydrated the page (a click before can be lost); without, there is nothing to wait for. */
export async function ready(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await waitForHydration(page);
}

/** Opens `path` and waits until it is ready to be used (see ready). */
export async function visit(page: Page, path: string, javaScriptEnabled: boolean) {
  await page.goto(path);
  await ready(page, javaScriptEnabled);
}

/** Fills the platform's hosted login page (reached after "Se connecter") and submits it. */
export async function fillHostedLogin(page: Page, who: { email: string; password: string }) {
  await expect(page).toHaveURL(/\/_platform\/login/);
  await page.getByLabel("E-mail").fill(who.email);
  await page.getByLabel("Mot de passe").fill(who.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
}

/** The site's own login page (where members-only pages send visitors): e-mail + password, no redirect. */
export async function loginWithForm(page: Page, who: { email: string; password: string }) {
  await expect(page).toHaveURL(/\/account\/login/);
  await page.getByRole("main").getByLabel("E-mail").fill(who.email);
  await page.getByRole("main").getByLabel("Mot de passe").fill(who.password);
  await page.getByRole("main").getByRole("button", { name: "Se connecter" }).click();
}

/** Signs up on the site's own form (the page must be /account/register). */
export async function registerWithForm(page: Page, who: { email: string; password: string; firstName?: string; lastName?: string }) {
  const main = page.getByRole("main");
  await main.getByLabel("Prénom").fill(who.firstName ?? "Dominique");
  await main.getByLabel("Nom", { exact: true }).fill(who.lastName ?? "Essai");
  await main.getByLabel("E-mail").fill(who.email);
  await main.getByLabel("Mot de passe", { exact: true }).fill(who.password);
  await main.getByLabel("Confirmer le mot de passe").fill(who.password);
  await main.getByRole("button", { name: "Créer mon compte" }).click();
}

/** The newest 6-digit code e-mailed to `email`, read from the platform's outbox (owner token). */
export async function emailedCode(page: Page, email: string): Promise<string> {
  const origin = new URL(page.url()).origin;
  const outbox = await (await page.request.get(`${origin}/_platform/outbox?token=${OWNER_TOKEN}`)).text();
  const message = outbox.split("<article").find((chunk) => chunk.includes(email) && /code de vérification/i.test(chunk));
  const code = /\b(\d{6})\b/.exec(message ?? "")?.[1];
  expect(code, `a code e-mailed to ${email}`).toMatch(/^\d{6}$/);
  return code!;
}

/**
 * The code step after a sign-up (every sign-up proves its mailbox before the account exists, decision 0029), on the
 * site's page or the platform's hosted one: enters the code e-mailed to `email`.
 */
export async function enterEmailedCode(page: Page, email: string) {
  await expect(page.getByLabel("Code de vérification")).toBeVisible();
  await page.getByLabel("Code de vérification").fill(await emailedCode(page, email));
  await page.getByRole("button", { name: "Vérifier" }).click();
}

/** Signs up on the site's own form and enters the e-mailed code (the page must be /account/register). */
export async function signUpWithForm(page: Page, who: { email: string; password: string; firstName?: string; lastName?: string }) {
  await registerWithForm(page, who);
  await enterEmailedCode(page, who.email);
}

/** Logs in from the header's "Se connecter" button and waits to be back on the site. */
export async function loginFromHeader(page: Page, who = DEMO) {
  await page.getByRole("banner").getByRole("button", { name: "Se connecter" }).click();
  await fillHostedLogin(page, who);
  await expect(page.getByRole("banner").getByRole("button", { name: "Se déconnecter" })).toBeVisible();
}

/** The decoded `__session` cookie (signed value: base64 JSON before the signature). */
export async function sessionCookie(context: BrowserContext) {
  const cookie = (await context.cookies()).find((c) => c.name === "__session");
  if (!cookie) return null;
  const raw = decodeURIComponent(cookie.value);
  const payload = raw.slice(0, raw.lastIndexOf("."));
  // Sealed (encrypted) inside the signature: only the server's secret opens it.
  const sealed = JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as string;
  return { cookie, tokens: unsealValue(sealed, [E2E_SECRET]) as { a: { v: string; e: number }; r: { v: string; m: boolean } } };
}

/** A unique suffix so tests that change data stay independent across runs and projects. */
/** The API calls the platform answered so far, oldest first, as "METHOD /path" (its /_platform/api-log). */
export async function apiCalls(request: APIRequestContext): Promise<string[]> {
  const response = await request.get(`/_platform/api-log?token=${OWNER_TOKEN}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { calls: string[] }).calls;
}

export function unique() {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

const STANDARD_FONTS = `${dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"))}/standard_fonts/`;

/** A PDF as pdf.js reads it (with its standard fonts), and the text of each of its pages, its items joined by spaces. */
export async function readPdf(body: Buffer) {
  const pdf = await getDocument({ data: new Uint8Array(body), standardFontDataUrl: STANDARD_FONTS }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++)
    pages.push((await (await pdf.getPage(n)).getTextContent()).items.map((i) => ("str" in i ? i.str : "")).join(" "));
  return { pdf, pages };
}

/** The payment page's final button: it states the amount and the payment obligation (Code de la consommation, L221-14). */
export const PAY_BUTTON = /^Payer \d[\d\s\u202f]*,\d{2}\s€ \(commande avec obligation de paiement\)$/;

/**
 * Ticks what the checkout asks the buyer to agree to: the CGV, and for digital content or services the express
 * request for immediate delivery with the waiver of withdrawal (the caller says whether the cart holds any).
 */
export async function acceptCheckoutTerms(page: Page, cart: { digital: boolean }) {
  await page.getByRole("checkbox", { name: /J'accepte les conditions générales de vente/ }).check();
  if (cart.digital) await page.getByRole("checkbox", { name: /Je demande l'exécution immédiate/ }).check();
}

/**
 * The answer to "Ajouter au panier": with scripts a fetcher posts to the one cart action (`/cart`, `/cart.data` on
 * the wire); without, the form posts to the product's own page. Wait for it before leaving the page: the header
 * count moves before the server answers, and a navigation would cancel the add.
 */
export function isAddToCartAnswer(response: { url(): string; request(): { method(): string } }): boolean {
  if (response.request().method() !== "POST") return false;
  const { pathname } = new URL(response.url());
  return pathname.startsWith("/products/") || pathname === "/cart" || pathname === "/cart.data";
}

/**
 * Adds the product at `path` to the cart from its page (`quantity` typed first when given), and waits for the cart's
 * answer (see isAddToCartAnswer).
 */
export async function addToCartFrom(page: Page, path: string, javaScriptEnabled: boolean, quantity?: number) {
  await visit(page, path, javaScriptEnabled);
  if (quantity !== undefined) await page.getByLabel("Quantité", { exact: true }).fill(String(quantity));
  const answered = page.waitForResponse(isAddToCartAnswer);
  await page.getByRole("button", { name: "Ajouter au panier" }).click();
  await answered;
}

/** Who buys, and the address the checkout asks for (delivery, or billing only for digital goods). */
export interface CheckoutBuyer {
  email: string;
  firstName: string;
  lastName: string;
  addressLine: string;
  postalCode: string;
  city: string;
}

export const CLAIRE: CheckoutBuyer = {
  email: "claire.roux@exemple.fr",
  firstName: "Claire",
  lastName: "Roux",
  addressLine: "4 rue du Port",
  postalCode: "44000",
  city: "Nantes",
};

/** Claire with an e-mail of this test's own (`<prefix>.<unique>@exemple.fr`), so its orders stay apart from others'. */
export const claireAs = (prefix: string): CheckoutBuyer => ({ ...CLAIRE, email: `${prefix}.${unique()}@exemple.fr` });

/** The checkout form's label for each of the buyer's fields. */
const CHECKOUT_LABELS: Record<keyof CheckoutBuyer, string> = {
  email: "E-mail",
  firstName: "Prénom",
  lastName: "Nom",
  addressLine: "Adresse",
  postalCode: "Code postal",
  city: "Ville",
};

const checkoutFields = (fields: Partial<CheckoutBuyer>) => Object.entries(fields) as [keyof CheckoutBuyer, string][];

/**
 * On the checkout page (or in one of its groups, `scope`): types these of the buyer's fields (all six, or only some,
 * such as the address). `billing`: the separate billing address's fields of the page without scripts ("Ville de facturation").
 */
export async function fillCheckoutFields(scope: Page | Locator, fields: Partial<CheckoutBuyer>, { billing = false } = {}) {
  for (const [field, value] of checkoutFields(fields))
    await scope.getByLabel(`${CHECKOUT_LABELS[field]}${billing ? " de facturation" : ""}`, { exact: true }).fill(value);
}

/** On the checkout page: these fields hold exactly these values (prefilled, or kept after an error). */
export async function expectCheckoutFields(page: Page, fields: Partial<CheckoutBuyer>) {
  for (const [field, value] of checkoutFields(fields))
    await expect(page.getByLabel(CHECKOUT_LABELS[field], { exact: true }), field).toHaveValue(value);
}

/** Opens /checkout and types the buyer's name, e-mail and address. */
export async function fillCheckout(page: Page, javaScriptEnabled: boolean, buyer: CheckoutBuyer) {
  await visit(page, "/checkout", javaScriptEnabled);
  await fillCheckoutFields(page, buyer);
}

/** Accepts the terms and continues to the platform's hosted payment page. */
export async function continueToPayment(page: Page, cart: { digital: boolean }) {
  await acceptCheckoutTerms(page, cart);
  await page.getByRole("button", { name: "Continuer vers le paiement" }).click();
  await expect(page).toHaveURL(/\/_platform\/checkout\?session=/);
}

/** What is typed on the hosted payment page's card form: the accepted test card and valid fields, unless said otherwise. */
export interface CardEntry {
  number?: string;
  expiry?: string;
  cvc?: string;
  holder?: string;
}

const CARD_LABELS: Record<keyof CardEntry, string> = {
  number: "Numéro de carte",
  expiry: "Date d'expiration (MM/AA)",
  cvc: "Cryptogramme",
  holder: "Titulaire de la carte",
};

const VALID_CARD: Required<CardEntry> = { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", holder: "Camille Martin" };

/** Types the card's fields on the hosted payment page (every one is required there). */
export async function fillCard(page: Page, card: CardEntry = {}) {
  const typed = Object.entries({ ...VALID_CARD, ...card }) as [keyof CardEntry, string][];
  for (const [field, value] of typed) await page.getByLabel(CARD_LABELS[field], { exact: true }).fill(value);
}

/** On the hosted payment page: types the card and presses the final button (what follows is the caller's to check). */
export async function sendCard(page: Page, card: CardEntry = {}) {
  await fillCard(page, card);
  await page.getByRole("button", { name: PAY_BUTTON }).click();
}

/** On the hosted payment page: pays with the test card (and `card`'s other fields) and lands on the thank-you page. */
export async function payByCard(page: Page, card: CardEntry = {}) {
  await sendCard(page, card);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Merci");
}

/** On the thank-you page: the number of the order just placed. */
export async function orderNumberShown(page: Page): Promise<string> {
  const text = await page
    .getByText(/Commande n° \d+/)
    .first()
    .textContent();
  return text!.match(/\d+/)![0]!;
}

/**
 * Types `value` into `field` and sends its form with `submit`: the form refuses it beside the field (the field's
 * accessible description says why) and keeps what was typed.
 */
export async function expectRefusedBesideField(field: Locator, value: string, submit: Locator, reason: string | RegExp) {
  await field.fill(value);
  await submit.click();
  await expect(field).toHaveAccessibleDescription(reason);
  await expect(field).toHaveValue(value);
}

/** Adds the product at `path` from its page, then opens the checkout and types the buyer's fields. */
export async function addAndFillCheckout(page: Page, path: string, javaScriptEnabled: boolean, buyer: CheckoutBuyer) {
  await addToCartFrom(page, path, javaScriptEnabled);
  await fillCheckout(page, javaScriptEnabled, buyer);
}

/** A buyer (guest or member) buys "Formation Git pour les équipes" by card and lands on the thank-you page. */
export async function buyTraining(page: Page, javaScriptEnabled: boolean, email: string) {
  await addAndFillCheckout(page, "/products/formation-git", javaScriptEnabled, { ...CLAIRE, email });
  await continueToPayment(page, { digital: true });
  await payByCard(page);
}

/** Adds a product from its page (as a buyer does, waiting for the server's answer), then opens the checkout. */
export async function addToCartAndCheckout(page: Page, productPath: string, javaScriptEnabled: boolean) {
  await addToCartFrom(page, productPath, javaScriptEnabled);
  await visit(page, "/checkout", javaScriptEnabled);
}
