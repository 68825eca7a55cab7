import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { test, expect, expectNoSeriousA11yViolations } from "./fixtures";
import { loginAsOwner, openOrder, ready, status } from "./admin-helpers";
import { OWNER_TOKEN } from "../support/server";
import { loginWithForm, readPdf, signUpWithForm, unique } from "./helpers";

/**
 * An order's whole life in the back-office, with JavaScript (dialogs) and without (confirmation pages):
 * cancel an authorized order (the authorization is released, nothing can be captured after), cancel a paid order
 * with its refund, a partial refund, a parcel with its tracking number that the customer then sees, a pickup made
 * ready, the invoice PDF, the search by name, the CSV export, a bulk delete that says how many. The two projects
 * share one database: each takes its own seeded orders (platform/seed/demo.json: Léa's for JS, Noé's without).
 */

function seeded(javaScriptEnabled: boolean) {
  return javaScriptEnabled
    ? {
        buyer: { email: "lea@exemple.fr", password: "motdepasse-lea", name: "Léa Garnier" },
        authorized: "10009",
        paid: "10011",
        partial: "10012",
        ship: "10013",
        pickup: "10014",
      }
    : {
        buyer: { email: "noe@exemple.fr", password: "motdepasse-noe", name: "Noé Lambert" },
        authorized: "10010",
        paid: "10015",
        partial: "10016",
        ship: "10017",
        pickup: "10018",
      };
}

/** Logs in as the owner and opens this project's seeded order `which`; returns the project's seeded data. */
async function ownerOnSeededOrder(page: Page, javaScriptEnabled: boolean, which: "authorized" | "paid" | "partial" | "ship") {
  const data = seeded(javaScriptEnabled);
  await loginAsOwner(page, javaScriptEnabled);
  await openOrder(page, data[which], javaScriptEnabled);
  return data;
}

const fact = (page: Page, term: string) => page.locator(".admin-facts div").filter({ has: page.getByText(term, { exact: true }) });

