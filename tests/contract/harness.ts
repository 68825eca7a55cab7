// Shared helpers of the contract suite (SDK errors, hosted pages, seed data); the platform bootstrap is the test
// kit's (tests/support/platform.ts).
import { readFileSync } from "node:fs";
import type { Tokens } from "@wix/sdk";
import type { Platform } from "../../platform/index";
import { CookieBrowser } from "../support/browser";
import { DEMO as DEMO_LOGIN } from "../support/demo";
import { formWithButton, pageText } from "../support/html";
import { APP_ORIGIN, makeClient, STORES_APP_ID, type Client } from "../support/platform";
import { seedId } from "../../platform/seed/seed-ids";

export * from "../support/platform";

// ---------------------------------------------------------------- SDK error helpers

export interface SdkError extends Error {
  details?: {
    applicationError?: { code?: unknown; description?: string; data?: unknown };
    validationError?: { fieldViolations?: Array<{ field?: string; description?: string }> };
  };
}

/** Runs `fn`, expects it to reject, and returns the error for detailed assertions. */
export async function rejection(fn: () => Promise<unknown>): Promise<SdkError> {
  try {
    await fn();
  } catch (e) {
    return e as SdkError;
  }
  throw new Error("expected the call to throw, it resolved");
}

// ---------------------------------------------------------------- HTML form driving (hosted pages)

export { decodeEntities, formWithButton, pageText, parseForms, type ParsedForm } from "../support/html";

/**
 * The test kit's browser (tests/support/browser.ts) on the hosted pages: its requests go to `platform.fetch`, and it
 * never follows a redirect on its own.
 */
export class Browser {
  private readonly browser = new CookieBrowser({ headers: { accept: "text/html" } });
  constructor(private readonly platform: Platform) {}

  request(url: string, init: { method?: string; body?: URLSearchParams } = {}): Promise<Response> {
    return this.browser.send(this.browser.request(url, { method: init.method, form: init.body }), (request) =>
      this.platform.fetch(request),
    );
  }

  async get(url: string): Promise<{ res: Response; html: string; url: string }> {
    const res = await this.request(url);
    return { res, html: await res.text(), url };
  }

  /**
   * Submits the form holding the `buttonLabel` button, like a browser: hidden fields kept, `values` overriding
   * fields chosen by `pick(fieldName, type)`, the clicked button's name/value included.
   */
  async submit(
    pageUrl: string,
    html: string,
    buttonLabel: string | RegExp,
    fill: (name: string, type: string) => string | undefined,
  ): Promise<Response> {
    const { form, button } = formWithButton(html, buttonLabel);
    const body = new URLSearchParams();
    for (const f of form.fields) body.append(f.name, fill(f.name, f.type) ?? f.value);
    if (button.name) body.append(button.name, button.value ?? "");
    const action = new URL(form.action || pageUrl, pageUrl).toString();
    if (form.method === "GET") {
      const u = new URL(action);
      for (const [k, v] of body) u.searchParams.append(k, v);
      return this.request(u.toString());
    }
    return this.request(action, { method: "POST", body });
  }

  /** Follows redirects that stay on the hosted pages (/_platform/) and returns the first one leaving them. */
  async followToExit(res: Response, fromUrl: string): Promise<{ res: Response; location?: string; html?: string }> {
    let current = res;
    let url = fromUrl;
    for (let hops = 0; hops < 10; hops++) {
      const loc = current.headers.get("location");
      if (current.status < 300 || current.status >= 400 || !loc) return { res: current, html: await current.text() };
      const next = new URL(loc, url);
      if (!next.pathname.startsWith("/_platform/")) return { res: current, location: next.toString() };
      url = next.toString();
      current = await this.request(url);
    }
    throw new Error("too many redirects inside the hosted pages");
  }
}

// ---------------------------------------------------------------- flows built on the hosted pages

/**
 * A sign-up through the SDK as the embedded platform runs it (docs/decisions/0029-sign-up-proves-the-mailbox.md):
 * register answers the code step, the e-mailed code creates the account. Returns the SDK's state after the code
 * (SUCCESS with a session token, or OWNER_APPROVAL_REQUIRED).
 */
