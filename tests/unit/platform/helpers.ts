// Raw HTTP helpers for the platform's unit tests (fixture seed, no SDK, no global fetch patch).
import { createHash, randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { createPlatform, EMBEDDED_CLIENT_ID, type Platform, type PlatformOptions } from "../../../platform/index";
import { TEST_RATE_LIMIT_PER_MINUTE } from "../../support/demo";

export const FIXTURE = fileURLToPath(new URL("./fixture/demo.json", import.meta.url));
export const ORIGIN = "http://localhost:3000";
export const STORES = "215238eb-22a5-4c36-9e7b-e7c08025e04e";

export function fixturePlatform(opts: Partial<PlatformOptions> = {}): Platform {
  // These tests call Catalog V1's endpoints: a V1 site (the platform's default is V3, like a site created today).
  // Their OAuth app registers the exact login callbacks they use (`/cb`, `/callback`), as a Wix OAuth app must.
  // Wix's per-site budget is raised for whole files of calls (the reason: TEST_RATE_LIMIT_PER_MINUTE).
  return createPlatform({
    dbPath: ":memory:",
    seedFile: FIXTURE,
    catalogVersion: "V1_CATALOG",
    allowedRedirectUris: [`${ORIGIN}/cb`, `${ORIGIN}/callback`],
    rateLimitPerMinute: TEST_RATE_LIMIT_PER_MINUTE,
    ...opts,
  });
}

export async function api(
  p: Platform,
  method: string,
  path: string,
  opts: { body?: unknown; token?: string; host?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; json: any; res: Response }> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  if (opts.token) headers.authorization = opts.token;
  const res = await p.fetch(
    new Request(`${opts.host ?? "https://www.wixapis.com"}${path}`, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    }),
  );
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined, res };
}

/** The member endpoints of Wix IAM that the tests call on the raw wire. */
export const IAM = {
  register: "/_api/iam/authentication/v2/register",
  login: "/_api/iam/authentication/v2/login",
  verify: "/_api/iam/verification/v1/auth/verify",
  sendEmail: "/_api/iam/recovery/v1/send-email",
} as const;

export async function visitorToken(p: Platform): Promise<string> {
  const r = await api(p, "POST", "/oauth2/token", { body: { clientId: EMBEDDED_CLIENT_ID, grantType: "anonymous" } });
  return r.json.access_token;
}

export async function form(
  p: Platform,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return p.fetch(
    new Request(`${ORIGIN}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(fields).toString(),
    }),
  );
}

export function pkce() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

/** The OAuth authorization request the SDK sends to log a member in (PKCE S256, code in the query). */
export function authRequest(challenge: string, extra: Record<string, unknown> = {}) {
  return {
    redirectUri: `${ORIGIN}/callback`,
    clientId: EMBEDDED_CLIENT_ID,
    codeChallenge: challenge,
    codeChallengeMethod: "S256",
    responseMode: "query",
    responseType: "code",
    scope: "offline_access",
    state: "st",
    ...extra,
  };
}

/** A visitor and the hosted login page's session they were sent to (the header's login button). */
export async function loginPageSession(p: Platform) {
  const token = await visitorToken(p);
  const s = await api(p, "POST", "/_api/redirects-api/v1/redirect-session", {
    token,
    body: { login: {}, callbacks: { postFlowUrl: `${ORIGIN}/` } },
  });
  return { token, session: s.json.redirectSession.id as string };
}

/** Logs a member in through the hosted login page; returns member tokens. */
export async function memberLogin(p: Platform, email = "demo@exemple.fr", password = "motdepasse-demo", visitor?: string) {
  const token = visitor ?? (await visitorToken(p));
  const { verifier, challenge } = pkce();
  const request = authRequest(challenge);
  const s = await api(p, "POST", "/_api/redirects-api/v1/redirect-session", {
    token,
    body: { auth: { authRequest: request, prompt: "login" } },
  });
  const session = s.json.redirectSession.id as string;
  const res = await form(p, "/_platform/login", { session, email, password });
  const loc = new URL(res.headers.get("location")!);
  const code = loc.searchParams.get("code")!;
  const t = await api(p, "POST", "/oauth2/token", {
    body: { clientId: EMBEDDED_CLIENT_ID, grantType: "authorization_code", redirectUri: request.redirectUri, code, codeVerifier: verifier },
  });
  return t.json as { access_token: string; refresh_token: string };
}

export async function addToCart(p: Platform, token: string, productId: string, quantity = 1, options?: Record<string, unknown>) {
  return api(p, "POST", "/ecom/v1/carts/current/add-to-cart", {
    token,
    body: { lineItems: [{ catalogReference: { appId: STORES, catalogItemId: productId, ...(options ? { options } : {}) }, quantity }] },
  });
}

export async function checkoutSession(p: Platform, token: string, body: Record<string, unknown> = {}) {
  const ck = await api(p, "POST", "/ecom/v1/carts/current/create-checkout", {
    token,
    body: {
      channelType: "WEB",
      email: "a@b.fr",
      shippingAddress: { addressLine: "1 rue A", city: "Paris", postalCode: "75001", country: "FR" },
      ...body,
    },
  });
  if (ck.status !== 200) throw new Error(`create-checkout: ${ck.status} ${JSON.stringify(ck.json)}`);
  const s = await api(p, "POST", "/_api/redirects-api/v1/redirect-session", {
    token,
    body: {
      ecomCheckout: { checkoutId: ck.json.checkoutId },
      callbacks: { postFlowUrl: `${ORIGIN}/cart`, thankYouPageUrl: `${ORIGIN}/merci` },
    },
  });
  return { checkoutId: ck.json.checkoutId as string, session: s.json.redirectSession.id as string };
}

/** The hosted payment page's fields for the accepted test card: a future expiry, a security code, a holder. */
export const TEST_CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", holder: "Camille Martin" };
