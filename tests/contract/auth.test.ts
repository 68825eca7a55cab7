// OAuth tokens, the PKCE login round trip through the hosted login page, renewal, logout, sign-up.
import { describe, expect, it } from "vitest";
import {
  ALEX,
  APP_ORIGIN,
  Browser,
  clientId,
  DEMO,
  formWithButton,
  isWix,
  loginFill,
  loginThroughHostedPage,
  makeClient,
  pageText,
  parseForms,
  productBySlug,
  productRef,
  rawApi,
  rejection,
  usePlatform,
  type PlatformHandle,
} from "./harness";

const ctx = usePlatform();
const REDIRECT_URI = `${APP_ORIGIN}/callback`;

/** Drives the hosted login page up to the redirect back to the app; returns the redirect URL (or the page shown). */
async function hostedLogin(
  handle: PlatformHandle,
  authUrl: string,
  who: { email: string; password: string },
): Promise<{ location?: string; html?: string; status: number }> {
  const browser = new Browser(handle.platform);
  const page = await browser.get(authUrl);
  expect(page.res.status).toBe(200);
  expect(page.res.headers.get("content-type")).toMatch(/^text\/html/);
  const posted = await browser.submit(authUrl, page.html, "Se connecter", loginFill(who.email, who.password));
  const exit = await browser.followToExit(posted, authUrl);
  return { location: exit.location, html: exit.html, status: exit.res.status };
}

/**
 * A fresh SDK client starting a PKCE login: its OAuth data and the authorize URL. Code and state come back in the
 * query (what the app asks for) unless `sdkDefaultResponseMode` leaves the SDK's default.
 */
async function startLogin(options: { redirectUri?: string; originalUri?: string; sdkDefaultResponseMode?: boolean } = {}) {
  const client = makeClient();
  const oauthData = client.auth.generateOAuthData(options.redirectUri ?? REDIRECT_URI, options.originalUri);
  const { authUrl } = await client.auth.getAuthUrl(oauthData, options.sdkDefaultResponseMode ? undefined : { responseMode: "query" });
  return { client, oauthData, authUrl };
}

/** A PKCE login of `who` through the hosted page, up to the authorization code sent back to the redirect URI. */
async function loginCode(who: { email: string; password: string }) {
  const { client, oauthData, authUrl } = await startLogin();
  const { location } = await hostedLogin(ctx, authUrl, who);
  return { client, oauthData, code: new URL(location!).searchParams.get("code")! };
}

async function tokenRequest(body: Record<string, unknown>) {
  const res = await rawApi("/oauth2/token", { body });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // keep the raw text for the assertion messages
  }
  return { res, text, json };
}

/** The raw code exchange at the token endpoint (what the SDK's getMemberTokens sends), with REDIRECT_URI unless told. */
function exchangeCode(code: string, exchange: { codeVerifier: string; redirectUri?: string }) {
  return tokenRequest({ clientId, grantType: "authorization_code", redirectUri: REDIRECT_URI, code, ...exchange });
}

