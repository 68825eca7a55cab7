import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlatform, EMBEDDED_CLIENT_ID, type Platform } from "../../../platform/index";
import { normalizeExpiry } from "../../../platform/pages/card-form";
import { seedId } from "../../../platform/seed/seed-ids";
import {
  addToCart,
  api,
  checkoutSession,
  FIXTURE,
  fixturePlatform,
  form,
  IAM,
  loginPageSession,
  memberLogin,
  ORIGIN,
  pkce,
  TEST_CARD,
  visitorToken,
} from "./helpers";

let p: Platform;
beforeAll(() => {
  p = fixturePlatform();
});
afterAll(() => p.close());

describe("transport", () => {
  it("serves the API under /_platform/api and ignores x-platform-app-origin there", async () => {
    const token = await visitorToken(p);
    const r = await api(p, "GET", `/_platform/api/stores-reader/v1/products/${seedId("prod-audit")}`, {
      host: "http://shop.example",
      token,
      headers: { "x-platform-app-origin": "http://evil.example" },
    });
    expect(r.status).toBe(200);
    expect(r.json.product.media.mainMedia.image.url).toBe("http://localhost:3000/_platform/media/products/book.svg");
  });

  it("uses x-platform-app-origin for in-process SDK requests", async () => {
    const r = await api(p, "GET", `/stores-reader/v1/products/${seedId("prod-audit")}`, {
      headers: { "x-platform-app-origin": "https://shop.example" },
    });
    expect(r.json.product.media.mainMedia.image.url).toBe("https://shop.example/_platform/media/products/book.svg");
  });

  it("answers a wrong method with a JSON 405 and bad JSON with a 400, never a 500", async () => {
    const token = await visitorToken(p);
    expect((await api(p, "PUT", "/ecom/v1/carts/current", { token })).status).toBe(405);
    const res = await p.fetch(
      new Request("https://www.wixapis.com/ecom/v1/carts/current/add-to-cart", {
        method: "POST",
        headers: { authorization: token, "content-type": "application/json" },
        body: "{nope",
      }),
    );
    expect(res.status).toBe(400);
    expect(res.headers.get("x-wix-request-id")).toBeTruthy();
    const bad = await api(p, "POST", "/ecom/v1/carts/current/add-to-cart", { token, body: { lineItems: "x" } });
    expect(bad.status).toBe(400);
    expect(bad.json.details.validationError.fieldViolations[0].field).toBe("lineItems");
    const badR = await api(p, "GET", "/stores-reader/v1/products/query-platformized?.r=%%%");
    expect(badR.status).toBe(400);
  });

  it("serves media with content type and long cache, by path or by wire id, and never outside the media folder", async () => {
    const a = await p.fetch(new Request(`${ORIGIN}/_platform/media/products/book.svg`));
    expect(a.status).toBe(200);
    expect(a.headers.get("content-type")).toBe("image/svg+xml");
    expect(a.headers.get("cache-control")).toContain("max-age=31536000");
    expect((await p.fetch(new Request(`${ORIGIN}/_platform/media/products__book.svg`))).status).toBe(200);
    expect((await p.fetch(new Request(`${ORIGIN}/_platform/media/..%2Fdemo.json`))).status).toBe(404);
    expect((await p.fetch(new Request(`${ORIGIN}/_platform/media/%2e%2e/%2e%2e/package.json`))).status).toBe(404);
    const css = await p.fetch(new Request(`${ORIGIN}/_platform/assets/platform.css`));
    expect(css.headers.get("content-type")).toContain("text/css");
    expect(await css.text()).toContain("#2455a4");
  });
});

