import { test, expect } from "./fixtures";
import { loginAsOwner, openOrder, status } from "./admin-helpers";
import { addAndFillCheckout, claireAs, continueToPayment, orderNumberShown, payByCard, readPdf, visit } from "./helpers";

/**
 * A guest follows an order from the thank-you page's link, on another device: the page says when it was placed, where
 * it stands, the parcel with its carrier's tracking once the owner shipped it, and offers the invoice, like a member's
 * own order page.
 */

// A notebook no other browser test buys: each order here takes one from its stock.
const NOTEBOOK = "/products/carnet-sprint";

test("the guest's follow page shows the date, the statuses, the parcel with its tracking and the invoice", async ({
  page,
  anotherDevice,
  javaScriptEnabled,
}) => {
  test.setTimeout(90_000);
  await addAndFillCheckout(page, NOTEBOOK, javaScriptEnabled, claireAs("suivi-colis"));
  await continueToPayment(page, { digital: false });
  await payByCard(page);
  const number = await orderNumberShown(page);
  const follow = (await page.getByRole("link", { name: "Suivre ma commande" }).getAttribute("href"))!;

  // Another device: no cookie of the purchase.
  const guest = await anotherDevice();
  await visit(guest, follow, javaScriptEnabled);
  const facts = guest.locator(".order-statuses");
  await expect(guest.getByRole("heading", { level: 1 })).toHaveText(`Commande n° ${number}`);
  await expect(facts).toContainText("Passée le");
  await expect(facts).toContainText(/\d{1,2} \p{L}+ \d{4}/u);
  await expect(facts).toContainText("Confirmée");
  await expect(facts).toContainText("Payée");
  await expect(facts).toContainText("Non expédiée");
  await expect(guest.getByRole("main")).toContainText("Carnet de sprint");

  const tracking = javaScriptEnabled ? "6A00000000101" : "6A00000000102";
  await loginAsOwner(page, javaScriptEnabled);
  await openOrder(page, number, javaScriptEnabled);
  const ship = page.locator("form.admin-ship");
  await ship.getByLabel("Transporteur", { exact: true }).selectOption({ label: "Colissimo" });
  await ship.getByLabel("Numéro de suivi").fill(tracking);
  await ship.getByRole("button", { name: "Marquer comme expédiée" }).click();
  await status(page, /^Expédition enregistrée/);

  await visit(guest, follow, javaScriptEnabled);
  await expect(facts).toContainText("Expédiée");
  const shipments = guest.getByRole("region", { name: "Suivi de livraison" });
  await expect(shipments).toContainText(`Colissimo, n° de suivi ${tracking}`);
  await expect(shipments).toContainText("1 × Carnet de sprint");
  await expect(shipments.getByRole("link", { name: /Suivre le colis/ })).toHaveAttribute("href", /laposte\.fr.*6A/);
  const invoice = await guest.request.get((await guest.getByRole("link", { name: "Télécharger la facture (PDF)" }).getAttribute("href"))!);
  expect(invoice.status()).toBe(200);
  expect(invoice.headers()["content-type"]).toBe("application/pdf");
  expect((await readPdf(await invoice.body())).pages.join(" ")).toContain(`Facture n° F-${number}`);
});
