import type { Page } from "@playwright/test";
import { test, expect, expectNoSeriousA11yViolations, waitForHydration } from "./fixtures";

// Demo catalog (platform/seed/demo.json): 62 products, Livres has 15, three products start with "Mug".
const TOTAL = 62;
/** Cards a catalog page shows (docs/decisions/0083-catalog-pages-of-24-cards.md). */
const PAGE = 24;

const isJs = () => test.info().project.name === "chromium-js";

/** With scripts, forms only behave like the app's once React hydrated. */
async function ready(page: Page) {
  if (isJs()) await waitForHydration(page);
}

const cards = (page: Page) => page.getByTestId("product-card");
const cartLink = (page: Page) => page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: /^Panier/ });
const addButton = (page: Page) => page.getByRole("button", { name: "Ajouter au panier" });

/** Price a card sorts on: the price before discount when there is one (it comes last). */
/** The price each card's buyer pays (the first amount: a discounted price comes before the struck-through one). */
async function paidPrices(page: Page): Promise<number[]> {
  const texts = await cards(page).locator(".price").allTextContents();
  return texts.map((text) => {
    const amounts = text.match(/\d[\d\s\u202f]*,\d{2}/g) ?? [];
    return Number(
      amounts
        .at(0)!
        .replace(/[\s\u202f]/g, "")
        .replace(",", "."),
    );
  });
}

