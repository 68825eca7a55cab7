import { createCookie } from "react-router";
import { test, expect } from "./fixtures";
import { formFields, Visitor, type HttpResponse } from "../support/visitor";
import { unsealValue } from "../../app/.server/account/cookie-crypto.server";
import { E2E_SECRET } from "../support/demo";
import { seedId } from "../../platform/seed/seed-ids";

/**
 * Bad input, all in one place: each case sends what a confused user, a broken
 * client or an attacker would, and expects a clear 4xx or a field error — never
 * a 5xx, a stack trace, a leak or a change of state. Plain HTTP against the
 * built server (the same for both browser projects, so it runs once: @js).
 *
 * Covered elsewhere, with a browser: another member's order id → 404
 * (account.spec), returnTo open redirects through a whole login (account.spec),
 * rate limits → 429 with Retry-After (tests/unit/rate-limits.test.ts).
 */

const BOOK = { slug: "livre-react", productId: seedId("prod-livre-react") };

type Ctx = { origin: string; visitor: () => Visitor };

/** A visitor with one book in the cart; returns the cart line's id. */
async function withCart(v: Visitor): Promise<string> {
  const page = await v.get(`/products/${BOOK.slug}`);
  const added = await v.request("POST", `/products/${BOOK.slug}`, { ...formFields(page.body, "Ajouter au panier"), quantity: "1" });
  expect(added.status).toBe(303);
  const cart = await v.get("/cart");
  const lineId = /name="lineId" value="([^"]+)"/.exec(cart.body)?.[1];
  expect(lineId).toBeTruthy();
  return lineId!;
}

async function addToCart(v: Visitor, fields: Record<string, string>) {
  const page = await v.get(`/products/${BOOK.slug}`);
  return v.request("POST", `/products/${BOOK.slug}`, { ...formFields(page.body, "Ajouter au panier"), ...fields });
}

async function cartAction(v: Visitor, fields: Record<string, string>) {
  return v.request("POST", "/cart", fields);
}

async function checkout(v: Visitor, fields: Record<string, string>) {
  await withCart(v);
  const page = await v.get("/checkout");
  const valid = {
    ...formFields(page.body, "Continuer vers le paiement"),
    acceptTerms: "on",
    email: "client@exemple.fr",
    firstName: "Camille",
    lastName: "Durand",
    addressLine: "3 rue de la Paix",
    postalCode: "75002",
    city: "Paris",
    country: "FR",
  };
  return v.request("POST", "/checkout", { ...valid, ...fields });
}

function sessionWith(value: string) {
  return (ctx: Ctx) => {
    const v = ctx.visitor();
    v.cookies.set("__session", value);
    return v.get("/cart");
  };
}

const expectFieldError = (res: HttpResponse, text: RegExp) => {
  expect(res.status).toBe(400);
  expect(res.body).toMatch(text);
};

