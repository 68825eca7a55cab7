import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { test as base, expect } from "./fixtures";
import { freePort, OWNER_TOKEN, startServer, type RunningServer } from "../support/server";
import { loginWithForm, registerWithForm, signUpWithForm, unique } from "./helpers";

/**
 * The site's own account forms against each sign-up policy of the platform:
 * the default server is "open"; two more servers (same build, own databases)
 * run "verify-email" and "owner-approval".
 */
type PolicyServers = { verifyEmail: RunningServer; ownerApproval: RunningServer };

const test = base.extend<{}, { servers: PolicyServers }>({
  servers: [
    async ({}, use) => {
      const dir = mkdtempSync(join(tmpdir(), "policy-servers-"));
      const start = async (policy: string) =>
        startServer({ port: await freePort(), db: join(dir, `${policy}.sqlite`), env: { PLATFORM_SIGNUP_POLICY: policy } });
      const [verifyEmail, ownerApproval] = await Promise.all([start("verify-email"), start("owner-approval")]);
      await use({ verifyEmail, ownerApproval });
      await Promise.all([verifyEmail.stop(), ownerApproval.stop()]);
      rmSync(dir, { recursive: true, force: true });
    },
    { scope: "worker" },
  ],
});

const PASSWORD = "motdepasse-solide";

/** The newest outbox message for `email` (the platform's local mail). */
async function latestMail(page: Page, origin: string, email: string) {
  await page.goto(`${origin}/_platform/outbox?token=${OWNER_TOKEN}`);
  return page.locator("article").filter({ hasText: email }).first();
}

/** Signs a new member up (e-mail `<prefix>-…@exemple.fr`, PASSWORD) on the default server, then logs out. */
async function newMemberLoggedOut(page: Page, prefix: string): Promise<string> {
  const email = `${prefix}-${unique()}@exemple.fr`;
  await page.goto("/account/register");
  await signUpWithForm(page, { email, password: PASSWORD });
  await page.getByRole("banner").getByRole("button", { name: "Se déconnecter" }).click();
  await expect(page.getByRole("banner").getByRole("button", { name: "Se connecter" })).toBeVisible();
  return email;
}

async function addToCart(page: Page, origin: string, slug: string) {
  await page.goto(`${origin}/products/${slug}`);
  await page.getByRole("button", { name: "Ajouter au panier" }).click();
  await expect(page.getByText("Ajouté au panier")).toBeVisible();
}

