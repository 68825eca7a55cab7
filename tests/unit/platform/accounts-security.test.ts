// Outside attack 3, findings 1, 5, 6 and 7, on the embedded platform through the real SDK and its hosted pages:
// - 1: one canonical e-mail per account (app/models/email.ts's rules, platform/…/email.ts): a look-alike of an address
//   (KELVIN SIGN, fullwidth letters, LONG S, trailing dot, case) is that address, never a second account; an address
//   with no canonical form (mixed scripts, U+0130) is refused; an IDN domain is kept in its ASCII form.
// - 5: the login throttle counts the canonical account, so no spelling escapes it and no look-alike lifts it.
// - 6: signing up proves nothing: the account exists once the e-mailed code proves the mailbox, and only then do the
//   guest orders of that address join it.
// - 7: sign-up answers a taken address exactly as a new one (the code step), and tells the address's holder.
import { describe, expect, it } from "vitest";
import type { Platform } from "../../../platform/index";
import { APP_ORIGIN, Browser, buyByCard, DEMO, hostedSignUp, makeClient, pageText, type Client } from "../../contract/harness";
import { useEmbeddedPlatform } from "../../support/platform";
import { canonicalEmail } from "../../../platform/core/email";
import { fullwidth, OWNER_ADDRESS as OWNER, OWNER_LOOK_ALIKES as LOOK_ALIKES } from "../../support/email-spellings";

interface AnyState {
  loginState: string;
  data?: { sessionToken?: string; stateToken?: string };
  error?: string;
  errorCode?: string;
}
const register = (c: Client, email: string, password: string) => c.auth.register({ email, password }) as Promise<AnyState>;
const login = (c: Client, email: string, password: string) => c.auth.login({ email, password }) as Promise<AnyState>;
const verify = (c: Client, code: string) => c.auth.processVerification({ verificationCode: code }) as Promise<AnyState>;

let client = "203.0.113.10";
const OWNER_PASSWORD = "motdepasse-du-proprio";

/** The code e-mailed for `email` (mail goes to the canonical address). */
function codeFor(platform: Platform, email: string): string | undefined {
  const to = canonicalEmail(email) ?? email;
  return platform.outbox().find((m) => m.to === to && m.data.code)?.data.code;
}

/** Setup: an account for `email`, through sign-up and, when the platform asks for it, the e-mailed code. */
async function signUpWithProof(platform: Platform, email: string, password: string): Promise<AnyState> {
  const c = makeClient();
  const started = await register(c, email, password);
  if (started.loginState !== "EMAIL_VERIFICATION_REQUIRED") return started;
  return verify(c, codeFor(platform, email) ?? "");
}

/** Setup that must succeed: the account for `email` exists, its mailbox proved. */
async function expectAccount(platform: Platform, email: string, password: string) {
  expect((await signUpWithProof(platform, email, password)).loginState).toBe("SUCCESS");
}

/** An attempt to sign `email` up: whatever code the outbox holds for that spelling is entered, and may be refused. */
async function registerWithAnyCode(platform: Platform, email: string, password: string) {
  const c = makeClient();
  await register(c, email, password);
  const code = codeFor(platform, email);
  if (code) await verify(c, code).catch(() => undefined);
}

/** Each describe's own platform, which sees requests come from `client`. */
const usePlatformSeeingClient = () => useEmbeddedPlatform({}, { getAppOrigin: () => APP_ORIGIN, getClient: () => client });

