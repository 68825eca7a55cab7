import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { loginAsOwner, openOrder, status } from "./admin-helpers";
import {
  addToCartFrom,
  claireAs,
  continueToPayment,
  fillCheckout,
  orderNumberShown,
  payByCard,
  readPdf,
  signUpWithForm,
  unique,
  visit,
} from "./helpers";

/**
 * A refund, then the cancellation of the rest, each give the buyer a credit note (facture d'avoir) numbered on its own
 * series and naming the invoice it corrects: the owner's order page, the member's order page and a guest's follow page
 * offer the invoice and the credit notes, and each PDF says what was given back.
 */

const WEBINAR = "/products/webinaire-typescript";
const DOCKER = "/products/formation-docker";
const CREDIT_NOTE = /^Facture d'avoir n° (AV-\d{4}-\d{4}) \(PDF\)$/;

/** A PDF's text, its white space folded (its lines are checked as running text). */
async function pdfText(page: Page, href: string): Promise<string> {
  const answer = await page.request.get(href);
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toBe("application/pdf");
  return (await readPdf(await answer.body())).pages.join("\n").replace(/\s+/g, " ");
}

/** The credit-note links of the page, in their order: their numbers and where they lead. */
async function creditNotes(page: Page) {
  const links = page.getByRole("list", { name: "Factures d'avoir" }).getByRole("link");
  return Promise.all(
    (await links.all()).map(async (link) => ({
      number: CREDIT_NOTE.exec((await link.textContent())!.trim())![1]!,
      href: (await link.getAttribute("href"))!,
    })),
  );
}

test("a refund and a cancellation each make a credit note: the owner and the buyer see the invoice and both, the PDF says what went back", async ({
  page,
  anotherDevice,
  javaScriptEnabled,
}) => {
  test.setTimeout(240_000);
  const buyer = { email: `avoir.${unique()}@exemple.fr`, password: "motdepasse-avoir", firstName: "Łukasz", lastName: "Erdős-Peña" };
  await visit(page, "/account/register", javaScriptEnabled);
  await signUpWithForm(page, buyer);
  await expect(page.getByRole("banner").getByRole("button", { name: "Se déconnecter" })).toBeVisible();
  await addToCartFrom(page, WEBINAR, javaScriptEnabled);
  await addToCartFrom(page, DOCKER, javaScriptEnabled);
  const { email, firstName, lastName } = buyer;
  await fillCheckout(page, javaScriptEnabled, {
    email,
    firstName,
    lastName,
    addressLine: "ul. Piękna 7",
    postalCode: "00549",
    city: "Warszawa",
  });
  await continueToPayment(page, { digital: true });
  await payByCard(page);
  const number = await orderNumberShown(page);

  // The owner refunds the webinar: its credit note is offered at once, beside the invoice.
  const admin = await anotherDevice();
  await loginAsOwner(admin, javaScriptEnabled);
  await openOrder(admin, number, javaScriptEnabled);
  await admin.locator("summary", { hasText: "Rembourser…" }).click();
  const form = admin.locator("form.admin-refund");
  await form.getByLabel(/^Webinaire/).fill("1");
  await form.getByLabel("Motif").selectOption({ label: "Article retourné" });
  await form.getByRole("button", { name: "Rembourser…" }).click();
  await admin.getByRole("alertdialog").getByRole("button", { name: "Rembourser 79,00 €" }).click();
  await status(admin, "Remboursement de 79,00 € effectué.");
  await expect(admin.getByRole("link", { name: "Facture (PDF)" })).toBeVisible();
  const [refunded] = await creditNotes(admin);
  expect(refunded).toBeDefined();

  // Then cancels the order with the refund of the rest: a second credit note, later in the series.
  await admin.getByRole("button", { name: "Annuler la commande" }).click();
  await admin.getByRole("alertdialog").getByRole("button", { name: "Annuler la commande" }).click();
  await status(admin, /^Commande annulée : 1\s100,00\s€ remboursés/);
  const notes = await creditNotes(admin);
  expect(notes.map((n) => n.number)).toEqual([refunded!.number, expect.stringMatching(/^AV-\d{4}-\d{4}$/)]);
  expect(notes[1]!.number > notes[0]!.number).toBe(true);
  await expect(admin.getByRole("link", { name: "Facture (PDF)" })).toBeVisible();

  // The first credit note: its number, the invoice it corrects, the webinar given back in negative, the parties.
  const year = new Intl.DateTimeFormat("fr-FR", { year: "numeric", timeZone: "Europe/Paris" }).format(new Date());
  const today = new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeZone: "Europe/Paris" }).format(new Date());
  const first = await pdfText(admin, notes[0]!.href);
  expect(notes[0]!.number).toMatch(new RegExp(`^AV-${year}-\\d{4}$`));
  expect(first).toContain(`Facture d'avoir n° ${notes[0]!.number}`);
  expect(first).toContain(`Date d'émission : ${today} · Commande n° ${number}`);
  expect(first).toMatch(new RegExp(`Rectifie la facture n° F-${number} du \\d{1,2} \\p{L}+ \\d{4}`, "u"));
  expect(first).toMatch(/SIRET : 000 000 000 00000/);
  expect(first).toContain("Łukasz Erdős-Peña");
  expect(first).toContain("ul. Piękna 7");
  expect(first).toMatch(/Webinaire : TypeScript en 2 heures 1 −65,83\s€ 20 % −79,00\s€/);
  expect(first).not.toContain("Docker");
  expect(first).toMatch(/Total TTC −79,00\s€/);
  expect(first).toContain("Motif : Article retourné");
  // The second: the training, for the cancellation.
  const second = await pdfText(admin, notes[1]!.href);
  expect(second).toContain(`Facture d'avoir n° ${notes[1]!.number}`);
  expect(second).toMatch(/Formation Docker et conteneurs 1 −916,67\s€ 20 % −1\s100,00\s€/);
  expect(second).toContain("Motif : Commande annulée");
  // The invoice stays the sale's, and names both credit notes.
  const invoice = await pdfText(admin, `${new URL(admin.url()).pathname}/facture.pdf`);
  expect(invoice).toContain(`Facture n° F-${number}`);
  expect(invoice).toContain(`(facture d'avoir n° ${notes[0]!.number})`);
  expect(invoice).toContain(`(facture d'avoir n° ${notes[1]!.number})`);

  // The member's own order page: the invoice and both credit notes, behind her account.
  await page.goto("/account/orders");
  await page.getByRole("link", { name: `N° ${number}`, exact: true }).click();
  await expect(page.getByRole("link", { name: "Télécharger la facture (PDF)" })).toBeVisible();
  const mine = await creditNotes(page);
  expect(mine.map((n) => n.number)).toEqual(notes.map((n) => n.number));
  expect(mine[0]!.href).toMatch(/^\/account\/orders\/[^/]+\/avoirs\/AV-\d{4}-\d{4}\.pdf$/);
  expect(await pdfText(page, mine[0]!.href)).toContain(`Facture d'avoir n° ${notes[0]!.number}`);
  // Someone else's credit note is not hers to read.
  const stranger = await anotherDevice();
  expect((await stranger.request.get(mine[0]!.href, { maxRedirects: 0 })).status()).not.toBe(200);
});

