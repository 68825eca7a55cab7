// Direct member accounts through the real SDK: client.auth.register/login/processVerification/
// sendPasswordResetEmail, then getAuthUrl({sessionToken, prompt:"none"}) → authorize redirect → getMemberTokens.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Platform } from "../../platform/index";
import {
  APP_ORIGIN,
  ALEX,
  Browser,
  DEMO,
  isWix,
  makeClient,
  pageText,
  productBySlug,
  productRef,
  rawApi,
  rejection,
  signUpAndProve,
  type Client,
  usePlatform,
  OWNER_TOKEN,
} from "./harness";

/** OAuthStrategy's results, loosely typed: the union's members are not exported by @wix/sdk. */
interface AnyState {
  loginState: string;
  data?: { sessionToken?: string; stateToken?: string };
  error?: string;
  errorCode?: string;
}
const sdkLogin = (c: Client, p: { email: string; password: string }) => c.auth.login(p) as Promise<AnyState>;
const sdkRegister = (c: Client, p: Parameters<Client["auth"]["register"]>[0]) => c.auth.register(p) as Promise<AnyState>;
const verify = (c: Client, code: string) => c.auth.processVerification({ verificationCode: code }) as Promise<AnyState>;
// getAuthUrl's typings omit `sessionToken`, which the runtime passes on to the authorize request.
type AuthUrlOpts = NonNullable<Parameters<Client["auth"]["getAuthUrl"]>[1]> & { sessionToken?: string };
const authUrlFor = (c: Client, oauthData: Parameters<Client["auth"]["getAuthUrl"]>[0], opts: AuthUrlOpts) =>
  c.auth.getAuthUrl(oauthData, opts);

/** The application error code inside an OAuthStrategy `error` string (the SDK error's JSON message). */
function iamCode(error: unknown): unknown {
  if (typeof error !== "string") return undefined;
  try {
    return (JSON.parse(error) as { details?: { applicationError?: { code?: unknown } } }).details?.applicationError?.code;
  } catch {
    return undefined;
  }
}

function sdkCode(e: { details?: { applicationError?: { code?: unknown } } }): unknown {
  return e.details?.applicationError?.code;
}

/** Turns a session token into member tokens the way the app does: full-page authorize with prompt=none. */
async function tokensFromSession(platform: Platform, client: Client, sessionToken: string) {
  const oauthData = client.auth.generateOAuthData(`${APP_ORIGIN}/callback`, `${APP_ORIGIN}/`);
  const { authUrl } = await authUrlFor(client, oauthData, { sessionToken, prompt: "none", responseMode: "query" });
  const res = await new Browser(platform).request(authUrl);
  const location = res.headers.get("location");
  expect(res.status, "the authorize page redirects at once").toBe(303);
  const back = new URL(location!);
  expect(back.origin + back.pathname).toBe(`${APP_ORIGIN}/callback`);
  const { code, state, error } = client.auth.parseFromUrl(back.toString(), "query");
  expect(error).toBeUndefined();
  const tokens = await client.auth.getMemberTokens(code!, state!, oauthData);
  client.auth.setTokens(tokens);
  return tokens;
}

async function authorizeWith(platform: Platform, client: Client, sessionToken: string | undefined) {
  const oauthData = client.auth.generateOAuthData(`${APP_ORIGIN}/callback`, `${APP_ORIGIN}/`);
  const { authUrl } = await authUrlFor(client, oauthData, {
    ...(sessionToken ? { sessionToken } : {}),
    prompt: "none",
    responseMode: "query",
  });
  const res = await new Browser(platform).request(authUrl);
  return client.auth.parseFromUrl(res.headers.get("location") ?? "http://x/", "query");
}

function lastMessageTo(platform: Platform, email: string) {
  const m = platform.outbox().find((x) => x.to.toLowerCase() === email.toLowerCase());
  if (!m) throw new Error(`no message to ${email} in the outbox`);
  return m;
}

const NEW_PASSWORD = "nouveau-secret-42";

