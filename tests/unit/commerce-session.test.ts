import { afterEach, describe, expect, it, vi } from "vitest";
import { TokenRole, type Tokens } from "@wix/sdk";
import { useEmbeddedPlatform } from "../support/platform";
import { Commerce, runInSession } from "~/.server/wix/commerce.server";
import { readSessionTokens, sessionSetCookie } from "~/.server/account/session.server";
import { appCookies } from "~/.server/account/cookies.server";
import { forgetConfig } from "~/.server/site/config.server";

/** The real embedded platform answers the token endpoint; failures are injected by wrapping fetch. */
useEmbeddedPlatform({}, { getAppOrigin: () => "http://localhost:3000" });
afterEach(() => vi.restoreAllMocks());

const request = () => new Request("http://localhost:3000/cart");
const now = () => Math.floor(Date.now() / 1000);

function countTokenCalls() {
  const calls: string[] = [];
  const real = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (url.endsWith("/oauth2/token")) calls.push(JSON.parse(String(init?.body ?? "{}")).grantType);
    return real(input, init);
  });
  return calls;
}

async function visitorTokens(): Promise<Tokens> {
  const commerce = new Commerce(request(), null);
  return commerce.ensureTokens();
}

describe("commerce session tokens", () => {
  it("gives a browser without tokens anonymous visitor tokens and writes the cookie", async () => {
    const calls = countTokenCalls();
    const commerce = new Commerce(request(), null);
    expect(commerce.role).toBe("none");
    const tokens = await commerce.ensureTokens();
    expect(calls).toEqual(["anonymous"]);
    expect(tokens.refreshToken.role).toBe(TokenRole.VISITOR);
    expect(tokens.accessToken.expiresAt).toBeGreaterThan(now() + 3600);
    expect(await commerce.pendingCookie()).toMatch(/^__session=/);
  });

  it("uses valid tokens as they are: no call, no cookie", async () => {
    const tokens = await visitorTokens();
    const calls = countTokenCalls();
    const commerce = new Commerce(request(), tokens);
    await commerce.client();
    expect(calls).toEqual([]);
    expect(await commerce.pendingCookie()).toBeNull();
  });

  it("renews an expired access token once for all parallel loaders, keeping the refresh token", async () => {
    const tokens = await visitorTokens();
    const expired: Tokens = { ...tokens, accessToken: { value: tokens.accessToken.value, expiresAt: now() - 10 } };
    const calls = countTokenCalls();
    const commerce = new Commerce(request(), expired);
    const [a, b, c] = await Promise.all([commerce.ensureTokens(), commerce.ensureTokens(), commerce.client()]);
    expect(calls).toEqual(["refresh_token"]);
    expect(a.accessToken.value).not.toBe(tokens.accessToken.value);
    expect(b).toBe(a);
    expect(c.auth.getTokens().accessToken.value).toBe(a.accessToken.value);
    expect(a.refreshToken).toEqual(tokens.refreshToken);
    expect(await commerce.pendingCookie()).toMatch(/^__session=/);
  });

  it("renews a little before expiry, not only after", async () => {
    const tokens = await visitorTokens();
    const calls = countTokenCalls();
    await new Commerce(request(), { ...tokens, accessToken: { ...tokens.accessToken, expiresAt: now() + 20 } }).ensureTokens();
    expect(calls).toEqual(["refresh_token"]);
  });

  it("falls back to a new visitor only when the refresh token is refused (invalid_grant)", async () => {
    const member: Tokens = {
      accessToken: { value: "expired", expiresAt: now() - 10 },
      refreshToken: { value: "revoked-or-unknown", role: TokenRole.MEMBER },
    };
    const calls = countTokenCalls();
    const commerce = new Commerce(request(), member);
    const tokens = await commerce.ensureTokens();
    expect(calls).toEqual(["refresh_token", "anonymous"]);
    expect(tokens.refreshToken.role).toBe(TokenRole.VISITOR);
    expect(commerce.sessionExpired).toBe(true);
  });

  it.each([
    [
      "401 in Wix's error envelope",
      401,
      { message: "Unauthenticated", details: { applicationError: { code: "UNAUTHENTICATED", description: "x", data: {} } } },
    ],
    ["404 without a body the SDK knows", 404, { message: "Not Found" }],
    ["400 invalid_request", 400, { error: "invalid_request" }],
    ["500 while visitor tokens still come", 500, { message: "" }],
  ])(
    "a dead refresh token answered %s makes the member a visitor with the notice, not a 503 on every page",
    async (_label, status, body) => {
      const member: Tokens = {
        accessToken: { value: "expired", expiresAt: now() - 10 },
        refreshToken: { value: "dead-member-refresh", role: TokenRole.MEMBER },
      };
      const real = globalThis.fetch;
      const grants: string[] = [];
      vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
        const grant = JSON.parse(String(init?.body ?? "{}")).grantType as string;
        grants.push(grant);
        if (grant === "refresh_token")
          return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
        return real(input, init);
      });
      const commerce = new Commerce(request(), member);
      const tokens = await commerce.ensureTokens();
      expect(grants).toEqual(["refresh_token", "anonymous"]);
      expect(tokens.refreshToken.role).toBe(TokenRole.VISITOR);
      expect(commerce.sessionExpired).toBe(true);
      // The next request carries visitor tokens: it never asks for the dead token again.
      const next = new Commerce(
        request(),
        await readSessionTokens(
          new Request("http://localhost:3000/", { headers: { cookie: String(await commerce.pendingCookie()).split(";")[0] } }),
        ),
      );
      expect(next.role).toBe("visitor");
    },
  );

  it.each([
    ["a 503", () => new Response(JSON.stringify({ message: "down" }), { status: 503, headers: { "x-wix-request-id": "req-503" } })],
    ["a network error", () => Promise.reject(new TypeError("fetch failed"))],
  ])("keeps the member logged in when the platform answers nothing (%s, visitor tokens too)", async (_label, failure) => {
    const member: Tokens = {
      accessToken: { value: "old-access", expiresAt: now() - 10 },
      refreshToken: { value: "member-refresh", role: TokenRole.MEMBER },
    };
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => failure());
    const commerce = new Commerce(request(), member);
    const error = await commerce.ensureTokens().then(
      () => null,
      (e: unknown) => e,
    );
    // A thrown `data(…, 503)`: React Router renders it as the error screen with this message.
    expect(error).toMatchObject({ type: "DataWithResponseInit", init: { status: 503 } });
    expect((error as { data: { message: string } }).data.message).toMatch(/momentanément indisponible/);
    expect(commerce.role).toBe("member");
    expect(await commerce.pendingCookie()).toBeNull();
  });

  it("clears the cookie at logout", async () => {
    const commerce = new Commerce(request(), await visitorTokens());
    commerce.clearTokens();
    expect(await commerce.pendingCookie()).toMatch(/^__session=;.*Max-Age=0/);
  });
});