test("cancelling an order whose card is only authorized releases the authorization: nothing can be captured after", async ({
  page,
  javaScriptEnabled,
}) => {
  const data = await ownerOnSeededOrder(page, javaScriptEnabled, "authorized");
  await page.getByRole("button", { name: "Annuler et libérer l'autorisation" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(`Annuler la commande n° ${data.authorized} et libérer l'autorisation de 43,90 € ?`);
  await expect(dialog).toContainText("le client ne sera pas débité");
  await dialog.getByRole("button", { name: "Annuler et libérer l'autorisation" }).click();
  await status(page, "Commande annulée : autorisation de paiement libérée, articles remis en stock.");
  await expect(fact(page, "Statut")).toContainText("Annulée");
  await expect(fact(page, "Paiement")).toContainText("Autorisation annulée");
  await expect(page.getByRole("button", { name: /^Encaisser/ })).toHaveCount(0);
  await expect(page.locator(".admin-collectability")).toContainText("Rien à encaisser : la commande est annulée");

  // A capture sent anyway (an old tab, a replayed form) is refused, in French, with Wix's reason.
  const origin = new URL(page.url()).origin;
  await page.request.post(page.url(), { form: { intent: "capture", confirmed: "1" }, headers: { origin }, maxRedirects: 0 });
  await page.reload();
  await status(page, "L'autorisation de paiement a été libérée : plus rien ne peut être encaissé sur cette commande.");
  await expect(fact(page, "Paiement")).toContainText("Autorisation annulée");
});

test("cancelling a paid order refunds it: the customer is refunded and told by e-mail", async ({ page, javaScriptEnabled }) => {
  const data = await ownerOnSeededOrder(page, javaScriptEnabled, "paid");
  await expect(page.getByLabel("Rembourser 43,90 € au client")).toBeChecked();
  await page.getByRole("button", { name: "Annuler la commande" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(`Annuler la commande n° ${data.paid} ?`);
  await expect(dialog).toContainText("43,90 € remboursés au client sur son moyen de paiement.");
  await dialog.getByRole("button", { name: "Annuler la commande" }).click();
  await status(page, "Commande annulée : 43,90 € remboursés, articles remis en stock.");
  await expect(fact(page, "Statut")).toContainText("Annulée");
  await expect(fact(page, "Paiement")).toContainText("Remboursée");
  await expect(page.locator(".order-refunds")).toContainText("43,90 € — Effectué");
  await expect(page.locator(".order-refunds")).toContainText("Motif : Commande annulée");

  await page.goto(`/_platform/outbox?token=${OWNER_TOKEN}`);
  const mail = page.locator("article").filter({ hasText: `Remboursement de 43,90 € sur votre commande n° ${data.paid}` });
  await expect(mail).toContainText(data.buyer.email);
  await expect(page.locator("article").filter({ hasText: `Votre commande n° ${data.paid} est annulée` })).toBeVisible();
});

test("a partial refund: one T-shirt and the shipping, with its reason; a wrong quantity is said beside the form", async ({
  page,
  javaScriptEnabled,
}) => {
  const data = await ownerOnSeededOrder(page, javaScriptEnabled, "partial");
  const form = page.locator("form.admin-refund");
  await page.locator("summary", { hasText: "Rembourser…" }).click();
  await form.getByLabel(/^T-shirt/).fill("5");
  await form.getByLabel("Motif").selectOption({ label: "Article retourné" });
  await form.getByRole("button", { name: "Rembourser…" }).click();
  await expect(form.locator(".field-error")).toContainText("Quantité à rembourser pour « T-shirt « Typé et fier » » : entre 0 et 2.");
  await expect(form.getByLabel(/^T-shirt/)).toHaveValue("5");
  await expect(form.getByLabel("Motif")).toHaveValue("RETURNED");

  await form.getByLabel(/^T-shirt/).fill("1");
  await form.getByRole("checkbox", { name: /^Rembourser les frais de livraison/ }).check();
  await form.getByLabel("Message au client (facultatif)").fill("Merci pour le retour rapide.");
  await form.getByRole("button", { name: "Rembourser…" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(`Rembourser 29,90 € à ${data.buyer.email} ?`);
  await expect(dialog).toContainText("1 × T-shirt « Typé et fier »");
  await expect(dialog).toContainText("Frais de livraison : 4,90 €");
  await expect(dialog).toContainText("Motif : Article retourné");
  await dialog.getByRole("button", { name: "Rembourser 29,90 €" }).click();
  await status(page, "Remboursement de 29,90 € effectué.");
  await expect(fact(page, "Paiement")).toContainText("Partiellement remboursée");
  await expect(page.locator(".order-refunds")).toContainText("29,90 € — Effectué");
  await expect(page.locator(".order-refunds")).toContainText("1 × T-shirt « Typé et fier », livraison 4,90 €");
  // What is left to refund: one T-shirt and the mug, no more shipping.
  await page.locator("summary", { hasText: "Rembourser…" }).click();
  await expect(page.locator("form.admin-refund")).toContainText("Reste remboursable : 39,00 €");
  await expect(page.locator("form.admin-refund").getByRole("checkbox", { name: /^Rembourser les frais de livraison/ })).toHaveCount(0);
});

test("a parcel with its carrier and tracking number: the customer sees it in 'Mes commandes', on the follow page, and gets the invoice", async ({
  page,
  javaScriptEnabled,
}) => {
  test.setTimeout(90_000);
  const data = await ownerOnSeededOrder(page, javaScriptEnabled, "ship");
  const tracking = javaScriptEnabled ? "6A00000000001" : "6A00000000002";
  const form = page.locator("form.admin-ship");
  await form.getByLabel("Transporteur", { exact: true }).selectOption({ label: "Colissimo" });
  await form.getByLabel("Numéro de suivi").fill("6A 0");
  await form.getByRole("button", { name: "Marquer comme expédiée" }).click();
  await expect(page.locator("form.admin-ship .field-error")).toContainText("Numéro de suivi : 4 à 40 lettres, chiffres ou tirets.");
  await page.locator("form.admin-ship").getByLabel("Numéro de suivi").fill(tracking);
  await page.locator("form.admin-ship").getByRole("button", { name: "Marquer comme expédiée" }).click();
  await status(page, "Expédition enregistrée (1 article) : le client a reçu le lien de suivi par e-mail.");
  await expect(fact(page, "Expédition")).toContainText("Expédiée");
  await expect(page.locator(".order-shipments")).toContainText(`Colissimo, n° de suivi ${tracking}`);

  // The owner's invoice: numbered after the order, the seller's identity, the buyer, the totals with VAT.
  const invoice = await page.request.get(`${new URL(page.url()).pathname}/facture.pdf`);
  expect(invoice.status()).toBe(200);
  expect(invoice.headers()["content-type"]).toBe("application/pdf");
  const text = await pdfText(await invoice.body());
  expect(text).toContain(`Facture n° F-${data.ship}`);
  expect(text).toContain(`Commande n° ${data.ship}`);
  expect(text).toMatch(/SIRET : 000 000 000 00000/);
  expect(text).toContain("TVA intracommunautaire : FR00 000000000");
  expect(text).toContain(data.buyer.name);
  expect(text).toMatch(/Total TTC\s+46,90 €/);
  // A book and its delivery: both at 5.5 %.
  expect(text).toMatch(/React, de zéro à la production 1 39,81\s€ 5,5 % 42,00\s€/);
  expect(text).toMatch(/TVA\s+2,45 €/);
  expect(text).toContain("Facture acquittée");

  // The customer's shipping e-mail links the carrier's tracking page and the follow page.
  await page.goto(`/_platform/outbox?token=${OWNER_TOKEN}`);
  const mail = page.locator("article").filter({ hasText: `Votre commande n° ${data.ship} a été expédiée` });
  await expect(mail).toContainText(`Numéro de suivi : ${tracking}`);
  await expect(mail.getByRole("link", { name: "Suivre le colis" })).toHaveAttribute(
    "href",
    `https://www.laposte.fr/outils/suivre-vos-envois?code=${tracking}`,
  );
  const follow = (await mail.getByRole("link", { name: "Voir ma commande" }).getAttribute("href"))!;
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Se déconnecter" }).click();
  await expect(page.getByRole("banner").getByRole("button", { name: "Se connecter" })).toBeVisible();

  // Without an account: the follow page shows the parcel and offers the invoice.
  await page.goto(follow);
  await expect(page.getByText(`Colissimo n° ${tracking}`)).toBeVisible();
  await expect(page.getByRole("link", { name: "Suivre le colis" })).toHaveAttribute("href", /laposte\.fr/);
  const signed = await page.request.get((await page.getByRole("link", { name: "Télécharger la facture (PDF)" }).getAttribute("href"))!);
  expect(signed.status()).toBe(200);
  expect(await pdfText(await signed.body())).toContain(`Facture n° F-${data.ship}`);

  // Signed in: "Mes commandes" shows the same parcel and the invoice.
  await page.goto("/account/orders");
  await loginWithForm(page, data.buyer);
  await expect(page).toHaveURL("/account/orders");
  await page.getByRole("link", { name: `N° ${data.ship}`, exact: true }).click();
  await expect(page.getByRole("heading", { name: "Suivi de livraison" })).toBeVisible();
  await expect(page.locator(".order-shipments")).toContainText(`Colissimo, n° de suivi ${tracking}`);
  await expect(page.locator(".order-shipments").getByRole("link", { name: /Suivre le colis/ })).toHaveAttribute("href", /laposte\.fr/);
  const mine = await page.request.get((await page.getByRole("link", { name: "Télécharger la facture (PDF)" }).getAttribute("href"))!);
  expect(mine.status()).toBe(200);
});

test("a store pickup is made ready (never 'to ship' nor 'shipped'), the customer is told, then it is picked up", async ({
  page,
  anotherDevice,
  javaScriptEnabled,
}) => {
  test.setTimeout(90_000);
  const data = seeded(javaScriptEnabled);
  await loginAsOwner(page, javaScriptEnabled);
  const toShip = page.locator("section").filter({ has: page.getByRole("heading", { name: /^Commandes à expédier/ }) });
  await expect(toShip.getByRole("link", { name: `N° ${data.pickup}`, exact: true })).toHaveCount(0);
  const toPrepare = page.locator("section").filter({ has: page.getByRole("heading", { name: /^Retraits à préparer/ }) });
  await expect(toPrepare.getByRole("link", { name: `N° ${data.pickup}`, exact: true })).toBeVisible();

  await openOrder(page, data.pickup, javaScriptEnabled);
  await expect(page.getByRole("heading", { name: "Retrait sur place" })).toBeVisible();
  await expect(fact(page, "Expédition")).toContainText("À préparer pour le retrait");
  await page.getByRole("button", { name: "Marquer prête à retirer" }).click();
  await status(page, "Commande marquée prête à retirer : le client a été prévenu par e-mail.");
  await expect(page.locator(".order-shipments")).toContainText("Prête à retirer");
  // Ready is not shipped: Wix marks the order FULFILLED already, before the customer came.
  await expect(fact(page, "Expédition")).toHaveText(/Prête à retirer/);
  const row = (p: Page) => p.locator("table tbody tr").filter({ has: p.getByRole("link", { name: `N° ${data.pickup}`, exact: true }) });
  const orderPage = page.url();
  await page.goto(`/admin/orders?q=${data.pickup}`);
  await expect(row(page)).toContainText("Prête à retirer");
  await expect(row(page)).not.toContainText("Expédiée");

  // The customer reads the same, in her list and on the order's page.
  const buyer = await anotherDevice();
  await buyer.goto("/account/orders");
  await loginWithForm(buyer, data.buyer);
  await expect(row(buyer)).toContainText("Prête à retirer");
  await buyer.getByRole("link", { name: `N° ${data.pickup}`, exact: true }).click();
  await expect(buyer.locator(".order-statuses")).toContainText("Prête à retirer");
  await expect(buyer.locator(".order-statuses")).not.toContainText("Expédiée");

  await page.goto(orderPage);
  await page.getByRole("button", { name: "Marquer comme retirée" }).click();
  await status(page, "Commande marquée comme retirée.");
  await expect(page.locator(".order-shipments")).toContainText("Retirée");
  await expect(fact(page, "Expédition")).toHaveText(/Retirée/);
  await buyer.reload();
  await expect(buyer.locator(".order-statuses")).toContainText("Retirée");

  await page.goto("/admin");
  await expect(toPrepare.getByRole("link", { name: `N° ${data.pickup}`, exact: true })).toHaveCount(0);
  await page.goto(`/_platform/outbox?token=${OWNER_TOKEN}`);
  await expect(page.locator("article").filter({ hasText: `Votre commande n° ${data.pickup} est prête à retirer` })).toContainText(
    data.buyer.email,
  );
});

test("search by the customer's name, then the customer's page lists their orders", async ({ page, javaScriptEnabled }) => {
  const data = seeded(javaScriptEnabled);
  await loginAsOwner(page, javaScriptEnabled, "/admin/orders");
  await page.getByLabel("N°, e-mail ou nom du client").fill(data.buyer.name.split(" ")[0]!);
  await page.getByRole("button", { name: "Filtrer" }).click();
  await expect(page).toHaveURL(/q=/);
  const rows = page.locator("table.admin-table tbody tr");
  await expect(rows).toHaveCount(4);
  for (const n of [data.paid, data.partial, data.ship, data.pickup])
    await expect(page.getByRole("link", { name: `N° ${n}`, exact: true })).toBeVisible();
  await page
    .getByRole("link", { name: new RegExp(`^${data.buyer.name}`) })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(data.buyer.name);
  await expect(page.getByRole("heading", { name: "Commandes (4)" })).toBeVisible();
});

test("the CSV export of a period opens with one row per order, formulas neutralised", async ({ page, javaScriptEnabled }) => {
  await loginAsOwner(page, javaScriptEnabled, "/admin/orders");
  const form = page.getByRole("form", { name: "Exporter les commandes (CSV)" });
  await form.getByLabel("Export du").fill("2025-10-27");
  await form.getByLabel("au", { exact: true }).fill("2025-10-28");
  const [download] = await Promise.all([page.waitForEvent("download"), form.getByRole("button", { name: "Exporter en CSV" }).click()]);
  expect(download.suggestedFilename()).toBe("commandes-2025-10-27-au-2025-10-28.csv");
  const csv = readFileSync((await download.path())!, "utf8");
  const lines = csv
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(lines[0]).toBe(
    '"N° de commande";"Date";"Client";"E-mail";"Société";"N° de TVA";"Statut";"Paiement";"Expédition";"Sous-total";"Remise";"Livraison";"TVA";"Total TTC";"Remboursé";"Devise"',
  );
  // Léa's four orders (27 October) and Noé's four (28 October), Paris days.
  expect(lines.slice(1).map((l) => l.split(";")[0])).toEqual(
    ["10011", "10012", "10013", "10014", "10015", "10016", "10017", "10018"].map((n) => `"${n}"`),
  );
  expect(lines.find((l) => l.startsWith('"10013"'))).toContain('"Léa Garnier";"lea@exemple.fr"');
  for (const l of lines) for (const cell of l.split(";")) expect(cell).not.toMatch(/^"[=+\-@]/);
});

test("a bulk delete says how many members it will delete and deletes exactly those; every member needs a typed word", async ({
  page,
  javaScriptEnabled,
}) => {
  test.setTimeout(90_000);
  const tag = `lot${unique()}`;
  for (const n of [1, 2]) {
    await page.goto("/account/register");
    await signUpWithForm(page, { email: `${tag}-${n}@exemple.fr`, password: "motdepasse-solide" });
    await expect(page.getByRole("banner").getByRole("button", { name: "Se déconnecter" })).toBeVisible();
    await page.getByRole("banner").getByRole("button", { name: "Se déconnecter" }).click();
    await expect(page.getByRole("banner").getByRole("button", { name: "Se connecter" })).toBeVisible();
  }
  await loginAsOwner(page, javaScriptEnabled, "/admin/members");
  // No filter: every member. A click is not enough, a wrong word does nothing.
  await page.getByRole("button", { name: "Supprimer tout" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(/^Supprimer \d+ membres \?/);
  await expect(dialog).toContainText("Aucun filtre : l'action touche tous les membres du site (sauf les propriétaires).");
  await dialog.getByLabel("Pour confirmer, tapez « TOUS LES MEMBRES »").fill("tous");
  await dialog.getByRole("button", { name: /^Supprimer \d+ membres$/ }).click();
  await expect(page.getByRole("alertdialog")).toContainText("Tapez exactement « TOUS LES MEMBRES » pour agir sur tous les membres.");
  await page.getByRole("alertdialog").getByRole("link", { name: "Ne rien faire" }).click();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);

  await page.getByLabel("Nom ou e-mail (contient)").fill(tag);
  await page.getByRole("button", { name: "Rechercher" }).click();
  await expect(page.getByText("2 membres", { exact: true })).toBeVisible();
  await ready(page, javaScriptEnabled);
  await page.getByRole("button", { name: "Supprimer tout" }).click();
  await expect(dialog).toContainText("Supprimer 2 membres ?");
  await expect(dialog).toContainText(`${tag}-1@exemple.fr`);
  await expect(dialog).toContainText("La suppression est définitive.");
  await dialog.getByRole("button", { name: "Supprimer 2 membres" }).click();
  await status(page, "2 membres supprimés.");
  await expect(page.getByText("0 membre", { exact: true })).toBeVisible();
});

test("the order's and the customer's pages have no serious accessibility violation and fit 390 px @js", async ({
  page,
  javaScriptEnabled,
}) => {
  test.setTimeout(120_000);
  await loginAsOwner(page, javaScriptEnabled);
  await openOrder(page, "10002", javaScriptEnabled);
  await expectNoSeriousA11yViolations(page);
  const order = page.url();
  for (const path of [order, "/admin/customers/demo%40exemple.fr", "/admin/contact?statut=ARCHIVED"]) {
    await page.goto(path);
    await expectNoSeriousA11yViolations(page);
  }
  await page.setViewportSize({ width: 390, height: 800 });
  for (const path of ["/admin", order, "/admin/customers/demo%40exemple.fr"]) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }
});

/** A PDF's text, its white space folded (the invoices' lines are checked as running text). */
async function pdfText(body: Buffer): Promise<string> {
  const { pages } = await readPdf(body);
  return pages
    .map((text) => `${text}\n`)
    .join("")
    .replace(/\s+/g, " ");
}

test("a contact request is answered by mail with the request quoted, marked handled, archived and restored; an order keeps an internal note", async ({
  page,
  javaScriptEnabled,
}) => {
  const sender = `demande-${unique()}@exemple.fr`;
  const name = `Inès ${javaScriptEnabled ? "Avec" : "Sans"} Script`;
  const message = "Pouvez-vous auditer notre plateforme avant sa mise en production ?";
  await page.goto("/contact");
  await ready(page, javaScriptEnabled);
  await page.getByLabel("Nom", { exact: true }).fill(name);
  await page.getByLabel("E-mail").fill(sender);
  await page.getByLabel("Sujet").selectOption("audit");
  await page.getByLabel("Message").fill(message);
  await page.getByRole("button", { name: "Envoyer la demande" }).click();
  await expect(page).toHaveURL("/contact/merci");

  await loginAsOwner(page, javaScriptEnabled, "/admin/contact");
  const request = page.getByRole("article").filter({ hasText: sender });
  await expect(request.getByRole("heading")).toHaveText(`Audit — ${name}`);
  await expect(request).toContainText("Nouvelle");
  // "Répondre" opens the owner's mail to the sender, the subject answered and the request quoted.
  const reply = new URL((await request.getByRole("link", { name: `Répondre à ${name}` }).getAttribute("href"))!);
  expect(reply.protocol).toBe("mailto:");
  expect(decodeURIComponent(reply.pathname)).toBe(sender);
  expect(reply.searchParams.get("subject")).toBe("Re: Audit");
  expect(reply.searchParams.get("body")).toContain(`${name} a écrit le `);
  expect(reply.searchParams.get("body")).toContain(`> ${message}`);

  await request.getByRole("button", { name: `Marquer traitée : Audit — ${name}` }).click();
  await status(page, "Demande marquée comme traitée.");
  await expect(request.locator(".admin-badge")).toHaveText("Traitée");
  await request.getByRole("button", { name: `Archiver : Audit — ${name}` }).click();
  await status(page, "Demande archivée.");
  // Archived requests leave the current list and wait under "Archivées".
  await expect(request).toHaveCount(0);
  await page
    .getByRole("navigation", { name: "Demandes par statut" })
    .getByRole("link", { name: /^Archivées/ })
    .click();
  await expect(request.locator(".admin-badge")).toHaveText("Archivée");
  await request.getByRole("button", { name: `Désarchiver : Audit — ${name}` }).click();
  await status(page, "Demande sortie des archives.");
  await page.goto("/admin/contact");
  await expect(request.getByRole("heading")).toHaveText(`Audit — ${name}`);

  const data = seeded(javaScriptEnabled);
  await openOrder(page, data.partial, javaScriptEnabled);
  const notes = page.getByRole("region", { name: "Notes internes" });
  await page.getByRole("button", { name: "Ajouter la note" }).click();
  await expect(page.getByText("Écrivez une note de 1 à 2000 caractères.")).toBeVisible();
  const note = `Client rappelé le ${unique()} : colis à regrouper.`;
  await page.getByLabel("Nouvelle note interne").fill(note);
  await page.getByRole("button", { name: "Ajouter la note" }).click();
  await status(page, "Note ajoutée.");
  await expect(notes).toContainText(note);
  await page.reload();
  await expect(notes).toContainText(note);
});