describe.skipIf(isWix)("direct login and sign-up, open policy", () => {
  const handle = usePlatform();

  it("register → EMAIL_VERIFICATION_REQUIRED → code → SUCCESS → authorize prompt=none → member tokens, the visitor's cart kept", async () => {
    const client = makeClient();
    const product = await productBySlug(client, "livre-typescript");
    await client.currentCart.addToCurrentCart({ lineItems: [{ ...productRef(product._id), quantity: 2 }] });
    // Every sign-up proves its mailbox before the account exists (docs/decisions/0029-sign-up-proves-the-mailbox.md).
    const result = await signUpAndProve(handle.platform, client, {
      email: "nouvelle@exemple.fr",
      password: "motdepasse-solide",
      profile: { firstName: "Nina", lastName: "Leroy", nickname: "Nina L." },
    });
    expect(result.loginState).toBe("SUCCESS");
    const sessionToken = result.data!.sessionToken!;
    expect(sessionToken).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    await tokensFromSession(handle.platform, client, sessionToken);
    expect(client.auth.loggedIn()).toBe(true);
    const { member } = await client.members.getCurrentMember({ fieldsets: ["FULL"] });
    expect(member?.loginEmail).toBe("nouvelle@exemple.fr");
    expect(member?.contact?.firstName).toBe("Nina");
    const cart = await client.currentCart.getCurrentCart();
    expect((cart.lineItems ?? []).map((l) => [l.catalogReference?.catalogItemId, l.quantity])).toEqual([[product._id, 2]]);
  });

  it("login → SUCCESS for a seeded member; the session token is single use", async () => {
    const client = makeClient();
    const result = await sdkLogin(client, { email: DEMO.email, password: DEMO.password });
    expect(result.loginState).toBe("SUCCESS");
    const sessionToken = result.data!.sessionToken!;
    await tokensFromSession(handle.platform, client, sessionToken);
    const { member } = await client.members.getCurrentMember();
    expect(member?.profile?.nickname).toBeTruthy();
    const replay = await authorizeWith(handle.platform, makeClient(), sessionToken);
    expect(replay.code).toBeNull();
    expect(replay.error).toBe("login_required");
  });

  it("prompt=none without a session token or with a forged one → error=login_required, no login form", async () => {
    expect((await authorizeWith(handle.platform, makeClient(), undefined)).error).toBe("login_required");
    const forged = await authorizeWith(handle.platform, makeClient(), "forged-session-token-forged-session-token");
    expect(forged.error).toBe("login_required");
    expect(forged.errorDescription).toBeTruthy();
  });

  it("a session token with prompt=login also skips the form; without one the login form is shown", async () => {
    const client = makeClient();
    const result = await sdkLogin(client, { email: ALEX.email, password: ALEX.password });
    const sessionToken = result.data!.sessionToken!;
    const oauthData = client.auth.generateOAuthData(`${APP_ORIGIN}/callback`);
    const { authUrl } = await authUrlFor(client, oauthData, { sessionToken, responseMode: "query" });
    const res = await new Browser(handle.platform).request(authUrl);
    expect(new URL(res.headers.get("location")!).searchParams.get("code")).toBeTruthy();
    const plain = await authUrlFor(client, client.auth.generateOAuthData(`${APP_ORIGIN}/callback`), { responseMode: "query" });
    const page = await new Browser(handle.platform).get(plain.authUrl);
    expect(page.res.status).toBe(200);
    expect(pageText(page.html)).toContain("Connexion");
  });

  it("wrong password and unknown e-mail → the same invalidPassword answer (-19976): no account enumeration", async () => {
    const client = makeClient();
    const wrong = await sdkLogin(client, { email: ALEX.email, password: "pas-le-bon" });
    expect(wrong).toMatchObject({ loginState: "FAILURE", errorCode: "invalidPassword" });
    expect(iamCode(wrong.error)).toBe("-19976");
    const unknown = await sdkLogin(client, { email: "personne@exemple.fr", password: "peu-importe" });
    expect(unknown).toMatchObject({ loginState: "FAILURE", errorCode: "invalidPassword" });
    expect(iamCode(unknown.error)).toBe("-19976");
  });

  it("register: invalid e-mail → invalidEmail, taken e-mail → the code step as for a new one, short password → a validation error on password", async () => {
    const client = makeClient();
    const invalid = await sdkRegister(client, { email: "pas-une-adresse", password: "motdepasse-solide" });
    expect(invalid).toMatchObject({ loginState: "FAILURE", errorCode: "invalidEmail" });
    expect(invalid.error).toBe("n'est pas une adresse e-mail valide");
    // Wix answers emailAlreadyExists; the platform never tells whether an address has an account (platform/README.md).
    const taken = await sdkRegister(client, { email: "DEMO@exemple.fr", password: "motdepasse-solide" });
    expect(taken.loginState).toBe("EMAIL_VERIFICATION_REQUIRED");
    const weak = await sdkRegister(client, { email: "faible@exemple.fr", password: "court" });
    expect(weak.loginState).toBe("FAILURE");
    expect(weak.errorCode).toBeUndefined();
    // No invented application code: a field violation on `password`, which the SDK leaves in `error` (its JSON message).
    expect(iamCode(weak.error)).toBeUndefined();
    expect(JSON.parse(weak.error!).details.validationError.fieldViolations[0].field).toBe("options.password");
    // Nothing was created by the refused attempts.
    expect((await signUpAndProve(handle.platform, client, { email: "faible@exemple.fr", password: "motdepasse-solide" })).loginState).toBe(
      "SUCCESS",
    );
  });

  describe("lock-out", () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it("5 failures within 15 minutes require a captcha for 15 minutes (-19971 → missingCaptchaToken), even with the right password", async () => {
      const client = makeClient();
      const email = "verrou@exemple.fr";
      expect((await signUpAndProve(handle.platform, client, { email, password: "motdepasse-verrou" })).loginState).toBe("SUCCESS");
      for (let i = 0; i < 5; i++) expect((await sdkLogin(client, { email, password: `faux-${i}` })).errorCode).toBe("invalidPassword");
      const locked = await sdkLogin(client, { email: "VERROU@exemple.fr", password: "motdepasse-verrou" });
      expect(locked).toMatchObject({ loginState: "FAILURE", errorCode: "missingCaptchaToken" });
      expect(iamCode(locked.error)).toBe("-19971");
      // A captcha token cannot be checked here (no reCAPTCHA service): it is refused as invalid (-19970).
      const withCaptcha = await client.auth.login({ email, password: "motdepasse-verrou", captchaTokens: { recaptchaToken: "jeton" } });
      expect(withCaptcha).toMatchObject({ loginState: "FAILURE", errorCode: "invalidCaptchaToken" });
      // Other accounts are not affected.
      expect((await sdkLogin(client, { email: DEMO.email, password: DEMO.password })).loginState).toBe("SUCCESS");
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(Date.now() + 15 * 60 * 1000 + 1000);
      expect((await sdkLogin(client, { email, password: "motdepasse-verrou" })).loginState).toBe("SUCCESS");
    });

    it("the hosted login page shares the counter", async () => {
      const client = makeClient();
      const email = "verrou-page@exemple.fr";
      await signUpAndProve(handle.platform, client, { email, password: "motdepasse-verrou" });
      for (let i = 0; i < 5; i++) await sdkLogin(client, { email, password: `faux-${i}` });
      const { authUrl } = await authUrlFor(client, client.auth.generateOAuthData(`${APP_ORIGIN}/callback`), { responseMode: "query" });
      const browser = new Browser(handle.platform);
      const page = await browser.get(authUrl);
      const res = await browser.submit(authUrl, page.html, "Se connecter", (name, type) =>
        type === "hidden" ? undefined : type === "email" ? email : type === "password" ? "motdepasse-verrou" : undefined,
      );
      expect(res.status).toBe(429);
      expect(pageText(await res.text())).toContain("Trop de tentatives échouées pour ce compte depuis cette connexion");
    });
  });

  describe("password reset", () => {
    it("link from the outbox → new password works, the old one does not, the link is single use", async () => {
      const client = makeClient();
      const email = "oubli@exemple.fr";
      await signUpAndProve(handle.platform, client, { email, password: "ancien-secret-1" });
      await client.auth.sendPasswordResetEmail(email, `${APP_ORIGIN}/connexion?reinitialise=1`);
      const message = lastMessageTo(handle.platform, email);
      expect(message.subject).toBe("Réinitialisation de votre mot de passe");
      const link = message.links[0]!.url;
      expect(link).toMatch(new RegExp(`^${APP_ORIGIN}/_platform/reset-password\\?token=`));
      expect(message.text).toContain(link);

      const browser = new Browser(handle.platform);
      const page = await browser.get(link);
      expect(page.res.status).toBe(200);
      const text = pageText(page.html);
      expect(text).toContain("Nouveau mot de passe");
      expect(text).toContain("Confirmer le mot de passe");
      const fill = (password: string, confirm: string) => (name: string, type: string) =>
        type === "hidden" ? undefined : name === "password" ? password : name === "confirm" ? confirm : undefined;
      const short = await browser.submit(link, page.html, "Enregistrer le mot de passe", fill("court", "court"));
      expect(short.status).toBe(400);
      expect(pageText(await short.text())).toContain("au moins 8 caractères");
      const mismatch = await browser.submit(link, page.html, "Enregistrer le mot de passe", fill(NEW_PASSWORD, "autre-chose-42"));
      expect(pageText(await mismatch.text())).toContain("ne correspondent pas");
      const done = await browser.submit(link, page.html, "Enregistrer le mot de passe", fill(NEW_PASSWORD, NEW_PASSWORD));
      expect(done.status).toBe(303);
      expect(done.headers.get("location")).toBe(`${APP_ORIGIN}/connexion?reinitialise=1`);

      expect((await sdkLogin(client, { email, password: NEW_PASSWORD })).loginState).toBe("SUCCESS");
      expect((await sdkLogin(client, { email, password: "ancien-secret-1" })).errorCode).toBe("invalidPassword");
      const again = await browser.get(link);
      expect(again.res.status).toBe(400);
      expect(pageText(again.html)).toMatch(/expiré ou a déjà été utilisé/);
    });

    it("the hosted login page has its own 'Mot de passe oublié ?' flow, back to the same login page", async () => {
      const client = makeClient();
      const email = "oubli-page@exemple.fr";
      await signUpAndProve(handle.platform, client, { email, password: "ancien-secret-2" });
      const oauthData = client.auth.generateOAuthData(`${APP_ORIGIN}/callback`);
      const { authUrl } = await authUrlFor(client, oauthData, { responseMode: "query" });
      const browser = new Browser(handle.platform);
      const login = await browser.get(authUrl);
      const forgotHref = /href="([^"]*\/_platform\/forgot[^"]*)"/.exec(login.html)?.[1];
      expect(forgotHref).toBeTruthy();
      const forgotUrl = new URL(forgotHref!.replace(/&amp;/g, "&"), authUrl).toString();
      const forgot = await browser.get(forgotUrl);
      const sent = await browser.submit(forgotUrl, forgot.html, "Envoyer le lien", (name, type) => (type === "email" ? email : undefined));
      expect(pageText(await sent.text())).toContain("un e-mail contenant un lien de réinitialisation");
      const link = lastMessageTo(handle.platform, email).data.url!;
      const resetPage = await browser.get(link);
      const done = await browser.submit(link, resetPage.html, "Enregistrer le mot de passe", (name) =>
        name === "password" || name === "confirm" ? "nouveau-secret-2" : undefined,
      );
      expect(done.status).toBe(303);
      const backToLogin = new URL(done.headers.get("location")!);
      expect(backToLogin.pathname).toBe("/_platform/login");
      const again = await browser.get(backToLogin.toString());
      const posted = await browser.submit(backToLogin.toString(), again.html, "Se connecter", (name, type) =>
        type === "email" ? email : type === "password" ? "nouveau-secret-2" : undefined,
      );
      const back = new URL(posted.headers.get("location")!);
      const tokens = await client.auth.getMemberTokens(back.searchParams.get("code")!, back.searchParams.get("state")!, oauthData);
      expect(tokens.refreshToken.role).toBe("member");
    });

    it("an unknown e-mail answers the same (no message), a foreign redirect origin is refused", async () => {
      const client = makeClient();
      const before = handle.platform.outbox().length;
      await client.auth.sendPasswordResetEmail("inconnu@exemple.fr", `${APP_ORIGIN}/connexion`);
      expect(handle.platform.outbox().length).toBe(before);
      const e = await rejection(() => client.auth.sendPasswordResetEmail(DEMO.email, "https://evil.example/"));
      expect(sdkCode(e)).toBe("INVALID_REDIRECT_URI");
      expect(handle.platform.outbox().length).toBe(before);
    });

    it("the outbox page lists the messages, newest first, with clickable links", async () => {
      const page = await new Browser(handle.platform).get(`${APP_ORIGIN}/_platform/outbox?token=${OWNER_TOKEN}`);
      expect(page.res.status).toBe(200);
      expect(pageText(page.html)).toContain("Boîte d'envoi");
      expect(page.html).toMatch(/<a href="http:\/\/localhost:3000\/_platform\/reset-password\?token=/);
      const first = page.html.indexOf("oubli@exemple.fr");
      expect(first).toBeGreaterThan(0);
    });
  });
});

