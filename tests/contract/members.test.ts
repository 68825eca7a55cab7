// Members (current member) through the real @wix/members SDK.
import { describe, expect, it } from "vitest";
import { ALEX, APP_ORIGIN, Browser, DEMO, isWix, loginFill, loginThroughHostedPage, makeClient, rejection, usePlatform } from "./harness";

const ctx = usePlatform();

describe("members as a visitor", () => {
  it("getCurrentMember is refused to a visitor (401/403)", async () => {
    const visitor = makeClient();
    const e = await rejection(() => visitor.members.getCurrentMember({ fieldsets: ["FULL"] }));
    const code = e.details?.applicationError?.code;
    expect([401, 403, "UNAUTHENTICATED", "PERMISSION_DENIED", "FORBIDDEN"]).toContain(code);
  });

  it("updateCurrentMemberSlug is refused to a visitor", async () => {
    const visitor = makeClient();
    await expect(visitor.members.updateCurrentMemberSlug("visiteur")).rejects.toThrow();
  });
});

describe.skipIf(isWix)("members as the logged-in member (embedded platform)", () => {
  it("FULL fieldset: contact, login e-mail, status, addresses (not address-transformed), dates", async () => {
    const { client } = await loginThroughHostedPage(ctx.platform, DEMO);
    const { member } = await client.members.getCurrentMember({ fieldsets: ["FULL"] });
    expect(typeof member?._id).toBe("string");
    expect(member).not.toHaveProperty("id");
    expect(member?.loginEmail).toBe(DEMO.email);
    expect(member?.status).toBe("APPROVED");
    expect(member?.contact?.firstName).toBe("Camille");
    expect(member?.contact?.lastName).toBe("Martin");
    expect(member?.profile?.nickname).toBe("Camille");
    expect(member?.profile?.slug).toBe("camille-martin");
    const address = member?.contact?.addresses?.[0];
    expect(address?.addressLine).toBe("12 rue des Lilas");
    expect(address?.city).toBe("Lyon");
    expect(address?.postalCode).toBe("69003");
    expect(address?.country).toBe("FR");
    expect(member?._createdDate).toBeInstanceOf(Date);
    expect(member?._updatedDate).toBeInstanceOf(Date);
    expect(member?.lastLoginDate).toBeInstanceOf(Date);
    expect(typeof member?.contactId).toBe("string");
  });

  it("PUBLIC fieldset (the default) exposes the profile only", async () => {
    const { client } = await loginThroughHostedPage(ctx.platform, DEMO);
    for (const res of [await client.members.getCurrentMember(), await client.members.getCurrentMember({ fieldsets: ["PUBLIC"] })]) {
      expect(res.member?.profile?.nickname).toBe("Camille");
      expect(res.member?.profile?.slug).toBeTruthy();
      expect(res.member?.loginEmail).toBeUndefined();
      expect(res.member?.contact?.firstName).toBeUndefined();
    }
    const extended = await client.members.getCurrentMember({ fieldsets: ["EXTENDED"] });
    expect(extended.member?.loginEmail).toBe(DEMO.email);
  });

  it("updateMember changes names, nickname, phones and addresses and returns the member (unwrapped)", async () => {
    const { client } = await loginThroughHostedPage(ctx.platform, DEMO);
    const { member } = await client.members.getCurrentMember({ fieldsets: ["FULL"] });
    const updated = await client.members.updateMember(member!._id!, {
      contact: {
        firstName: "Camille-Anne",
        lastName: "Martin-Roux",
        phones: ["+33 6 12 34 56 78"],
        addresses: [{ addressLine: "8 quai Saint-Vincent", city: "Lyon", postalCode: "69001", country: "FR" }],
      },
      profile: { nickname: "Cam" },
    });
    expect(updated._id).toBe(member!._id);
    expect(updated.contact?.firstName).toBe("Camille-Anne");
    expect(updated.profile?.nickname).toBe("Cam");
    const { member: again } = await client.members.getCurrentMember({ fieldsets: ["FULL"] });
    expect(again?.contact?.firstName).toBe("Camille-Anne");
    expect(again?.contact?.lastName).toBe("Martin-Roux");
    expect(again?.contact?.phones).toEqual(["+33 6 12 34 56 78"]);
    expect(again?.contact?.addresses?.[0]?.addressLine).toBe("8 quai Saint-Vincent");
    expect(again?.contact?.addresses?.[0]?.postalCode).toBe("69001");
    expect(again?.profile?.nickname).toBe("Cam");
    expect(again?._updatedDate!.getTime()).toBeGreaterThanOrEqual(member!._updatedDate!.getTime());
    // Untouched parts stay as they were.
    expect(again?.loginEmail).toBe(DEMO.email);
    expect(again?.profile?.slug).toBe(member?.profile?.slug);
  });

  it("updateMember refuses to change another member", async () => {
    const alex = (await loginThroughHostedPage(ctx.platform, ALEX)).client;
    const alexId = (await alex.members.getCurrentMember()).member!._id!;
    const { client } = await loginThroughHostedPage(ctx.platform, DEMO);
    await expect(client.members.updateMember(alexId, { profile: { nickname: "Pirate" } })).rejects.toThrow();
    expect((await alex.members.getCurrentMember()).member?.profile?.nickname).toBe("Alex");
  });

  it("updateCurrentMemberSlug sets a new slug; a taken slug is SLUG_ALREADY_EXISTS", async () => {
    const { client } = await loginThroughHostedPage(ctx.platform, DEMO);
    const res = await client.members.updateCurrentMemberSlug("camille-lyon");
    expect(res.member?.profile?.slug).toBe("camille-lyon");
    expect((await client.members.getCurrentMember()).member?.profile?.slug).toBe("camille-lyon");
    const e = await rejection(() => client.members.updateCurrentMemberSlug("alex-durand"));
    expect(e.details?.applicationError?.code).toBe("SLUG_ALREADY_EXISTS");
    expect(e.message).toContain("SLUG_ALREADY_EXISTS");
    expect((await client.members.getCurrentMember()).member?.profile?.slug).toBe("camille-lyon");
  });

  it("deleteMyMember deletes the member: its tokens stop working and it can no longer log in", async () => {
    const { client } = await loginThroughHostedPage(ctx.platform, ALEX);
    await expect(client.members.deleteMyMember()).resolves.toBeDefined();
    await expect(client.members.getCurrentMember({ fieldsets: ["FULL"] })).rejects.toThrow();

    const fresh = makeClient();
    const oauthData = fresh.auth.generateOAuthData(`${APP_ORIGIN}/callback`);
    const { authUrl } = await fresh.auth.getAuthUrl(oauthData, { responseMode: "query" });
    const browser = new Browser(ctx.platform);
    const page = await browser.get(authUrl);
    const posted = await browser.submit(authUrl, page.html, "Se connecter", loginFill(ALEX.email, ALEX.password));
    const exit = await browser.followToExit(posted, authUrl);
    expect(exit.location).toBeUndefined();
  });
});
