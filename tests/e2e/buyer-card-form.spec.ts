import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { addAndFillCheckout, claireAs, continueToPayment, fillCard, PAY_BUTTON, payByCard } from "./helpers";

/**
 * The hosted payment page's card form: every field checked at once, each error beside its field and in a summary of
 * links, the card number kept (never the security code), the answer a GET so Back never asks to resubmit.
 */

async function toPaymentPage(page: Page, javaScriptEnabled: boolean) {
  await addAndFillCheckout(page, "/products/livre-clean-code", javaScriptEnabled, claireAs("carte-vide"));
  await page.getByRole("radio", { name: /Retrait sur place/ }).check();
  await continueToPayment(page, { digital: false });
}

test("a card with no expiry, no CVC and a mistyped number: three errors at once, then Back and a good card", async ({
  page,
  javaScriptEnabled,
}) => {
  await toPaymentPage(page, javaScriptEnabled);
  const paymentPage = page.url();
  await fillCard(page, { number: "4242 4242 4242 4241", expiry: "", cvc: "", holder: "Claire Martin" });
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST") posts.push(new URL(r.url()).pathname);
  });
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/_platform/checkout" && r.request().method() === "GET");
  await page.getByRole("button", { name: PAY_BUTTON }).click();
  // The page showing the errors was reached by a GET (the POST answered a redirect), its URL free of card data.
  const answer = await answered;
  expect(answer.request().method()).toBe("GET");
  expect(answer.status()).toBe(200);
  expect(new URL(answer.url()).searchParams.get("reponse")).toMatch(/^[\w-]{24}$/);
  expect(answer.url()).not.toContain("4241");
  expect(posts).toEqual(["/_platform/checkout"]);

  await expect(page.getByLabel("Numéro de carte")).toHaveAccessibleDescription("Numéro de carte invalide : vérifiez les chiffres saisis.");
  await expect(page.getByLabel("Date d'expiration (MM/AA)")).toHaveAccessibleDescription(
    "Indiquez la date d'expiration de la carte (MM/AA).",
  );
  await expect(page.getByLabel("Cryptogramme")).toHaveAccessibleDescription(
    "Les 3 chiffres au dos de la carte. Indiquez le cryptogramme : les 3 chiffres au dos de la carte.",
  );
  for (const label of ["Numéro de carte", "Date d'expiration (MM/AA)", "Cryptogramme"])
    await expect(page.getByLabel(label)).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Titulaire de la carte")).not.toHaveAttribute("aria-invalid", "true");
  // The number and the holder kept; the summary links each error to its field.
  await expect(page.getByLabel("Numéro de carte")).toHaveValue("4242 4242 4242 4241");
  await expect(page.getByLabel("Titulaire de la carte")).toHaveValue("Claire Martin");
  const summary = page.getByRole("alert").filter({ hasText: "3 champs sont à corriger" });
  await expect(summary.getByRole("link")).toHaveCount(3);
  await expect(summary.getByRole("link", { name: /^Cryptogramme/ })).toHaveAttribute("href", "#cvc");

  // Back: the payment page as it was, from history, without sending the form again.
  await page.goBack();
  await expect(page).toHaveURL(paymentPage);
  await expect(page.getByRole("heading", { level: 1, name: "Paiement" })).toBeVisible();
  expect(posts).toEqual(["/_platform/checkout"]);

  await payByCard(page);
});

test("a security code of 2 digits is refused beside it and never written back", async ({ page, javaScriptEnabled }) => {
  await toPaymentPage(page, javaScriptEnabled);
  await fillCard(page, { cvc: "12" });
  await page.getByRole("button", { name: PAY_BUTTON }).click();
  const cvc = page.getByLabel("Cryptogramme");
  await expect(cvc).toHaveAccessibleDescription(/Cryptogramme invalide : 3 chiffres, au dos de la carte\.$/);
  await expect(cvc).toHaveValue("");
  await expect(page.getByLabel("Numéro de carte")).toHaveValue("4242 4242 4242 4242");
  await expect(page.getByLabel("Date d'expiration (MM/AA)")).toHaveValue("12/34");
  await expect(page.getByRole("alert").filter({ hasText: "Un champ est à corriger" })).toBeVisible();
});
