import type { APIResponse, Locator, Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { acceptCheckoutTerms, CLAIRE, fillCheckoutFields, loginWithForm, unique } from "./helpers";
import { OWNER_TOKEN } from "../support/demo";

/**
 * Outside attack 3, "double submit without JavaScript": a second click on a form's button sends the same POST again.
 * Every form that changes something carries its page render's key, so the second identical POST is answered like the
 * first (same status, same page) without running again: one cart line, one contact e-mail, one payment session.
 * The browser's two posts are sent here as the browser sends them: the form's fields as they stand, twice, with the
 * page's cookies.
 */

/**
 * Clicks `button` once, and sends the POST it makes twice: the browser's own request (its fields, its cookies) goes to
 * the server two times in a row, as after a double click, and the page shows the second answer, as the browser does.
 */
async function submitTwice(page: Page, button: Locator): Promise<[APIResponse, APIResponse]> {
  const answers: APIResponse[] = [];
  let sent = false;
  await page.route("**/*", async (route) => {
    if (sent || route.request().method() !== "POST") return route.continue();
    sent = true;
    answers.push(await route.fetch({ maxRedirects: 0 }));
    answers.push(await route.fetch({ maxRedirects: 0 }));
    await route.fulfill({ response: answers[1]! });
  });
  await button.click();
  await expect.poll(() => answers.length).toBe(2);
  await page.waitForLoadState();
  await page.unrouteAll({ behavior: "wait" });
  return [answers[0]!, answers[1]!];
}

function expectSameLanding(first: APIResponse, second: APIResponse) {
  expect(first.status()).toBe(303);
  expect(second.status()).toBe(303);
  expect(second.headers().location).toBe(first.headers().location);
}

test.describe("a form sent twice without JavaScript is done once", () => {
  test("add to cart: one line of one, both answers back on the product page @nojs", async ({ page }) => {
    await page.goto("/products/livre-typescript");
    const [first, second] = await submitTwice(page, page.getByRole("button", { name: "Ajouter au panier" }));
    expectSameLanding(first, second);
    expect(first.headers().location).toMatch(/^\/products\/livre-typescript/);
    await page.goto("/cart");
    await expect(page.getByText("1 article", { exact: true })).toBeVisible();
    await expect(page.getByRole("list", { name: "Articles du panier" }).getByLabel("Quantité", { exact: true })).toHaveValue("1");
  });

  test("checkout: one payment session, both answers to the same payment page @nojs", async ({ page }) => {
    await page.goto("/products/formation-git");
    await page.getByRole("button", { name: "Ajouter au panier" }).click();
    await page.goto("/checkout");
    await fillCheckoutFields(page, { ...CLAIRE, email: `double-${unique()}@exemple.fr` });
    await acceptCheckoutTerms(page, { digital: true });
    const [first, second] = await submitTwice(page, page.getByRole("button", { name: "Continuer vers le paiement" }));
    expectSameLanding(first, second);
    expect(first.headers().location).toMatch(/\/_platform\/checkout\?session=/);
  });

  test("contact: the owner gets one e-mail, both answers on the thank-you page @nojs", async ({ page }) => {
    const sender = `double-${unique()}@exemple.fr`;
    await page.goto("/contact");
    await page.getByLabel("Nom", { exact: true }).fill("Double Clic");
    await page.getByLabel("E-mail", { exact: true }).fill(sender);
    await page.getByLabel("Sujet").selectOption("conseil");
    await page.getByLabel("Message", { exact: true }).fill("Bonjour, une seule demande malgré deux clics.");
    const [first, second] = await submitTwice(page, page.getByRole("button", { name: "Envoyer la demande" }));
    expectSameLanding(first, second);
    expect(first.headers().location).toMatch(/^\/contact\/merci/);
    await page.goto(`/_platform/outbox?token=${OWNER_TOKEN}`);
    // The owner's copy and the sender's acknowledgement: two messages, not four.
    await expect(page.locator("article").filter({ hasText: sender })).toHaveCount(2);
  });

  test("an owner action (marking an order paid) answers the same page again instead of a refusal @nojs", async ({ page }) => {
    await page.goto("/admin/orders");
    await loginWithForm(page, { email: "proprietaire@exemple.fr", password: "motdepasse-proprio" });
    // The seeded pay-on-delivery order its buyer confirmed (platform/seed/demo.json), not paid yet.
    await page.goto("/admin/orders?paymentStatus=NOT_PAID&q=10008");
    await page.getByRole("link", { name: "N° 10008", exact: true }).click();
    // Moving money asks first, with the amount (the confirmation page); its button is the one sent twice.
    await page.getByRole("button", { name: "Marquer comme payée" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText(/Marquer la commande n° 10008 comme payée \(\d+,\d\d\s€ reçus\) \?/);
    const [first, second] = await submitTwice(page, dialog.getByRole("button", { name: "Marquer comme payée" }));
    expectSameLanding(first, second);
    // The notification the page shows is the first answer's, not a refusal of the second.
    await expect(page.getByText("Commande marquée comme payée.").first()).toBeVisible();
    await expect(page.locator(".admin-collectability")).toContainText("Rien à encaisser : la commande est payée");
    await expect(page.getByRole("link", { name: "Émettre la facture (PDF)" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: /impossible|refus|erreur|déjà/i })).toHaveCount(0);
  });
});

test("every form that changes something carries its page's key, so a second post can be recognised @nojs", async ({ page }) => {
  await page.goto("/products/livre-react");
  await page.getByRole("button", { name: "Ajouter au panier" }).click();
  for (const path of ["/products/livre-typescript", "/cart", "/checkout", "/contact", "/account/login", "/account/register"]) {
    await page.goto(path);
    const forms = page.locator('form[method="post"]:not(.theme-form)');
    expect(await forms.count(), path).toBeGreaterThan(0);
    for (const form of await forms.all()) await expect(form.locator('input[type="hidden"][name="formKey"]'), path).toHaveCount(1);
  }
});