describe("OAuth token endpoint", () => {
  it("issues anonymous visitor tokens (opaque, comma-free, with a lifetime in seconds)", async () => {
    const { res, json } = await tokenRequest({ clientId, grantType: "anonymous" });
    expect(res.status).toBe(200);
    expect(typeof json.access_token).toBe("string");
    expect(typeof json.refresh_token).toBe("string");
    expect(json.access_token).not.toContain(",");
    expect(json.refresh_token).not.toContain(",");
    expect(Number(json.expires_in)).toBeGreaterThan(0);
    if (!isWix) expect(Number(json.expires_in)).toBe(4 * 3600);
    expect(res.headers.get("x-wix-request-id")).toBeTruthy();
  });

  it("gives every visitor different tokens", async () => {
    const a = await tokenRequest({ clientId, grantType: "anonymous" });
    const b = await tokenRequest({ clientId, grantType: "anonymous" });
    expect(a.json.access_token).not.toBe(b.json.access_token);
    expect(a.json.refresh_token).not.toBe(b.json.refresh_token);
  });

  it("refuses an unknown client id", async () => {
    const { res } = await tokenRequest({ clientId: "client-inconnu", grantType: "anonymous" });
    expect(res.status).not.toBe(200);
  });

  it("the SDK gets visitor tokens on its own (role visitor)", async () => {
    const client = makeClient();
    const tokens = await client.auth.generateVisitorTokens();
    expect(tokens.accessToken.value).toBeTruthy();
    expect(tokens.refreshToken.role).toBe("visitor");
    const now = Math.floor(Date.now() / 1000);
    expect(tokens.accessToken.expiresAt).toBeGreaterThan(now);
    if (!isWix) expect(Math.abs(tokens.accessToken.expiresAt - (now + 4 * 3600))).toBeLessThanOrEqual(2);
    expect(client.auth.loggedIn()).toBe(false);
  });

  it("renews a visitor's access token from its refresh token", async () => {
    const client = makeClient();
    const tokens = await client.auth.generateVisitorTokens();
    const renewed = await client.auth.renewToken(tokens.refreshToken);
    expect(renewed.accessToken.value).toBeTruthy();
    expect(renewed.accessToken.value).not.toBe(tokens.accessToken.value);
    expect(renewed.refreshToken.value).toBe(tokens.refreshToken.value);
    expect(renewed.refreshToken.role).toBe("visitor");
  });

  it("answers invalid_grant for an unknown refresh token (raw and through the SDK)", async () => {
    const { res, json } = await tokenRequest({ clientId, grantType: "refresh_token", refreshToken: "jeton-inconnu" });
    expect(res.status).toBe(400);
    expect(json.error).toBe("invalid_grant");
    const client = makeClient();
    const e = await rejection(() => client.auth.renewToken({ value: "jeton-inconnu", role: "member" }));
    expect(e.message).toContain("Failed to fetch tokens from OAuth API");
    expect(e.message).toContain("invalid_grant");
  });

  it("getAuthUrl builds an authorize URL through a redirect session", async () => {
    const client = makeClient();
    const oauthData = client.auth.generateOAuthData(REDIRECT_URI, `${APP_ORIGIN}/`);
    expect(oauthData.codeVerifier.length).toBeGreaterThanOrEqual(43);
    const { authUrl } = await client.auth.getAuthUrl(oauthData, { responseMode: "query" });
    expect(() => new URL(authUrl)).not.toThrow();
    if (!isWix) {
      const url = new URL(authUrl);
      expect(url.origin).toBe(APP_ORIGIN);
      expect(url.pathname.startsWith("/_platform/")).toBe(true);
    }
  });
});

