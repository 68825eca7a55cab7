import type { Locator, Page } from "@playwright/test";
import { test, expect, waitForHydration } from "./fixtures";
import { OWNER_TOKEN } from "../support/demo";
import {
  acceptCheckoutTerms,
  addAndFillCheckout,
  claireAs,
  expectRefusedBesideField,
  readPdf,
  sendCard,
  unique,
  visit,
  fillCard,
} from "./helpers";
import { loginAsOwner, openOrder } from "./admin-helpers";

/**
 * Social previews, the dark preference without scripts, the specification's toasts, the consultant's path
 * to a quote (home, /realisations, CV and its PDF, the phone field) and the small layout fixes.
 */

/** Width and height of a PNG (IHDR) or a baseline/progressive JPEG (SOF0/SOF2); null for anything else. */
function rasterSize(bytes: Buffer): { type: string; width: number; height: number } | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { type: "png", width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    let at = 2;
    while (at < bytes.length) {
      const marker = bytes[at + 1]!;
      const length = bytes.readUInt16BE(at + 2);
      if (marker === 0xc0 || marker === 0xc2)
        return { type: "jpeg", height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
      at += 2 + length;
    }
  }
  return null;
}

test.describe("social previews", () => {
  for (const path of [
    "/",
    "/cv",
    "/products",
    "/products/mug-it-works",
    "/products/formation-git",
    "/realisations/refonte-site-marchand",
  ]) {
    test(`${path}: og:image and twitter:image are a 1200 × 630 PNG or JPEG`, async ({ page, request }) => {
      await page.goto(path);
      const og = await page.locator('meta[property="og:image"]').getAttribute("content");
      const twitter = await page.locator('meta[name="twitter:image"]').getAttribute("content");
      expect(twitter).toBe(og);
      const image = await request.get(og!);
      expect(image.status()).toBe(200);
      expect(image.headers()["content-type"]).toMatch(/^image\/(png|jpeg)$/);
      expect(rasterSize(await image.body())).toMatchObject({ width: 1200, height: 630 });
    });
  }
});

test.describe("dark preference", () => {
  test("without scripts, a first visit follows the system's dark preference @nojs", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/products");
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe("rgb(18, 24, 32)");
    // The theme button offers the other theme: light.
    await expect(page.getByRole("button", { name: "Thème clair" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Thème sombre" })).toBeHidden();
  });

  test("without scripts, a light preference stays light @nojs", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/products");
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(246, 245, 241)");
    await expect(page.getByRole("button", { name: "Thème sombre" })).toBeVisible();
  });
});

/** Shows the 'Ajouté au panier' toast on a product page. */
async function showToast(page: Page): Promise<Locator> {
  await page.goto("/products/tapis-souris");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Ajouter au panier" }).click();
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Ajouté au panier" });
  await expect(toast).toBeVisible();
  return toast;
}

test.describe("toasts", () => {
  for (const width of [390, 1280]) {
    test(`at ${width} px a toast is at most 350 px wide, and a dismissed one is removed after 1000 ms @js`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      const toast = await showToast(page);
      const box = (await toast.boundingBox())!;
      expect(box.width).toBeLessThanOrEqual(350);
      expect(box.x + box.width / 2).toBeCloseTo(width / 2, 0);
      // Time from the close button's click to the toast leaving the document, measured in the page.
      const removedAfter = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const element = [...document.querySelectorAll("[data-sonner-toast]")].find((el) =>
              el.textContent?.includes("Ajouté au panier"),
            )!;
            const close = element.querySelector<HTMLButtonElement>("[data-close-button]")!;
            const start = performance.now();
            const observer = new MutationObserver(() => {
              if (!element.isConnected) {
                observer.disconnect();
                resolve(performance.now() - start);
              }
            });
            observer.observe(document.body, { childList: true, subtree: true });
            close.click();
          }),
      );
      expect(removedAfter).toBeGreaterThanOrEqual(1000);
      expect(removedAfter).toBeLessThan(1600);
    });
  }

  test("a toast that ends by itself also leaves in 1000 ms, not at once @js", async ({ page }) => {
    const toast = await showToast(page);
    // A success toast lasts 2 s, then fades for 1 s: still in the page 2.3 s after it showed, gone by 3.6 s.
    await page.waitForTimeout(2300);
    await expect(toast).toHaveCount(1);
    await expect(toast).toHaveCount(0, { timeout: 2000 });
  });
});

test.describe("the consultant's path to a quote", () => {
  test("home: contact / quote, CV and projects; /realisations in the navigation lists the projects", async ({
    page,
    javaScriptEnabled,
  }) => {
    await visit(page, "/", javaScriptEnabled);
    const hero = page.locator(".hero");
    await expect(hero.getByRole("link", { name: "Me contacter / Demander un devis" })).toHaveAttribute("href", "/contact");
    await expect(hero.getByRole("link", { name: "Voir mon CV" })).toHaveAttribute("href", "/cv");
    await expect(hero.getByRole("link", { name: "Voir mes réalisations" })).toHaveAttribute("href", "/realisations");
    await page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: "Réalisations" }).click();
    await expect(page).toHaveURL("/realisations");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Réalisations");
    await expect(page.getByRole("navigation", { name: "Fil d'Ariane" })).toContainText("Réalisations");
    await page.getByRole("link", { name: "Refonte d'un site marchand à fort trafic" }).click();
    await expect(page).toHaveURL("/realisations/refonte-site-marchand");
  });

  test("/cv has skills and education; the PDF gives the e-mail, the phone and the skills", async ({ page, request }) => {
    await page.goto("/cv");
    await expect(page.getByRole("region", { name: "Compétences" })).toContainText("TypeScript");
    await expect(page.getByRole("region", { name: "Formation" })).toContainText(/Master|Diplôme|École/);
    await expect(page.getByRole("link", { name: /^\+33/ })).toHaveAttribute("href", /^tel:\+33\d{9}$/);
    const answer = await request.get("/cv.pdf");
    const text = (await readPdf(await answer.body())).pages.join("");
    expect(text).toContain("contact@exemple.fr");
    expect(text).toMatch(/\+33 \d( \d\d){4}/);
    expect(text).toContain("COMPÉTENCES");
    expect(text).toContain("Kubernetes");
  });
});

