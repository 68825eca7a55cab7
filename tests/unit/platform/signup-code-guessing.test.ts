// The 6-digit code that proves a mailbox at sign-up cannot be guessed by signing up again
// (docs/decisions/0055-verification-codes-counted-per-mailbox.md). Each sign-up used to bring a fresh code and three
// fresh tries, with nothing counted per address: only the per-IP limit slowed an attacker, and a right guess made a
// proved account, with the attacker's password, for someone else's address (and their guest orders). Now wrong codes
// are counted per mailbox (the canonical address without its +tag) across every sign-up and every door (the IAM
// API the site's form calls, the hosted page): the fifth in a day locks the mailbox for a day, its holder is told by
// e-mail, and no code, not even the right one, opens an account meanwhile. At most 5 codes are e-mailed a day.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Platform } from "../../../platform/index";
import { APP_ORIGIN, hostedSignUp, makeClient, pageText, type Client } from "../../contract/harness";
import { useEmbeddedPlatform } from "../../support/platform";
import { canonicalEmail } from "../../../platform/core/email";

interface AnyState {
  loginState: string;
  data?: { stateToken?: string };
  errorCode?: string;
}
const register = (c: Client, email: string, password: string) => c.auth.register({ email, password }) as Promise<AnyState>;
const login = (c: Client, email: string, password: string) => c.auth.login({ email, password }) as Promise<AnyState>;
const verify = (c: Client, code: string) =>
  (c.auth.processVerification({ verificationCode: code }) as Promise<AnyState>).catch(
    (e: { details?: { applicationError?: { code?: string } } }) => ({
      loginState: "FAILURE",
      errorCode: e.details?.applicationError?.code,
    }),
  );

const handle = useEmbeddedPlatform(
  {},
  { getAppOrigin: () => APP_ORIGIN, getClient: () => `198.51.100.${Math.floor(Math.random() * 250)}` },
);
afterEach(() => vi.useRealTimers());

/** The codes e-mailed to `email`'s canonical address, oldest first. */
function codesTo(platform: Platform, email: string): string[] {
  const to = canonicalEmail(email);
  return platform
    .outbox()
    .filter((m) => m.to === to && m.data.code)
    .map((m) => m.data.code!)
    .reverse(); // the outbox lists the newest first
}

/** A code that is not `right` (what a guesser sends). */
const wrong = (right: string | undefined, n: number) => String((Number(right ?? 0) + 1 + n) % 1_000_000).padStart(6, "0");

/** Signs `email` up and sends `guesses` wrong codes on that sign-up's step; returns the client left on that step. */
async function signUpAndGuess(platform: Platform, email: string, guesses: number): Promise<Client> {
  const c = makeClient();
  expect((await register(c, email, "mot-de-passe-pirate")).loginState).toBe("EMAIL_VERIFICATION_REQUIRED");
  const right = codesTo(platform, email).at(-1);
  for (let i = 0; i < guesses; i++) await verify(c, wrong(right, i));
  return c;
}