test("a guest's follow page offers the invoice and the credit note of the cancellation, behind signed links", async ({
  page,
  anotherDevice,
  javaScriptEnabled,
}) => {
  test.setTimeout(180_000);
  await addToCartFrom(page, WEBINAR, javaScriptEnabled);
  await fillCheckout(page, javaScriptEnabled, { ...claireAs("avoir-invite"), firstName: "Ñuño", lastName: "Kovács" });
  await continueToPayment(page, { digital: true });
  await payByCard(page);
  const number = await orderNumberShown(page);
  const follow = (await page.getByRole("link", { name: "Suivre ma commande" }).getAttribute("href"))!;

  await loginAsOwner(page, javaScriptEnabled);
  await openOrder(page, number, javaScriptEnabled);
  await page.getByRole("button", { name: "Annuler la commande" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Annuler la commande" }).click();
  await status(page, /^Commande annulée : 79,00\s€ remboursés/);
  const [owned] = await creditNotes(page);

  const guest = await anotherDevice();
  await guest.goto(follow);
  await expect(guest.getByRole("link", { name: "Télécharger la facture (PDF)" })).toBeVisible();
  const signed = await creditNotes(guest);
  expect(signed.map((n) => n.number)).toEqual([owned!.number]);
  expect(signed[0]!.href).toMatch(/^\/factures\/[^?]+\?jeton=[^&]+&avoir=AV-\d{4}-\d{4}$/);
  const text = await pdfText(guest, signed[0]!.href);
  expect(text).toContain(`Facture d'avoir n° ${owned!.number}`);
  expect(text).toContain(`Rectifie la facture n° F-${number}`);
  expect(text).toContain("Ñuño Kovács");
  expect(text).toMatch(/Total TTC −79,00\s€/);
  // The same signed link naming a credit note of another order gives nothing.
  const other = signed[0]!.href.replace(/AV-\d{4}-\d{4}$/, "AV-1999-0001");
  expect((await guest.request.get(other)).status()).toBe(404);
});