test.describe("catalog", () => {
  test("shows a page of 24 cards, page links and the page's meta title", async ({ page }) => {
    await page.goto("/products");
    await expect(page).toHaveTitle(/^Boutique \| /);
    await expect(page.getByRole("heading", { level: 1, name: "Boutique" })).toBeVisible();
    await expect(cards(page)).toHaveCount(PAGE);
    const pages = page.getByRole("navigation", { name: "Pagination" });
    await expect(pages.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    await expect(pages.getByRole("link", { name: "Page 2" })).not.toHaveAttribute("aria-current", "page");
    await expect(pages.getByRole("link", { name: "Suivant" })).toHaveAttribute("href", "/products?page=2");
    await expect(pages.getByText("Précédent")).toBeVisible();
    await expect(pages.getByRole("link", { name: "Précédent" })).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Fil d'Ariane" })).toContainText("Boutique");

    // A card: image with alt text and size, name link, price, ribbon; a discount shows both prices.
    const promo = cards(page).filter({ hasText: "Audit de performance web" });
    await expect(promo.getByRole("img", { name: "Audit de performance web" })).toHaveAttribute("width", /\d+/);
    await expect(promo.locator(".price-regular")).toHaveText(/800,00\s€/);
    await expect(promo.locator(".price-current")).toHaveText(/680,00\s€/);
    await expect(promo.getByText("Promo", { exact: true })).toBeVisible();
    await expect(promo.getByRole("link", { name: "Audit de performance web" })).toHaveAttribute("href", "/products/audit-performance-web");
    // Images below the first row load lazily.
    await expect(cards(page).nth(0).locator("img")).toHaveAttribute("loading", "eager");
    await expect(cards(page).nth(20).locator("img")).toHaveAttribute("loading", "lazy");
  });

  test("the next pages show the next cards, the last one the rest", async ({ page }) => {
    await page.goto("/products");
    const firstPage = await cards(page).locator(".product-card-name").allTextContents();
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Suivant" }).click();
    await expect(page).toHaveURL(/\/products\?page=2$/);
    await expect(cards(page)).toHaveCount(PAGE);
    const pages = page.getByRole("navigation", { name: "Pagination" });
    await expect(pages.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    await expect(pages.getByRole("link", { name: "Précédent" })).toHaveAttribute("href", "/products");
    await expect(page).toHaveTitle(/^Boutique \(page 2\)/);
    const secondPage = await cards(page).locator(".product-card-name").allTextContents();
    expect(secondPage.filter((name) => firstPage.includes(name))).toEqual([]);

    await pages.getByRole("link", { name: "Suivant" }).click();
    await expect(page).toHaveURL(/\/products\?page=3$/);
    await expect(cards(page)).toHaveCount(TOTAL - 2 * PAGE);
    await expect(page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Suivant" })).toHaveCount(0);
  });

  test("a category link narrows the list", async ({ page }) => {
    await page.goto("/products");
    const categories = page.getByRole("navigation", { name: "Catégories" });
    await expect(categories.getByRole("link", { name: "Tous les produits" })).toHaveAttribute("aria-current", "page");
    await categories.getByRole("link", { name: "Livres" }).click();
    await expect(page).toHaveURL(/\/collections\/livres$/);
    await expect(page.getByRole("heading", { level: 1, name: "Livres" })).toBeVisible();
    await expect(page).toHaveTitle(/^Livres \| /);
    await expect(cards(page)).toHaveCount(15);
    await expect(cards(page).filter({ hasText: "TypeScript au quotidien" })).toHaveCount(1);
    await expect(cards(page).filter({ hasText: "Audit de système d'information" })).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Catégories" }).getByRole("link", { name: "Livres" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    const crumbs = page.getByRole("navigation", { name: "Fil d'Ariane" });
    await expect(crumbs.getByRole("link", { name: "Boutique" })).toHaveAttribute("href", "/products");
    await expect(crumbs).toContainText("Livres");
    await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(0);
  });

  test("search finds a product by name, and an empty result leads back", async ({ page }) => {
    await page.goto("/products");
    await ready(page);
    await page.getByRole("combobox", { name: "Rechercher" }).fill("mug");
    await page.getByRole("button", { name: "Rechercher" }).click();
    await expect(page).toHaveURL(/\/products\?q=mug$/);
    await expect(cards(page)).toHaveCount(3);
    for (const name of await cards(page).locator(".product-card-name").allTextContents()) expect(name).toMatch(/^Mug/);
    await expect(page.getByRole("combobox", { name: "Rechercher" })).toHaveValue("mug");

    await page.getByRole("combobox", { name: "Rechercher" }).fill("introuvable");
    await page.getByRole("button", { name: "Rechercher" }).click();
    await expect(page.getByText("Aucun produit ne correspond à « introuvable »")).toBeVisible();
    await page.getByRole("link", { name: "Voir tout le catalogue" }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(cards(page)).toHaveCount(PAGE);
  });

  test("sort by price ascending orders the prices", async ({ page }) => {
    await page.goto("/products");
    await ready(page);
    await page.getByLabel("Trier par").selectOption({ label: "Prix croissant" });
    // Without scripts the visible "Trier" button submits; with them the choice submits itself.
    if (!isJs()) await page.getByRole("button", { name: "Trier" }).click();
    await expect(page).toHaveURL(/sort=prix-croissant/);
    await expect(cards(page).first()).toContainText("Sticker édition limitée");
    const prices = await paidPrices(page);
    expect(prices).toHaveLength(PAGE);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    await expect(page.getByLabel("Trier par")).toHaveValue("prix-croissant");

    // Page links keep the sort; an unknown sort falls back to the default order.
    await expect(page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Suivant" })).toHaveAttribute(
      "href",
      "/products?sort=prix-croissant&page=2",
    );
    await page.goto("/products?sort=n-importe-quoi");
    await expect(cards(page).first()).toContainText("Audit de système d'information");
    await expect(page.getByLabel("Trier par")).toHaveValue("pertinence");
  });

  test("unknown product, unknown collection and pages out of range answer 404", async ({ page, allowStatusFor }) => {
    for (const url of [
      "/products/produit-inconnu",
      "/collections/inconnue",
      "/products?page=999",
      "/products?page=0",
      "/products?page=abc",
      "/collections/livres?page=2",
    ]) {
      allowStatusFor(url);
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(404);
      await expect(page).toHaveTitle("Page Introuvable");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Introuvable");
    }
  });

  test("axe finds no serious violation on the catalog @js", async ({ page }) => {
    await page.goto("/products");
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("product page", () => {
  test("shows gallery, name, ribbon, description, price and breadcrumb", async ({ page }) => {
    await page.goto("/products/audit-si");
    await expect(page).toHaveTitle(/^Audit de système d'information \| /);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Audit de système d'information");
    await expect(page.getByText("Best-seller", { exact: true })).toBeVisible();
    await expect(page.locator(".product-price .price-current")).toHaveText(/1\s200,00\s€/);
    await expect(page.getByRole("heading", { name: "Description" })).toBeVisible();
    await expect(page.locator(".product-description li")).toHaveText([
      "Entretiens avec les équipes",
      "Cartographie applicative",
      "Rapport et feuille de route priorisée",
    ]);
    const crumbs = page.getByRole("navigation", { name: "Fil d'Ariane" });
    await expect(crumbs.getByRole("listitem")).toHaveText(["Accueil", "Boutique", "Conseil", "Audit de système d'information"]);
    await expect(crumbs.getByRole("link", { name: "Conseil" })).toHaveAttribute("href", "/collections/conseil");

    // Thumbnails are links: they work without scripts too.
    const main = page.locator(".gallery-main img");
    await expect(main).toHaveAttribute("src", /audit-si-1/);
    await expect(main).toHaveAttribute("alt", "Audit de système d'information");
    await ready(page);
    await page.getByRole("link", { name: "Afficher l'image 2 sur 3" }).click();
    await expect(page).toHaveURL(/\/products\/audit-si\?image=2$/);
    await expect(main).toHaveAttribute("src", /audit-si-2/);
    await expect(page.getByRole("link", { name: "Afficher l'image 2 sur 3" })).toHaveAttribute("aria-current", "true");
  });

  test("choosing options changes the URL and the price where variants differ", async ({ page }) => {
    await page.goto("/products/t-shirt-typescript");
    await ready(page);
    // Nothing chosen yet is not an error: the message answers a submit without a choice, never the first load.
    await expect(addButton(page)).toBeEnabled();
    await expect(page.getByText(/Choisissez :/)).toHaveCount(0);
    await addButton(page).click();
    await expect(page.getByText("Choisissez : Taille, Couleur")).toBeVisible();
    await expect(page.getByText("Ajouté au panier")).toHaveCount(0);

    await page.getByLabel("Taille").selectOption("M");
    if (!isJs()) await page.getByRole("button", { name: "Choisir" }).click();
    await expect(page).toHaveURL(/\?Taille=M$/);
    await expect(page.getByText(/Choisissez :/)).toHaveCount(0);

    await page.getByRole("radio", { name: "Noir" }).check();
    if (!isJs()) await page.getByRole("button", { name: "Choisir" }).click();
    await expect(page).toHaveURL(/\?Taille=M&Couleur=Noir$/);
    await expect(page.locator(".product-price .price-current")).toHaveText(/^25,00\s€$/);
    await expect(addButton(page)).toBeEnabled();

    await page.getByLabel("Taille").selectOption("XL");
    if (!isJs()) await page.getByRole("button", { name: "Choisir" }).click();
    await expect(page).toHaveURL(/\?Taille=XL&Couleur=Noir$/);
    await expect(page.locator(".product-price .price-current")).toHaveText(/^27,00\s€$/);
    await expect(page.getByRole("radio", { name: "Noir" })).toBeChecked();

    // A drop-down product whose variants differ a lot.
    await page.goto("/products/formation-typescript?Format=Intra");
    await expect(page.locator(".product-price .price-current")).toHaveText(/4\s200,00\s€/);
    await page.goto("/products/formation-typescript?Format=Inter");
    await expect(page.locator(".product-price .price-current")).toHaveText(/1\s400,00\s€/);
  });

  test("an out-of-stock product or variant cannot be added, with the reason", async ({ page }) => {
    await page.goto("/products/livre-securite");
    await expect(addButton(page)).toBeDisabled();
    await expect(page.locator(".add-to-cart-reason")).toHaveText("Produit en rupture de stock");

    await page.goto("/products/gourde");
    await expect(addButton(page)).toBeDisabled();
    await expect(page.locator(".add-to-cart-reason")).toHaveText("Produit en rupture de stock");

    await page.goto("/products/t-shirt-typescript?Taille=M&Couleur=Blanc");
    await expect(addButton(page)).toBeDisabled();
    await expect(page.locator(".add-to-cart-reason")).toHaveText("Cette déclinaison est en rupture de stock");
    await expect(addButton(page)).toHaveAccessibleDescription("Cette déclinaison est en rupture de stock");

    // The catalog marks out-of-stock products too.
    await page.goto("/collections/livres");
    await expect(cards(page).filter({ hasText: "Sécurité web pour les développeurs" }).getByText("Rupture de stock")).toBeVisible();
  });

  test("adding to cart shows the notification and the header count grows", async ({ page }) => {
    await page.goto("/products/t-shirt-typescript?Taille=L&Couleur=Noir");
    await ready(page);
    await expect(cartLink(page)).toHaveAccessibleName("Panier, 0 article");
    await page.getByLabel("Quantité").fill("2");
    await addButton(page).click();
    await expect(page.getByText("Ajouté au panier")).toBeVisible();
    await expect(cartLink(page)).toHaveAccessibleName("Panier, 2 articles");
    // Back on the same product URL, options kept.
    await expect(page).toHaveURL(/\/products\/t-shirt-typescript\?Taille=L&Couleur=Noir$/);

    await page.goto("/products/mug-it-works");
    await ready(page);
    await addButton(page).click();
    await expect(cartLink(page)).toHaveAccessibleName("Panier, 3 articles");
    await expect(page.getByText("Ajouté au panier")).toBeVisible();
  });

  test("the add-to-cart action validates the quantity and the variant", async ({ page, baseURL }) => {
    await page.goto("/products/mug-it-works");
    const headers = { Origin: new URL(baseURL!).origin };
    const productId = await page.locator('input[name="productId"]').inputValue();

    const bad = await page.request.post("/products/mug-it-works", {
      form: { intent: "add", productId, quantity: "0" },
      headers,
      maxRedirects: 0,
    });
    expect(bad.status()).toBe(400);
    const html = await bad.text();
    expect(html).toContain("La quantité doit être d&#x27;au moins 1.");
    expect(html).toMatch(/name="quantity"[^>]*value="0"|value="0"[^>]*name="quantity"/);

    const wrong = await page.request.post("/products/mug-it-works", {
      form: { intent: "add", productId: "autre", quantity: "1" },
      headers,
      maxRedirects: 0,
    });
    expect(wrong.status()).toBe(400);

    await page.goto("/products/t-shirt-typescript?Taille=M&Couleur=Blanc");
    const shirtId = await page.locator('input[name="productId"]').inputValue();
    const noVariant = await page.request.post("/products/t-shirt-typescript", {
      form: { intent: "add", productId: shirtId, quantity: "1" },
      headers,
      maxRedirects: 0,
    });
    expect(noVariant.status()).toBe(400);
    expect(await noVariant.text()).toContain("Choisissez : Taille, Couleur");

    const ok = await page.request.post("/products/mug-it-works?x=1", {
      form: { intent: "add", productId, quantity: "1" },
      headers,
      maxRedirects: 0,
    });
    expect(ok.status()).toBe(303);
    expect(ok.headers()["location"]).toBe("/products/mug-it-works?x=1");
  });

  test("axe finds no serious violation on a product page @js", async ({ page }) => {
    await page.goto("/products/t-shirt-typescript?Taille=M&Couleur=Noir");
    await expectNoSeriousA11yViolations(page);
  });
});