describe("cart rules", () => {
  it("flags a line whose quantity exceeds the stock as PARTIALLY_AVAILABLE and refuses to check it out", async () => {
    const token = await visitorToken(p);
    const add = await addToCart(p, token, seedId("prod-mug"), 3);
    const line = add.json.cart.lineItems[0];
    expect(line.availability).toEqual({ status: "PARTIALLY_AVAILABLE", quantityAvailable: 1 });
    const est = await api(p, "POST", "/ecom/v1/carts/current/estimate-totals", { token, body: {} });
    expect(est.json.violations[0].target.lineItem).toEqual({ name: "LINE_ITEM_DEFAULT", id: line.id, suggestedFix: "REMOVE_LINE_ITEM" });
    const ck = await api(p, "POST", "/ecom/v1/carts/current/create-checkout", { token, body: { channelType: "WEB" } });
    expect(ck.status).toBe(400);
    expect(ck.json.details.applicationError.code).toBe("LINE_ITEMS_OUT_OF_STOCK");
  });

  it("refuses a product with options but no valid variant, and quantities over 9999", async () => {
    const token = await visitorToken(p);
    const r = await addToCart(p, token, seedId("prod-tshirt"), 1, { options: { Taille: "XXL", Couleur: "Rouge" } });
    expect(r.json.details.applicationError.code).toBe("INVALID_CATALOG_OPTIONS");
    const q = await addToCart(p, token, seedId("prod-audit"), 10000);
    expect(q.json.message).toBe('INVALID_ARGUMENT: "lineItems[0].quantity" must be <= 9999');
    const f = await addToCart(p, token, seedId("prod-audit"), 1.5);
    expect(f.status).toBe(400);
    const unknown = await addToCart(p, token, "nope", 1);
    expect(unknown.status).toBe(404);
  });

  it("accepts a choice by value (colour code) as well as by description", async () => {
    const token = await visitorToken(p);
    const a = await addToCart(p, token, seedId("prod-tshirt"), 1, { options: { Taille: "L", Couleur: "#2455a4" } });
    const b = await addToCart(p, token, seedId("prod-tshirt"), 1, { options: { Taille: "L", Couleur: "Bleu" } });
    expect(b.json.cart.lineItems).toHaveLength(1);
    expect(b.json.cart.lineItems[0].quantity).toBe(2);
    expect(a.json.cart.lineItems[0].descriptionLines[1].colorInfo).toEqual({ original: "Bleu", translated: "Bleu", code: "#2455a4" });
  });

  it("does not charge shipping for digital-only carts", async () => {
    const token = await visitorToken(p);
    await addToCart(p, token, seedId("prod-audit"), 1);
    const est = await api(p, "POST", "/ecom/v1/carts/current/estimate-totals", {
      token,
      body: { selectedShippingOption: { code: "standard" } },
    });
    expect(est.json.priceSummary.shipping.amount).toBe("0.00");
    expect(est.json.priceSummary.total.amount).toBe("1020.00");
    expect(est.json.priceSummary.tax.amount).toBe("170.00");
  });
});

