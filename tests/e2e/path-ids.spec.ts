import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { DEMO, loginWithForm, OWNER_LOGIN } from "./helpers";

/**
 * Ids taken from the URL become path segments of platform calls, and the Wix SDK puts them there unencoded: an id
 * such as `../../../members/v1/members/my` would send the caller's token (or the owner's API key) to another
 * endpoint. Only the ids the platform hands out (letters, digits, `-`, `_`) reach it; anything else is the 404 screen.
 */

const TRAVERSAL = encodeURIComponent("../../../members/v1/members/my");

/** Logs `who` in with the site's form, opens `path` and finds the 404 screen there. */
async function expectNotFoundFor(page: Page, who: { email: string; password: string }, path: string) {
  await page.goto("/account/login");
  await loginWithForm(page, who);
  await expect(page).toHaveURL("/");
  const response = await page.goto(path);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Introuvable");
}

test("a member's order page refuses an id that is not an order id", async ({ page, allowStatusFor }) => {
  allowStatusFor("/account/orders/");
  await expectNotFoundFor(page, DEMO, `/account/orders/${TRAVERSAL}`);
});

test("the owner's order page and member actions refuse ids that are not platform ids", async ({ page, allowStatusFor }) => {
  allowStatusFor("/admin/orders/");
  await expectNotFoundFor(page, OWNER_LOGIN, `/admin/orders/${TRAVERSAL}`);

  const blocked = await page.request.post("/admin/members", {
    form: { intent: "block", memberId: "../../../stores/v1/products" },
    headers: { origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(blocked.status()).toBe(303);
  await page.goto("/admin/members");
  await expect(page.getByText("Membre introuvable.").first()).toBeVisible();
});

test("the owner's forms and filters take only their own names, not ones every object has", async ({ page }) => {
  await page.goto("/account/login");
  await loginWithForm(page, OWNER_LOGIN);
  await expect(page).toHaveURL("/");
  const origin = new URL(page.url()).origin;
  for (const intent of ["constructor", "bulk-constructor", "__proto__"]) {
    const answer = await page.request.post("/admin/members", { form: { intent, memberId: "abc" }, headers: { origin }, maxRedirects: 0 });
    expect(answer.status()).toBe(303);
    await page.goto("/admin/members");
    await expect(page.getByText("Action inconnue.").first()).toBeVisible();
  }
  // An unknown status is dropped, not sent: the list is the unfiltered one, with last year's seeded orders on it.
  await page.goto("/admin/orders?status=constructor&to=2025-10-31");
  await expect(page.getByRole("link", { name: "N° 10001", exact: true })).toBeVisible();
});