describe("one canonical e-mail per account (finding 1)", () => {
  const handle = usePlatformSeeingClient();

  it("the owner's account is made once, with its mailbox proved", async () => {
    await expectAccount(handle.platform, OWNER, OWNER_PASSWORD);
  });

  it.each(LOOK_ALIKES)(
    "a sign-up written with %s is the same address: no second account, its password opens nothing",
    async (_what, email) => {
      // Each case from its own address: the failed logins below all count against the one account (finding 5).
      client = `198.51.100.${LOOK_ALIKES.findIndex(([, e]) => e === email) + 1}`;
      // Whatever code the outbox holds for that spelling, none makes an account.
      await registerWithAnyCode(handle.platform, email, "mot-de-passe-imposteur");
      expect((await login(makeClient(), email, "mot-de-passe-imposteur")).loginState).toBe("FAILURE");
      expect((await login(makeClient(), OWNER, "mot-de-passe-imposteur")).loginState).toBe("FAILURE");
    },
  );

  it.each(LOOK_ALIKES)("logging in with %s reaches the one account", async (_what, email) => {
    client = "198.51.100.50";
    expect((await login(makeClient(), email, OWNER_PASSWORD)).loginState).toBe("SUCCESS");
  });

  it.each([
    ["mixed scripts (Cyrillic о in a Latin domain)", "boutique.support@\u043Eutlook.fr"],
    ["a Cyrillic а in the local part", "boutique.\u0430ide@outlook.fr"],
    ["U+0130 in the local part", "bout\u0130que@outlook.fr"],
  ])("an address with %s is refused at sign-up", async (_what, email) => {
    expect(await register(makeClient(), email, "motdepasse-solide")).toMatchObject({ loginState: "FAILURE", errorCode: "invalidEmail" });
  });

  it("an IDN domain is kept in its ASCII form, so it never displays as the domain it imitates", async () => {
    await expectAccount(handle.platform, "client@outl\u00F6ok.fr", "motdepasse-idn");
    const c = makeClient();
    const state = await login(c, "client@xn--outlok-zxa.fr", "motdepasse-idn");
    expect(state.loginState).toBe("SUCCESS");
  });

  it("the hosted sign-up page maps a look-alike onto the address it imitates too", async () => {
    await expectAccount(handle.platform, "atelier.kit@outlook.fr", "motdepasse-atelier");
    const impostor = "atelier.\u212Ait@outlook.fr";
    const { browser, signupUrl, posted } = await hostedSignUp(handle.platform, impostor, "mot-de-passe-page");
    const html = await posted.text();
    const code = codeFor(handle.platform, impostor);
    if (code) await browser.submit(signupUrl, html, "Vérifier", (name) => (name === "code" ? code : undefined));
    expect((await login(makeClient(), impostor, "mot-de-passe-page")).loginState).toBe("FAILURE");
  });
});

describe("the login throttle counts the canonical account (finding 5)", () => {
  const handle = usePlatformSeeingClient();

  it("five failures under five spellings throttle the account for that client", async () => {
    client = "203.0.113.20";
    const email = "verrou.kiosque@outlook.fr";
    await expectAccount(handle.platform, email, "motdepasse-kiosque");
    const spellings = [
      email,
      email.toUpperCase(),
      "verrou.kiosque@outloo\u212A.fr",
      `${fullwidth("verrou")}.kiosque@outlook.fr`,
      `${email}.`,
    ];
    for (const spelling of spellings) expect((await login(makeClient(), spelling, "pas-le-bon")).errorCode).toBe("invalidPassword");
    expect((await login(makeClient(), email, "motdepasse-kiosque")).errorCode).toBe("missingCaptchaToken");
  });

  it("a look-alike account cannot lift the real account's throttle", async () => {
    client = "203.0.113.21";
    const email = "kiosque.principal@outlook.fr";
    await expectAccount(handle.platform, email, "motdepasse-principal");
    for (let i = 0; i < 5; i++) await login(makeClient(), email, `faux-${i}`);
    // The attacker signs up the look-alike (from elsewhere) and logs in with it from the throttled client.
    client = "198.51.100.99";
    const impostor = "kiosque.principal@outloo\u212A.fr";
    await registerWithAnyCode(handle.platform, impostor, "motdepasse-imposteur");
    await login(makeClient(), impostor, "motdepasse-imposteur");
    client = "203.0.113.21";
    expect((await login(makeClient(), email, "motdepasse-principal")).errorCode).toBe("missingCaptchaToken");
  });
});