describe.skipIf(isWix)("PKCE login through the hosted login page (embedded platform)", () => {
  it("shows a French login form with E-mail, Mot de passe and Se connecter", async () => {
    const { authUrl } = await startLogin();
    const page = await new Browser(ctx.platform).get(authUrl);
    expect(page.res.status).toBe(200);
    const text = pageText(page.html);
    expect(text).toContain("E-mail");
    expect(text).toContain("Mot de passe");
    const { form } = formWithButton(page.html, "Se connecter");
    expect(form.method).toBe("POST");
    expect(form.fields.some((f) => f.type === "password")).toBe(true);
    expect(page.html).toMatch(/<html[^>]*lang="fr"/i);
  });

  it("logs the demo member in: code + state back to the redirect URI (query), member tokens, getCurrentMember", async () => {
    const { client, oauthData, authUrl } = await startLogin({ originalUri: `${APP_ORIGIN}/compte` });
    const { location } = await hostedLogin(ctx, authUrl, DEMO);
    expect(location).toBeDefined();
    const back = new URL(location!);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get("state")).toBe(oauthData.state);
    const code = back.searchParams.get("code");
    expect(code).toBeTruthy();

    const parsed = client.auth.parseFromUrl(location!, "query");
    expect(parsed.code).toBe(code);
    const tokens = await client.auth.getMemberTokens(parsed.code, parsed.state, oauthData);
    expect(tokens.refreshToken.role).toBe("member");
    expect(tokens.accessToken.value).toBeTruthy();
    client.auth.setTokens(tokens);
    expect(client.auth.loggedIn()).toBe(true);

    const { member } = await client.members.getCurrentMember({ fieldsets: ["FULL"] });
    expect(member?.loginEmail).toBe(DEMO.email);
    expect(member?.contact?.firstName).toBe(DEMO.firstName);
    expect(member?.contact?.lastName).toBe(DEMO.lastName);
    expect(member?.status).toBe("APPROVED");
  });

  it("returns code and state in the fragment by default", async () => {
    const { client, oauthData, authUrl } = await startLogin({ sdkDefaultResponseMode: true });
    const { location } = await hostedLogin(ctx, authUrl, ALEX);
    const back = new URL(location!);
    expect(back.search).toBe("");
    const parsed = client.auth.parseFromUrl(location!);
    expect(parsed.state).toBe(oauthData.state);
    const tokens = await client.auth.getMemberTokens(parsed.code, parsed.state, oauthData);
    client.auth.setTokens(tokens);
    const { member } = await client.members.getCurrentMember();
    expect(member?.profile?.nickname).toBe("Alex");
  });

  it("shows an error page on a wrong password and does not redirect", async () => {
    const { authUrl } = await startLogin();
    const result = await hostedLogin(ctx, authUrl, { email: DEMO.email, password: "mauvais-mot-de-passe" });
    expect(result.location).toBeUndefined();
    expect(result.html).toBeDefined();
    // The form is shown again, with a message, and without leaking which part was wrong.
    expect(parseForms(result.html!).some((f) => f.fields.some((x) => x.type === "password"))).toBe(true);
    expect(pageText(result.html!)).toMatch(/incorrect|invalide|erron/i);
  });

  it("cancelling the login returns error=access_denied to the redirect URI, no code", async () => {
    const { client, oauthData, authUrl } = await startLogin();
    const browser = new Browser(ctx.platform);
    const page = await browser.get(authUrl);
    const posted = await browser.submit(authUrl, page.html, /^annuler/i, () => undefined);
    const exit = await browser.followToExit(posted, authUrl);
    expect(exit.location).toBeDefined();
    const parsed = client.auth.parseFromUrl(exit.location!, "query");
    expect(parsed.error).toBe("access_denied");
    expect(parsed.errorDescription).toBeTruthy();
    expect(parsed.code).toBeNull();
    expect(parsed.state).toBe(oauthData.state);
  });

  it("refuses a PKCE verifier of the wrong length with the seed's message", async () => {
    const { code } = await loginCode(DEMO);
    const { res, text } = await exchangeCode(code, { codeVerifier: "trop-court" });
    expect(res.status).toBe(400);
    expect(text).toContain("Expected a length between 43 and 128. Received 10.");
  });

  it("refuses a verifier that does not match the challenge, and a code used twice", async () => {
    const { code } = await loginCode(DEMO);
    const wrong = await exchangeCode(code, { codeVerifier: "a".repeat(43) });
    expect(wrong.res.status).toBe(400);
    expect(wrong.json.error).toBe("invalid_grant");

    const second = await startLogin();
    const loc2 = (await hostedLogin(ctx, second.authUrl, DEMO)).location!;
    const p2 = second.client.auth.parseFromUrl(loc2, "query");
    await second.client.auth.getMemberTokens(p2.code, p2.state, second.oauthData);
    await expect(second.client.auth.getMemberTokens(p2.code, p2.state, second.oauthData)).rejects.toThrow(/invalid_grant/);
  });

  it("the SDK refuses a callback whose state does not match", async () => {
    const { client, oauthData, code } = await loginCode(DEMO);
    await expect(client.auth.getMemberTokens(code, "etat-falsifie", oauthData)).rejects.toThrow("Invalid _state");
  });

  it("refuses a redirect URI outside the allowed origins", async () => {
    const client = makeClient();
    const oauthData = client.auth.generateOAuthData("https://pirate.example/callback");
    const e = await rejection(() => client.auth.getAuthUrl(oauthData, { responseMode: "query" }));
    expect(e.details?.applicationError?.code).toBe("INVALID_REDIRECT_URI");
  });

  it("a login returns only to an exact registered callback: another path, query or slash on the app's origin is refused", async () => {
    const client = makeClient();
    for (const uri of [`${APP_ORIGIN}/`, `${APP_ORIGIN}/account/autre`, `${APP_ORIGIN}/callback/`, `${APP_ORIGIN}/callback?x=1`]) {
      const e = await rejection(() => client.auth.getAuthUrl(client.auth.generateOAuthData(uri), { responseMode: "query" }));
      expect(e.details?.applicationError?.code).toBe("INVALID_REDIRECT_URI");
      expect(e.details?.applicationError?.description).toContain("Invalid redirect URI");
    }
    // The same origin stays an allowed redirect domain for the other returns (logout here).
    await expect(client.auth.logout(`${APP_ORIGIN}/account/autre`)).resolves.toHaveProperty("logoutUrl");
    const { authUrl } = await client.auth.getAuthUrl(client.auth.generateOAuthData(REDIRECT_URI), { responseMode: "query" });
    expect(authUrl).toContain("/_platform/login?session=");
  });

  it("merges the visitor's cart into the member's cart at login", async () => {
    const client = makeClient();
    const mug = await productBySlug(client, "mug-isotherme");
    await client.currentCart.addToCurrentCart({ lineItems: [{ ...productRef(mug._id), quantity: 2 }] });
    await loginThroughHostedPage(ctx.platform, ALEX, client);
    const cart = await client.currentCart.getCurrentCart();
    expect(typeof cart.buyerInfo?.memberId).toBe("string");
    const line = cart.lineItems!.find((l) => l.catalogReference?.catalogItemId === mug._id);
    expect(line?.quantity).toBeGreaterThanOrEqual(2);
  });

  it("keeps one cart per member across sessions", async () => {
    const first = (await loginThroughHostedPage(ctx.platform, DEMO)).client;
    const book = await productBySlug(first, "livre-cloud");
    await first.currentCart.addToCurrentCart({ lineItems: [{ ...productRef(book._id), quantity: 1 }] });
    const second = (await loginThroughHostedPage(ctx.platform, DEMO)).client;
    const cart = await second.currentCart.getCurrentCart();
    expect(cart.lineItems!.some((l) => l.catalogReference?.catalogItemId === book._id)).toBe(true);
    expect(cart._id).toBe((await first.currentCart.getCurrentCart())._id);
  });

  it("refuses a code exchanged with another redirect URI than the one it was issued for", async () => {
    const { oauthData, code } = await loginCode(DEMO);
    const { res, json } = await exchangeCode(code, { codeVerifier: oauthData.codeVerifier, redirectUri: `${APP_ORIGIN}/autre-callback` });
    expect(res.status).toBe(400);
    expect(json.error).toBe("invalid_grant");
  });

  it("renews a member's token with renewToken and keeps the member role", async () => {
    const { client, tokens } = await loginThroughHostedPage(ctx.platform, DEMO);
    const renewed = await client.auth.renewToken(tokens.refreshToken);
    expect(renewed.refreshToken.role).toBe("member");
    expect(renewed.accessToken.value).not.toBe(tokens.accessToken.value);
    const fresh = makeClient(renewed);
    const { member } = await fresh.members.getCurrentMember();
    expect(member?.loginEmail ?? member?.profile?.nickname).toBeTruthy();
    expect(member?.profile?.slug).toBeTruthy();
  });

  it("logs out: the logout URL is a hosted page on the app origin, tokens are cleared and the refresh token revoked", async () => {
    const { client, tokens } = await loginThroughHostedPage(ctx.platform, DEMO);
    const { logoutUrl } = await client.auth.logout(`${APP_ORIGIN}/`);
    const url = new URL(logoutUrl);
    expect(url.origin).toBe(APP_ORIGIN);
    expect(url.pathname.startsWith("/_platform/")).toBe(true);
    expect(client.auth.getTokens().refreshToken.role).toBe("none");
    const browser = new Browser(ctx.platform);
    const res = await browser.request(logoutUrl);
    const exit = await browser.followToExit(res, logoutUrl);
    expect(exit.location).toBe(`${APP_ORIGIN}/`);
    const { res: refreshed, json } = await tokenRequest({
      clientId,
      grantType: "refresh_token",
      refreshToken: tokens.refreshToken.value,
    });
    expect(refreshed.status).toBe(400);
    expect(json.error).toBe("invalid_grant");
  });
});