test.describe("member accounts in the site's own forms", () => {
  test("sign-up with e-mail verification: code from the outbox, logged in, cart kept", async ({ page, servers }) => {
    const origin = servers.verifyEmail.origin;
    await addToCart(page, origin, "mug-it-works");
    await page.goto(`${origin}/account/register`);
    const email = `verifie-${unique()}@exemple.fr`;
    await registerWithForm(page, { email, password: PASSWORD });
    await expect(page).toHaveURL(`${origin}/account/verify`);
    await expect(page.getByText(email)).toBeVisible();

    // A wrong code first: a field error, the typed code kept.
    await page.getByLabel("Code de vérification").fill("000000");
    await page.getByRole("button", { name: "Vérifier" }).click();
    await expect(page.getByText("Code incorrect : vérifiez le dernier e-mail reçu.")).toBeVisible();
    await expect(page.getByLabel("Code de vérification")).toHaveValue("000000");

    const mail = await latestMail(page, origin, email);
    const code = /\b(\d{6})\b/.exec((await mail.textContent()) ?? "")?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await page.goto(`${origin}/account/verify`);
    await page.getByLabel("Code de vérification").fill(code!);
    await page.getByRole("button", { name: "Vérifier" }).click();
    await expect(page.getByRole("banner").getByRole("button", { name: "Se déconnecter" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: /^Panier, 1 article$/ })).toBeVisible();
  });

  test("sign-up on an approval-required site waits, then logs in once the owner approved", async ({ page, servers }) => {
    const origin = servers.ownerApproval.origin;
    const email = `attente-${unique()}@exemple.fr`;
    await page.goto(`${origin}/account/register`);
    // The mailbox first (decision 0029), then the owner's approval.
    await signUpWithForm(page, { email, password: PASSWORD });
    await expect(page).toHaveURL(`${origin}/account/pending`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Compte en attente de validation");

    // Logging in before approval leads to the same page.
    await page.goto(`${origin}/account/login`);
    await loginWithForm(page, { email, password: PASSWORD });
    await expect(page).toHaveURL(`${origin}/account/pending`);

    await page.goto(`${origin}/_platform/owner/members?token=${OWNER_TOKEN}`);
    await page.getByRole("button", { name: `Approuver ${email}` }).click();
    await expect(page.getByRole("button", { name: `Approuver ${email}` })).toHaveCount(0);

    await page.goto(`${origin}/account/login`);
    await loginWithForm(page, { email, password: PASSWORD });
    await expect(page.getByRole("banner").getByRole("button", { name: "Se déconnecter" })).toBeVisible();
  });

  test("sign-up errors sit beside their fields with what was typed (passwords excepted)", async ({ page }) => {
    await page.goto("/account/register");
    await registerWithForm(page, { email: "pas-une-adresse", password: "court" });
    const main = page.getByRole("main");
    await expect(main.getByText("Saisissez une adresse e-mail valide (exemple : nom@domaine.fr).")).toBeVisible();
    await expect(main.getByText("Le mot de passe doit contenir au moins 8 caractères.")).toBeVisible();
    await expect(main.getByLabel("E-mail")).toHaveValue("pas-une-adresse");
    await expect(main.getByLabel("Prénom")).toHaveValue("Dominique");
    await expect(main.getByLabel("Mot de passe", { exact: true })).toHaveValue("");

    // A taken address is never said (outside attack 3, finding 7): the code step, as for a new address.
    await registerWithForm(page, { email: "demo@exemple.fr", password: PASSWORD });
    await expect(page).toHaveURL("/account/verify");
    await expect(main.getByText("Un compte existe déjà")).toHaveCount(0);
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Vérifiez votre adresse e-mail");
  });

  test("wrong password or unknown e-mail: one message, then this client is throttled after repeated failures", async ({ page }) => {
    const email = await newMemberLoggedOut(page, "bloque");
    await page.goto("/account/login");
    // Each attempt must reach the server (with scripts, a click during a submission would be dropped).
    const attempt = async (who: string, password: string) => {
      const answered = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/account/login"));
      await loginWithForm(page, { email: who, password });
      await answered;
    };
    // An unknown e-mail gets the very words a wrong password gets: nobody learns who has an account.
    await attempt(`inconnu-${unique()}@exemple.fr`, "pas-le-bon");
    await expect(page.getByText("E-mail ou mot de passe incorrect.")).toBeVisible();
    await attempt(email, "pas-le-bon");
    await expect(page.getByText("E-mail ou mot de passe incorrect.")).toBeVisible();
    await expect(page.getByRole("main").getByLabel("E-mail")).toHaveValue(email);
    for (let n = 2; n <= 5; n++) await attempt(email, "pas-le-bon");
    await attempt(email, PASSWORD);
    await expect(page.getByRole("alert")).toContainText("Trop de tentatives échouées pour ce compte depuis votre connexion");
  });

  test("forgot password: reset link from the outbox, the new password works, the old one no longer", async ({ page, baseURL }) => {
    const email = await newMemberLoggedOut(page, "oubli");
    await page.goto("/account/login");
    await page.getByRole("link", { name: "Mot de passe oublié ?" }).click();
    // With scripts the link is a client navigation: the login page's own E-mail field stays until the new page shows.
    await expect(page.getByRole("heading", { level: 1, name: "Mot de passe oublié" })).toBeVisible();
    await page.getByRole("main").getByLabel("E-mail").fill(email);
    await page.getByRole("button", { name: "Envoyer le lien" }).click();
    await expect(page.getByText(/Si un compte existe pour cette adresse/)).toBeVisible();

    const mail = await latestMail(page, baseURL!, email);
    await mail.getByRole("link").first().click();
    await page.getByLabel("Nouveau mot de passe").fill("nouveau-mot-de-passe");
    await page.getByLabel("Confirmer le mot de passe").fill("nouveau-mot-de-passe");
    await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
    await expect(page).toHaveURL(/\/account\/login\?reset=1/);
    await expect(page.getByText("Votre mot de passe a été modifié")).toBeVisible();

    await loginWithForm(page, { email, password: PASSWORD });
    await expect(page.getByText("E-mail ou mot de passe incorrect.")).toBeVisible();
    await loginWithForm(page, { email, password: "nouveau-mot-de-passe" });
    await expect(page.getByRole("banner").getByRole("button", { name: "Se déconnecter" })).toBeVisible();
  });
});