describe.skipIf(isWix)("sign-up with e-mail verification", () => {
  const handle = usePlatform({ signupPolicy: "verify-email" });

  it("register → EMAIL_VERIFICATION_REQUIRED → code from the outbox → SUCCESS → member tokens", async () => {
    const client = makeClient();
    const email = "verifie@exemple.fr";
    const result = await sdkRegister(client, { email, password: "motdepasse-verifie" });
    expect(result.loginState).toBe("EMAIL_VERIFICATION_REQUIRED");
    expect(result.data!.stateToken).toBeTruthy();
    const message = lastMessageTo(handle.platform, email);
    expect(message.subject).toBe("Votre code de vérification");
    const code = message.data.code!;
    expect(code).toMatch(/^\d{6}$/);
    expect(message.text).toContain(code);
    const wrong = await rejection(() => verify(client, code === "000000" ? "111111" : "000000"));
    expect(sdkCode(wrong)).toBe("INVALID_VERIFICATION_CODE");
    const ok = await verify(client, code);
    expect(ok.loginState).toBe("SUCCESS");
    await tokensFromSession(handle.platform, client, ok.data!.sessionToken!);
    const { member } = await client.members.getCurrentMember({ fieldsets: ["FULL"] });
    expect(member?.loginEmail).toBe(email);
    expect(member?.loginEmailVerified).toBe(true);
  });

  it("a sign-up left without its code makes no account; 3 wrong codes invalidate the state token; a new sign-up's code works", async () => {
    const client = makeClient();
    const email = "distrait@exemple.fr";
    await sdkRegister(client, { email, password: "motdepasse-distrait" });
    expect(await sdkLogin(client, { email, password: "motdepasse-distrait" })).toMatchObject({
      loginState: "FAILURE",
      errorCode: "invalidPassword",
    });
    const code = lastMessageTo(handle.platform, email).data.code!;
    const bad = code === "999999" ? "888888" : "999999";
    for (let i = 0; i < 3; i++) {
      const e = await rejection(() => verify(client, bad));
      expect(sdkCode(e)).toBe("INVALID_VERIFICATION_CODE");
    }
    const late = await rejection(() => verify(client, code));
    expect(sdkCode(late)).toBe("VERIFICATION_EXPIRED");
    // Signing up again sends a new code that works.
    await sdkRegister(client, { email, password: "motdepasse-distrait" });
    const fresh = lastMessageTo(handle.platform, email).data.code!;
    expect((await verify(client, fresh)).loginState).toBe("SUCCESS");
    expect((await sdkLogin(client, { email, password: "motdepasse-distrait" })).loginState).toBe("SUCCESS");
  });

  it("the hosted sign-up page asks for the code too", async () => {
    const client = makeClient();
    const oauthData = client.auth.generateOAuthData(`${APP_ORIGIN}/callback`);
    const { authUrl } = await authUrlFor(client, oauthData, { responseMode: "query" });
    const browser = new Browser(handle.platform);
    const session = new URL(authUrl).searchParams.get("session")!;
    const signupUrl = `${APP_ORIGIN}/_platform/signup?session=${encodeURIComponent(session)}`;
    const signup = await browser.get(signupUrl);
    const email = "page-verifiee@exemple.fr";
    const posted = await browser.submit(signupUrl, signup.html, "Créer mon compte", (name, type) =>
      type === "hidden" ? undefined : type === "email" ? email : type === "password" ? "motdepasse-page" : undefined,
    );
    const html = await posted.text();
    expect(pageText(html)).toContain("Code de vérification");
    const code = lastMessageTo(handle.platform, email).data.code!;
    const verified = await browser.submit(signupUrl, html, "Vérifier", (name) => (name === "code" ? code : undefined));
    const back = new URL(verified.headers.get("location")!);
    const tokens = await client.auth.getMemberTokens(back.searchParams.get("code")!, back.searchParams.get("state")!, oauthData);
    expect(tokens.refreshToken.role).toBe("member");
  });
});