describe.skipIf(isWix)("hosted sign-up (embedded platform)", () => {
  async function signUp(handle: PlatformHandle, email: string) {
    const { client, oauthData, authUrl } = await startLogin();
    const browser = new Browser(handle.platform);
    const login = await browser.get(authUrl);
    // The login page links to the sign-up page (a plain link, works without JavaScript).
    const link = [...login.html.matchAll(/<a\b[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi)].find((m) =>
      /inscri|créer un compte|creer un compte/i.test(pageText(m[2] ?? "")),
    );
    expect(link, "a sign-up link on the login page").toBeDefined();
    const signupUrl = new URL(link![1]!.replace(/&amp;/g, "&"), authUrl).toString();
    const page = await browser.get(signupUrl);
    expect(page.res.status).toBe(200);
    const form = parseForms(page.html).find((f) => f.fields.some((x) => x.type === "password"));
    expect(form).toBeDefined();
    const button = form!.buttons[0]!;
    const posted = await browser.submit(signupUrl, page.html, button.label, (name, type) => {
      if (type === "hidden") return undefined;
      if (type === "email" || /mail/i.test(name)) return email;
      if (type === "password" || /pass|mot/i.test(name)) return "motdepasse-nouveau";
      if (/first|prenom|prénom/i.test(name)) return "Dominique";
      if (/last|nom/i.test(name)) return "Petit";
      if (type === "checkbox") return "on";
      return undefined;
    });
    // Every sign-up proves its mailbox first (docs/decisions/0029-sign-up-proves-the-mailbox.md): the code e-mailed
    // to a new address goes into the page's code form; a taken address gets that form too, and no code.
    const codePage = await posted.text();
    const code = handle.platform.outbox().find((m) => m.to === email && m.data.code)?.data.code;
    const verified = code ? await browser.submit(signupUrl, codePage, "Vérifier", (name) => (name === "code" ? code : undefined)) : posted;
    const exit = code ? await browser.followToExit(verified, signupUrl) : { res: posted, html: codePage, location: undefined };
    return { client, oauthData, exit };
  }

  it("creates an APPROVED member and logs it in", async () => {
    const { client, oauthData, exit } = await signUp(ctx, "dominique@exemple.fr");
    expect(exit.location).toBeDefined();
    const parsed = client.auth.parseFromUrl(exit.location!, "query");
    client.auth.setTokens(await client.auth.getMemberTokens(parsed.code, parsed.state, oauthData));
    const { member } = await client.members.getCurrentMember({ fieldsets: ["FULL"] });
    expect(member?.loginEmail).toBe("dominique@exemple.fr");
    expect(member?.status).toBe("APPROVED");
  });

  it("answers an e-mail that already has an account with the code step, as a new one (no account said to exist)", async () => {
    const { exit } = await signUp(ctx, DEMO.email);
    expect(exit.location).toBeUndefined();
    expect(pageText(exit.html ?? "")).toContain("Code de vérification");
    expect(ctx.platform.outbox().find((m) => m.to === DEMO.email)?.kind).toBe("signup-existing");
  });

  describe("when the site requires approval", () => {
    const pending = usePlatform({ requireMemberApproval: true });
    it("creates a PENDING member and says so, without logging in", async () => {
      const { exit } = await signUp(pending, "en-attente@exemple.fr");
      expect(exit.location).toBeUndefined();
      expect(pageText(exit.html ?? "")).toMatch(/approb|valid|attente/i);
    });

    it("does not log a PENDING member in", async () => {
      await signUp(pending, "encore-en-attente@exemple.fr");
      const { authUrl } = await startLogin();
      const result = await hostedLogin(pending, authUrl, { email: "encore-en-attente@exemple.fr", password: "motdepasse-nouveau" });
      // The login page answers itself, saying the account waits for approval: no redirect, so no code.
      expect(result.location).toBeUndefined();
      expect(pageText(result.html ?? "")).toMatch(/approb|attente/i);
    });
  });
});

describe.skipIf(isWix)("short-lived access tokens (embedded platform, 1 s)", () => {
  const short = usePlatform({ accessTokenTtlSeconds: 1 });

  it("expires access tokens and the SDK renews them transparently, keeping the member session", async () => {
    const { client, tokens } = await loginThroughHostedPage(short.platform, DEMO);
    expect(tokens.accessToken.expiresAt - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(1);
    await new Promise((r) => setTimeout(r, 2200));
    // The old token is refused by the platform...
    const raw = await rawApi("/members/v1/members/my", { token: tokens.accessToken.value });
    expect([401, 403]).toContain(raw.status);
    // ...and the SDK notices the expiry, refreshes with the member refresh token and carries on as the member.
    const { member } = await client.members.getCurrentMember({ fieldsets: ["FULL"] });
    expect(member?.loginEmail).toBe(DEMO.email);
    const now = client.auth.getTokens();
    expect(now.accessToken.value).not.toBe(tokens.accessToken.value);
    expect(now.refreshToken.role).toBe("member");
  });
});
