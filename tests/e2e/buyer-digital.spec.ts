import { test, expect } from "./fixtures";
import { CLAIRE, continueToPayment, payByCard, addAndFillCheckout } from "./helpers";

/** A cart of trainings is not treated as a parcel. */

test.describe("digital goods", () => {
  test("a training alone: billing address only, no pay-on-delivery, nothing about delivery after payment", async ({
    page,
    javaScriptEnabled,
    baseURL,
  }) => {
    await addAndFillCheckout(page, "/products/formation-git", javaScriptEnabled, CLAIRE);
    await expect(page.getByRole("group", { name: "Adresse de facturation" })).toBeVisible();
    await expect(page.getByRole("group", { name: "Adresse de livraison" })).toHaveCount(0);
    await expect(page.getByRole("checkbox", { name: "Adresse de facturation identique" })).toHaveCount(0);
    await continueToPayment(page, { digital: true });
    await expect(page.getByRole("button", { name: /livraison/i })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Livraison" })).toHaveCount(0);

    // A forged "pay on delivery" is refused (the page's own session, a new POST).
    const session = new URL(page.url()).searchParams.get("session")!;
    const forged = await page.request.post("/_platform/checkout", {
      form: { session, action: "offline" },
      headers: { Origin: new URL(baseURL!).origin },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(303);
    // The refusal is the page the redirect names (its answer's id in the URL).
    await page.goto(forged.headers().location!);
    await expect(page.getByRole("alert")).toContainText("Le paiement à la livraison n'existe pas pour une commande sans livraison");

    await payByCard(page);
    await expect(page.getByRole("main").getByText(/livraison|expédi/i)).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Facturation" })).toContainText("4 rue du Port");
  });
});
