// members.authentication.changeLoginEmail (@wix/members) on the platform, through the SDK as the account page calls
// it: the member's own address only, a taken one refused, the new address unproved until the code e-mailed to it at
// the next login comes back; the old address no longer logs in; wrong codes are counted per mailbox (decision 0055).
import { describe, expect, it } from "vitest";
import { authentication as memberAuthentication } from "@wix/members";
import { DEMO, isWix, loginThroughHostedPage, makeClient, rejection, signUpAndProve, usePlatform } from "./harness";

const ctx = usePlatform();
const stamp = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 6);

async function newMember(name: string) {
  const who = { email: `${name}-${stamp()}@exemple.fr`, password: "un-mot-de-passe-sur" };
  const client = makeClient();
  client.auth.setTokens(await client.auth.generateVisitorTokens());
  const done = await signUpAndProve(ctx.platform, client, { ...who, profile: { firstName: "Essai", lastName: "Adresse" } });
  if (done.loginState !== "SUCCESS") throw new Error(`sign-up answered ${done.loginState}`);
  return { who, ...(await loginThroughHostedPage(ctx.platform, who)) };
}

async function visitorClient() {
  const client = makeClient();
  client.auth.setTokens(await client.auth.generateVisitorTokens());
  return client;
}

const codeTo = (email: string) => ctx.platform.outbox().find((m) => m.to === email && m.data.code)?.data.code;
const wrongTo = (code: string | undefined) => (code === "000000" ? "111111" : "000000");
const codeOf = (e: { details?: { applicationError?: { code?: unknown } } }) => e.details?.applicationError?.code;

describe.skipIf(isWix)("a member changes her login e-mail", () => {
  it("the new address logs in once its e-mailed code comes back; the old one no longer does", async () => {
    const { who, client } = await newMember("ancienne");
    const { member } = await client.members.getCurrentMember({ fieldsets: ["FULL"] });
    const next = `nouvelle-${stamp()}@exemple.fr`;
    const changed = await client.use(memberAuthentication).changeLoginEmail(member!._id!, next);
    expect(changed.member?.loginEmail).toBe(next);
    const after = (await client.members.getCurrentMember({ fieldsets: ["FULL"] })).member;
    expect(after?.loginEmail).toBe(next);
    expect(after?.loginEmailVerified).toBe(false);

    const login = await visitorClient();
    expect((await login.auth.login(who)).loginState).toBe("FAILURE");
    const started = await login.auth.login({ email: next, password: who.password });
    expect(started.loginState).toBe("EMAIL_VERIFICATION_REQUIRED");
    const code = codeTo(next);
    expect(code).toMatch(/^\d{6}$/);
    expect(codeOf(await rejection(() => login.auth.processVerification({ verificationCode: wrongTo(code) })))).toBe(
      "INVALID_VERIFICATION_CODE",
    );
    expect((await login.auth.processVerification({ verificationCode: code! })).loginState).toBe("SUCCESS");
    expect((await client.members.getCurrentMember({ fieldsets: ["FULL"] })).member?.loginEmailVerified).toBe(true);
    expect((await (await visitorClient()).auth.login({ email: next, password: who.password })).loginState).toBe("SUCCESS");
  });

  it("refuses another member's id, a taken address, a malformed one and a visitor", async () => {
    const { client } = await newMember("refus");
    const { member } = await client.members.getCurrentMember({ fieldsets: ["FULL"] });
    const other = (await newMember("autre")).who.email;
    const auth = client.use(memberAuthentication);
    expect(codeOf(await rejection(() => auth.changeLoginEmail(member!._id!, other)))).toBe("EMAIL_ALREADY_EXISTS");
    expect(codeOf(await rejection(() => auth.changeLoginEmail(member!._id!, DEMO.email.toUpperCase())))).toBe("EMAIL_ALREADY_EXISTS");
    await expect(auth.changeLoginEmail(member!._id!, "pas-une-adresse")).rejects.toMatchObject({
      details: { validationError: { fieldViolations: [expect.objectContaining({ field: "newEmail" })] } },
    });
    const demo = (await loginThroughHostedPage(ctx.platform, DEMO)).client;
    const demoId = (await demo.members.getCurrentMember()).member!._id!;
    expect(codeOf(await rejection(() => auth.changeLoginEmail(demoId, `vol-${stamp()}@exemple.fr`)))).toBe("PERMISSION_DENIED");
    const visitor = await visitorClient();
    await expect(visitor.use(memberAuthentication).changeLoginEmail(demoId, `vol-${stamp()}@exemple.fr`)).rejects.toThrow();
    expect((await demo.members.getCurrentMember({ fieldsets: ["FULL"] })).member?.loginEmail).toBe(DEMO.email);
  });

  it("wrong codes count for the new mailbox whatever its +tag: the fifth locks it, the right code too", async () => {
    const { who, client } = await newMember("compte");
    const { member } = await client.members.getCurrentMember({ fieldsets: ["FULL"] });
    const box = `boite-${stamp()}`;
    const login = await visitorClient();
    // Three wrong codes under one +tag use its state up; two more under another make five for the one mailbox.
    for (const [tag, tries] of [
      ["un", 3],
      ["deux", 2],
    ] as const) {
      await client.use(memberAuthentication).changeLoginEmail(member!._id!, `${box}+${tag}@exemple.fr`);
      await login.auth.login({ email: `${box}+${tag}@exemple.fr`, password: who.password });
      const code = codeTo(`${box}+${tag}@exemple.fr`);
      for (let i = 0; i < tries; i += 1) await rejection(() => login.auth.processVerification({ verificationCode: wrongTo(code) }));
    }
    const next = `${box}+deux@exemple.fr`;
    await login.auth.login({ email: next, password: who.password });
    const code = codeTo(next);
    expect(codeOf(await rejection(() => login.auth.processVerification({ verificationCode: code! })))).toBe("VERIFICATION_EXPIRED");
    expect(ctx.platform.outbox().some((m) => m.to === next && m.kind === "verification-locked")).toBe(true);
  });
});
