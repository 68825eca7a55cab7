import { createCookie } from "react-router";
import { sealValue } from "../../app/.server/account/cookie-crypto.server";
import { test, expect } from "./fixtures";
import { ALEX, DEMO, E2E_SECRET, fillHostedLogin, loginFromHeader, loginWithForm, signUpWithForm, sessionCookie, unique } from "./helpers";

test.describe("member login, profile, orders and logout", () => {
  test("a visitor opening the account is sent to login and comes back to it", async ({ page }) => {
    await page.goto("/account");
    await expect(page).toHaveURL("/account/login?returnTo=%2Faccount");
    await loginWithForm(page, DEMO);
    await expect(page).toHaveURL("/account");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mon compte");
    await expect(page.getByText(`Connecté avec ${DEMO.email}`)).toBeVisible();
    await expect(page.getByLabel("Prénom")).toHaveValue("Camille");
  });

  test("login from the header returns to the page the user was on", async ({ page }) => {
    await page.goto("/");
    await loginFromHeader(page);
    await expect(page).toHaveURL("/");
    await expect(page.getByText("Vous êtes connecté.")).toBeVisible();
  });

  test("a wrong password on the hosted login page stays there with an error and the e-mail kept", async ({ page, allowStatusFor }) => {
    allowStatusFor("/_platform/login");
    await page.goto("/");
    await page.getByRole("banner").getByRole("button", { name: "Se connecter" }).click();
    const email = `inconnu-${unique()}@exemple.fr`;
    await fillHostedLogin(page, { email, password: "pas-le-bon" });
    await expect(page).toHaveURL(/\/_platform\/login/);
    await expect(page.getByLabel("E-mail")).toHaveValue(email);
    await expect(page.getByText(/incorrect/i)).toBeVisible();
  });

  test("the profile is edited with field errors beside the fields and values kept", async ({ page }) => {
    await page.goto("/account");
    await loginWithForm(page, DEMO);
    const nickname = `Camille ${unique()}`;
    await page.getByLabel("Pseudonyme").fill(nickname);
    await page.getByLabel("Adresse de profil").fill("Pas Valide !");
    await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
    await expect(page.getByText(/Utilisez des lettres minuscules/)).toBeVisible();
    await expect(page.getByLabel("Pseudonyme")).toHaveValue(nickname);
    await expect(page.getByLabel("Adresse de profil")).toHaveValue("Pas Valide !");

    // Another member's slug is taken: a field error too, not a crash.
    await page.getByLabel("Adresse de profil").fill("alex-durand");
    await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
    await expect(page.getByText("Cette adresse de profil est déjà prise.")).toBeVisible();

    await page.getByLabel("Adresse de profil").fill("camille-martin");
    await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
    await expect(page.getByText("Profil enregistré.")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Pseudonyme")).toHaveValue(nickname);
  });

  test("the member's past orders are listed in French and open in detail", async ({ page }) => {
    await page.goto("/account/orders");
    await loginWithForm(page, DEMO);
    await expect(page).toHaveURL("/account/orders");
    const rows = page.getByRole("table").getByRole("row");
    await expect(page.getByRole("link", { name: "N° 10001" })).toBeVisible();
    await expect(page.getByRole("link", { name: "N° 10002" })).toBeVisible();
    await expect(rows.filter({ hasText: "N° 10001" })).toContainText("Payée");
    // 10001 is an audit (digital): nothing about shipping; 10002 has a book and a T-shirt.
    await expect(rows.filter({ hasText: "N° 10001" })).not.toContainText("xpédiée");
    await expect(rows.filter({ hasText: "N° 10002" })).toContainText("Non expédiée");
    await expect(page.getByRole("link", { name: "N° 10003" })).toHaveCount(0);
    await page.getByRole("link", { name: "N° 10001" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Commande n° 10001");
    await expect(page.getByText("Confirmée")).toBeVisible();
  });

  test("another member's order is a 404", async ({ page, browser, allowStatusFor }) => {
    // Find Alex's order id from Alex's own account.
    const alex = await browser.newContext({ javaScriptEnabled: false });
    const alexPage = await alex.newPage();
    await alexPage.goto(new URL("/account/orders", test.info().project.use.baseURL).href);
    await loginWithForm(alexPage, ALEX);
    await expect(alexPage).toHaveURL(/\/account\/orders$/);
    const href = await alexPage.getByRole("link", { name: "N° 10003" }).getAttribute("href");
    await alex.close();
    expect(href).toMatch(/^\/account\/orders\//);

    allowStatusFor(href!);
    await page.goto("/account");
    await loginWithForm(page, DEMO);
    await expect(page).toHaveURL("/account");
    const response = await page.goto(href!);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Introuvable");
  });

  test("logout is a POST that ends the session and lands home with a notification", async ({ page, context }) => {
    await page.goto("/");
    await loginFromHeader(page);
    await page.getByRole("button", { name: "Se déconnecter" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByText("Vous êtes déconnecté.")).toBeVisible();
    await expect(page.getByRole("banner").getByRole("button", { name: "Se connecter" })).toBeVisible();
    expect(await sessionCookie(context)).toBeNull();
    const logoutByGet = await page.request.get("/account/logout");
    expect(logoutByGet.status()).toBeGreaterThanOrEqual(400);
  });

  test("a broken callback shows a French message and a way to log in again", async ({ page, allowStatusFor }) => {
    allowStatusFor("/account/callback");
    const missing = await page.goto("/account/callback");
    expect(missing?.status()).toBe(400);
    await expect(page.getByRole("alert")).toContainText("code ou état manquant");
    const stale = await page.goto("/account/callback?code=abc&state=def");
    expect(stale?.status()).toBe(400);
    await expect(page.getByRole("alert")).toContainText("expiré");
    await page.getByRole("button", { name: "Se reconnecter" }).click();
    await fillHostedLogin(page, DEMO);
    await expect(page.getByRole("banner").getByRole("button", { name: "Se déconnecter" })).toBeVisible();
  });

  test("a state that does not match the login in progress is refused", async ({ page, allowStatusFor }) => {
    allowStatusFor("/account/callback");
    await page.goto("/account/login?returnTo=/account");
    await page.getByRole("button", { name: "Utiliser la page de connexion de notre prestataire" }).click();
    await expect(page).toHaveURL(/\/_platform\/login/);
    const response = await page.goto("/account/callback?code=forged&state=not-the-right-state");
    expect(response?.status()).toBe(400);
    await expect(page.getByRole("alert")).toContainText("état invalide");
  });

  for (const returnTo of ["https://evil.example/", "//evil.example/x", "/\\evil.example", "%2F%2Fevil.example"]) {
    test(`login never returns off-site (${returnTo})`, async ({ page }) => {
      await page.goto(`/account/login?returnTo=${encodeURIComponent(returnTo)}`);
      await loginWithForm(page, DEMO);
      expect(new URL(page.url()).origin).toBe(new URL(test.info().project.use.baseURL!).origin);
      await expect(page.getByRole("banner").getByRole("button", { name: "Se déconnecter" })).toBeVisible();
    });
  }

  test("tokens stay in an httpOnly cookie under 4 KB and never reach the HTML", async ({ page, context }) => {
    await page.goto("/account");
    await loginWithForm(page, DEMO);
    await expect(page).toHaveURL("/account");
    const session = await sessionCookie(context);
    expect(session).not.toBeNull();
    expect(session!.cookie.httpOnly).toBe(true);
    expect(session!.cookie.sameSite).toBe("Lax");
    expect(session!.cookie.value.length).toBeLessThan(4096);
    expect(session!.tokens.r.m).toBe(true);
    const html = await page.content();
    expect(html).not.toContain(session!.tokens.a.v);
    expect(html).not.toContain(session!.tokens.r.v);
  });

  test("an expired access token is renewed transparently, the member stays logged in", async ({ page, context, baseURL }) => {
    await page.goto("/account");
    await loginWithForm(page, DEMO);
    await expect(page).toHaveURL("/account");
    const session = await sessionCookie(context);
    // Re-sign the same tokens with an access token that expired a minute ago (the test server's secret).
    const cookie = createCookie("__session", { secrets: [E2E_SECRET] });
    const expired = { ...session!.tokens, a: { ...session!.tokens.a, e: Math.floor(Date.now() / 1000) - 60 } };
    const value = (await cookie.serialize(sealValue(expired, [E2E_SECRET]))).split(";")[0]!.slice("__session=".length);
    await context.addCookies([{ name: "__session", value, url: baseURL!, httpOnly: true, sameSite: "Lax" }]);
    await page.goto("/account");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mon compte");
    const renewed = await sessionCookie(context);
    expect(renewed!.tokens.a.v).not.toBe(session!.tokens.a.v);
    expect(renewed!.tokens.a.e).toBeGreaterThan(Math.floor(Date.now() / 1000));
    expect(renewed!.tokens.r.v).toBe(session!.tokens.r.v);
  });

  test("a new member can delete their account after confirming", async ({ page }) => {
    await page.goto("/account");
    await page.getByRole("link", { name: "Créer un compte" }).click();
    const email = `supprime-${unique()}@exemple.fr`;
    await signUpWithForm(page, { email, password: "un-mot-de-passe-solide" });
    await expect(page).toHaveURL("/account");
    await page.getByRole("button", { name: "Supprimer mon compte" }).click();
    await expect(page.getByText("Cochez la case pour confirmer la suppression.")).toBeVisible();
    await page.getByLabel(/Je confirme vouloir supprimer/).check();
    await page.getByRole("button", { name: "Supprimer mon compte" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByText("Votre compte a été supprimé.")).toBeVisible();
    await expect(page.getByRole("banner").getByRole("button", { name: "Se connecter" })).toBeVisible();
    // The deleted account cannot log in any more.
    await page.goto("/account");
    await loginWithForm(page, { email, password: "un-mot-de-passe-solide" });
    await expect(page.getByText("E-mail ou mot de passe incorrect.")).toBeVisible();
  });
  test("a member changes her password: the current one is required, then only the new one logs in", async ({ page }) => {
    await page.goto("/account/register");
    const email = `mot-de-passe-${unique()}@exemple.fr`;
    await signUpWithForm(page, { email, password: "ancien-mot-de-passe" });
    await expect(page.getByRole("banner").getByRole("button", { name: "Se déconnecter" })).toBeVisible();
    await page.goto("/account");
    const section = page.getByRole("region", { name: "Mot de passe" });
    const change = section.getByRole("button", { name: "Changer le mot de passe" });

    // Every field checked at once, each error beside its field.
    await section.getByLabel("Nouveau mot de passe (8 caractères au moins)").fill("court");
    await change.click();
    await expect(section.getByLabel("Mot de passe actuel")).toHaveAccessibleDescription("Saisissez votre mot de passe actuel.");
    await expect(section.getByLabel("Nouveau mot de passe (8 caractères au moins)")).toHaveAccessibleDescription(
      "Le mot de passe doit contenir au moins 8 caractères.",
    );
    // A wrong current password is refused beside it, and nothing changes.
    await section.getByLabel("Mot de passe actuel").fill("pas-le-bon-mot-de-passe");
    await section.getByLabel("Nouveau mot de passe (8 caractères au moins)").fill("nouveau-mot-de-passe");
    await section.getByLabel("Nouveau mot de passe, à nouveau").fill("nouveau-mot-de-passe");
    await change.click();
    await expect(section.getByLabel("Mot de passe actuel")).toHaveAccessibleDescription("Mot de passe actuel incorrect.");

    await section.getByLabel("Mot de passe actuel").fill("ancien-mot-de-passe");
    await section.getByLabel("Nouveau mot de passe (8 caractères au moins)").fill("nouveau-mot-de-passe");
    await section.getByLabel("Nouveau mot de passe, à nouveau").fill("nouveau-mot-de-passe");
    await change.click();
    await expect(page.getByText("Mot de passe changé.").first()).toBeVisible();
    // The session stays; after logging out, the old password is refused and the new one logs in.
    await expect(page.getByRole("banner").getByRole("button", { name: "Se déconnecter" })).toBeVisible();
    await page.getByRole("banner").getByRole("button", { name: "Se déconnecter" }).click();
    await expect(page.getByRole("banner").getByRole("button", { name: "Se connecter" })).toBeVisible();
    await page.goto("/account");
    await loginWithForm(page, { email, password: "ancien-mot-de-passe" });
    await expect(page.getByText("E-mail ou mot de passe incorrect.")).toBeVisible();
    await loginWithForm(page, { email, password: "nouveau-mot-de-passe" });
    await expect(page).toHaveURL("/account");
  });
});