describe("checkout, payment page and orders", () => {
  it("updates a checkout (names, e-mail, shipping option) through PATCH", async () => {
    const token = await visitorToken(p);
    await addToCart(p, token, seedId("prod-tshirt"), 1, { options: { Taille: "L", Couleur: "Bleu" } });
    const { checkoutId } = await checkoutSession(p, token);
    const r = await api(p, "PATCH", `/ecom/v1/checkouts/${checkoutId}`, {
      token,
      body: {
        checkout: {
          billingInfo: { contactDetails: { firstName: "Léa", lastName: "Roux" } },
          shippingInfo: { selectedCarrierServiceOption: { code: "pickup" } },
          buyerInfo: { email: "lea@exemple.fr" },
        },
      },
    });
    expect(r.status).toBe(200);
    expect(r.json.checkout.billingInfo.contactDetails).toEqual({ firstName: "Léa", lastName: "Roux" });
    expect(r.json.checkout.buyerInfo.email).toBe("lea@exemple.fr");
    expect(r.json.checkout.priceSummary.shipping.amount).toBe("0.00");
    const other = await visitorToken(p);
    expect((await api(p, "GET", `/ecom/v1/checkouts/${checkoutId}`, { token: other })).status).toBe(404);
  });

  it("rejects a malformed card with a field error, escapes user input, and keeps the page usable", async () => {
    const token = await visitorToken(p);
    await addToCart(p, token, seedId("prod-audit"), 1);
    const { session } = await checkoutSession(p, token);
    // Refused by a redirect to the page (Post/Redirect/Get): the typed values are shown once, escaped, never in the URL.
    const res = await form(p, "/_platform/checkout", {
      ...TEST_CARD,
      session,
      action: "pay",
      cardNumber: '<script>"1234',
      holder: '<script>"Léa',
    });
    expect(res.status).toBe(303);
    const location = res.headers.get("location")!;
    expect(location).not.toContain("1234");
    const html = await (await p.fetch(new Request(new URL(location, ORIGIN)))).text();
    expect(html).toContain("Numéro de carte invalide");
    expect(html).not.toContain("<script>");
    expect(html).toContain('value="&lt;script&gt;&quot;1234"');
    expect(html).toContain("&lt;script&gt;&quot;Léa");
    const again = await (await p.fetch(new Request(new URL(location, ORIGIN)))).text();
    expect(again).not.toContain("Numéro de carte invalide");
    expect(again).not.toContain("1234");
  });

  it("reads the usual spellings of a card's expiry, and refuses what is no month", () => {
    for (const typed of ["12/30", "12/2030", "1230", "122030", "12-30", "12.30", "12 30", " 12 / 30 "])
      expect(normalizeExpiry(typed)).toBe("12/30");
    expect(normalizeExpiry("1/30")).toBe("01/30");
    for (const typed of ["13/30", "00/30", "12/3", "abcd", "12/1930", "123"]) expect(normalizeExpiry(typed)).toBeNull();
  });

  it("renders hosted pages in the site's theme: the choice, else the browser's known preference, else its CSS", async () => {
    const page = (cookie: string) => p.fetch(new Request(`${ORIGIN}/_platform/checkout?session=nope`, { headers: { cookie } }));
    const dark = await page("a=b; theme=ImRhcmsi");
    expect(await dark.text()).toContain('data-theme="dark"');
    expect(dark.headers.get("x-wix-request-id")).toBeTruthy();
    expect(await (await page("theme=ImxpZ2h0Ig; CH-prefers-color-scheme=dark")).text()).toContain('data-theme="light"');
    expect(await (await page("CH-prefers-color-scheme=dark")).text()).toContain('data-theme="dark"');
    // No choice and no hint (a first visit without scripts): the page's CSS follows prefers-color-scheme.
    expect(await (await page("theme=garbage")).text()).toContain('data-theme="auto"');
  });

  it("shows an expired-link page for an unknown session", async () => {
    const res = await p.fetch(new Request(`${ORIGIN}/_platform/checkout?session=nope`));
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("expiré");
  });

  it("paying twice for the same checkout creates one order", async () => {
    const token = await visitorToken(p);
    // Physical: "pay on delivery" exists only for goods that are delivered.
    await addToCart(p, token, seedId("prod-tshirt"), 1, { options: { Taille: "L", Couleur: "Bleu" } });
    const { session } = await checkoutSession(p, token);
    const a = await form(p, "/_platform/checkout", { session, action: "offline" });
    expect(a.status).toBe(303);
    const page = await p.fetch(new Request(`${ORIGIN}/_platform/checkout?session=${session}`));
    expect(await page.text()).toContain("déjà");
    const search = await api(p, "POST", "/ecom/v1/orders/search", { token, body: { search: {} } });
    expect(search.json.orders).toHaveLength(1);
    expect(search.json.orders[0].paymentStatus).toBe("NOT_PAID");
  });

  it("numbers orders sequentially after the seeded ones; a buyer cannot cancel and restock his own order", async () => {
    const token = await visitorToken(p);
    await addToCart(p, token, seedId("prod-tshirt"), 2, { options: { Taille: "M", Couleur: "Rouge" } });
    const { session } = await checkoutSession(p, token);
    const res = await form(p, "/_platform/checkout", {
      session,
      action: "pay",
      ...TEST_CARD,
      cardNumber: "4242424242424242",
    });
    const orderId = new URL(res.headers.get("location")!).searchParams.get("orderId")!;
    const order = await api(p, "GET", `/ecom/v1/orders/${orderId}`, { token });
    expect(Number(order.json.order.number)).toBeGreaterThan(10002);
    expect(order.json.order.lineItems[0].image.id).toBe("products__book.svg");
    const before = await api(p, "GET", `/stores-reader/v1/products/${seedId("prod-tshirt")}`);
    const stockOf = (r: any) =>
      r.json.product.variants.find((v: any) => v.choices.Taille === "M" && v.choices.Couleur === "Rouge").stock.quantity;
    expect(stockOf(before)).toBe(1);
    // Cancelling is administrative on Wix (an elevated identity): the buyer's own token gets Wix's permission error.
    const cancel = await api(p, "POST", `/ecom/v1/orders/${orderId}/cancel`, { token, body: { restockAllItems: true } });
    expect(cancel.status).toBe(403);
    expect(cancel.json.details.applicationError.code).toBe("PERMISSION_DENIED");
    expect((await api(p, "GET", `/ecom/v1/orders/${orderId}`, { token })).json.order.status).not.toBe("CANCELED");
    expect(stockOf(await api(p, "GET", `/stores-reader/v1/products/${seedId("prod-tshirt")}`))).toBe(1);
  });
});