export async function signUpAndProve(
  platform: Platform,
  client: Client,
  p: Parameters<Client["auth"]["register"]>[0],
): Promise<{ loginState: string; data?: { sessionToken?: string; stateToken?: string }; errorCode?: string }> {
  const started = (await client.auth.register(p)) as { loginState: string };
  if (started.loginState !== "EMAIL_VERIFICATION_REQUIRED") throw new Error(`sign-up of ${p.email} answered ${started.loginState}`);
  const to = p.email.trim().toLowerCase();
  const code = platform.outbox().find((m) => m.to === to && m.data.code)?.data.code;
  if (!code) throw new Error(`no code e-mailed to ${to}`);
  return client.auth.processVerification({ verificationCode: code }) as Promise<{ loginState: string; data?: { sessionToken?: string } }>;
}

/**
 * The hosted sign-up page of a new login session, filled with `email` and `password` and sent as a person would.
 * Returns the browser (its cookies), the page's address and the answer (the code step, or a refusal).
 */
export async function hostedSignUp(platform: Platform, email: string, password: string) {
  const c = makeClient();
  const { authUrl } = await c.auth.getAuthUrl(c.auth.generateOAuthData(`${APP_ORIGIN}/callback`), { responseMode: "query" });
  const session = new URL(authUrl).searchParams.get("session")!;
  const signupUrl = `${APP_ORIGIN}/_platform/signup?session=${encodeURIComponent(session)}`;
  const browser = new Browser(platform);
  const page = await browser.get(signupUrl);
  const posted = await browser.submit(signupUrl, page.html, "Créer mon compte", (_name, type) =>
    type === "hidden" ? undefined : type === "email" ? email : type === "password" ? password : undefined,
  );
  return { browser, signupUrl, posted };
}

export const DEMO = { ...DEMO_LOGIN, firstName: "Camille", lastName: "Martin" };
export const ALEX = { email: "alex@exemple.fr", password: "motdepasse-alex", firstName: "Alex", lastName: "Durand" };

const isEmailField = (name: string, type: string) => type === "email" || /mail|login/i.test(name);
const isPasswordField = (name: string, type: string) => type === "password" || /pass|mot/i.test(name);

/** Fills a login form the way a person would: e-mail and password, hidden fields untouched. */
export function loginFill(email: string, password: string) {
  return (name: string, type: string) =>
    type === "hidden" ? undefined : isEmailField(name, type) ? email : isPasswordField(name, type) ? password : undefined;
}

/**
 * Full PKCE login through the hosted login page. Returns the member tokens and the client now holding them.
 * `client` may already hold visitor tokens (e.g. with a cart) that the login should carry over.
 */
export async function loginThroughHostedPage(
  platform: Platform,
  who: { email: string; password: string },
  client: Client = makeClient(),
): Promise<{ client: Client; tokens: Tokens }> {
  const redirectUri = `${APP_ORIGIN}/callback`;
  const oauthData = client.auth.generateOAuthData(redirectUri, `${APP_ORIGIN}/`);
  const { authUrl } = await client.auth.getAuthUrl(oauthData, { responseMode: "query" });
  const browser = new Browser(platform);
  const page = await browser.get(authUrl);
  if (page.res.status !== 200) throw new Error(`login page answered ${page.res.status}`);
  const posted = await browser.submit(authUrl, page.html, "Se connecter", loginFill(who.email, who.password));
  const exit = await browser.followToExit(posted, authUrl);
  if (!exit.location) throw new Error(`login did not redirect: ${pageText(exit.html ?? "").slice(0, 300)}`);
  const back = new URL(exit.location);
  const code = back.searchParams.get("code");
  const state = back.searchParams.get("state");
  if (!code || !state) throw new Error(`no code/state in ${exit.location}`);
  const tokens = await client.auth.getMemberTokens(code, state, oauthData);
  client.auth.setTokens(tokens);
  return { client, tokens };
}

export const SHIPPING_ADDRESS = {
  addressLine1: "12 rue des Lilas",
  city: "Lyon",
  postalCode: "69003",
  country: "FR",
};

export const CALLBACKS = {
  postFlowUrl: `${APP_ORIGIN}/panier`,
  thankYouPageUrl: `${APP_ORIGIN}/merci`,
  cartPageUrl: `${APP_ORIGIN}/panier`,
};

