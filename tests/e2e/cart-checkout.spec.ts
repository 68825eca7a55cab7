import type { Browser, Locator, Page } from "@playwright/test";
import { test, expect, expectNoSeriousA11yViolations, waitForHydration } from "./fixtures";
import {
  ALEX,
  PAY_BUTTON,
  payByCard,
  enterEmailedCode,
  loginFromHeader,
  unique,
  acceptCheckoutTerms,
  continueToPayment,
  expectCheckoutFields,
  fillCheckoutFields,
  isAddToCartAnswer,
  type CheckoutBuyer,
  visit,
  fillCard,
} from "./helpers";

/**
 * Cart, checkout, hosted payment page and thank-you page, against the real
 * production server and its embedded platform (nothing mocked). Every test
 * starts as a new visitor with an empty cart.
 */

const BOOK = { path: "/products/livre-typescript", name: "TypeScript au quotidien" };
const TSHIRT = { path: "/products/t-shirt-typescript?Taille=XL&Couleur=Noir", name: "T-shirt « Typé et fier »" };
const DIGITAL = { path: "/products/formation-git", name: "Formation Git pour les équipes" };

const headerCart = (page: Page) => page.getByRole("banner").getByRole("link", { name: /^Panier/ });

async function expectCartCount(page: Page, count: number) {
  await expect(headerCart(page)).toHaveAccessibleName(`Panier, ${count} article${count > 1 ? "s" : ""}`);
}

/** Adds a product through its page's form (the way a buyer does it). */
async function addToCart(page: Page, product: { path: string }, quantity: number, expectedCount: number) {
  await page.goto(product.path);
  await page.getByLabel("Quantité", { exact: true }).fill(String(quantity));
  // With scripts the header count moves before the server answers: wait for the answer itself,
  // or a navigation right after could cancel the add.
  const answered = page.waitForResponse(isAddToCartAnswer);
  await page.getByRole("button", { name: "Ajouter au panier" }).click();
  await answered;
  await expectCartCount(page, expectedCount);
}

async function openCart(page: Page, javaScriptEnabled: boolean) {
  await visit(page, "/cart", javaScriptEnabled);
}

const cartLine = (page: Page, name: string): Locator =>
  page
    .getByRole("list", { name: "Articles du panier" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name }) });

/** A notification, whether sonner shows it (JS) or the server-rendered status region (no JS). */
const notification = (page: Page, text: string | RegExp) => page.getByText(text).first();

const BUYER: CheckoutBuyer = {
  email: "lea.dupont@exemple.fr",
  firstName: "Léa",
  lastName: "Dupont",
  addressLine: "5 rue de la Paix",
  postalCode: "75002",
  city: "Paris",
};

async function goToCheckout(page: Page, javaScriptEnabled: boolean) {
  await openCart(page, javaScriptEnabled);
  await page.getByRole("button", { name: "Passer la commande" }).click();
  await expect(page).toHaveURL(/\/checkout$|\/checkout\?$/);
  await expect(page.getByRole("heading", { level: 1, name: "Commande" })).toBeVisible();
  if (javaScriptEnabled) await waitForHydration(page);
}

async function newVisitor(browser: Browser, javaScriptEnabled: boolean, baseURL: string | undefined) {
  const context = await browser.newContext({ javaScriptEnabled, baseURL, locale: "fr-FR" });
  return { context, page: await context.newPage() };
}