describe("login pages", () => {
  it("keeps the e-mail and escapes it on a failed login; cancel returns an OAuth error to the app", async () => {
    const token = await visitorToken(p);
    const { challenge } = pkce();
    const s = await api(p, "POST", "/_api/redirects-api/v1/redirect-session", {
      token,
      body: {
        auth: { authRequest: { redirectUri: `${ORIGIN}/cb`, clientId: EMBEDDED_CLIENT_ID, codeChallenge: challenge, state: "abc" } },
      },
    });
    const session = s.json.redirectSession.id;
    expect(s.json.redirectSession.urlDetails.endpoint).toBe(`${ORIGIN}/_platform/login`);
    const bad = await form(p, "/_platform/login", { session, email: 'x"><b>@y.fr', password: "nope" });
    expect(bad.status).toBe(401);
    const html = await bad.text();
    expect(html).toContain("E-mail ou mot de passe incorrect");
    expect(html).toContain('value="x&quot;&gt;&lt;b&gt;@y.fr"');
    const cancel = await form(p, "/_platform/login", { session, action: "cancel" });
    const loc = new URL(cancel.headers.get("location")!);
    const frag = new URLSearchParams(loc.hash.slice(1));
    expect(frag.get("error")).toBe("access_denied");
    expect(frag.get("state")).toBe("abc");
  });

  it("throttles one client on one e-mail after 5 failed logins (hosted page), whatever its case; other clients still log in", async () => {
    const q = fixturePlatform();
    const { session } = await loginPageSession(q);
    for (let i = 0; i < 5; i++)
      expect((await form(q, "/_platform/login", { session, email: "demo@exemple.fr", password: "x" })).status).toBe(401);
    const blocked = await form(q, "/_platform/login", { session, email: "DEMO@exemple.fr", password: "motdepasse-demo" });
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toContain("Trop de tentatives échouées pour ce compte depuis cette connexion");
    expect((await form(q, "/_platform/login", { session, email: "alex@exemple.fr", password: "x" })).status).toBe(401);
    // The attacker's five guesses do not lock the owner of the account out: another client logs in at once.
    const other = await form(
      q,
      "/_platform/login",
      { session, email: "demo@exemple.fr", password: "motdepasse-demo" },
      { "x-platform-client-ip": "203.0.113.7" },
    );
    expect(other.status).toBe(303);
    q.close();
  });

  it("answers an unknown e-mail exactly like a wrong password (no enumeration)", async () => {
    const q = fixturePlatform();
    const { token, session } = await loginPageSession(q);
    const unknown = await form(q, "/_platform/login", { session, email: "personne@exemple.fr", password: "x" });
    const wrong = await form(q, "/_platform/login", { session, email: "demo@exemple.fr", password: "x" });
    expect(unknown.status).toBe(wrong.status);
    const errorOf = async (r: Response) => /class="error"[^>]*>([^<]*)</.exec(await r.text())?.[1];
    expect(await errorOf(unknown)).toBe("E-mail ou mot de passe incorrect.");
    expect(await errorOf(wrong)).toBe("E-mail ou mot de passe incorrect.");
    const api401 = (email: string) => api(q, "POST", IAM.login, { token, body: { loginId: { email }, password: "x" } });
    const [a, b] = [await api401("personne@exemple.fr"), await api401("alex@exemple.fr")];
    expect(a.status).toBe(b.status);
    expect(a.json).toEqual(b.json);
    q.close();
  });

  it("refuses auth sessions with a foreign client id or a plain challenge method", async () => {
    const token = await visitorToken(p);
    const { challenge } = pkce();
    const ar = { redirectUri: `${ORIGIN}/cb`, clientId: EMBEDDED_CLIENT_ID, codeChallenge: challenge };
    const wrongClient = await api(p, "POST", "/_api/redirects-api/v1/redirect-session", {
      token,
      body: { auth: { authRequest: { ...ar, clientId: "x" } } },
    });
    expect(wrongClient.status).toBe(400);
    const plain = await api(p, "POST", "/_api/redirects-api/v1/redirect-session", {
      token,
      body: { auth: { authRequest: { ...ar, codeChallengeMethod: "plain" } } },
    });
    expect(plain.json.details.applicationError.code).toBe("INVALID_CODE_CHALLENGE_METHOD");
  });

  it("accepts allowedOrigins for callbacks", async () => {
    const q = fixturePlatform({ allowedOrigins: ["https://admin.example"] });
    const token = await visitorToken(q);
    const ok = await api(q, "POST", "/_api/redirects-api/v1/redirect-session", {
      token,
      body: { logout: { clientId: EMBEDDED_CLIENT_ID }, callbacks: { postFlowUrl: "https://admin.example/x" } },
    });
    expect(ok.status).toBe(200);
    const ko = await api(q, "POST", "/_api/redirects-api/v1/redirect-session", {
      token,
      body: { logout: { clientId: EMBEDDED_CLIENT_ID }, callbacks: { postFlowUrl: "https://evil.example/x" } },
    });
    expect(ko.json.details.applicationError.code).toBe("INVALID_REDIRECT_URI");
    q.close();
  });

  it("revokes refresh tokens through /oauth2/revoke and binds the code to its redirect URI", async () => {
    const tokens = await memberLogin(p);
    await api(p, "POST", "/oauth2/revoke", { body: { token: tokens.refresh_token } });
    const r = await api(p, "POST", "/oauth2/token", {
      body: { clientId: EMBEDDED_CLIENT_ID, grantType: "refresh_token", refreshToken: tokens.refresh_token },
    });
    expect(r.json.error).toBe("invalid_grant");
    expect((await api(p, "GET", "/members/v1/members/my", { token: tokens.access_token })).status).toBe(401);
  });

  it("signs up with validation errors in French", async () => {
    const token = await visitorToken(p);
    const s = await api(p, "POST", "/_api/redirects-api/v1/redirect-session", {
      token,
      body: { login: {}, callbacks: { postFlowUrl: `${ORIGIN}/` } },
    });
    const session = s.json.redirectSession.id;
    const short = await form(p, "/_platform/signup", { session, email: "n@exemple.fr", password: "court" });
    expect(await short.text()).toContain("au moins 8 caractères");
    // Every sign-up proves its mailbox before the account exists: the code step, then in.
    const step = await form(p, "/_platform/signup", { session, email: "n@exemple.fr", password: "assez-long-1" });
    const stepPage = await step.text();
    expect(step.status).toBe(200);
    expect(stepPage).toContain("Code de vérification");
    const stateToken = /name="stateToken" value="([^"]+)"/.exec(stepPage)![1]!;
    const code = p.outbox().find((m) => m.to === "n@exemple.fr")!.data.code!;
    const ok = await form(p, "/_platform/verify", { session, stateToken, code });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe(`${ORIGIN}/`);
  });
});

