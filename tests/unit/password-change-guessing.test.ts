// Guessing the current password through the account page's password change (app/.server/account/password.server.ts,
// decision 0073), against the embedded platform with each call's client address as the site sends it: a wrong
// current password is a failed login of that account from that client, so the login throttle bounds the guesses;
// the member elsewhere is not locked out; the password is compared whole (no 72-byte truncation as bcrypt's).
import { describe, expect, it } from "vitest";
import { CAPTCHA_REQUIRED } from "~/.server/account/auth-outcomes.server";
import { changePassword, WRONG_CURRENT_PASSWORD } from "~/.server/account/password.server";
import type { CommerceSession } from "~/.server/wix/commerce-session.server";
import { passwordChange } from "~/models/identity-forms";
import { useEmbeddedPlatform } from "../support/platform";
import { loginThroughHostedPage, makeClient, signUpAndProve } from "../contract/harness";

let client = "198.51.100.1";
const ctx = useEmbeddedPlatform({}, { getAppOrigin: () => "http://localhost:3000", getClient: () => client });

async function member(name: string, password = "le-mot-de-passe-actuel") {
  const who = { email: `${name}-${Date.now().toString(36)}@exemple.fr`, password };
  const visitor = makeClient();
  visitor.auth.setTokens(await visitor.auth.generateVisitorTokens());
  await signUpAndProve(ctx.platform, visitor, { ...who, profile: { firstName: "Essai", lastName: "Mdp" } });
  const { client: session } = await loginThroughHostedPage(ctx.platform, who);
  // The account page's session: the handler only asks it for its SDK client.
  return { who, commerce: { client: async () => session } as unknown as CommerceSession };
}

async function logsIn(email: string, password: string): Promise<boolean> {
  const c = makeClient();
  c.auth.setTokens(await c.auth.generateVisitorTokens());
  return (await c.auth.login({ email, password })).loginState === "SUCCESS";
}

describe("the current password cannot be guessed through the password change", () => {
  it("five wrong ones from a client throttle it there: the right one is refused next, nothing changes", async () => {
    client = "198.51.100.7";
    const { who, commerce } = await member("devine-mdp");
    for (let i = 0; i < 5; i++)
      expect(await changePassword(commerce, `essai-${i}-du-voleur`, "celui-du-voleur")).toEqual({
        ok: false,
        field: "currentPassword",
        message: WRONG_CURRENT_PASSWORD,
      });
    expect(await changePassword(commerce, who.password, "celui-du-voleur")).toEqual({ ok: false, field: null, message: CAPTCHA_REQUIRED });
    // The login form from that client is throttled too: one count for both doors.
    expect(await logsIn(who.email, who.password)).toBe(false);
    // Elsewhere the member logs in with her password, unchanged, and changes it herself.
    client = "203.0.113.20";
    expect(await logsIn(who.email, "celui-du-voleur")).toBe(false);
    expect(await changePassword(commerce, who.password, "un-nouveau-mot-de-passe")).toEqual({ ok: true });
    expect(await logsIn(who.email, "un-nouveau-mot-de-passe")).toBe(true);
  });

  it("compares the password whole: one of 73 bytes does not log in with another sharing its first 72", async () => {
    client = "198.51.100.8";
    const { who, commerce } = await member("mdp-long");
    const long = `${"x".repeat(72)}A`;
    expect(await changePassword(commerce, who.password, long)).toEqual({ ok: true });
    expect(await logsIn(who.email, `${"x".repeat(72)}B`)).toBe(false);
    expect(await logsIn(who.email, long)).toBe(true);
  });

  it("leaves the member's other sessions open, as Wix documents: its refresh token still renews", async () => {
    // Wix: "The member's session remains valid after password change"; its sample flow suggests prompting the member
    // to update the password on her other devices. A stolen session therefore outlives the change (docs/security.md).
    client = "198.51.100.9";
    const { who, commerce } = await member("autre-session");
    const other = await loginThroughHostedPage(ctx.platform, who);
    expect(await changePassword(commerce, who.password, "un-nouveau-mot-de-passe")).toEqual({ ok: true });
    const renewed = await other.client.auth.renewToken(other.tokens.refreshToken);
    expect(renewed.accessToken.value).toBeTruthy();
  });

  it("refuses a new password over 200 characters beside its field, before any call", () => {
    const long = "y".repeat(201);
    const parsed = passwordChange.safeParse({ currentPassword: "x", newPassword: long, confirm: long });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join("."))).toEqual(["newPassword"]);
  });
});
