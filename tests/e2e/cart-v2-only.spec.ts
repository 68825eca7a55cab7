import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { addToCartFrom, apiCalls, CLAIRE, continueToPayment, fillCheckout, payByCard, visit } from "./helpers";

/**
 * Cart V1 and Checkout V1 are removed (decision 0042) from Wix on 1 February 2027. A whole purchase (add, a new quantity,
 * a coupon, the checkout, the payment) goes through Cart V2 only: the platform's record of the API calls it
 * answered (/_platform/api-log) holds no /ecom/v1/carts or /ecom/v1/checkouts call made during it.
 */

async function newQuantity(page: Page, javaScriptEnabled: boolean, quantity: number) {
  await visit(page, "/cart", javaScriptEnabled);
  const line = page.getByRole("listitem").filter({ hasText: "TypeScript au quotidien" });
  await line.getByLabel("Quantité", { exact: true }).fill(String(quantity));
  await line.getByRole("button", { name: "Mettre à jour" }).click();
  await expect(line.getByLabel("Quantité", { exact: true })).toHaveValue(String(quantity));
  await expect(page.getByText("Quantité mise à jour").first()).toBeVisible();
}

test("a whole purchase makes no Cart V1 or Checkout V1 call: add, quantity, coupon, checkout, payment", async ({
  page,
  request,
  javaScriptEnabled,
}, testInfo) => {
  const before = (await apiCalls(request)).length;
  await addToCartFrom(page, "/products/livre-typescript", javaScriptEnabled);
  await newQuantity(page, javaScriptEnabled, 2);
  await page.getByLabel("Code promo", { exact: true }).fill("BIENVENUE10");
  await page.getByRole("button", { name: "Appliquer" }).click();
  await expect(page.getByText("Code promo appliqué").first()).toBeVisible();
  // The welcome code is once per customer, a member (docs/decisions/0057): this guest takes it off again.
  await page.getByRole("button", { name: "Retirer le code promo" }).click();
  await expect(page.getByText("Code promo retiré").first()).toBeVisible();
  await fillCheckout(page, javaScriptEnabled, { ...CLAIRE, email: `claire.v2-${testInfo.project.name}@exemple.fr` });
  await continueToPayment(page, { digital: false });
  // 2 × 39,00 € + 4,90 € of standard delivery.
  await expect(page.getByText("82,90 €").first()).toBeVisible();
  await payByCard(page);

  const during = (await apiCalls(request)).slice(before);
  expect(during.filter((call) => /^\w+ \/ecom\/v1\/(carts|checkouts)\b/.test(call))).toEqual([]);
  for (const call of [
    "POST /ecom/v2/carts/current/add-line-items",
    "POST /ecom/v2/carts/current/update-line-items",
    "POST /ecom/v2/carts/current/add-coupon",
    "POST /ecom/v2/carts/current/remove-coupon",
    "POST /ecom/v2/carts/current/estimate",
    // The buyer, the addresses and the delivery method, in one Update (decision 0081).
    "PATCH /ecom/v2/carts/current",
    "POST /_api/delivery-rates/v1/get-delivery-solutions",
  ])
    expect(during, call).toContain(call);
  // The hosted checkout: a redirect session (naming the V2 cart), whatever path the SDK picks for it.
  expect(during.some((call) => /^POST \S*redirect-session$/.test(call))).toBe(true);
});
