import { test, expect, expectNoSeriousA11yViolations } from "./fixtures";

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
    test(`${link}: linked from the footer, titled and complete`, async ({ page }) => {
      await page.goto("/products");
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
