import { test, expect, expectNoSeriousA11yViolations, waitForHydration } from "./fixtures";
import { addToCartAndCheckout, fillCheckoutFields } from "./helpers";

/** The pages a French shop must publish, reached from every page's footer, and what search engines read. */

const PAGES = [
  { link: "Mentions légales", path: "/mentions-legales", holds: [/SIRET/, /Directeur de la publication/, /Hébergeur/] },
  {
    link: "Conditions générales de vente",
    path: "/cgv",
    holds: [/toutes taxes comprises \(TTC\)/, /quatorze jours/, /médiateur de la consommation/],
  },
  {
    link: "Politique de confidentialité",
    path: "/confidentialite",
    holds: [/strictement nécessaires/, /aucun bandeau de consentement/, /CNIL/],
  },
];

test.describe("legal pages", () => {
  for (const { link, path, holds } of PAGES) {
    test(`${link}: linked from the footer, titled and complete`, async ({ page, javaScriptEnabled }) => {
      await page.goto("/products");
      // With scripts, a click before hydration can be lost while React takes the page over.
      if (javaScriptEnabled) await waitForHydration(page);
      await page.getByRole("contentinfo").getByRole("link", { name: link }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(link);
      await expect(page).toHaveTitle(new RegExp(`^${link} \\| `));
      for (const text of holds) await expect(page.getByRole("main")).toContainText(text);
      await expect(page.getByRole("navigation", { name: "Fil d'Ariane" })).toContainText(link);
    });

    test(`${link}: no serious accessibility violation @js`, async ({ page }) => {
      await page.goto(path);
      await expectNoSeriousA11yViolations(page);
    });
  }
});

test.describe("search engines @js", () => {
  test("robots.txt and sitemap.xml list what may be indexed, on the public origin", async ({ request, baseURL }) => {
    const robots = await request.get("/robots.txt");
    expect(robots.status()).toBe(200);
    expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.headers()["content-type"]).toContain("application/xml");
    const xml = await sitemap.text();
    for (const path of ["/", "/products", "/cgv", "/collections/formations", "/products/livre-react"]) {
      expect(xml).toContain(`<loc>${new URL(path, baseURL).href}</loc>`);
    }
    expect(xml).not.toContain("/cart<");
    expect((await request.get("/sitemap.xml?page=2")).status()).toBe(404);
  });

  test("a product page carries its Product and Offer data and its own social card", async ({ page, baseURL }) => {
    await page.goto("/products/livre-react");
    const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((b) => JSON.parse(b));
    const product = blocks.find((d) => d["@type"] === "Product");
    expect(product.offers).toMatchObject({ "@type": "Offer", priceCurrency: "EUR", availability: "https://schema.org/InStock" });
    expect(Number(product.offers.price)).toBeGreaterThan(0);
    expect(product.url).toBe(`${baseURL}/products/livre-react`);
    const ogImage = await page.locator('meta[property="og:image"]').getAttribute("content");
    // The product's own photo, cropped to a large card's 1200 × 630 by the media service.
    expect(ogImage).toMatch(new RegExp(`^${baseURL}/_platform/media/products__livre-react-1\\.jpg/v1/fill/w_1200,h_630,`));
    expect(product.image[0]).toMatch(/^http/);
    expect(blocks.find((d) => d["@type"] === "BreadcrumbList").itemListElement).toHaveLength(4);
  });

  test("the home page describes the owner, and breadcrumbs their trail, as schema.org data", async ({ page, baseURL }) => {
    await page.goto("/");
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const types = blocks.map((b) => JSON.parse(b)["@type"]);
    expect(types).toEqual(expect.arrayContaining(["Person", "ProfessionalService"]));
    await page.goto("/cgv");
    const trail = (await page.locator('script[type="application/ld+json"]').allTextContents())
      .map((b) => JSON.parse(b))
      .find((d) => d["@type"] === "BreadcrumbList");
    expect(trail.itemListElement.map((i: { item: string }) => i.item)).toEqual([`${baseURL}/`, `${baseURL}/cgv`]);
  });
});

test.describe("checkout consent", () => {
  async function toCheckout(page: import("@playwright/test").Page, path: string, javaScriptEnabled: boolean) {
    await addToCartAndCheckout(page, path, javaScriptEnabled);
    await fillCheckoutFields(page, {
      email: "cgv@exemple.fr",
      firstName: "Alix",
      lastName: "Durand",
      addressLine: "2 rue Neuve",
      postalCode: "13001",
      city: "Marseille",
    });
  }

  test("the CGV must be accepted: an error beside the box, what was typed kept, then the payment page", async ({
    page,
    javaScriptEnabled,
  }) => {
    await toCheckout(page, "/products/livre-sql", javaScriptEnabled);
    await expect(page.getByRole("main").getByRole("link", { name: "conditions générales de vente", exact: true })).toHaveAttribute(
      "href",
      "/cgv",
    );
    await expect(page.getByRole("checkbox", { name: /Je demande l'exécution immédiate/ })).toHaveCount(0);
    await page.getByRole("button", { name: "Continuer vers le paiement" }).click();
    const box = page.getByRole("checkbox", { name: /J'accepte les conditions générales de vente/ });
    await expect(box).toHaveAccessibleDescription("Cochez la case pour accepter les conditions générales de vente.");
    await expect(page.getByLabel("Ville", { exact: true })).toHaveValue("Marseille");
    await box.check();
    await page.getByRole("button", { name: "Continuer vers le paiement" }).click();
    await expect(page).toHaveURL(/\/_platform\/checkout/);
  });

  test("digital content asks for the express request and the waiver of withdrawal", async ({ page, javaScriptEnabled }) => {
    await toCheckout(page, "/products/formation-git", javaScriptEnabled);
    await page.getByRole("checkbox", { name: /J'accepte les conditions générales de vente/ }).check();
    await page.getByRole("button", { name: "Continuer vers le paiement" }).click();
    const waiver = page.getByRole("checkbox", { name: /Je demande l'exécution immédiate/ });
    await expect(waiver).toHaveAccessibleDescription(/cochez cette case pour en demander l'exécution immédiate/);
    await expect(page.getByRole("checkbox", { name: /J'accepte les conditions générales de vente/ })).toBeChecked();
    await waiver.check();
    await page.getByRole("button", { name: "Continuer vers le paiement" }).click();
    await expect(page).toHaveURL(/\/_platform\/checkout/);
  });
});
