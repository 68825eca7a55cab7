import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { bucketOf, clientBucketOf, rateLimits, RATE_LIMIT_MESSAGE, type RateLimits } from "../../server/rate-limits";

describe("which POSTs are rate limited", () => {
  it.each([
    ["/account/login", "login"],
    ["/account/login.data", "login"],
    ["/_platform/login", "login"],
    ["/account/verify", "login"],
    ["/account/forgot-password.data", "login"],
    ["/account/register", "signup"],
    ["/_platform/signup", "signup"],
    ["/checkout", "checkout"],
    ["/checkout.data", "checkout"],
    ["/_platform/checkout", "checkout"],
    ["/cart", "cart"],
    ["/cart.data", "cart"],
    ["/products/mug-devops", "cart"],
    ["/products/mug-devops.data", "cart"],
    // Every spelling React Router routes to the same action: case, percent-encoding, single-fetch suffixes.
    ["/ACCOUNT/LOGIN", "login"],
    ["/account/%6Cogin", "login"],
    ["/account/%256Cogin", "login"],
    ["/Account/Login.data", "login"],
    ["/account/login/_.data", "login"],
    ["/account/login/", "login"],
    ["//account//login", "login"],
    ["/CHECKOUT.data", "checkout"],
    ["/Products/Mug-DevOps.data", "cart"],
    ["/_platform/api/_api/iam/authentication/v2/login", "login"],
    ["/_platform/api/_api/iam/recovery/v1/send-email", "login"],
    ["/_platform/api/_api/iam/verification/v1/auth/verify", "login"],
    ["/_platform/api/_api/iam/authentication/v2/register", "signup"],
    ["/_platform/reset-password", "login"],
    // Dot segments, as the URL parser resolves them before routing (outside review, finding 2).
    ["/account/./login", "login"],
    ["/x/../account/login", "login"],
    ["/account/%2e/login", "login"],
    ["/./account/login", "login"],
    ["/account/login/.", "login"],
    ["/_platform/./signup", "signup"],
    ["/_platform/api/./_api/iam/authentication/v2/login", "login"],
    ["/_platform/api/x/../_api/iam/authentication/v2/register", "signup"],
    ["/./cart", "cart"],
    ["/products/./audit-si", "cart"],
    // A quote's answers and payment (each makes Wix calls with the site's key, the pay button a payment session) and
    // the hosted payment request page (a card attempt each): counted as a checkout.
    ["/devis", "checkout"],
    ["/devis.data", "checkout"],
    ["/Devis/", "checkout"],
    ["/_platform/demande-paiement", "checkout"],
    // The account page's password change checks the current password as a login, then hashes the new one: a door
    // to both password hashes that nothing counted.
    ["/account", "login"],
    ["/account.data", "login"],
    ["/Account/", "login"],
    ["/account/_.data", "login"],
    ["/_platform/api/_api/iam/authentication/v2/change-password", "login"],
    ["/products", null],
    ["/preferences/theme", null],
    ["/", null],
  ])("%s → %s", (path, bucket) => {
    expect(bucketOf(path)).toBe(bucket);
  });

  // Outside attack 3, finding 3: the platform's Forms API (and its /_api/ twin) sent 30 e-mails in 0.5 s outside the
  // contact limit; every other platform write gets a bucket too, whatever its method or spelling.
  it.each([
    ["POST", "/_platform/api/form-submission-service/v4/submissions", "contact"],
    ["POST", "/_platform/api/_api/form-submission-service/v4/submissions", "contact"],
    ["POST", "/_platform/api/Form-Submission-Service/v4/submissions/", "contact"],
    ["POST", "/_platform/api/%5Fapi/form-submission-service/v4/submissions", "contact"],
    ["POST", "/_platform/api/oauth2/token", "token"],
    ["POST", "/_platform/api/oauth2/revoke", "token"],
    ["POST", "/_platform/api/ecom/v1/carts", "cart"],
    ["POST", "/_platform/api/ecom/v1/carts/current/add-to-cart", "cart"],
    ["PATCH", "/_platform/api/ecom/v1/carts/current", "cart"],
    ["DELETE", "/_platform/api/ecom/v1/carts/abc", "cart"],
    ["POST", "/_platform/api/ecom/v1/carts/current/create-checkout", "checkout"],
    ["POST", "/_platform/api/ecom/v1/checkouts", "checkout"],
    ["PATCH", "/_platform/api/ecom/v1/checkouts/abc", "checkout"],
    ["POST", "/_platform/api/redirects-api/v1/redirect-session", "redirect"],
    ["POST", "/_platform/api/_api/redirects-api/v1/redirect-session", "redirect"],
    ["POST", "/_platform/api/headless/v1/redirect-session", "redirect"],
    ["POST", "/_platform/api/v1/redirect-session", "redirect"],
    ["PATCH", "/_platform/api/members/v1/members/m1", "write"],
    ["DELETE", "/_platform/api/members/v1/members/my", "write"],
    ["POST", "/_platform/api/ecom/v1/orders", "write"],
    ["GET", "/_platform/api/ecom/v1/carts/current", null],
    ["POST", "/webhooks/wix", null],
  ])("%s %s → %s", (method, path, bucket) => {
    expect(bucketOf(path, method)).toBe(bucket);
  });

  // Finding 2: every request to the platform's API and to the webhook endpoint counts per client, reads included.
  it.each([
    ["/_platform/api/stores/v1/products/query", "api"],
    ["/_platform/API/oauth2/token", "api"],
    ["/_platform/api", "api"],
    ["/webhooks/wix", "webhook"],
    ["/Webhooks/Wix.data", "webhook"],
    ["/_platform/login", null],
    ["/products", null],
  ])("every request to %s → %s", (path, bucket) => {
    expect(clientBucketOf(path)).toBe(bucket);
  });
});