describe("signing up proves nothing until the code (finding 6)", () => {
  const handle = usePlatformSeeingClient();

  it("no account before the code; the guest orders of the address join it only after", async () => {
    client = "203.0.113.30";
    const email = "cliente.invitee@exemple.fr";
    const guest = makeClient();
    await guest.auth.generateVisitorTokens();
    const paid = await buyByCard(handle.platform, guest, [{ slug: "livre-typescript", quantity: 1 }], { email });
    expect(paid.location).toContain("orderId=");

    // Someone types that address on the sign-up form, without access to its mailbox.
    const squatter = makeClient();
    expect((await register(squatter, email, "motdepasse-squatteur")).loginState).toBe("EMAIL_VERIFICATION_REQUIRED");
    expect((await login(makeClient(), email, "motdepasse-squatteur")).loginState).toBe("FAILURE");

    // The holder of the mailbox signs up and enters the code: the account exists, proved, with her guest order.
    const holder = makeClient();
    await register(holder, email, "motdepasse-titulaire");
    const codes = handle.platform.outbox().filter((m) => m.to === email && m.data.code);
    const proved = await verify(holder, codes[0]!.data.code!);
    expect(proved.loginState).toBe("SUCCESS");
    const member = await memberClient(handle.platform, email, "motdepasse-titulaire");
    const { member: me } = await member.members.getCurrentMember({ fieldsets: ["FULL"] });
    expect(me?.loginEmailVerified).toBe(true);
    const { orders } = await member.orders.searchOrders({});
    expect(orders).toHaveLength(1);
  });
});

describe("sign-up never tells whether an address has an account (finding 7)", () => {
  const handle = usePlatformSeeingClient();

  it("a taken address and a new one get the same answer; the holder is told by e-mail", async () => {
    client = "203.0.113.40";
    const fresh = await register(makeClient(), "jamais.vue@exemple.fr", "motdepasse-solide");
    const takenClient = makeClient();
    const taken = await register(takenClient, DEMO.email, "motdepasse-solide");
    for (const answer of [fresh, taken]) {
      expect(answer.loginState).toBe("EMAIL_VERIFICATION_REQUIRED");
      expect(answer.data?.stateToken).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    }
    // Any code on the taken address's step is a wrong code, as on any other.
    const wrong = await verify(takenClient, "123456").catch((e: { details?: { applicationError?: { code?: string } } }) => e);
    expect((wrong as { details?: { applicationError?: { code?: string } } }).details?.applicationError?.code).toBe(
      "INVALID_VERIFICATION_CODE",
    );
    const notice = handle.platform.outbox().find((m) => m.to === DEMO.email);
    expect(notice?.subject).toMatch(/compte existe déjà/i);
    expect(notice?.data.code).toBeUndefined();
  });

  it("the hosted sign-up page shows the same code step for a taken address and a new one", async () => {
    const pageFor = async (email: string) => {
      const { posted } = await hostedSignUp(handle.platform, email, "motdepasse-page");
      return { status: posted.status, text: pageText(await posted.text()).replaceAll(email, "<e-mail>") };
    };
    const fresh = await pageFor("nouvelle.page@exemple.fr");
    const taken = await pageFor(DEMO.email);
    expect(taken).toEqual(fresh);
    expect(fresh.text).toContain("Code de vérification");
  });
});

/** A member client logged in through the SDK's direct flow (session token, prompt=none). */
async function memberClient(platform: Platform, email: string, password: string): Promise<Client> {
  const c = makeClient();
  const state = await login(c, email, password);
  expect(state.loginState).toBe("SUCCESS");
  const oauthData = c.auth.generateOAuthData(`${APP_ORIGIN}/callback`, `${APP_ORIGIN}/`);
  const { authUrl } = await c.auth.getAuthUrl(oauthData, {
    responseMode: "query",
    prompt: "none",
    sessionToken: state.data!.sessionToken!,
  } as Parameters<Client["auth"]["getAuthUrl"]>[1]);
  const res = await new Browser(platform).request(authUrl);
  const back = new URL(res.headers.get("location")!);
  c.auth.setTokens(await c.auth.getMemberTokens(back.searchParams.get("code")!, back.searchParams.get("state")!, oauthData));
  return c;
}