test.describe("cart", () => {
  test("an empty cart says so and leads to the catalog", async ({ page }) => {
    await page.goto("/cart");
    await expect(page.getByRole("heading", { level: 1, name: "Votre panier" })).toBeVisible();
    await expect(page.getByText("Votre panier est vide.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Découvrir le catalogue" })).toHaveAttribute("href", "/products");
    await expect(page.getByRole("button", { name: "Passer la commande" })).toHaveCount(0);
  });

  test("checkout with an empty cart goes back to the cart with a notification", async ({ page }) => {
    await page.goto("/checkout");
    await expect(page).toHaveURL(/\/cart$/);
    await expect(notification(page, "Votre panier est vide : ajoutez un article avant de commander.")).toBeVisible();
  });

  test("quantities, refused quantities, coupon, line removal and empty state", async ({ page, javaScriptEnabled, allowStatusFor }) => {
    // Without scripts a refused quantity is the cart page itself, answered 400.
    allowStatusFor("/cart");
    await addToCart(page, BOOK, 1, 1);
    await addToCart(page, TSHIRT, 1, 2);
    await openCart(page, javaScriptEnabled);
    await expect(page).toHaveTitle(/^Panier \|/);

    const book = cartLine(page, BOOK.name);
    const tshirt = cartLine(page, TSHIRT.name);
    await expect(book.getByRole("link", { name: BOOK.name })).toHaveAttribute("href", "/products/livre-typescript");
    await expect(book.getByText("Prix unitaire : 39,00 €")).toBeVisible();
    await expect(tshirt.getByText("Couleur : Noir")).toBeVisible();
    await expect(tshirt.getByText("Taille : XL")).toBeVisible();
    const totals = page.getByRole("complementary", { name: "Récapitulatif" });
    await expect(totals.getByText("Sous-total")).toBeVisible();
    await expect(totals.getByText("TVA incluse")).toBeVisible();
    await expect(totals.getByText("Remise")).toHaveCount(0);

    // A new quantity: line price, header count and notification follow.
    await book.getByLabel("Quantité", { exact: true }).fill("3");
    await book.getByRole("button", { name: "Mettre à jour" }).click();
    await expect(notification(page, "Quantité mise à jour")).toBeVisible();
    await expect(book.getByLabel("Quantité", { exact: true })).toHaveValue("3");
    await expect(book.getByText("117,00 €")).toBeVisible();
    await expectCartCount(page, 4);

    // Refused quantities: the error stays beside that line's field, with what was typed (0 is no error: it removes
    // the line: tests/e2e/buyer-purchase-details.spec.ts).
    for (const [typed, message] of [
      ["-1", "La quantité doit être un nombre entier."],
      ["1.5", "La quantité doit être un nombre entier."],
      ["abc", "La quantité doit être un nombre entier."],
      ["100", "La quantité ne peut pas dépasser 99."],
    ]) {
      await tshirt.getByLabel("Quantité", { exact: true }).fill(typed!);
      await tshirt.getByRole("button", { name: "Mettre à jour" }).click();
      await expect(tshirt.getByText(message!)).toBeVisible();
      await expect(tshirt.getByLabel("Quantité", { exact: true })).toHaveValue(typed!);
      await expect(tshirt.getByLabel("Quantité", { exact: true })).toHaveAttribute("aria-invalid", "true");
      await expect(book.locator(".field-error")).toHaveCount(0);
    }
    await expectCartCount(page, 4);

    // The coupon: applied, shown with its discount, then removed.
    await page.getByLabel("Code promo", { exact: true }).fill("  BIENVENUE10 ");
    await page.getByRole("button", { name: "Appliquer" }).click();
    await expect(notification(page, "Code promo appliqué")).toBeVisible();
    await expect(page.getByText("BIENVENUE10")).toBeVisible();
    await expect(totals.getByText("Remise")).toBeVisible();
    await expect(totals.locator(".cart-totals-discount dd")).toHaveText(/^−\d+,\d\d\s€$/);
    await page.getByRole("button", { name: "Retirer le code promo" }).click();
    await expect(notification(page, "Code promo retiré")).toBeVisible();
    await expect(totals.getByText("Remise")).toHaveCount(0);
    await expect(page.getByLabel("Code promo", { exact: true })).toBeVisible();

    // An unknown coupon: a French error notification, nothing applied.
    await page.getByLabel("Code promo", { exact: true }).fill("PASUNCODE");
    await page.getByRole("button", { name: "Appliquer" }).click();
    await expect(notification(page, "Ce code promo n'existe pas ou n'est plus valable.")).toBeVisible();
    await expect(totals.getByText("Remise")).toHaveCount(0);

    // Removing lines down to the empty state.
    await tshirt.getByRole("button", { name: "Retirer", exact: true }).click();
    await expect(notification(page, "Article retiré")).toBeVisible();
    await expect(tshirt).toHaveCount(0);
    await expectCartCount(page, 3);
    await book.getByRole("button", { name: "Retirer", exact: true }).click();
    await expect(page.getByText("Votre panier est vide.")).toBeVisible();
    await expect(notification(page, "Article retiré")).toBeVisible();
    await expectCartCount(page, 0);
    await expect(page.getByRole("main").getByRole("link", { name: "Découvrir le catalogue" })).toBeVisible();
  });

  test("a line whose stock ran out blocks the order and says what to do", async ({ page, browser, javaScriptEnabled, baseURL }) => {
    // Two books per project so each run has its own stock to exhaust.
    const book = javaScriptEnabled
      ? { path: "/products/livre-algorithmes", name: "Algorithmes pour le développeur web", stock: 11 }
      : { path: "/products/livre-accessibilite", name: "L'accessibilité numérique expliquée", stock: 13 };
    await addToCart(page, book, 2, 2);

    // Another buyer takes all but one copy.
    const other = await newVisitor(browser, javaScriptEnabled, baseURL);
    try {
      await addToCart(other.page, book, book.stock - 1, book.stock - 1);
      await goToCheckout(other.page, javaScriptEnabled);
      await fillCheckoutFields(other.page, { ...BUYER, email: "autre@exemple.fr" });
      await continueToPayment(other.page, { digital: false });
      // By card: an unpaid order takes no stock before its buyer confirms it (docs/decisions/0027-*).
      await payByCard(other.page);
    } finally {
      await other.context.close();
    }

    await openCart(page, javaScriptEnabled);
    const line = cartLine(page, book.name);
    await expect(line.getByText("Stock limité à 1 : réduisez la quantité")).toBeVisible();
    await expect(page.getByRole("button", { name: "Passer la commande" })).toBeDisabled();

    // The checkout page refuses too, and sends the buyer back to fix the cart.
    await page.goto("/checkout");
    await expect(page).toHaveURL(/\/cart$/);
    await expect(notification(page, /Certains articles ne sont plus disponibles/)).toBeVisible();

    await line.getByLabel("Quantité", { exact: true }).fill("1");
    await line.getByRole("button", { name: "Mettre à jour" }).click();
    await expect(notification(page, "Quantité mise à jour")).toBeVisible();
    await expect(line.getByText(/Stock limité/)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Passer la commande" })).toBeEnabled();
  });

  test("a change to a line removed meanwhile (another tab) is refused and the cart shows the truth", async ({
    page,
    context,
    javaScriptEnabled,
  }) => {
    await addToCart(page, BOOK, 1, 1);
    await addToCart(page, TSHIRT, 1, 2);
    await openCart(page, javaScriptEnabled);
    const book = cartLine(page, BOOK.name);

    // Same buyer, another tab: the book goes away there.
    const tab = await context.newPage();
    await openCart(tab, javaScriptEnabled);
    await cartLine(tab, BOOK.name).getByRole("button", { name: "Retirer", exact: true }).click();
    // The server's answer, not only the optimistic view: closing the tab earlier could cancel the removal.
    await expect(notification(tab, "Article retiré")).toBeVisible();
    await expect(cartLine(tab, BOOK.name)).toHaveCount(0);
    await tab.close();

    // The first tab still shows it; changing it is refused with a French notification, and the line vanishes.
    await book.getByLabel("Quantité", { exact: true }).fill("5");
    await book.getByRole("button", { name: "Mettre à jour" }).click();
    await expect(notification(page, "Cet article n'est plus dans votre panier.")).toBeVisible();
    await expect(book).toHaveCount(0);
    await expect(cartLine(page, TSHIRT.name)).toBeVisible();
    await expectCartCount(page, 1);
  });

  test("cart and checkout pages have no serious accessibility violations @js", async ({ page }) => {
    await addToCart(page, TSHIRT, 2, 2);
    await page.goto("/cart");
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Passer la commande" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Commande" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("a quantity change shows at once in the line and the header @js", async ({ page }) => {
    await addToCart(page, BOOK, 1, 1);
    await openCart(page, true);
    const book = cartLine(page, BOOK.name);
    // Hold the action so the optimistic state can be seen before the server answers.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/cart.data*", async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await book.getByLabel("Quantité", { exact: true }).fill("4");
    await book.getByRole("button", { name: "Mettre à jour" }).click();
    await expectCartCount(page, 4);
    await expect(book.getByText("156,00 €")).toBeVisible();
    await expect(page.getByText("Mise à jour des totaux…")).toBeVisible();
    release();
    await expect(notification(page, "Quantité mise à jour")).toBeVisible();
    await expect(page.getByText("Mise à jour des totaux…")).toHaveCount(0);
    await expectCartCount(page, 4);
  });
});

test.describe("checkout", () => {
  test("field errors keep the typed values; a declined card, then a paid order and an empty cart", async ({
    page,
    browser,
    javaScriptEnabled,
    baseURL,
    allowStatusFor,
  }) => {
    // Refused checkout form (400), declined card (402 from the payment page), unknown orders (404).
    allowStatusFor("/checkout");
    await addToCart(page, BOOK, 1, 1);
    await addToCart(page, TSHIRT, 1, 2);
    await goToCheckout(page, javaScriptEnabled);
    await expect(page.getByLabel("Pays", { exact: true })).toHaveValue("FR");
    await expect(page.getByRole("radio", { name: /Livraison standard — 4,90 €/ })).toBeChecked();
    await expect(page.getByRole("radio", { name: /Retrait sur place/ })).not.toBeChecked();
    await expect(page.getByLabel("Adresse de facturation identique")).toBeChecked();

    const typed = { ...BUYER, email: "lea.dupont@", postalCode: "7500" };
    await fillCheckoutFields(page, typed);
    await acceptCheckoutTerms(page, { digital: false });
    await page.getByRole("button", { name: "Continuer vers le paiement" }).click();
    await expect(page.getByText("Saisissez une adresse e-mail valide (exemple : nom@domaine.fr).")).toBeVisible();
    await expect(page.getByText("Code postal invalide pour France (exemple : 75001).")).toBeVisible();
    await expect(page.getByLabel("E-mail", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expectCheckoutFields(page, typed);

    await fillCheckoutFields(page, { email: BUYER.email, postalCode: BUYER.postalCode });
    // The platform's hosted payment page shows who buys and where it goes.
    await continueToPayment(page, { digital: false });
    await expect(page.getByRole("heading", { level: 1, name: "Paiement" })).toBeVisible();
    await expect(page.getByText("Léa Dupont").first()).toBeVisible();
    await expect(page.getByText(/5 rue de la Paix, 75002 Paris/).first()).toBeVisible();

    // Declined card: a message, nothing charged, still on the payment page.
    await fillCard(page, { number: "4000 0000 0000 0002" });
    await page.getByRole("button", { name: PAY_BUTTON }).click();
    await expect(page.getByRole("alert")).toContainText("Paiement refusé");
    await expect(page.getByRole("alert")).toContainText("Aucun montant n'a été débité");

    await fillCard(page, { number: "4242 4242 4242 4242" });
    await page.getByRole("button", { name: PAY_BUTTON }).click();
    await expect(page).toHaveURL(/\/checkout\/complete\?orderId=/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Merci");
    await expect(page.getByText(/Commande n°\s*\d+/)).toBeVisible();
    await expect(page.locator(".payment-status")).toHaveText("Payée");
    await expect(page.getByRole("main").getByRole("link", { name: BOOK.name })).toBeVisible();
    await expect(page.getByRole("main").getByText("Couleur : Noir", { exact: false })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Continuer mes achats" })).toHaveAttribute("href", "/products");
    await expectCartCount(page, 0);
    const thankYou = page.url();

    await page.goto("/cart");
    await expect(page.getByText("Votre panier est vide.")).toBeVisible();

    // The order is the buyer's alone: another visitor gets the not-found screen.
    const other = await newVisitor(browser, javaScriptEnabled, baseURL);
    try {
      const response = await other.page.goto(thankYou);
      expect(response?.status()).toBe(404);
      await expect(other.page.getByRole("heading", { level: 1 })).toHaveText("Page Introuvable");
    } finally {
      await other.context.close();
    }

    // No order id, or one that does not exist: 404 too.
    expect((await page.goto("/checkout/complete"))?.status()).toBe(404);
    expect((await page.goto("/checkout/complete?orderId=inexistante"))?.status()).toBe(404);
  });

  test("pay on delivery with a separate billing address: the order is not paid yet", async ({ page, javaScriptEnabled }) => {
    await addToCart(page, BOOK, 1, 1);
    await goToCheckout(page, javaScriptEnabled);
    await fillCheckoutFields(page, BUYER);
    // Delivered (a pickup has a billing address only: buyer-pickup.spec.ts).
    if (javaScriptEnabled) await expect(page.getByLabel("Adresse de facturation", { exact: true })).toHaveCount(0);
    await page.getByLabel("Adresse de facturation identique").uncheck();
    await fillCheckoutFields(page, { addressLine: "1 avenue Louise", postalCode: "7500", city: "Bruxelles" }, { billing: true });
    await page.getByLabel("Pays de facturation", { exact: true }).selectOption("BE");
    // 4 digits is a Belgian postal code: accepted, the billing address is used.
    await continueToPayment(page, { digital: false });
    await expect(page.getByText(/1 avenue Louise, 7500 Bruxelles, BE/)).toBeVisible();
    await expect(page.getByText(/5 rue de la Paix, 75002 Paris/)).toBeVisible();

    await page.getByRole("button", { name: "Payer à la livraison" }).click();
    await expect(page).toHaveURL(/\/checkout\/complete\?orderId=/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Merci");
    await expect(page.locator(".payment-status")).toHaveText("Non payée");
    // An unpaid order waits for its buyer's confirmation (docs/decisions/0027-*): the page says how.
    await expect(page.getByRole("status").filter({ hasText: "Confirmez votre commande avec le lien envoyé" })).toBeVisible();
    await expect(page.getByText("Bruxelles")).toBeVisible();
    await expectCartCount(page, 0);
  });

  test("a member finds their details already filled in", async ({ page, javaScriptEnabled }) => {
    await page.goto("/");
    await loginFromHeader(page, ALEX);
    const before = Number((await headerCart(page).textContent())?.replace(/\D/g, "") || "0");
    await addToCart(page, BOOK, 1, before + 1);
    await goToCheckout(page, javaScriptEnabled);
    await expectCheckoutFields(page, {
      email: ALEX.email,
      firstName: "Alex",
      lastName: "Durand",
      addressLine: "3 place Bellecour",
      postalCode: "69002",
      city: "Lyon",
    });
    await expect(page.getByLabel("Pays", { exact: true })).toHaveValue("FR");

    // A member's cart outlives the session: leave it as it was for the other tests.
    await openCart(page, javaScriptEnabled);
    await cartLine(page, BOOK.name).getByRole("button", { name: "Retirer", exact: true }).click();
    await expect(notification(page, "Article retiré")).toBeVisible();
    await expect(cartLine(page, BOOK.name)).toHaveCount(0);
    await expectCartCount(page, before);
  });

  test("a new member's order: name prefilled, thank-you page leads to their orders", async ({ page, javaScriptEnabled }) => {
    const email = `acheteur-${unique()}@exemple.fr`;
    await page.goto("/");
    await page.getByRole("banner").getByRole("button", { name: "Se connecter" }).click();
    await page.getByRole("link", { name: "Créer un compte" }).click();
    await page.getByLabel("Prénom").fill("Sacha");
    await page.getByLabel("Nom", { exact: true }).fill("Petit");
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Mot de passe").fill("un-mot-de-passe-solide");
    await page.getByRole("button", { name: "Créer mon compte" }).click();
    await enterEmailedCode(page, email);
    await expect(page.getByRole("banner").getByRole("button", { name: "Se déconnecter" })).toBeVisible();

    await addToCart(page, BOOK, 1, 1);
    await goToCheckout(page, javaScriptEnabled);
    await expectCheckoutFields(page, { email, firstName: "Sacha", lastName: "Petit", addressLine: "" });
    await fillCheckoutFields(page, { addressLine: "8 quai des Chartrons", postalCode: "33000", city: "Bordeaux" });
    await acceptCheckoutTerms(page, { digital: false });
    await page.getByRole("button", { name: "Continuer vers le paiement" }).click();
    await expect(page.getByText("Sacha Petit").first()).toBeVisible();
    await fillCard(page, { number: "4242424242424242" });
    await page.getByRole("button", { name: PAY_BUTTON }).click();

    await expect(page.getByRole("heading", { level: 1 })).toContainText("Merci");
    const number = (await page.locator(".thanks-number strong").textContent())!.trim();
    expect(number).toMatch(/^\d+$/);
    await expect(page.locator(".payment-status")).toHaveText("Payée");
    await page.getByRole("link", { name: "Voir mes commandes" }).click();
    await expect(page).toHaveURL(/\/account\/orders$/);
    await expect(page.getByRole("main").getByText(number).first()).toBeVisible();
  });

  test("a digital order has no shipping choice and can be cancelled back to the cart", async ({ page, javaScriptEnabled }) => {
    await addToCart(page, DIGITAL, 1, 1);
    await goToCheckout(page, javaScriptEnabled);
    await expect(page.getByRole("radio")).toHaveCount(0);
    await fillCheckoutFields(page, BUYER);
    await continueToPayment(page, { digital: true });
    await page.getByRole("button", { name: "Annuler" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(cartLine(page, DIGITAL.name)).toBeVisible();
    await expectCartCount(page, 1);
  });
});