const cases: Array<{ name: string; run: (ctx: Ctx) => Promise<void> }> = [
  // --- session cookie: treated as a new visitor, never an error
  ...[
    ["tampered session cookie", "eyJhIjp7InYiOiJ4IiwiZSI6MX0sInIiOnsidiI6InkiLCJtIjp0cnVlfX0%3D.forged"],
    ["truncated session cookie", "eyJhIjp7InYiOi"],
    ["oversized session cookie", "A".repeat(4000)],
  ].map(([name, value]) => ({
    name: name!,
    run: async (ctx: Ctx) => {
      const res = await sessionWith(value!)(ctx);
      expect(res.status).toBe(200);
      expect(res.body).toContain("Votre panier est vide.");
    },
  })),
  {
    name: "session cookie signed with another secret",
    run: async (ctx) => {
      const foreign = await createCookie("__session", { secrets: ["not-our-secret-at-all-000"] }).serialize({
        a: { v: "x", e: 9e9 },
        r: { v: "y", m: true },
      });
      const res = await sessionWith(foreign.split(";")[0]!.slice("__session=".length))(ctx);
      expect(res.status).toBe(200);
      expect(res.body).toContain("Se connecter");
      expect(res.body).not.toContain("Se déconnecter");
    },
  },

  // --- OAuth callback
  {
    name: "callback without code or state",
    run: async (ctx) => expectFieldError(await ctx.visitor().request("GET", "/account/callback"), /code ou état manquant/),
  },
  {
    name: "callback whose state does not match the login in progress",
    run: async (ctx) => {
      const v = ctx.visitor();
      const page = await v.get("/account/login");
      const started = await v.request(
        "POST",
        "/account/login",
        formFields(page.body, "Utiliser la page de connexion de notre prestataire"),
      );
      expect(started.status).toBe(303);
      expectFieldError(await v.request("GET", "/account/callback?code=abc&state=not-the-one"), /état invalide/);
    },
  },
  {
    name: "callback with a code the platform refuses (replayed or forged) and the right state",
    run: async (ctx) => {
      const v = ctx.visitor();
      const page = await v.get("/account/login");
      await v.request("POST", "/account/login", formFields(page.body, "Utiliser la page de connexion de notre prestataire"));
      const sealed = await createCookie("__oauth", { secrets: [E2E_SECRET] }).parse(`__oauth=${v.cookies.get("__oauth")}`);
      const pending = unsealValue(sealed, [E2E_SECRET]) as { state: string };
      const res = await v.request("GET", `/account/callback?code=already-used-code&state=${encodeURIComponent(pending.state)}`);
      expectFieldError(res, /n'est plus valable/);
      expect(res.body).not.toContain("Se déconnecter");
    },
  },

  // --- open redirects (theme preference keeps the visitor on the page they were on)
  ...["https://evil.example/", "//evil.example/x", "/\\evil.example", "%2F%2Fevil.example", "javascript:alert(1)"].map((returnTo) => ({
    name: `redirect target ${returnTo}`,
    run: async (ctx: Ctx) => {
      const res = await ctx.visitor().request("POST", "/preferences/theme", { theme: "dark", returnTo });
      expect(res.status).toBe(303);
      const target = new URL(res.location!, ctx.origin);
      expect(target.origin).toBe(ctx.origin);
      expect(res.location!.startsWith("//")).toBe(false);
    },
  })),

  // --- quantities
  ...[
    ["negative quantity", "-1"],
    ["zero quantity", "0"],
    ["huge quantity", "99999999999999999999"],
    ["decimal quantity", "1.5"],
    ["non-numeric quantity", "deux"],
  ].map(([name, quantity]) => ({
    name: name!,
    run: async (ctx: Ctx) => expectFieldError(await addToCart(ctx.visitor(), { quantity: quantity! }), /La quantité/),
  })),
  {
    // 0 is the buyer's way of saying "remove"; below 0 is still refused beside the field.
    name: "cart quantity update to zero removes the line, a negative one is refused",
    run: async (ctx) => {
      const v = ctx.visitor();
      const lineId = await withCart(v);
      expectFieldError(await cartAction(v, { intent: "update", lineId, quantity: "-1" }), /La quantité/);
      expect((await cartAction(v, { intent: "update", lineId, quantity: "0" })).status).toBe(303);
      expect((await v.get("/cart")).body).not.toContain(`value="${lineId}"`);
    },
  },

  // --- unknown ids
  {
    name: "unknown product slug",
    run: async (ctx) => expect((await ctx.visitor().request("GET", "/products/n-existe-pas")).status).toBe(404),
  },
  {
    name: "unknown collection slug",
    run: async (ctx) => expect((await ctx.visitor().request("GET", "/collections/n-existe-pas")).status).toBe(404),
  },
  {
    name: "add-to-cart with another product's id",
    run: async (ctx) => expect((await addToCart(ctx.visitor(), { productId: seedId("prod-livre-node") })).status).toBe(400),
  },
  {
    // The server resolves the variant from the submitted options: an unknown choice is refused.
    name: "add-to-cart with an unknown option choice",
    run: async (ctx) => {
      const v = ctx.visitor();
      const page = await v.get("/products/t-shirt-typescript?Taille=M&Couleur=Noir");
      const res = await v.request("POST", "/products/t-shirt-typescript", {
        ...formFields(page.body, "Ajouter au panier"),
        Taille: "XXXL",
      });
      expect(res.status).toBe(400);
    },
  },
  // A line gone from the cart (removed in another tab) is refused with a notification, the cart left as it was.
  ...[
    ["cart update of a line that is not in the cart", { intent: "update", lineId: "00000000-0000-0000-0000-000000000000", quantity: "2" }],
    ["cart removal of an unknown line", { intent: "remove", lineId: "ligne-inconnue" }],
  ].map(([name, fields]) => ({
    name: name as string,
    run: async (ctx: Ctx) => {
      const v = ctx.visitor();
      await withCart(v);
      const res = await cartAction(v, fields as Record<string, string>);
      expect(res.status).toBe(303);
      const cart = await v.get("/cart");
      expect(cart.body).toContain("Cet article n'est plus dans votre panier.");
      expect(cart.body).toMatch(/name="quantity"[^>]*value="1"/);
    },
  })),
  {
    name: "unknown order on the thank-you page",
    run: async (ctx) => {
      const v = ctx.visitor();
      await withCart(v);
      expect((await v.request("GET", "/checkout/complete?orderId=00000000-0000-0000-0000-000000000000")).status).toBe(404);
    },
  },
  {
    name: "malformed order id",
    run: async (ctx) => expect((await ctx.visitor().request("GET", "/checkout/complete?orderId=%3Cscript%3E")).status).toBe(404),
  },
  {
    name: "a visitor asking for a member's order",
    run: async (ctx) => {
      const res = await ctx.visitor().request("GET", "/account/orders/00000000-0000-0000-0000-000000000000");
      expect(res.status).toBe(302);
      expect(res.location).toMatch(/^\/account\/login\?returnTo=/);
    },
  },

  // --- coupons
  {
    name: "empty coupon code",
    run: async (ctx) => {
      const v = ctx.visitor();
      await withCart(v);
      expectFieldError(await cartAction(v, { intent: "coupon", code: "   " }), /code promo/i);
    },
  },
  {
    name: "unknown coupon code",
    run: async (ctx) => {
      const v = ctx.visitor();
      await withCart(v);
      // Beside the field, the typed code kept.
      const res = await cartAction(v, { intent: "coupon", code: "CODE-INCONNU" });
      expectFieldError(res, /Ce code promo n&#x27;existe pas ou n&#x27;est plus valable\./);
      expect(res.body).toMatch(/value="CODE-INCONNU"/);
    },
  },
  {
    name: "10 KB coupon code",
    run: async (ctx) => {
      const v = ctx.visitor();
      await withCart(v);
      expectFieldError(await cartAction(v, { intent: "coupon", code: "X".repeat(10_240) }), /code promo/i);
    },
  },

  // --- checkout fields
  {
    name: "checkout field too long",
    run: async (ctx) => expectFieldError(await checkout(ctx.visitor(), { firstName: "A".repeat(300) }), /Prénom ne doit pas dépasser/),
  },
  {
    name: "checkout field with HTML",
    run: async (ctx) =>
      expectFieldError(await checkout(ctx.visitor(), { city: "<script>alert(1)</script>" }), /Ville ne doit pas contenir/),
  },
  {
    name: "checkout field of control characters only",
    run: async (ctx) => expectFieldError(await checkout(ctx.visitor(), { lastName: "\u0007\u0008\u001b" }), /Nom est obligatoire/),
  },
  {
    name: "checkout with an unknown country",
    run: async (ctx) => expectFieldError(await checkout(ctx.visitor(), { country: "ZZ" }), /pays/i),
  },
  {
    name: "checkout with an invalid e-mail",
    run: async (ctx) => expectFieldError(await checkout(ctx.visitor(), { email: "pas-une-adresse" }), /e-mail/i),
  },
  {
    name: "checkout with a French postal code of 4 digits",
    run: async (ctx) => expectFieldError(await checkout(ctx.visitor(), { postalCode: "7500" }), /Code postal/),
  },

  // --- query strings and pages
  {
    name: "query string over 4000 characters",
    run: async (ctx) => expect((await ctx.visitor().request("GET", `/products?q=${"a".repeat(4200)}`)).status).toBe(414),
  },
  {
    // React Router batches the links of a page into one request up to 7,680 characters (a list of products by id).
    name: "route discovery of a page with many links",
    run: async (ctx) => {
      const paths = Array.from({ length: 120 }, (_, i) => `/admin/products/${String(i).padStart(8, "0")}-0000-4000-8000-000000000000`);
      const url = `/__manifest?paths=${encodeURIComponent(paths.join(","))}&version=0`;
      expect(url.length).toBeGreaterThan(4096);
      expect((await ctx.visitor().request("GET", url)).status).toBeLessThan(400);
    },
  },
  ...["abc", "0", "-3", "9999", "1.5"].map((page) => ({
    name: `catalog page ${page}`,
    run: async (ctx: Ctx) => expect((await ctx.visitor().request("GET", `/products?page=${page}`)).status).toBe(404),
  })),

  // --- wrong methods
  ...[
    ["PUT", "/cart"],
    ["DELETE", "/checkout"],
    ["GET", "/account/logout"],
    ["POST", "/products"],
    ["PATCH", `/products/${BOOK.slug}`],
  ].map(([method, path]) => ({
    name: `${method} ${path}`,
    run: async (ctx: Ctx) => {
      const res = await ctx.visitor().request(method!, path!, method === "GET" ? undefined : {});
      expect(res.status).toBe(405);
    },
  })),

  // --- cross-site and bots
  {
    name: "cart POST from a foreign origin",
    run: async (ctx) => {
      const v = ctx.visitor();
      const lineId = await withCart(v);
      const res = await v.request("POST", "/cart", { intent: "remove", lineId }, { origin: "https://evil.example" });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect((await v.get("/cart")).body).not.toContain("Votre panier est vide.");
    },
  },
  ...(
    [
      ["a forged honeypot timestamp", { from__confirm: "forged" }],
      ["the honeypot filled in", { name__confirm: "je suis un robot" }],
    ] as const
  ).map(([what, bot]) => ({
    name: `login POST with ${what}`,
    run: async (ctx: Ctx) => {
      const v = ctx.visitor();
      const page = await v.get("/account/login");
      const fields = formFields(page.body, "Utiliser la page de connexion de notre prestataire");
      expect((await v.request("POST", "/account/login", { ...fields, ...bot })).status).toBe(400);
    },
  })),
];

test.describe("bad input @js", () => {
  for (const { name, run } of cases) {
    test(name, async ({ baseURL }) => {
      const origin = new URL(baseURL!).origin;
      await run({ origin, visitor: () => new Visitor(origin) });
    });
  }
});