/** What the contact and checkout forms say beside a phone number they cannot read. */
const PHONE_REFUSED = "Saisissez un numéro de téléphone valide (ex. : 06 12 34 56 78 ou +33 6 12 34 56 78).";

test.describe("phone field", () => {
  test("contact: optional, a wrong number is refused beside the field and kept, a right one reaches the owner", async ({
    page,
    javaScriptEnabled,
    allowStatusFor,
  }) => {
    allowStatusFor("/contact");
    await visit(page, "/contact", javaScriptEnabled);
    const marker = `rappel-${unique()}`;
    await page.getByLabel("Nom", { exact: true }).fill("Hugo Lefèvre");
    await page.getByLabel("E-mail", { exact: true }).fill("hugo.lefevre@exemple.fr");
    await page.getByLabel("Sujet", { exact: true }).selectOption("audit");
    await page.getByLabel("Message", { exact: true }).fill(`Bonjour, pouvez-vous m'appeler pour un audit ? (${marker})`);
    const phone = page.getByLabel("Téléphone (facultatif)", { exact: true });
    await expectRefusedBesideField(phone, "06 12 ab", page.getByRole("button", { name: /Envoyer/ }), PHONE_REFUSED);
    await phone.fill("06 12 34 56 78");
    await page.getByRole("button", { name: /Envoyer/ }).click();
    await expect(page).toHaveURL(/\/contact\/merci/);
    await page.goto(`/_platform/outbox?token=${OWNER_TOKEN}`);
    await expect(page.locator("article").filter({ hasText: marker }).first()).toContainText("+33 6 12 34 56 78");
  });

  test("checkout: optional, a wrong number is refused beside the field, a right one is on the order", async ({
    page,
    javaScriptEnabled,
    allowStatusFor,
  }) => {
    allowStatusFor("/checkout");
    await addAndFillCheckout(page, "/products/formation-git", javaScriptEnabled, claireAs("tel"));
    await acceptCheckoutTerms(page, { digital: true });
    const phone = page.getByLabel("Téléphone (facultatif)", { exact: true });
    await expectRefusedBesideField(phone, "12", page.getByRole("button", { name: "Continuer vers le paiement" }), PHONE_REFUSED);
    await phone.fill("+33 6 12 34 56 78");
    await page.getByRole("button", { name: "Continuer vers le paiement" }).click();
    await expect(page).toHaveURL(/\/_platform\/checkout\?session=/);
    await sendCard(page);
    await expect(page.getByRole("region", { name: "Facturation" })).toContainText("+33 6 12 34 56 78");
  });
});

/** Top edge of an element (CSS px). */
const topOf = async (locator: Locator) => (await locator.boundingBox())!.y;

test.describe("side-by-side sections start level", () => {
  test("thank-you, follow-up and back-office order pages: 'Facturation' level with 'Livraison'", async ({ page, javaScriptEnabled }) => {
    const level = async () => {
      const delivery = page.getByRole("region", { name: "Livraison" }).getByRole("heading");
      const billing = page.getByRole("region", { name: "Facturation" }).getByRole("heading");
      expect(Math.abs((await topOf(delivery)) - (await topOf(billing)))).toBeLessThanOrEqual(1);
    };
    await addAndFillCheckout(page, "/products/livre-kubernetes", javaScriptEnabled, claireAs("aligne"));
    await acceptCheckoutTerms(page, { digital: false });
    await page.getByRole("button", { name: "Continuer vers le paiement" }).click();
    await fillCard(page, { number: "4242 4242 4242 4242" });
    await page.getByRole("button", { name: /^Payer/ }).click();
    await level();
    const number = (await page.locator(".thanks-number strong").textContent())!.trim();
    await page.getByRole("link", { name: "Suivre ma commande" }).click();
    await expect(page.getByRole("region", { name: "Facturation" })).toBeVisible();
    await level();
    await loginAsOwner(page, javaScriptEnabled);
    await openOrder(page, number, javaScriptEnabled);
    await level();
  });

  test("/cv: 'Langues' level with 'Certifications'; '18 %' never wraps at 390 px", async ({ page }) => {
    await page.goto("/cv");
    const certifications = page.getByRole("heading", { name: "Certifications" });
    const languages = page.getByRole("heading", { name: "Langues" });
    expect(Math.abs((await topOf(certifications)) - (await topOf(languages)))).toBeLessThanOrEqual(1);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/realisations/refonte-site-marchand");
    const result = page.getByText(/Taux de conversion en hausse de 18/);
    // Raw text: Playwright's text matchers treat a no-break space as a space.
    expect(await result.evaluate((el) => el.textContent)).toContain("18\u00a0%");
  });
});