describe("one SDK client shared by every request", () => {
  /** A visitor's request, run as the root middleware runs it: inside its own session. */
  async function asVisitor<T>(tokens: Tokens, fn: (commerce: Commerce) => Promise<T>): Promise<T> {
    const commerce = new Commerce(request(), tokens);
    return runInSession(commerce, () => fn(commerce));
  }

  it("gives requests running at the same time their own tokens and their own cart", async () => {
    const [alice, bob] = await Promise.all([visitorTokens(), visitorTokens()]);
    const reader = new Commerce(request(), null);
    const { items } = await (await reader.client()).products.queryProducts().limit(2).find();
    const [first, second] = items.map((p) => p._id!);
    await Promise.all([
      asVisitor(alice, (c) => c.cart.add({ productId: first!, quantity: 1 })),
      asVisitor(bob, (c) => c.cart.add({ productId: second!, quantity: 2 })),
    ]);
    const headers: string[] = [];
    const real = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      // The cart calls only: the catalog reads that link the lines to product pages go out with the process reader tokens.
      if (String(input instanceof Request ? input.url : input).includes("/ecom/"))
        headers.push(new Headers(init?.headers).get("Authorization") ?? "");
      return real(input, init);
    });
    // Interleaved: each read waits on the platform while the other request's read goes out.
    const carts = await Promise.all(
      [alice, bob, alice, bob].map((tokens) =>
        asVisitor(tokens, async (c) => (await c.cart.get())!.lines.map((l) => [l.productId, l.quantity])),
      ),
    );
    expect(carts).toEqual([[[first, 1]], [[second, 2]], [[first, 1]], [[second, 2]]]);
    expect(headers.sort()).toEqual([alice, alice, bob, bob].map((t) => t.accessToken.value).sort());
  });

  it("hands a request's own tokens to the OAuth helpers, and renewed ones after a renewal", async () => {
    const tokens = await visitorTokens();
    const expired: Tokens = { ...tokens, accessToken: { ...tokens.accessToken, expiresAt: now() - 10 } };
    await asVisitor(expired, async (commerce) => {
      const wix = await commerce.client();
      const renewed = await commerce.ensureTokens();
      expect(renewed.accessToken.value).not.toBe(tokens.accessToken.value);
      expect(wix.auth.getTokens().accessToken.value).toBe(renewed.accessToken.value);
      expect(wix.auth.generateOAuthData("http://localhost:3000/account/callback").codeVerifier.length).toBeGreaterThan(20);
      expect(wix.auth.getTokens().refreshToken.value).toBe(tokens.refreshToken.value);
    });
  });
});