describe("storage", () => {
  it("seeds a file database once, keeps data across restarts, and reset() re-seeds", async () => {
    const dir = mkdtempSync(join(tmpdir(), "platform-"));
    const dbPath = join(dir, "nested", "platform.sqlite");
    try {
      const a = createPlatform({ dbPath, seedFile: FIXTURE, catalogVersion: "V1_CATALOG" });
      const token = await visitorToken(a);
      await addToCart(a, token, seedId("prod-mug"), 1);
      const { session } = await checkoutSession(a, token);
      expect((await form(a, "/_platform/checkout", { session, action: "pay", ...TEST_CARD })).status).toBe(303);
      a.close();
      const b = createPlatform({ dbPath, seedFile: FIXTURE, catalogVersion: "V1_CATALOG" });
      const mug = await api(b, "GET", `/stores-reader/v1/products/${seedId("prod-mug")}`);
      expect(mug.json.product.stock.quantity).toBe(0);
      b.reset();
      expect((await api(b, "GET", `/stores-reader/v1/products/${seedId("prod-mug")}`)).json.product.stock.quantity).toBe(1);
      expect((await api(b, "GET", "/members/v1/members/my", { token })).status).toBe(401);
      b.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("two platforms on the same file (two processes) sell the last unit only once", async () => {
    const dir = mkdtempSync(join(tmpdir(), "platform-"));
    const dbPath = join(dir, "p.sqlite");
    try {
      const a = createPlatform({ dbPath, seedFile: FIXTURE, catalogVersion: "V1_CATALOG" });
      const b = createPlatform({ dbPath, seedFile: FIXTURE, catalogVersion: "V1_CATALOG" });
      const ta = await visitorToken(a);
      const tb = await visitorToken(b);
      await addToCart(a, ta, seedId("prod-mug"), 1);
      await addToCart(b, tb, seedId("prod-mug"), 1);
      const sa = await checkoutSession(a, ta);
      const sb = await checkoutSession(b, tb);
      const [ra, rb] = await Promise.all([
        form(a, "/_platform/checkout", { session: sa.session, action: "pay", ...TEST_CARD }),
        form(b, "/_platform/checkout", { session: sb.session, action: "pay", ...TEST_CARD }),
      ]);
      // Both answered by a redirect: the winner to the thank-you page, the loser back to its payment page.
      expect([ra.status, rb.status]).toEqual([303, 303]);
      const locations = [ra, rb].map((r) => r.headers.get("location") ?? "");
      expect(locations.filter((l) => l.includes("orderId="))).toHaveLength(1);
      const loser = locations.filter((l) => !l.includes("orderId="));
      expect(loser).toEqual([expect.stringMatching(/^\/_platform\/checkout\?session=/)]);
      // Same database file: either process shows the loser's page and its message.
      expect(await (await a.fetch(new Request(`${ORIGIN}${loser[0]}`))).text()).toContain("épuisé");
      // The other process sees the new stock at once (no stale cache).
      expect((await api(a, "GET", `/stores-reader/v1/products/${seedId("prod-mug")}`)).json.product.stock.inventoryStatus).toBe(
        "OUT_OF_STOCK",
      );
      expect((await api(b, "GET", `/stores-reader/v1/products/${seedId("prod-mug")}`)).json.product.stock.inventoryStatus).toBe(
        "OUT_OF_STOCK",
      );
      a.close();
      b.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
