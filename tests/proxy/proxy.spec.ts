import type { Page } from "@playwright/test";
import { waitForHydration } from "../e2e/fixtures";
import { expectPublicOriginOnly, expect, test } from "./fixtures";
import {
  addToCartFrom,
  CLAIRE,
  continueToPayment,
  DEMO,
  fillCheckout,
  fillCheckoutFields,
  fillHostedLogin,
  payByCard,
} from "../e2e/helpers";

/**
 * The deployment trap of a TLS proxy in front (docs/deployment.md), end to end: the browser talks https to nginx,
 * nginx talks http to `node server.js` (TRUST_PROXY=loopback, PUBLIC_ORIGIN the
 * proxy's https origin). Form POSTs must not be refused by the origin check,
 * cookies must be Secure, and every redirect or callback URL (login redirect URI,
 * payment page, thank-you page) must be on the public https origin.
 */

const BOOK = { path: "/products/livre-typescript", name: "TypeScript au quotidien" };

const headerCart = (page: Page) => page.getByRole("banner").getByRole("link", { name: /^Panier/ });

test("the site is served over https through nginx, with the request id", async ({ page, stack: proxy, traffic }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  expect(page.url()).toBe(`${proxy.origin}/`);
  expect(response?.headers()["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page.getByRole("banner")).toBeVisible();
  // HSTS because the public origin is https (browsers ignore it on the internal http port anyway).
  expect(response?.headers()["strict-transport-security"]).toMatch(/max-age=\d+/);
  // The canonical URL comes from PUBLIC_ORIGIN, even when the internal port is asked directly with another Host.
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${proxy.origin}/`);
  const direct = await (await fetch(`${proxy.upstream}/`)).text();
  expect(direct).toContain(`<link rel="canonical" href="${proxy.origin}/"`);
  await expectPublicOriginOnly(page, traffic, proxy.origin);
});

test("login and logout through the proxy", async ({ page, stack: proxy, traffic, javaScriptEnabled }) => {
  await page.goto("/products");
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByRole("banner").getByRole("button", { name: "Se connecter" }).click();
  await expect(page).toHaveURL(new RegExp(`^${proxy.origin}/_platform/login`));
  await fillHostedLogin(page, DEMO);
  await expect(page.getByRole("banner").getByRole("button", { name: "Se déconnecter" })).toBeVisible();
  // Back where the login started, on the public origin.
  expect(page.url()).toBe(`${proxy.origin}/products`);

  // The callback went through /account/callback on the public origin.
  const callback = traffic.responses.find((r) => r.url.startsWith(`${proxy.origin}/account/callback`));
  expect(callback, "the OAuth callback was reached on the public origin").toBeTruthy();
  const session = (await page.context().cookies()).find((c) => c.name === "__session");
  expect(session?.secure).toBe(true);
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe("Lax");

  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByRole("banner").getByRole("button", { name: "Se déconnecter" }).click();
  await expect(page.getByRole("banner").getByRole("button", { name: "Se connecter" })).toBeVisible();
  await expectPublicOriginOnly(page, traffic, proxy.origin);
});

test("add to cart, checkout and card payment through the proxy", async ({ page, stack: proxy, traffic, javaScriptEnabled }) => {
  // Waits for the server's answer (and its cookie), not the optimistic header count, before leaving the page.
  await addToCartFrom(page, BOOK.path, javaScriptEnabled, 2);
  await expect(headerCart(page)).toHaveAccessibleName("Panier, 2 articles");

  await page.goto("/cart");
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByRole("button", { name: "Passer la commande" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Commande" })).toBeVisible();
  if (javaScriptEnabled) await waitForHydration(page);
  await fillCheckoutFields(page, { ...CLAIRE, email: "proxy.buyer@exemple.fr" });
  await continueToPayment(page, { digital: false });

  // The hosted payment page is on the public origin too.
  await expect(page).toHaveURL(new RegExp(`^${proxy.origin}/_platform/checkout\\?session=`));
  await payByCard(page);
  await expect(page).toHaveURL(new RegExp(`^${proxy.origin}/checkout/complete\\?orderId=`));
  await expect(headerCart(page)).toHaveAccessibleName("Panier, 0 article");

  // The payment page's redirect to the thank-you page was an absolute https URL on the public origin.
  const toThankYou = traffic.responses.find((r) => r.location?.includes("/checkout/complete"));
  expect(toThankYou?.location).toMatch(new RegExp(`^${proxy.origin}/checkout/complete\\?orderId=`));
  await expectPublicOriginOnly(page, traffic, proxy.origin);
});

test("cancelling on the payment page comes back to the cart on the public origin", async ({
  page,
  stack: proxy,
  traffic,
  javaScriptEnabled,
}) => {
  // Waits for the server's answer (and its cookie), not the optimistic header count, before leaving the page.
  await addToCartFrom(page, "/products/formation-git", javaScriptEnabled);
  await expect(headerCart(page)).toHaveAccessibleName("Panier, 1 article");
  await fillCheckout(page, javaScriptEnabled, { ...CLAIRE, email: "proxy.annule@exemple.fr" });
  await continueToPayment(page, { digital: true });
  await expect(page).toHaveURL(new RegExp(`^${proxy.origin}/_platform/checkout\\?session=`));
  await page.getByRole("button", { name: "Annuler" }).click();
  await expect(page).toHaveURL(`${proxy.origin}/cart`);
  await expect(headerCart(page)).toHaveAccessibleName("Panier, 1 article");
  await expectPublicOriginOnly(page, traffic, proxy.origin);
});

test("a POST whose Origin is another site is still refused behind the proxy", async ({ page, stack: proxy }) => {
  // The origin check must be kept, only fed the right origin: a foreign Origin is not accepted.
  await page.goto("/");
  const foreign = await page.request.post(`${proxy.origin}/products/livre-typescript`, {
    headers: { Origin: "https://evil.example" },
    form: { intent: "add", productId: "x", quantity: "1" },
    maxRedirects: 0,
  });
  expect(foreign.status()).toBe(403);
  const same = await page.request.post(`${proxy.origin}/account/login`, {
    headers: { Origin: proxy.origin },
    form: {},
    maxRedirects: 0,
  });
  expect(same.status()).not.toBe(400);
});