describe("verification codes are counted per mailbox across sign-ups", () => {
  it("5 wrong codes a day per mailbox, whatever the sign-ups: then even the right code opens nothing (odds of a guess ≤ 5 in 1,000,000 a day, 1 in 200,000)", async () => {
    const email = "victime.codes@exemple.fr";
    // A sign-up whose right code arrived and waits in the mailbox.
    const pending = makeClient();
    await register(pending, email, "mot-de-passe-pirate");
    const right = codesTo(handle.platform, email).at(-1)!;
    // Three wrong codes use one sign-up up; a new sign-up used to bring three fresh tries.
    await signUpAndGuess(handle.platform, email, 3);
    await signUpAndGuess(handle.platform, email, 2);
    // The fifth failure locked the mailbox: the right code of the first sign-up is refused.
    expect((await verify(pending, right)).loginState).toBe("FAILURE");
    expect((await login(makeClient(), email, "mot-de-passe-pirate")).loginState).toBe("FAILURE");
  });

  it("while the mailbox is locked, a sign-up answers the same code step and e-mails no code", async () => {
    const email = "verrou.muet@exemple.fr";
    await signUpAndGuess(handle.platform, email, 3);
    await signUpAndGuess(handle.platform, email, 2);
    const sent = codesTo(handle.platform, email).length;
    const answer = await register(makeClient(), email, "mot-de-passe-pirate");
    expect(answer.loginState).toBe("EMAIL_VERIFICATION_REQUIRED");
    expect(answer.data?.stateToken).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(codesTo(handle.platform, email)).toHaveLength(sent);
  });

  it("the mailbox's holder is e-mailed once when it locks", async () => {
    const email = "titulaire.prevenue@exemple.fr";
    await signUpAndGuess(handle.platform, email, 3);
    await signUpAndGuess(handle.platform, email, 3);
    const notices = handle.platform.outbox().filter((m) => m.to === email && m.kind === "verification-locked");
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toMatch(/24 heures/);
    expect(notices[0]!.data.code).toBeUndefined();
  });

  it("+tags and other spellings of one mailbox share its count", async () => {
    await signUpAndGuess(handle.platform, "cible+un@exemple.fr", 2);
    await signUpAndGuess(handle.platform, "CIBLE@Exemple.fr.", 2);
    await signUpAndGuess(handle.platform, "cible+deux@exemple.fr", 1);
    const c = makeClient();
    await register(c, "cible@exemple.fr", "mot-de-passe-pirate");
    expect((await verify(c, codesTo(handle.platform, "cible@exemple.fr").at(-1) ?? "000000")).loginState).toBe("FAILURE");
  });

  it("the hosted sign-up page counts in the same count as the API", async () => {
    const email = "par.la.page@exemple.fr";
    // A sign-up on the hosted page whose right code waits in the mailbox.
    const waiting = await signUpOnPage(handle.platform, email);
    const right = codesTo(handle.platform, email).at(-1)!;
    await signUpAndGuess(handle.platform, email, 3);
    // The fifth wrong code, typed on another hosted sign-up.
    const guesser = await signUpOnPage(handle.platform, email);
    await signUpAndGuess(handle.platform, email, 1);
    await guesser.submitCode(wrong(codesTo(handle.platform, email).at(-1), 0));
    // The right code on the hosted page now opens nothing either.
    expect(await waiting.submitCode(right)).not.toMatch(/^redirect/);
    expect((await login(makeClient(), email, "mot-de-passe-page")).loginState).toBe("FAILURE");
  });

  it("no more than 5 codes a day are e-mailed to one mailbox", async () => {
    const email = "boite.inondee@exemple.fr";
    for (let i = 0; i < 8; i++)
      expect((await register(makeClient(), email, "motdepasse-solide")).loginState).toBe("EMAIL_VERIFICATION_REQUIRED");
    expect(codesTo(handle.platform, email)).toHaveLength(5);
  });

  it("a code expires after 15 minutes", async () => {
    const email = "code.perime@exemple.fr";
    const c = makeClient();
    await register(c, email, "motdepasse-solide");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 16 * 60 * 1000);
    expect((await verify(c, codesTo(handle.platform, email).at(-1)!)).errorCode).toBe("VERIFICATION_EXPIRED");
  });

  it("a day after the lock, the holder signs up with the code sent to her", async () => {
    const email = "apres.verrou@exemple.fr";
    await signUpAndGuess(handle.platform, email, 3);
    await signUpAndGuess(handle.platform, email, 2);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 24 * 3600 * 1000 + 60_000);
    const c = makeClient();
    await register(c, email, "motdepasse-titulaire");
    expect((await verify(c, codesTo(handle.platform, email).at(-1)!)).loginState).toBe("SUCCESS");
  });
});

/** The hosted sign-up page of a new login session, sent for `email`; then its code step. */
async function signUpOnPage(platform: Platform, email: string) {
  const { browser, signupUrl, posted } = await hostedSignUp(platform, email, "mot-de-passe-page");
  const stepHtml = await posted.text();
  return {
    async submitCode(code: string): Promise<string> {
      const res = await browser.submit(signupUrl, stepHtml, "Vérifier", (name) => (name === "code" ? code : undefined));
      return res.status >= 300 && res.status < 400 ? `redirect ${res.headers.get("location")}` : pageText(await res.text());
    },
  };
}
