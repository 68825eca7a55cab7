import type { Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { test, expect } from "./fixtures";
import { OWNER_TOKEN } from "../support/demo";
import {
  acceptCheckoutTerms,
  addToCartFrom,
  buyTraining,
  DEMO,
  fillHostedLogin,
  loginWithForm,
  signUpWithForm,
  unique,
  visit,
  addAndFillCheckout,
  claireAs,
  payByCard,
  sendCard,
} from "./helpers";

/**
 * Where and when to collect a pickup, a digital order's wording, the truthful lock-out and blocked-member
 * messages, the payment page's expiry spellings and kept card number, and the hosted pages following the theme.
 */

const PICKUP_ADDRESS = "12 rue des Artisans, 69002 Lyon";
const PICKUP_HOURS = "Du lundi au vendredi, de 9 h à 18 h";

/** The outbox's confirmation e-mail of order `number`. */
async function confirmationMail(page: Page, number: string) {
  await page.goto(`/_platform/outbox?token=${OWNER_TOKEN}`);
  return page.locator("article").filter({ hasText: `Confirmation de votre commande n° ${number}` });
}

const orderNumber = async (page: Page) =>
  (await page
    .getByText(/Commande n° \d+/)
    .first()
    .textContent())!.match(/\d+/)![0]!;

test.describe("store pickup: where and when", () => {
  test("the address and opening hours on the checkout, the payment page, the thank-you page and the e-mail", async ({
    page,
    javaScriptEnabled,
  }) => {
    await addAndFillCheckout(page, "/products/livre-freelance", javaScriptEnabled, claireAs("retrait"));
    const pickup = page.getByRole("radio", { name: /Retrait sur place/ });
    await expect(pickup).toHaveAccessibleDescription(new RegExp(`${PICKUP_ADDRESS}.*${PICKUP_HOURS}`));
    await pickup.check();
    await acceptCheckoutTerms(page, { digital: false });
    await page.getByRole("button", { name: "Continuer vers le paiement" }).click();
    await expect(page).toHaveURL(/\/_platform\/checkout\?session=/);
    await expect(page.getByRole("main")).toContainText(PICKUP_ADDRESS);
    await expect(page.getByRole("main")).toContainText(PICKUP_HOURS);
    await sendCard(page);
    const where = page.getByRole("region", { name: "Retrait" });
    await expect(where).toContainText(PICKUP_ADDRESS);
    await expect(where).toContainText(PICKUP_HOURS);
    const mail = await confirmationMail(page, await orderNumber(page));
    await expect(mail).toContainText(PICKUP_ADDRESS);
    await expect(mail).toContainText(PICKUP_HOURS);
  });
});

test.describe("digital-only orders", () => {
  test("no delivery address in the e-mail, no 'à la livraison' on the checkout", async ({ page, javaScriptEnabled }) => {
    await addToCartFrom(page, "/products/formation-sql", javaScriptEnabled);
    await page.goto("/checkout");
    await expect(page.getByRole("main")).not.toContainText(/livraison/i);
    const email = `numerique.${unique()}@exemple.fr`;
    await buyTraining(page, javaScriptEnabled, email);
    const mail = await confirmationMail(page, await orderNumber(page));
    await expect(mail).toContainText("Adresse de facturation : ");
    await expect(mail).not.toContainText("Adresse de livraison");
    await expect(mail).not.toContainText(/livraison/i);
  });
});

/** Five wrong passwords for `email` from this browser, then a sixth: the answer beside the password. */
async function lockOut(page: Page, javaScriptEnabled: boolean, email: string): Promise<string> {
  await visit(page, "/account/login", javaScriptEnabled);
  for (let i = 0; i < 6; i++) {
    await page.getByRole("main").getByLabel("E-mail").fill(email);
    await page.getByRole("main").getByLabel("Mot de passe").fill(`mauvais-${i}-motdepasse`);
    // Each attempt must reach the server before the next (with scripts a click during a submission is dropped).
    const answered = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/account/login"));
    await page.getByRole("main").getByRole("button", { name: "Se connecter" }).click();
    await answered;
    await expect(page.getByRole("main").locator(".field-error, .form-error").first()).toBeVisible();
  }
  return (await page.getByRole("main").locator(".field-error, .form-error").allTextContents()).join(" ");
}

test.describe("lock-out and blocked members", () => {
  test("the lock-out says to wait, promises no anti-robot check, and reads the same for an unknown address", async ({
    page,
    javaScriptEnabled,
    allowStatusFor,
  }) => {
    allowStatusFor("/account/login");
    const known = `verrou.${unique()}@exemple.fr`;
    await page.goto("/account/register");
    await signUpWithForm(page, { email: known, password: "motdepasse-verrou" });
    await page.getByRole("banner").getByRole("button", { name: "Se déconnecter" }).click();
    await expect(page.getByRole("banner").getByRole("button", { name: "Se connecter" })).toBeVisible();
    const forKnown = await lockOut(page, javaScriptEnabled, known);
    expect(forKnown).toContain("Réessayez dans 15 minutes");
    expect(forKnown).not.toMatch(/robot/i);
    const forUnknown = await lockOut(page, javaScriptEnabled, `inconnu.${unique()}@exemple.fr`);
    expect(forUnknown).toBe(forKnown);
  });

  test("a blocked member: the site's form says a suspension is possible, the hosted page says it with the right password", async ({
    page,
    javaScriptEnabled,
    allowStatusFor,
  }) => {
    allowStatusFor("/account/login");
    allowStatusFor("/_platform/login");
    const email = `bloque.${unique()}@exemple.fr`;
    await page.goto("/account/register");
    await signUpWithForm(page, { email, password: "motdepasse-bloque" });
    await page.getByRole("banner").getByRole("button", { name: "Se déconnecter" }).click();
    await expect(page.getByRole("banner").getByRole("button", { name: "Se connecter" })).toBeVisible();
    // The owner blocks her.
    await page.goto("/account/login");
    await loginWithForm(page, { email: "proprietaire@exemple.fr", password: "motdepasse-proprio" });
    await expect(page.getByRole("banner").getByRole("button", { name: "Se déconnecter" })).toBeVisible();
    await visit(page, "/admin/members", javaScriptEnabled);
    await page.getByLabel("Nom ou e-mail (contient)").fill(email);
    await page.getByRole("button", { name: "Rechercher" }).click();
    await page.getByRole("button", { name: `Bloquer ${email}` }).click();
    await expect(page.getByRole("row").filter({ hasText: email })).toContainText("Bloqué");
    await page.getByRole("banner").getByRole("button", { name: "Se déconnecter" }).click();
    await expect(page.getByRole("banner").getByRole("button", { name: "Se connecter" })).toBeVisible();

    // The site's own form gets Wix's wrong-password code either way: one truthful answer, the same for both.
    const answer = async (password: string) => {
      await visit(page, "/account/login", javaScriptEnabled);
      const answered = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/account/login"));
      await loginWithForm(page, { email, password });
      await answered;
      const error = page.getByRole("main").locator(".field-error").first();
      await expect(error).toBeVisible();
      return error.textContent();
    };
    const right = await answer("motdepasse-bloque");
    expect(right).toContain("contactez le propriétaire du site");
    expect(await answer("pas-le-bon-motdepasse")).toBe(right);

    // The hosted login page knows: it says so, and only to whoever typed the right password.
    await page.getByRole("banner").getByRole("button", { name: "Se connecter" }).click();
    await fillHostedLogin(page, { email, password: "pas-le-bon-motdepasse" });
    await expect(page.getByRole("main")).toContainText("E-mail ou mot de passe incorrect.");
    await expect(page.getByRole("main")).not.toContainText("suspendu");
    await page.getByLabel("Mot de passe").fill("motdepasse-bloque");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page.getByRole("main")).toContainText("Ce compte est suspendu : contactez le propriétaire du site.");
  });
});

