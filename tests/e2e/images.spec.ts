import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { addToCartFrom, DEMO, loginWithForm } from "./helpers";

/**
 * Every image asks the media service for about the size it is drawn at (docs/decisions/0050-*): at DPR 1 the
 * browser's pick from `srcset` is never more than twice the rendered box, and every image has a srcset and its
 * box's size (no layout shift). Checked on each page with images, at a phone's, a tablet's and a laptop's width.
 */
const WIDTHS = [390, 768, 1280];

interface Drawn {
  alt: string;
  srcset: string;
  width: string | null;
  height: string | null;
  box: [number, number];
  asked: [number, number] | null;
}

async function drawnImages(page: Page): Promise<Drawn[]> {
  // Every image in view has arrived (lazy ones out of view are not asked for yet, and not checked).
  await page.waitForFunction(() =>
    [...document.images].every((img) => img.complete || img.getBoundingClientRect().top > window.innerHeight || img.loading !== "lazy"),
  );
  await page.waitForFunction(() => [...document.images].filter((img) => img.loading !== "lazy").every((img) => img.complete));
  return page.$$eval("img", (images) =>
    images.map((img) => {
      const m = /\/fill\/w_(\d+),h_(\d+),/.exec(img.currentSrc);
      return {
        alt: img.alt || img.className || img.closest("[class]")?.className || "",
        srcset: img.getAttribute("srcset") ?? "",
        width: img.getAttribute("width"),
        height: img.getAttribute("height"),
        box: [img.clientWidth, img.clientHeight] as [number, number],
        asked: m && img.complete ? ([Number(m[1]), Number(m[2])] as [number, number]) : null,
      };
    }),
  );
}

async function expectSizedImages(page: Page, path: string, atLeast: number) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(path);
    const images = await drawnImages(page);
    const asked = images.filter((i) => i.asked);
    expect(asked.length, `${path} at ${width}px: images downloaded`).toBeGreaterThanOrEqual(atLeast);
    for (const image of images) {
      const where = `${path} at ${width}px, ${image.alt}`;
      expect(image.srcset, where).toMatch(/\/v1\/fill\/w_\d+,h_\d+,[^ ]+ \d+w/);
      expect(Number(image.width), where).toBeGreaterThan(0);
      expect(Number(image.height), where).toBeGreaterThan(0);
    }
    for (const image of asked) {
      const [w, h] = image.asked!;
      const where = `${path} at ${width}px, ${image.alt}: asked ${w}×${h} for a ${image.box.join("×")} box`;
      expect(w, where).toBeLessThanOrEqual(2 * image.box[0]);
      expect(h, where).toBeLessThanOrEqual(2 * image.box[1]);
      // Not smaller than drawn either (a blurry photo), unless the original itself is smaller.
      expect(w, where).toBeGreaterThanOrEqual(image.box[0]);
    }
  }
}

test.describe("images at the size they are drawn @js", () => {
  test("the catalog, a product page with its gallery, the CV", async ({ page }) => {
    await expectSizedImages(page, "/products", 2);
    await expectSizedImages(page, "/products/audit-si", 4);
    await expectSizedImages(page, "/cv", 2);
  });

  test("the cart's lines and a past order's lines", async ({ page }) => {
    await addToCartFrom(page, "/products/livre-typescript", true);
    await expectSizedImages(page, "/cart", 2);
    await page.goto("/account/orders");
    await loginWithForm(page, DEMO);
    await page.getByRole("link", { name: "N° 10002" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Commande n° 10002");
    await expectSizedImages(page, page.url(), 3);
  });

  test("a product without a photo keeps a clean placeholder, and a photo's alt text stays", async ({ page }) => {
    await page.goto("/products/webinaire-typescript");
    await expect(page.locator(".gallery-empty")).toBeVisible();
    await expect(page.locator(".gallery img")).toHaveCount(0);
    await page.goto("/products/livre-typescript");
    await expect(page.locator(".gallery-main img")).toHaveAttribute("alt", "TypeScript au quotidien");
    // The LCP image is the one image preloaded at high priority, at the sizes the page draws it.
    const preload = page.locator('link[rel="preload"][as="image"][fetchpriority="high"]');
    await expect(preload).toHaveAttribute("imagesrcset", (await page.locator(".gallery-main img").getAttribute("srcset"))!);
    await expect(preload).toHaveAttribute("imagesizes", (await page.locator(".gallery-main img").getAttribute("sizes"))!);
  });
});
