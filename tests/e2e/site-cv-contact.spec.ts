import type { Page } from "@playwright/test";
import { test, expect, expectNoSeriousA11yViolations, OWNER, waitForHydration } from "./fixtures";
import {
  acceptCheckoutTerms,
  addToCartFrom,
  CLAIRE,
  continueToPayment,
  fillCheckout,
  loginWithForm,
  OWNER_LOGIN,
  readPdf,
  unique,
  visit,
} from "./helpers";
import { OWNER_TOKEN } from "../support/demo";

/** The consultant's side of the site: the CV (page and PDF), the project pages, the quote request, business buyers. */

/** The owner's address for contact requests: the publisher's e-mail of the legal pages (LEGAL_EMAIL, default). */
const OWNER_EMAIL = "contact@exemple.fr";

async function jsonLd(page: Page, type: string): Promise<Record<string, unknown>> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const found = blocks.map((b) => JSON.parse(b) as Record<string, unknown>).find((b) => b["@type"] === type);
  expect(found, `${type} JSON-LD`).toBeTruthy();
  return found!;
}

test.describe("CV", () => {
  test("the header leads to the CV: photo, timeline, projects, languages, and the Person for search engines", async ({
    page,
    javaScriptEnabled,
  }) => {
    await visit(page, "/", javaScriptEnabled);
    await page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: "CV" }).click();
    await expect(page).toHaveURL("/cv");
    await expect(page).toHaveTitle(new RegExp(`^CV \\| ${OWNER}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(OWNER);
    await expect(page.getByRole("img", { name: /^Portrait de l'informaticien/ })).toBeVisible();
    const timeline = page.getByRole("region", { name: "Expérience" });
    await expect(timeline.getByRole("listitem").filter({ hasText: "mars 2019 – aujourd'hui" })).toContainText("Consultant indépendant");
    await expect(page.getByRole("region", { name: "Langues" })).toContainText("Anglais : courant (C1)");
    for (const name of ["LinkedIn", "GitHub", "Malt"])
      await expect(page.getByRole("link", { name, exact: true })).toHaveAttribute("href", /^https:\/\//);
    const person = await jsonLd(page, "Person");
    expect(person).toMatchObject({ "@context": "https://schema.org", name: OWNER, url: expect.stringMatching(/\/cv$/) });
    expect(person.sameAs).toEqual(expect.arrayContaining([expect.stringContaining("linkedin.com")]));
  });

  test("the PDF CV opens: A4, in French, the owner's name and the timeline", async ({ page, request }) => {
    await page.goto("/cv");
    await expect(page.getByRole("link", { name: "Télécharger le CV (PDF)" })).toHaveAttribute("href", "/cv.pdf");
    const answer = await request.get("/cv.pdf");
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-type"]).toBe("application/pdf");
    const { pdf, pages } = await readPdf(await answer.body());
    const { info } = (await pdf.getMetadata()) as unknown as { info: Record<string, unknown> };
    expect(info.Language).toBe("fr-FR");
    const first = await pdf.getPage(1);
    expect(first.view.map(Math.round)).toEqual([0, 0, 595, 842]);
    const text = pages.join("");
    expect(text).toContain(OWNER);
    expect(text).toContain("EXPÉRIENCE");
    expect(text).toContain("mars 2019 – aujourd'hui");
    expect(text).toContain("Architecte logiciel");
    // One page a client keeps, with the owner's portrait (the /cv page's photo, read from Wix Media) embedded.
    expect(pages).toHaveLength(1);
    expect((await answer.body()).toString("latin1")).toContain("/Subtype /Image");
  });

  test("each project has its own page under 'Réalisations' in the trail; an unknown one is a 404", async ({
    page,
    javaScriptEnabled,
    allowStatusFor,
  }) => {
    await visit(page, "/cv", javaScriptEnabled);
    await page.getByRole("link", { name: "Audit de sécurité d'une application SaaS" }).click();
    await expect(page).toHaveURL("/realisations/audit-securite-saas");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Audit de sécurité d'une application SaaS");
    const trail = page.getByRole("navigation", { name: "Fil d'Ariane" });
    // The projects' own index is their parent, not the CV.
    await expect(trail.getByRole("link", { name: "Réalisations" })).toHaveAttribute("href", "/realisations");
    const crumbs = await jsonLd(page, "BreadcrumbList");
    expect((crumbs.itemListElement as { name: string }[]).map((c) => c.name)).toEqual([
      "Accueil",
      "Réalisations",
      "Audit de sécurité d'une application SaaS",
    ]);
    allowStatusFor("/realisations/projet-inconnu");
    const missing = await page.goto("/realisations/projet-inconnu");
    expect(missing?.status()).toBe(404);
  });

  test("CV, project and contact pages: no serious accessibility violation @js", async ({ page }) => {
    for (const path of ["/cv", "/realisations/refonte-site-marchand", "/contact"]) {
      await page.goto(path);
      await expectNoSeriousA11yViolations(page);
    }
  });
});

async function outboxFor(page: Page, email: string) {
  await page.goto(`/_platform/outbox?token=${OWNER_TOKEN}`);
  return page.locator("article").filter({ hasText: email });
}

test.describe("quote request", () => {
  test("a service whose name holds the word information suggests its own subject, not Formation", async ({ page, javaScriptEnabled }) => {
    await visit(page, "/contact?produit=audit-si", javaScriptEnabled);
    await expect(page.locator(".contact-product strong")).toHaveText("Audit de système d'information");
    await expect(page.getByLabel("Sujet")).toHaveValue("audit");
    await visit(page, "/contact?produit=formation-react", javaScriptEnabled);
    await expect(page.getByLabel("Sujet")).toHaveValue("formation");
  });

  test("from a service page, prefilled; errors in French keep the text; the owner and the sender get an e-mail", async ({
    page,
    javaScriptEnabled,
  }) => {
    const sender = `devis-${unique()}@exemple.fr`;
    await visit(page, "/products/conseil-devops", javaScriptEnabled);
    await page.getByRole("link", { name: "Demander un devis" }).click();
    await expect(page).toHaveURL("/contact?produit=conseil-devops");
    const product = await page.locator(".contact-product strong").textContent();
    expect(product).toBeTruthy();
    await expect(page.getByLabel("Sujet")).toHaveValue("conseil");
    if (javaScriptEnabled) await waitForHydration(page);

    await page.getByLabel("Nom", { exact: true }).fill("Nadia Devis");
    await page.getByLabel("E-mail").fill("pas-une-adresse");
    await page.getByLabel("Message").fill("Trop court");
    await page.getByRole("button", { name: "Envoyer la demande" }).click();
    await expect(page.getByText("Saisissez une adresse e-mail valide (exemple : nom@domaine.fr).")).toBeVisible();
    await expect(page.getByText("Décrivez votre besoin en quelques phrases (20 caractères au moins).")).toBeVisible();
    await expect(page.getByLabel("Nom", { exact: true })).toHaveValue("Nadia Devis");
    await expect(page.getByLabel("Message")).toHaveValue("Trop court");
    await expect(page.locator(".contact-product strong")).toHaveText(product!);

    await page.getByLabel("E-mail").fill(sender);
    await page.getByLabel("Société (facultatif)").fill("Exemple SAS");
    await page.getByLabel("Message").fill("Nous voulons fiabiliser nos déploiements : pouvez-vous nous proposer une mission ?");
    await page.getByLabel("Budget (facultatif)").fill("10 000 €");
    await page.getByRole("button", { name: "Envoyer la demande" }).click();
    await expect(page).toHaveURL("/contact/merci");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Demande envoyée");
    await expect(page.getByText(/Merci, votre demande a bien été envoyée/)).toBeVisible();

    const mails = await outboxFor(page, sender);
    const toOwner = mails.filter({ hasText: `À : ${OWNER_EMAIL}` });
    await expect(toOwner).toHaveCount(1);
    await expect(toOwner).toContainText("Nouvelle demande de contact : Conseil — Nadia Devis");
    await expect(toOwner).toContainText(`Prestation : ${product}`);
    await expect(toOwner).toContainText("Budget : 10 000 €");
    const ack = mails.filter({ hasText: `À : ${sender}` });
    await expect(ack).toHaveCount(1);
    await expect(ack).toContainText("Votre demande a bien été reçue");

    // The owner finds it in the back-office, read through the elevated client.
    await page.goto("/admin/contact");
    await loginWithForm(page, OWNER_LOGIN);
    await expect(page).toHaveURL("/admin/contact");
    const received = page.getByRole("article").filter({ hasText: sender });
    await expect(received.getByRole("heading")).toHaveText("Conseil — Nadia Devis (Exemple SAS)");
    await expect(received).toContainText(product!);
    await expect(received).toContainText("10 000 €");
    await expect(received).toContainText("Nous voulons fiabiliser nos déploiements");
  });

  test("a filled honeypot is refused and nothing is sent", async ({ page, request }) => {
    await page.goto("/contact");
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Envoyer la demande" }) });
    // remix-utils' honeypot: a hidden trap field and the form's encrypted timestamp.
    const validFrom = (await form.locator('input[name="from__confirm"]').getAttribute("value")) ?? "";
    const bot = `bot-${unique()}@exemple.fr`;
    const answer = await request.post("/contact", {
      form: {
        from__confirm: validFrom,
        name__confirm: "spam",
        name: "Bot",
        email: bot,
        subject: "autre",
        message: "Achetez nos produits miracles dès maintenant !",
      },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(answer.status()).toBe(400);
    await expect(await outboxFor(page, bot)).toHaveCount(0);
  });
});

test.describe("business buyers at checkout", () => {
  test("company and VAT number: a malformed number is a French field error, a good one reaches the payment page", async ({
    page,
    javaScriptEnabled,
  }) => {
    await addToCartFrom(page, "/products/livre-typescript", javaScriptEnabled);
    await expect(page.getByText("Ajouté au panier")).toBeVisible();
    await fillCheckout(page, javaScriptEnabled, { ...CLAIRE, email: `pro-${unique()}@exemple.fr` });
    await page.getByLabel("Société (facultatif)").fill("Martin Conseil SARL");
    await page.getByLabel("N° de TVA intracommunautaire (facultatif)").fill("FR 12 34");
    await acceptCheckoutTerms(page, { digital: false });
    await page.getByRole("button", { name: "Continuer vers le paiement" }).click();
    await expect(page.getByText(/Le numéro de TVA intracommunautaire n'est pas valide/)).toBeVisible();
    await expect(page.getByLabel("N° de TVA intracommunautaire (facultatif)")).toHaveValue("FR 12 34");
    await expect(page.getByLabel("Société (facultatif)")).toHaveValue("Martin Conseil SARL");

    await page.getByLabel("N° de TVA intracommunautaire (facultatif)").fill("FR 12 345678901");
    await continueToPayment(page, { digital: false });
    await expect(page.getByText(/Martin Conseil SARL/).first()).toBeVisible();
  });

  test("prices say TTC to buyers", async ({ page }) => {
    await page.goto("/products/livre-typescript");
    await expect(page.locator(".product-price .price")).toContainText("TTC");
    await page.goto("/products");
    await expect(page.locator(".price").first()).toContainText("TTC");
  });
});