export function productRef(productId: string, options?: Record<string, string>) {
  return {
    catalogReference: {
      appId: STORES_APP_ID,
      catalogItemId: productId,
      ...(options ? { options: { options } } : {}),
    },
  };
}

/** Looks a product up by slug through the SDK (as the storefront does). */
export async function productBySlug(client: Client, slug: string) {
  const res = await client.products.queryProducts().eq("slug", slug).find();
  const product = res.items[0];
  if (!product?._id) throw new Error(`product ${slug} not found`);
  return product as typeof product & { _id: string };
}

/** Looks `slug` up and adds `quantity` of it (with its `options`) to the client's current cart; returns both. */
export async function addBySlug(client: Client, slug: string, quantity = 1, options?: Record<string, string>) {
  const product = await productBySlug(client, slug);
  const { cart } = await client.currentCart.addToCurrentCart({ lineItems: [{ ...productRef(product._id, options), quantity }] });
  return { product, cart: cart! };
}

/** Adds items, creates a checkout and a redirect session to the hosted payment page; returns its URL. */
export async function checkoutToPaymentPage(
  client: Client,
  items: Array<{ slug: string; quantity: number; options?: Record<string, string> }>,
  opts: { email?: string; shippingCode?: string } = {},
): Promise<{ checkoutId: string; paymentUrl: string }> {
  const lineItems = [];
  for (const item of items) {
    const product = await productBySlug(client, item.slug);
    lineItems.push({ ...productRef(product._id, item.options), quantity: item.quantity });
  }
  // An empty list means: check out the cart as it already is.
  if (lineItems.length > 0) await client.currentCart.addToCurrentCart({ lineItems });
  return cartToPaymentPage(client, opts);
}

/** Creates a checkout of the current cart as it stands (shipped to SHIPPING_ADDRESS) and its payment page's URL. */
export async function cartToPaymentPage(
  client: Pick<Client, "currentCart" | "redirects">,
  opts: { email?: string; shippingCode?: string } = {},
): Promise<{ checkoutId: string; paymentUrl: string }> {
  const { checkoutId } = await client.currentCart.createCheckoutFromCurrentCart({
    channelType: "WEB",
    email: opts.email ?? "acheteur@exemple.fr",
    shippingAddress: SHIPPING_ADDRESS,
    billingAddress: SHIPPING_ADDRESS,
    selectedShippingOption: { code: opts.shippingCode ?? "standard" },
  });
  if (!checkoutId) throw new Error("no checkoutId");
  const { redirectSession } = await client.redirects.createRedirectSession({
    ecomCheckout: { checkoutId },
    callbacks: CALLBACKS,
  });
  if (!redirectSession?.fullUrl) throw new Error("no redirect session URL");
  return { checkoutId, paymentUrl: redirectSession.fullUrl };
}

export const GOOD_CARD = "4242 4242 4242 4242";
export const DECLINED_CARD = "4000 0000 0000 0002";

/** Fills the test card form: card number, a future expiry, a CVC and the holder's name; hidden fields untouched. */
export function cardFill(cardNumber: string) {
  return (name: string, type: string) => {
    if (type === "hidden") return undefined;
    if (/exp|valid/i.test(name)) return "12/34";
    if (/cvc|cvv|crypto|code/i.test(name)) return "123";
    if (/card|carte|num|pan/i.test(name)) return cardNumber;
    if (/name|nom|titulaire|holder/i.test(name)) return "Camille Martin";
    if (/mail/i.test(name)) return "acheteur@exemple.fr";
    return undefined;
  };
}

/** The payment page's card button: "Payer <amount> (commande avec obligation de paiement)". */
export const PAY = /^Payer .+ \(commande avec obligation de paiement\)$/;
/** The payment page's other way to order: pay the carrier or at pickup, without a card. */
export const ON_DELIVERY = "Commander et payer à la livraison";

/**
 * Opens the payment page and clicks `buttonLabel`: PAY with `card` unless told otherwise (ON_DELIVERY, "Annuler"), as most tests only need the order paid.
 */