describe.skipIf(isWix)("sign-up with owner approval", () => {
  // No demo data: its own pending sign-ups would sit beside this one on the owner page.
  const handle = usePlatform({ signupPolicy: "owner-approval", seed: false });

  it("register → OWNER_APPROVAL_REQUIRED; login waits too; approved on the owner page → login works", async () => {
    const client = makeClient();
    const email = "attente@exemple.fr";
    // The mailbox is proved first, then the account waits for the owner.
    expect((await signUpAndProve(handle.platform, client, { email, password: "motdepasse-attente" })).loginState).toBe(
      "OWNER_APPROVAL_REQUIRED",
    );
    expect((await sdkLogin(client, { email, password: "motdepasse-attente" })).loginState).toBe("OWNER_APPROVAL_REQUIRED");

    const ownerUrl = `${APP_ORIGIN}/_platform/owner/members?token=${OWNER_TOKEN}`;
    const browser = new Browser(handle.platform);
    const page = await browser.get(ownerUrl);
    expect(page.res.status).toBe(200);
    expect(pageText(page.html)).toContain(email);
    const approved = await browser.submit(ownerUrl, page.html, `Approuver`, () => undefined);
    expect(approved.status).toBe(303);
    const after = await browser.get(new URL(approved.headers.get("location")!, ownerUrl).toString());
    expect(pageText(after.html)).toContain(`Le compte ${email} est approuvé`);
    expect(pageText(after.html)).toContain("Aucun membre en attente");

    const login = await sdkLogin(client, { email, password: "motdepasse-attente" });
    expect(login.loginState).toBe("SUCCESS");
    await tokensFromSession(handle.platform, client, login.data!.sessionToken!);
    expect(client.auth.loggedIn()).toBe(true);
  });
});

