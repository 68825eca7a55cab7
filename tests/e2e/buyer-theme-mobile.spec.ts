import type { Locator, Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { test, expect, expectNoSeriousA11yViolations, OWNER, waitForHydration } from "./fixtures";
import { DEMO, loginWithForm, isAddToCartAnswer } from "./helpers";

/** 390 px pages, 24 × 24 px targets, a compact header, the dark theme. */

const PHONE = { width: 390, height: 844 };

async function loginDemo(page: Page) {
  await page.goto("/account/login");
  await loginWithForm(page, DEMO);
  await expect(page.getByRole("banner").getByRole("button", { name: "Se déconnecter" })).toBeVisible();
}

async function expectNoHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** Every box at least 24 × 24 CSS px (WCAG 2.2, 2.5.8); hidden elements are no targets (the theme button not offered). */
async function expectTargets(all: Locator) {
  const targets = all.filter({ visible: true });
  const count = await targets.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const box = (await targets.nth(i).boundingBox())!;
    const name = await targets.nth(i).evaluate((el) => el.outerHTML.slice(0, 80));
    expect(box.height, name).toBeGreaterThanOrEqual(24);
    expect(box.width, name).toBeGreaterThanOrEqual(24);
  }
}

test.describe("mobile pages", () => {
  test.use({ viewport: PHONE });

  test("orders list and order detail fit 390 px; the quantity never covers the product name", async ({ page }) => {
    await loginDemo(page);
    await page.goto("/account/orders");
    await expect(page.getByRole("heading", { level: 1, name: "Mes commandes" })).toBeVisible();
    await expectNoHorizontalScroll(page);

    await page.getByRole("main").getByRole("link", { name: /^N° / }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: /Commande n°/ })).toBeVisible();
    await expectNoHorizontalScroll(page);
    const rows = page.locator(".order-lines tbody tr");
    await expect(rows.first()).toBeVisible();
    for (let i = 0; i < (await rows.count()); i++) {
      const name = (await rows.nth(i).locator("td").first().getByRole("link").boundingBox())!;
      const quantity = (await rows.nth(i).locator("td").nth(1).boundingBox())!;
      const overlaps =
        name.x < quantity.x + quantity.width &&
        quantity.x < name.x + name.width &&
        name.y < quantity.y + quantity.height &&
        quantity.y < name.y + name.height;
      expect(overlaps).toBe(false);
    }
  });

  test("the header's sub-title keeps the owner's name beside the title", async ({ page }) => {
    await page.goto("/");
    const subtitle = page.getByRole("banner").locator(".subtitle");
    await expect(subtitle).toHaveText(`${OWNER} · Informaticien`);
    await expect(subtitle.getByText(OWNER)).toBeVisible();
    await expect(subtitle.getByText("Informaticien")).toBeVisible();
    await expectNoHorizontalScroll(page);
  });

  test("the header is compact and its links, the breadcrumb and the radios are at least 24 × 24 px", async ({ page }) => {
    await page.goto("/products/t-shirt-typescript?Taille=M&Couleur=Noir");
    const header = (await page.getByRole("banner").boundingBox())!;
    // The name with the theme button, then the links (was four lines, 225 px).
    expect(header.height).toBeLessThanOrEqual(130);
    await expectTargets(page.getByRole("banner").locator("a, button"));
    await expectTargets(page.getByRole("navigation", { name: "Fil d'Ariane" }).getByRole("link"));

    await loginDemo(page);
    await page.goto("/account");
    await expectTargets(page.getByRole("checkbox"));
    const answered = page.waitForResponse(isAddToCartAnswer);
    await page.goto("/products/livre-typescript");
    await page.getByRole("button", { name: "Ajouter au panier" }).click();
    await answered;
    await page.goto("/checkout");
    await expectTargets(page.getByRole("radio"));
    await expectTargets(page.getByRole("checkbox"));
  });

  test("axe finds no serious violation at 390 px in the dark theme @js", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await loginDemo(page);
    for (const path of ["/account/orders", "/account", "/products/t-shirt-typescript?Taille=M&Couleur=Noir", "/cart"]) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
      await expectNoSeriousA11yViolations(page);
    }
  });
});

test.describe("theme", () => {
  test("dark theme: 'Supprimer mon compte' is readable and the 'Noir' swatch stands out @js", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await loginDemo(page);
    await page.goto("/account");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await waitForHydration(page);
    const contrast = await new AxeBuilder({ page }).include(".danger-zone").withRules(["color-contrast"]).analyze();
    expect(contrast.violations).toEqual([]);

    await page.goto("/products/t-shirt-typescript");
    const noir = page.locator(".swatch").filter({ hasText: "Noir" }).locator(".swatch-color");
    // The ring around the swatch against the page surface: at least 3:1 (WCAG 1.4.11).
    const ring = await noir.evaluate((el) => getComputedStyle(el).borderTopColor);
    const page_ = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(contrastRatio(ring, page_)).toBeGreaterThanOrEqual(3);
  });

  test("a first visit follows the system's dark preference; the next page is served dark at once @js", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    const next = await page.goto("/products");
    expect(await next!.text()).toContain('data-theme="dark"');
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  });

  test("an explicit choice wins over the system's preference @js", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Thème clair" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
    const again = await page.goto("/products");
    expect(await again!.text()).toContain('data-theme="light"');
  });

  test("without a stored choice or hint the server leaves the theme to the browser (light here), and takes its colour-scheme hint", async ({
    page,
    request,
  }) => {
    // "auto" lets the CSS follow prefers-color-scheme, scripts or not.
    const plain = await request.get("/");
    expect(await plain.text()).toContain('data-theme="auto"');
    expect(plain.headers()["accept-ch"]).toBe("Sec-CH-Prefers-Color-Scheme");
    const hinted = await request.get("/", { headers: { "Sec-CH-Prefers-Color-Scheme": '"dark"' } });
    expect(await hinted.text()).toContain('data-theme="dark"');
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/");
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(246, 245, 241)");
  });
});

/** WCAG contrast ratio of two `rgb()`/`rgba()` colours as getComputedStyle gives them. */
function contrastRatio(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, bl] = color
      .match(/\d+(\.\d+)?/g)!
      .slice(0, 3)
      .map(Number)
      .map((c) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}
