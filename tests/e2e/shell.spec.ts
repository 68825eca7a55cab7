import { test, expect, OWNER, expectNoSeriousA11yViolations, waitForHydration } from "./fixtures";
import { visit } from "./helpers";
import AxeBuilder from "@axe-core/playwright";

test.describe("portfolio shell", () => {
  test("header shows the logo, #main-title, profile picture, sub-title and navigation", async ({ page }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    const logo = header.getByRole("link", { name: OWNER.toUpperCase() });
    await expect(logo).toHaveAttribute("href", "/");
    await expect(header.locator("#main-title")).toHaveCount(1);
    await expect(header.getByRole("img", { name: `Photo de profil de ${OWNER}` })).toBeVisible();
    await expect(header.locator(".subtitle")).toHaveText(`${OWNER} · Informaticien`);
    await expect(header.getByRole("navigation", { name: "Navigation principale" })).toHaveCount(1);
  });

  test("home presents the owner and leads to the store", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(OWNER);
    await expect(page.getByRole("heading", { name: "Ce que je propose" })).toBeVisible();
    const storeLinks = page.getByRole("main").getByRole("link", { name: "Découvrir la boutique" });
    await expect(storeLinks.first()).toHaveAttribute("href", "/products");
    await expect(page.getByRole("navigation", { name: "Fil d'Ariane" })).toContainText("Accueil");
  });

  test("meta tags: title, description, robots, social image and canonical URL", async ({ page, baseURL }) => {
    await page.goto("/?utm_source=test");
    await expect(page).toHaveTitle(/Conseil en informatique.*Julien Moreau/);
    const meta = (selector: string) => page.locator(selector).getAttribute("content");
    expect(await meta('meta[name="description"]')).toContain("Informaticien");
    expect(await meta('meta[name="robots"]')).toBe("index, follow");
    expect(await meta('meta[property="og:image"]')).toBe(`${baseURL}/social-card.png`);
    expect(await meta('meta[name="twitter:image"]')).toBe(`${baseURL}/social-card.png`);
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${baseURL}/`);
    const image = await page.request.get("/social-card.png");
    expect(image.headers()["content-type"]).toBe("image/png");
  });

  test("unknown URL answers 404 with the not-found screen and a way home", async ({ page, allowStatusFor }) => {
    allowStatusFor("/cette-page-n-existe-pas");
    const response = await page.goto("/cette-page-n-existe-pas");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle("Page Introuvable");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Introuvable");
    await expect(page.locator(".error-message")).toHaveText("");
    await page.getByRole("link", { name: "Retour à la page d'accueil" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(OWNER);
  });

  test("a POST to an unknown URL is a 404 too, not a crash", async ({ request }) => {
    const response = await request.post("/nulle-part", {
      form: { a: "1" },
      headers: { Origin: new URL(test.info().project.use.baseURL!).origin },
    });
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain("Page Introuvable");
  });

  test("the site's styles come with the page: no stylesheet request to wait for", async ({ page }) => {
    // The first paint waits for no stylesheet (docs/decisions/0020-inline-site-css.md), with or without scripts.
    const stylesheets: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "stylesheet") stylesheets.push(request.url());
    });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(OWNER);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(246, 245, 241)");
    await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0);
    expect(stylesheets).toEqual([]);
  });

  test("the catalog, CV and cart pages bring their own styles inline: no stylesheet request to wait for", async ({ page }) => {
    // docs/decisions/0045-route-css-inline.md: the route's stylesheet is a <style> in the head, with or without scripts.
    const stylesheets: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "stylesheet") stylesheets.push(request.url());
    });
    await page.goto("/products");
    // catalog.css lays the category links out in a row.
    await expect(page.locator(".category-nav ul")).toHaveCSS("display", "flex");
    await page.goto("/cv");
    // cv.css puts the photo beside the header.
    await expect(page.locator(".cv-header")).toHaveCSS("display", "grid");
    await page.goto("/cart");
    // cart.css lays the cart out as a grid (its lines beside the summary on a wide screen).
    await expect(page.locator(".cart-layout")).toHaveCSS("display", "grid");
    await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0);
    expect(stylesheets).toEqual([]);
  });

  test("a client navigation loads the next page's styles, and they leave with it @js", async ({ page }) => {
    await page.goto("/products");
    await waitForHydration(page);
    await page.getByRole("banner").getByRole("link", { name: "CV" }).click();
    await expect(page).toHaveURL(/\/cv$/);
    await expect(page.locator(".cv-header")).toHaveCSS("display", "grid");
    await page.goBack();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.locator(".category-nav ul")).toHaveCSS("display", "flex");
    // The CV's rules (print rules included) are gone with its page.
    await expect(page.locator('link[rel="stylesheet"][href*="/cv-"]')).toHaveCount(0);
    await expect(page.locator("#route-css-cv")).toHaveCount(0);
    // The cart's stylesheet comes the same way when the cart is first reached by a client navigation.
    await page
      .getByRole("banner")
      .getByRole("link", { name: /Panier/ })
      .click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.locator(".cart-layout")).toHaveCSS("display", "grid");
  });

  test("the site's styles stay after client navigations and hydration @js", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("main").getByRole("link", { name: "Découvrir la boutique" }).first().click();
    await expect(page).toHaveURL(/\/products$/);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(246, 245, 241)");
    await page.goBack();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(OWNER);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(246, 245, 241)");
  });

  test("healthz and favicon answer 200", async ({ request }) => {
    const health = await request.get("/healthz");
    expect(health.status()).toBe(200);
    expect(await health.text()).toBe("ok");
    const favicon = await request.get("/favicon.ico");
    expect(favicon.status()).toBe(200);
    expect((await favicon.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
  });

  test("footer shows the copyright and is fully visible", async ({ page, javaScriptEnabled }) => {
    await visit(page, "/", javaScriptEnabled);
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByText(`© 2024-2025 ${OWNER}`)).toBeVisible();
    await expect(footer.getByRole("link")).toHaveText([
      "Mentions légales",
      "Conditions générales de vente",
      "Politique de confidentialité",
    ]);
    await footer.scrollIntoViewIfNeeded();
    await expect.poll(() => footer.evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
  });

  test("footer fades in over 1.8 s once, the first time it scrolls into view @js", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const footer = page.getByRole("contentinfo");
    // It waits, and the fade starts, at the faintest opacity whose text still passes 4.5:1.
    expect(Number(await footer.evaluate((el) => getComputedStyle(el).opacity))).toBe(0.65);
    await footer.scrollIntoViewIfNeeded();
    await page.waitForTimeout(600);
    const midway = Number(await footer.evaluate((el) => getComputedStyle(el).opacity));
    expect(midway).toBeGreaterThan(0.65);
    expect(midway).toBeLessThan(1);
    await expect.poll(() => footer.evaluate((el) => getComputedStyle(el).opacity), { timeout: 5000 }).toBe("1");
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(200);
    await footer.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    expect(await footer.evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
  });

  test("no frame of the footer's fade-in fails the contrast check, light or dark @js", async ({ page }) => {
    test.setTimeout(90_000); // two pages, four axe runs
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await page.goto("/");
      await waitForHydration(page);
      const footer = page.getByRole("contentinfo");
      // Before the fade (out of view, at its first frame), then while it runs.
      const before = await new AxeBuilder({ page }).include("footer").withRules(["color-contrast"]).analyze();
      expect(before.violations.map((v) => v.id)).toEqual([]);
      await footer.scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      expect(Number(await footer.evaluate((el) => getComputedStyle(el).opacity))).toBeLessThan(1);
      const during = await new AxeBuilder({ page }).include("footer").withRules(["color-contrast"]).analyze();
      expect(during.violations.map((v) => v.id)).toEqual([]);
      expect(during.passes.map((v) => v.id)).toContain("color-contrast");
    }
  });

  test("footer is visible at once when the user prefers reduced motion @js", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await footer.scrollIntoViewIfNeeded();
    expect(await footer.evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
  });

  test("a flashed notification is shown after the redirect, once", async ({ page, javaScriptEnabled }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Thème sombre" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    if (javaScriptEnabled) {
      await expect(page.locator("[data-sonner-toast]")).toContainText("Thème sombre activé");
    } else {
      await expect(page.getByRole("status")).toHaveText("Thème sombre activé");
    }
    await page.reload();
    await expect(page.getByText("Thème sombre activé")).toHaveCount(0);
    await page.getByRole("button", { name: "Thème clair" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  });

  test("the progress bar appears on a slow navigation and finishes @js", async ({ page }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    // Slow down only the route data request of the next client navigation.
    await page.route(/\.data(\?|$)/, async (route) => {
      await new Promise((r) => setTimeout(r, 1200));
      await route.continue();
    });
    const bar = page.locator(".nav-progress");
    await expect(bar).toHaveAttribute("data-state", "idle");
    // Every state the bar goes through, in order, as the DOM shows it.
    await bar.evaluate((el) => {
      const seen: string[] = [];
      (window as unknown as { barStates: string[] }).barStates = seen;
      const note = () => seen.push(`${el.getAttribute("data-state")}${el.hasAttribute("data-drawn") ? "+drawn" : ""}`);
      new MutationObserver(note).observe(el, { attributes: true, attributeFilter: ["data-state", "data-drawn"] });
    });
    await page.getByRole("banner").getByRole("link", { name: OWNER.toUpperCase() }).click();
    await expect(bar).toHaveAttribute("data-state", "loading");
    await expect(bar).toHaveAttribute("data-drawn", "true");
    await expect(bar).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(OWNER);
    await expect(bar).toHaveAttribute("data-state", "idle");
    const states = await page.evaluate(() => (window as unknown as { barStates: string[] }).barStates);
    // Loading as soon as the navigation starts, drawn after the anti-flicker delay, finished when idle again.
    expect([...new Set(states)]).toEqual(["loading", "loading+drawn", "finished+drawn", "idle"]);
  });

  test("any navigation starts in the loading state and ends idle @js", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const bar = page.locator(".nav-progress");
    await bar.evaluate((el) => {
      const seen: string[] = [];
      (window as unknown as { barStates: string[] }).barStates = seen;
      const note = () => seen.push(`${el.getAttribute("data-state")}${el.hasAttribute("data-drawn") ? "+drawn" : ""}`);
      new MutationObserver(note).observe(el, { attributes: true, attributeFilter: ["data-state", "data-drawn"] });
    });
    await page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: "CV" }).click();
    await expect(page).toHaveURL(/\/cv$/);
    await expect(bar).toHaveAttribute("data-state", "idle");
    const states = await page.evaluate(() => (window as unknown as { barStates: string[] }).barStates);
    expect(states[0]).toBe("loading");
    expect(states).toContain("idle");
  });

  test("no serious accessibility violations on the home page @js", async ({ page }) => {
    await page.goto("/");
    await expectNoSeriousA11yViolations(page);
  });

  test("no serious accessibility violations on the 404 page @js", async ({ page, allowStatusFor }) => {
    allowStatusFor("/introuvable");
    await page.goto("/introuvable");
    await expectNoSeriousA11yViolations(page);
  });
});
