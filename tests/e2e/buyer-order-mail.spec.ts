import AxeBuilder from "@axe-core/playwright";
import { test, expect, expectNoSeriousA11yViolations } from "./fixtures";
import { OWNER_TOKEN } from "../support/server";
import { buyTraining, signUpWithForm, unique } from "./helpers";

/**
 * A guest buys a training with course material; the thank-you page offers the file, the
 * confirmation e-mail (outbox) carries the order and a signed link to follow it without an account, the owner gets
 * a new-order notice, and a changed link is refused in French.
 */
test.describe("order e-mails, follow link and downloads", () => {
  test("guest: download on the thank-you page, confirmation and owner notice, follow link without a session", async ({
    page,
    javaScriptEnabled,
    allowStatusFor,
  }) => {
    const email = `claire.${unique()}@exemple.fr`;
    await buyTraining(page, javaScriptEnabled, email);

    // The thank-you page gives the course material; the link serves a PDF to this buyer.
    const download = page.getByRole("link", { name: "Télécharger le fichier de « Formation Git pour les équipes »" });
    await expect(download).toBeVisible();
    const file = await page.request.get((await download.getAttribute("href"))!);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toBe("application/pdf");
    const number = (await page
      .getByText(/Commande n° \d+/)
      .first()
      .textContent())!.match(/\d+/)![0];

    // The outbox holds the buyer's confirmation and the owner's notice.
    await page.goto(`/_platform/outbox?token=${OWNER_TOKEN}`);
    const confirmation = page.locator("article").filter({ hasText: `Confirmation de votre commande n° ${number}` });
    await expect(confirmation).toContainText(email);
    await expect(confirmation).toContainText("Formation Git");
    await expect(confirmation).toContainText("Adresse de facturation : ");
    await expect(confirmation.getByRole("link", { name: "Télécharger : Formation Git pour les équipes" })).toBeVisible();
    await expect(page.locator("article").filter({ hasText: `Nouvelle commande n° ${number}` })).toContainText("contact@exemple.fr");
    const followUrl = (await confirmation.getByRole("link", { name: "Suivre ma commande" }).getAttribute("href"))!;

    // Without any session (another device), the link shows the order, read-only.
    await page.context().clearCookies();
    await page.goto(followUrl);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Commande n° ${number}`);
    await expect(page.getByRole("main")).toContainText("Formation Git");
    await expect(page.getByRole("main")).toContainText("Payée");
    await expect(page.getByRole("link", { name: "Télécharger le fichier" })).toBeVisible();
    await expect(page.locator("main form")).toHaveCount(0);

    // A changed link is refused with a French message.
    allowStatusFor("/_platform/commande");
    const broken = followUrl.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    const refused = await page.goto(broken);
    expect(refused?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lien non valide");
    await expect(page.getByRole("main")).toContainText("Utilisez le lien complet reçu par e-mail.");
  });

  test("axe: thank-you page and follow page, light and dark, 1280 and 390 px @js", async ({ page }) => {
    test.setTimeout(120_000); // a purchase, then eight axe runs
    const email = `axe.${unique()}@exemple.fr`;
    await buyTraining(page, true, email);
    const thankYou = page.url();
    await page.goto(`/_platform/outbox?token=${OWNER_TOKEN}`);
    const confirmation = page.locator("article").filter({ hasText: email }).filter({ hasText: "Confirmation de votre commande" });
    const followUrl = (await confirmation.getByRole("link", { name: "Suivre ma commande" }).getAttribute("href"))!;
    for (const colorScheme of ["light", "dark"] as const) {
      for (const width of [1280, 390]) {
        await page.emulateMedia({ colorScheme });
        await page.setViewportSize({ width, height: 900 });
        await page.goto(thankYou);
        await expect(page.locator("html")).toHaveAttribute("data-theme", colorScheme);
        await expectNoSeriousA11yViolations(page);
        await page.goto(followUrl);
        const results = await new AxeBuilder({ page }).analyze();
        expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }
    }
  });

  test("member: the order page in 'Mes commandes' gives the file too", async ({ page, javaScriptEnabled }) => {
    const email = `membre.${unique()}@exemple.fr`;
    await page.goto("/account/register");
    await signUpWithForm(page, { email, password: "motdepasse-membre" });
    await expect(page.getByRole("banner").getByRole("button", { name: "Se déconnecter" })).toBeVisible();
    await buyTraining(page, javaScriptEnabled, email);
    await page.goto("/account/orders");
    await page
      .getByRole("link", { name: /^N° \d+$/ })
      .first()
      .click();
    const download = page.getByRole("link", { name: "Télécharger le fichier de « Formation Git pour les équipes »" });
    await expect(download).toBeVisible();
    const file = await page.request.get((await download.getAttribute("href"))!);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toBe("application/pdf");
  });
});