describe.skipIf(isWix)("owner token", () => {
  const handle = usePlatform({ ownerToken: "secret-du-proprietaire" });

  it("protects the owner page and the outbox when set", async () => {
    const browser = new Browser(handle.platform);
    expect((await browser.get(`${APP_ORIGIN}/_platform/owner/members`)).res.status).toBe(403);
    expect((await browser.get(`${APP_ORIGIN}/_platform/outbox`)).res.status).toBe(403);
    expect((await browser.get(`${APP_ORIGIN}/_platform/outbox?token=autre`)).res.status).toBe(403);
    expect((await browser.get(`${APP_ORIGIN}/_platform/owner/members?token=secret-du-proprietaire`)).res.status).toBe(200);
    expect((await browser.get(`${APP_ORIGIN}/_platform/outbox?token=secret-du-proprietaire`)).res.status).toBe(200);
  });
});

describe.skipIf(isWix)("fault switch", () => {
  const handle = usePlatform({ faultControl: true });

  afterEach(() => {
    handle.platform.setFaults({});
  });

  it("down → SDK calls throw (503 SERVICE_UNAVAILABLE), hosted pages still answer; back up → works", async () => {
    const client = makeClient();
    await client.products.queryProducts().limit(1).find();
    handle.platform.setFaults({ down: true });
    const e = await rejection(() => client.products.queryProducts().limit(1).find());
    expect(sdkCode(e)).toBe("SERVICE_UNAVAILABLE");
    const raw = await rawApi("/stores/v1/products/query", { body: {} });
    expect(raw.status).toBe(503);
    expect(raw.headers.get("x-wix-request-id")).toBeTruthy();
    const login = await sdkLogin(client, { email: DEMO.email, password: DEMO.password });
    expect(login.loginState).toBe("FAILURE");
    expect(iamCode(login.error)).toBe("SERVICE_UNAVAILABLE");
    // Fresh clients cannot even get visitor tokens.
    await expect(makeClient().auth.generateVisitorTokens()).rejects.toThrow(/Failed to fetch tokens/);
    const page = await new Browser(handle.platform).get(`${APP_ORIGIN}/_platform/outbox?token=${OWNER_TOKEN}`);
    expect(page.res.status).toBe(200);
    handle.platform.setFaults({});
    expect((await client.products.queryProducts().limit(1).find()).items).toHaveLength(1);
  });

  it("POST /_platform/faults switches it over HTTP; delayMs slows API requests", async () => {
    const post = (body: unknown) =>
      handle.platform.fetch(
        new Request(`${APP_ORIGIN}/_platform/faults`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        }),
      );
    const on = await post({ down: true });
    expect(on.status).toBe(200);
    expect(await on.json()).toEqual({ delayMs: 0, failRate: 0, down: true, systemError: null });
    expect((await rawApi("/stores/v1/products/query", { body: {} })).status).toBe(503);
    await post({ delayMs: 150 });
    const client = makeClient();
    const t0 = Date.now();
    await client.auth.generateVisitorTokens();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(140);
    await post({ failRate: 1 });
    expect((await rawApi("/stores/v1/products/query", { body: {} })).status).toBe(503);
    await post({});
    expect((await rawApi("/stores/v1/products/query", { body: {} })).status).not.toBe(503);
  });
});

describe.skipIf(isWix)("fault control disabled", () => {
  const handle = usePlatform();
  it("POST /_platform/faults is a 404 unless faultControl is set", async () => {
    const res = await handle.platform.fetch(
      new Request(`${APP_ORIGIN}/_platform/faults`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"down":true}',
      }),
    );
    expect(res.status).toBe(404);
    expect(handle.platform.getFaults().down).toBe(false);
  });
});
