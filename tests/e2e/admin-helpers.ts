import type { Page } from "@playwright/test";
import { expect } from "./fixtures";
import { loginWithForm, OWNER_LOGIN, ready } from "./helpers";

/** The back-office browser tests' shared steps (admin.spec.ts, admin-order-life.spec.ts). */

export { ready };

export async function loginAsOwner(page: Page, javaScriptEnabled: boolean, to = "/admin") {
  await page.goto(to);
  await loginWithForm(page, OWNER_LOGIN);
  await expect(page).toHaveURL(to);
  await ready(page, javaScriptEnabled);
}

export async function openOrder(page: Page, number: string, javaScriptEnabled: boolean) {
  // Found by its number: by the time a project runs, the other project's orders may have pushed it off page 1.
  await page.goto(`/admin/orders?q=${number}`);
  await ready(page, javaScriptEnabled);
  await page.getByRole("link", { name: `N° ${number}`, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Commande n° ${number}`);
  await ready(page, javaScriptEnabled);
}

export const status = (page: Page, text: string | RegExp) => expect(page.getByText(text).first()).toBeVisible();
