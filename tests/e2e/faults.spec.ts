import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test as base, expect, waitForHydration } from "./fixtures";
import { freePort, startServer, type RunningServer } from "../support/server";

/**
 * The platform unreachable or slow: a server of its own whose embedded platform
 * accepts the fault switch (PLATFORM_FAULT_CONTROL) and whose platform calls
 * time out after 1.5 s. Errors must be screens or notifications with a request
 * id, the server must survive, and the cart must be whole once the platform is back.
 */
const test = base.extend<{ setFaults: (faults: Record<string, unknown>) => Promise<void> }, { faulty: RunningServer }>({
  faulty: [
    async ({}, use) => {
      const dir = mkdtempSync(join(tmpdir(), "faults-"));
      const server = await startServer({
        port: await freePort(),
        db: join(dir, "platform.sqlite"),
        env: { PLATFORM_FAULT_CONTROL: "true", COMMERCE_TIMEOUT_MS: "1500" },
      });
      await use(server);
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
    { scope: "worker" },
  ],
  // Every page and request of these tests goes to that server.
  baseURL: async ({ faulty }, use) => use(faulty.origin),
  // Switches the platform's faults; each test ends with the platform healthy again.
  setFaults: async ({ request, faulty }, use) => {
    const set = async (faults: Record<string, unknown>) => {
      const response = await request.post("/_platform/faults", { data: faults, headers: { Origin: faulty.origin } });
      expect(response.status()).toBe(200);
    };
    await use(set);
    await set({});
  },
});

test.describe("platform faults", () => {
  test("platform down: an error screen with a request id, then the cart is intact once it is back", async ({
    page,
    request,
    setFaults,
    allowStatusFor,
  }) => {
    await page.goto("/products/mug-it-works");
    await page.getByRole("button", { name: "Ajouter au panier" }).click();
    await expect(page.getByText("Ajouté au panier")).toBeVisible();

    await setFaults({ down: true });
    allowStatusFor("/cart");
    const down = await page.goto("/cart");
    expect(down?.status()).toBe(503);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Something Went Wrong");
    await expect(page.getByText(/momentanément indisponible/)).toBeVisible();
    await expect(page.getByText(/Référence de la demande : \S+/)).toBeVisible();
    // The home page does not need the platform: it still works, without a cart count.
    const home = await page.goto("/");
    expect(home?.status()).toBe(200);

    await setFaults({});
    await page.goto("/cart");
    await expect(page.getByRole("link", { name: /It works/i }).first()).toBeVisible();
    expect((await request.get("/healthz")).status()).toBe(200);
  });

  test("adding to the cart while the platform is down: a French error notification, nothing lost", async ({
    page,
    faulty,
    setFaults,
    allowStatusFor,
  }) => {
    // The same product, added during the outage and again once the platform is back.
    const product = "/products/livre-devops";
    await page.goto(product);
    await setFaults({ down: true });
    allowStatusFor(faulty.origin);
    await page.getByRole("button", { name: "Ajouter au panier" }).click();
    // A notification or the error screen (the page's own data cannot load either): both say why, in French.
    await expect(page.getByText(/momentanément indisponible/).first()).toBeVisible();
    await setFaults({});
    await page.goto(product);
    await page.getByRole("button", { name: "Ajouter au panier" }).click();
    await expect(page.getByText("Ajouté au panier")).toBeVisible();
  });

  test("a failed add with scripts keeps the product page and the chosen options, and says why in a notification @js", async ({
    page,
    faulty,
    setFaults,
    allowStatusFor,
  }) => {
    await page.goto("/products/t-shirt-typescript?Taille=S&Couleur=Noir");
    await waitForHydration(page);
    await page.getByLabel("Quantité", { exact: true }).fill("2");
    await setFaults({ down: true });
    allowStatusFor(faulty.origin);
    await page.getByRole("button", { name: "Ajouter au panier" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: /momentanément indisponible/ })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("T-shirt « Typé et fier »");
    await expect(page.getByText("Something Went Wrong")).toHaveCount(0);
    await expect(page.getByLabel("Quantité", { exact: true })).toHaveValue("2");
    await expect(page.getByRole("combobox", { name: "Taille" })).toHaveValue("S");
    expect(page.url()).toContain("Couleur=Noir");
    // The platform back, the same page adds what was kept.
    await setFaults({});
    await page.getByRole("button", { name: "Ajouter au panier" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Ajouté au panier" })).toBeVisible();
  });

  test("a slow platform times out into an error screen instead of hanging", async ({ page, setFaults, allowStatusFor }) => {
    await setFaults({ delayMs: 4000 });
    allowStatusFor("/products");
    // Without the 1.5 s timeout this page would simply arrive after 4 s, with a 200.
    const response = await page.goto("/products");
    // A gateway timeout, said in French, with this request's id (the one in the server log and X-Request-Id).
    expect(response?.status()).toBe(504);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Something Went Wrong");
    await expect(page.getByText("La boutique met trop de temps à répondre.", { exact: false })).toBeVisible();
    await expect(page.getByText("System error occurred")).toHaveCount(0);
    const requestId = response!.headers()["x-request-id"];
    expect(requestId).toMatch(/\S+/);
    await expect(page.getByText(`Référence de la demande : ${requestId}`)).toBeVisible();
  });
});