describe("session cookie", () => {
  const cookieOf = (setCookie: string) => setCookie.split(";")[0]!;

  it("round-trips tokens, stays far below 4 KB and is httpOnly, SameSite=Lax", async () => {
    const tokens = await visitorTokens();
    const setCookie = await sessionSetCookie(request(), tokens);
    expect(setCookie.length).toBeLessThan(1024);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const read = await readSessionTokens(new Request("http://localhost/", { headers: { Cookie: cookieOf(setCookie) } }));
    expect(read).toEqual(tokens);
  });

  it("is Secure when the public origin is https, whatever the request says", async () => {
    vi.stubEnv("PUBLIC_ORIGIN", "https://shop.example");
    forgetConfig();
    try {
      expect(await sessionSetCookie(new Request("http://localhost/"), await visitorTokens())).toMatch(/; Secure/);
    } finally {
      vi.unstubAllEnvs();
      forgetConfig();
    }
    expect(await sessionSetCookie(new Request("https://shop.example/"), await visitorTokens())).not.toMatch(/; Secure/);
  });

  it("treats tampered, truncated, foreign-secret or malformed cookies as a new visitor", async () => {
    const setCookie = await sessionSetCookie(request(), await visitorTokens());
    const value = cookieOf(setCookie).slice("__session=".length);
    const bad = [
      `__session=${value.slice(0, -5)}`,
      `__session=x${value}`,
      `__session=${"A".repeat(5000)}`,
      cookieOf(
        await (
          await import("react-router")
        )
          .createCookie("__session", { secrets: ["another-secret-0123456789"] })
          .serialize({ a: { v: "x", e: 1 }, r: { v: "y", m: true } }),
      ),
      cookieOf(await appCookies().session.serialize({ a: "not tokens" })),
    ];
    for (const cookie of bad) {
      expect(await readSessionTokens(new Request("http://localhost/", { headers: { Cookie: cookie } }))).toBeNull();
    }
  });

  it("reads a cookie it has opened before the same way, and still refuses a tampered copy of it", async () => {
    const tokens = await visitorTokens();
    const cookie = cookieOf(await sessionSetCookie(request(), tokens));
    const read = (header: string) => readSessionTokens(new Request("http://localhost/", { headers: { Cookie: header } }));
    expect(await read(cookie)).toEqual(tokens);
    expect(await read(`theme=dark; ${cookie}; __toast=x`)).toEqual(tokens);
    expect(await read(`${cookie.slice(0, -3)}AAA`)).toBeNull();
    expect(await read(`${cookie}A`)).toBeNull();
    expect(await read("theme=dark")).toBeNull();
  });
});

describe("a visitor's first cart read", () => {
  it("is an empty cart, not an error, while the platform has no current cart for the visitor", async () => {
    const commerce = new Commerce(request(), await visitorTokens());
    const wix = await commerce.client();
    // What the platform answers first: Cart V2's 404 for a visitor without a current cart.
    const refusal = await wix.currentCartV2.getCurrentCart().then(
      () => null,
      (e: { details?: { applicationError?: { code?: unknown } } }) => e.details?.applicationError?.code,
    );
    expect(refusal).toBe("CURRENT_CART_NOT_FOUND");
    expect(await commerce.cart.get()).toBeNull();
  });
});