async function toPaymentPage(page: Page, javaScriptEnabled: boolean) {
  await addAndFillCheckout(page, "/products/livre-node", javaScriptEnabled, claireAs("carte"));
  await page.getByRole("radio", { name: /Retrait sur place/ }).check();
  await acceptCheckoutTerms(page, { digital: false });
  await page.getByRole("button", { name: "Continuer vers le paiement" }).click();
  await expect(page).toHaveURL(/\/_platform\/checkout\?session=/);
}

test.describe("payment page", () => {
  test("'1230' is a valid expiry", async ({ page, javaScriptEnabled }) => {
    await toPaymentPage(page, javaScriptEnabled);
    await payByCard(page, { expiry: "1230", cvc: "123" });
  });

  test("a refused date keeps the card number (never the security code) and the typed date", async ({ page, javaScriptEnabled }) => {
    await toPaymentPage(page, javaScriptEnabled);
    await sendCard(page, { expiry: "13/30", cvc: "123" });
    await expect(page.getByLabel("Date d'expiration (MM/AA)")).toHaveAccessibleDescription(/Date d'expiration invalide/);
    await expect(page.getByLabel("Date d'expiration (MM/AA)")).toHaveValue("13/30");
    await expect(page.getByLabel("Numéro de carte")).toHaveValue("4242 4242 4242 4242");
    await expect(page.getByLabel("Cryptogramme")).toHaveValue("");
    await expect(page).toHaveURL(/\/_platform\/checkout\?session=/);
  });
});

test.describe("hosted pages follow the theme", () => {
  test("a system dark preference darkens the hosted login and payment pages; an explicit light choice wins", async ({
    playwright,
    launchOptions,
    javaScriptEnabled,
    baseURL,
  }) => {
    // A browser whose system preference is dark: emulating the media (page.emulateMedia, colorScheme) does not reach
    // every colour-scheme client hint Chromium sends (a POST's redirect carries the machine's real preference).
    const browser = await playwright.chromium.launch({ ...launchOptions, args: [...(launchOptions.args ?? []), "--force-dark-mode"] });
    const context = await browser.newContext({ baseURL, locale: "fr-FR", javaScriptEnabled, colorScheme: null });
    const page = await context.newPage();
    try {
      await toPaymentPage(page, javaScriptEnabled);
      const dark = "rgb(18, 24, 32)";
      // Polled: the hosted page's stylesheet may still be on its way when the address changes.
      const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      await expect.poll(background).toBe(dark);
      await page.getByRole("button", { name: "Annuler" }).click();
      await expect(page).toHaveURL(/\/cart$/);
      await page.getByRole("banner").getByRole("button", { name: "Se connecter" }).click();
      await expect(page).toHaveURL(/\/_platform\/login/);
      await expect.poll(background).toBe(dark);

      await visit(page, "/cart", javaScriptEnabled);
      await page.getByRole("button", { name: "Thème clair" }).click();
      await expect(page.getByRole("button", { name: "Thème sombre" })).toBeVisible();
      await page.getByRole("banner").getByRole("button", { name: "Se connecter" }).click();
      await expect(page).toHaveURL(/\/_platform\/login/);
      await expect.poll(background).toBe("rgb(246, 245, 241)");
    } finally {
      await browser.close();
    }
  });
});

test("the hosted login page keeps its demo banner in a landmark; an order page's headings skip no level, light and dark @js", async ({
  page,
}) => {
  test.setTimeout(90_000); // four axe runs
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.context().clearCookies();
    await page.goto("/");
    await page.getByRole("banner").getByRole("button", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(/\/_platform\//);
    await expect(page.getByRole("banner").getByRole("note")).toContainText("Plateforme de démonstration intégrée");
    const hosted = await new AxeBuilder({ page }).withRules(["region", "heading-order"]).analyze();
    expect(hosted.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

    await page.goto("/account/orders");
    if (page.url().includes("/account/login")) await loginWithForm(page, DEMO);
    await page.getByRole("link", { name: "N° 10002" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Commande n° 10002");
    await expect(page.getByRole("heading", { level: 2, name: "Livraison" })).toBeVisible();
    const order = await new AxeBuilder({ page }).withRules(["heading-order"]).analyze();
    expect(order.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  }
});
