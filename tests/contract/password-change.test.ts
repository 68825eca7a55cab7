// authentication.changePassword (@wix/identity) on the platform, through the SDK as the account page calls it: the
// logged-in member's new password replaces the old one at once, the session stays, a visitor is refused, and a
// password outside the site's rules is a field violation.
import { describe, expect, it } from "vitest";
import { authentication } from "@wix/identity";
import { isWix, loginThroughHostedPage, makeClient, signUpAndProve, usePlatform } from "./harness";

const ctx = usePlatform();

/** A new member of her own (the password changes), signed up and proved as the site's form does. */
async function newMember(name: string) {
  const who = { email: `${name}-${Date.now().toString(36)}@exemple.fr`, password: "un-ancien-mot-de-passe" };
  const client = makeClient();
  client.auth.setTokens(await client.auth.generateVisitorTokens());
  const done = await signUpAndProve(ctx.platform, client, { ...who, profile: { firstName: "Essai", lastName: "Mdp" } });
  if (done.loginState !== "SUCCESS") throw new Error(`sign-up answered ${done.loginState}`);
  return who;
}

describe.skipIf(isWix)("a member changes her password", () => {
  it("the new password logs in, the old one no longer does, the session stays valid", async () => {
    const who = await newMember("change-mdp");
    const { client } = await loginThroughHostedPage(ctx.platform, who);
    await client.use(authentication).changePassword("un-tout-nouveau-mot-de-passe");
    expect((await client.members.getCurrentMember({ fieldsets: ["FULL"] })).member?.loginEmail).toBe(who.email);

    const login = makeClient();
    login.auth.setTokens(await login.auth.generateVisitorTokens());
    expect((await login.auth.login(who)).loginState).not.toBe("SUCCESS");
    expect((await login.auth.login({ email: who.email, password: "un-tout-nouveau-mot-de-passe" })).loginState).toBe("SUCCESS");
  });

  it("refuses a visitor, and a password under 8 characters as a field violation", async () => {
    const visitor = makeClient();
    visitor.auth.setTokens(await visitor.auth.generateVisitorTokens());
    await expect(visitor.use(authentication).changePassword("un-tout-nouveau-mot-de-passe")).rejects.toMatchObject({
      details: { applicationError: { code: "PERMISSION_DENIED" } },
    });
    const who = await newMember("change-mdp-court");
    const { client } = await loginThroughHostedPage(ctx.platform, who);
    await expect(client.use(authentication).changePassword("court")).rejects.toMatchObject({
      details: { validationError: { fieldViolations: [expect.objectContaining({ field: "newPassword" })] } },
    });
  });
});