describe("rate limiting over HTTP", () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    const app = express();
    const limits: RateLimits = {
      login: 2,
      signup: 1,
      checkout: 1,
      cart: 3,
      contact: 1,
      token: 2,
      redirect: 1,
      write: 1,
      api: 6,
      webhook: 2,
    };
    app.use(rateLimits(limits));
    app.all("/{*any}", (_req, res) => res.send("ok"));
    await new Promise<void>((resolve) => (server = app.listen(0, "127.0.0.1", () => resolve())));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("answers 429 in French with Retry-After once a client exceeds the login limit", async () => {
    const post = () => fetch(`${base}/account/login`, { method: "POST", headers: { Accept: "text/html" } });
    expect((await post()).status).toBe(200);
    expect((await post()).status).toBe(200);
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("Retry-After"))).toBeLessThanOrEqual(60);
    expect(await refused.text()).toContain(RATE_LIMIT_MESSAGE);
  });

  it("keeps refusing after 429 whatever the spelling of the path", async () => {
    for (const path of ["/ACCOUNT/LOGIN", "/account/%6Cogin", "/Account/Login.data", "/account/login/_.data"]) {
      expect((await fetch(`${base}${path}`, { method: "POST" })).status).toBe(429);
    }
  });

  it("counts buckets apart and never limits GETs", async () => {
    expect((await fetch(`${base}/checkout`, { method: "POST" })).status).toBe(200);
    expect((await fetch(`${base}/checkout.data`, { method: "POST" })).status).toBe(429);
    for (let i = 0; i < 5; i++) expect((await fetch(`${base}/account/login`)).status).toBe(200);
    expect((await fetch(`${base}/cart`, { method: "POST" })).status).toBe(200);
  });

  it("limits contact requests in their own bucket (each one e-mails the owner and the sender)", async () => {
    expect((await fetch(`${base}/contact`, { method: "POST" })).status).toBe(200);
    expect((await fetch(`${base}/Contact.data`, { method: "POST" })).status).toBe(429);
    expect((await fetch(`${base}/contact`)).status).toBe(200);
  });

  it("limits the platform's Forms API in the contact bucket the site's contact form already used up", async () => {
    const forms = "/_platform/api/_api/form-submission-service/v4/submissions";
    expect((await fetch(`${base}${forms}`, { method: "POST" })).status).toBe(429);
  });

  it("counts every request to the platform API and to the webhook endpoint per client, reads included", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await fetch(`${base}/_platform/api/stores/v1/products/query`)).status);
    // The Forms call above was the first of this client's 6 platform API requests.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const hooks = [];
    for (let i = 0; i < 3; i++) hooks.push((await fetch(`${base}/webhooks/wix`, { method: "POST" })).status);
    expect(hooks).toEqual([200, 200, 429]);
  });
});