export async function payOnHostedPage(
  platform: Platform,
  paymentUrl: string,
  buttonLabel: string | RegExp = PAY,
  card = GOOD_CARD,
): Promise<{ status: number; location?: string; html?: string }> {
  const browser = new Browser(platform);
  const page = await browser.get(paymentUrl);
  if (page.res.status !== 200) throw new Error(`payment page answered ${page.res.status}: ${pageText(page.html).slice(0, 300)}`);
  const posted = await browser.submit(paymentUrl, page.html, buttonLabel, cardFill(card));
  const exit = await browser.followToExit(posted, paymentUrl);
  return { status: exit.res.status, location: exit.location, html: exit.html };
}

/** checkoutToPaymentPage, then pays with the good test card: the checkout's id and where the payment page left. */
export async function buyByCard(
  platform: Platform,
  client: Client,
  items: Parameters<typeof checkoutToPaymentPage>[1],
  opts: Parameters<typeof checkoutToPaymentPage>[2] = {},
): Promise<{ checkoutId: string; status: number; location?: string }> {
  const { checkoutId, paymentUrl } = await checkoutToPaymentPage(client, items, opts);
  const { status, location } = await payOnHostedPage(platform, paymentUrl);
  return { checkoutId, status, location };
}

/** Sends a raw HTTP request to the API as the SDK would (JSON body, raw token in Authorization). */
export async function rawApi(path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers["content-type"] = "application/json";
  if (init.token) headers.authorization = init.token;
  return fetch(`https://www.wixapis.com${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** Decimal string money → integer cents, for exact arithmetic in assertions. */
export function cents(amount: string | null | undefined): number {
  if (typeof amount !== "string" || !/^-?\d+(\.\d+)?$/.test(amount)) throw new Error(`not a decimal string: ${String(amount)}`);
  return Math.round(Number(amount) * 100);
}

// ---------------------------------------------------------------- the quote flow's draft order

/**
 * A draft order as the quote flow makes one (`draftOrders.createDraftOrder`'s input): one service line at 780 € (VAT
 * included), a 10 % discount, 54,60 € of travel costs, billed to Claire Martin of Atelier Martin in Lyon.
 */
export function quoteDraftOrder(service: string, quantity: number, email: string) {
  return {
    customLineItems: [
      { productName: { original: service }, price: { amount: "780.00" }, quantity, itemType: { preset: "SERVICE" as const } },
    ],
    discounts: [{ percentage: "10", discountType: "GLOBAL" as const, description: "Remise", applyToDraftOrder: true }],
    additionalFees: [{ name: "Frais de déplacement", price: { amount: "54.60" }, taxDetails: { taxable: true }, applyToDraftOrder: true }],
    buyerInfo: { email },
    billingInfo: {
      address: { addressLine1: "3 rue des Lilas", postalCode: "69003", city: "Lyon", country: "FR" },
      contactDetails: { firstName: "Claire", lastName: "Martin", company: "Atelier Martin" },
    },
  };
}

// ---------------------------------------------------------------- the demo seed (expected values for embedded runs)

export interface SeedProduct {
  id: string;
  slug: string;
  name: string;
  productType: "digital" | "physical";
  price: number;
  ribbon: string;
  discount: { type: "NONE" | "PERCENT" | "AMOUNT"; value?: number };
  collections: string[];
  media: string[];
  stock: { trackInventory: boolean; quantity?: number; inStock?: boolean };
  options?: Array<{ optionType: string; name: string; choices: Array<{ value: string; description: string }> }>;
  variants?: Array<{ choices: Record<string, string>; price?: number; quantity?: number }>;
}
export interface Seed {
  collections: Array<{ id: string; slug: string; name: string }>;
  products: SeedProduct[];
}
const seedFile = JSON.parse(readFileSync(new URL("../../platform/seed/demo.json", import.meta.url), "utf8")) as Seed;
/** The demo seed with its product and collection ids as the platform stores them (GUIDs: seedId). */
export const seed: Seed = {
  ...seedFile,
  collections: seedFile.collections.map((c) => ({ ...c, id: seedId(c.id) })),
  products: seedFile.products.map((p) => ({ ...p, id: seedId(p.id) })),
};
export const seedProduct = (slug: string): SeedProduct => {
  const p = seed.products.find((x) => x.slug === slug);
  if (!p) throw new Error(`seed has no product ${slug}`);
  return p;
};
