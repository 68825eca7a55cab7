// Outside attack 3, finding 1 (app side): the owner check lower-cased the member's login e-mail with JavaScript, so
// "boutique.support@outloo\u212A.fr" (KELVIN SIGN) signed up on the platform as a second account and passed as the owner,
// and the real owner could neither block nor delete it. The owner is now the account whose address, in its canonical
// form (app/models/email.ts), is one of OWNER_EMAILS AND whose mailbox is proved (loginEmailVerified): an impostor can
// write a look-alike, not prove the owner's mailbox.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Commerce } from "~/.server/wix/commerce.server";
import type { ElevatedClient } from "~/.server/admin/elevated-client.server";
import { OWNER_ADDRESS as OWNER, OWNER_LOOK_ALIKES as LOOK_ALIKES } from "../support/email-spellings";
let n = 0;

function memberCommerce(loginEmail: string, loginEmailVerified: boolean): Commerce {
  const token = `token-${++n}`;
  return {
    isMember: true,
    client: async () => ({
      auth: { getTokens: () => ({ accessToken: { value: token } }) },
      members: { getCurrentMember: async () => ({ member: { _id: `m-${n}`, loginEmail, loginEmailVerified, status: "APPROVED" } }) },
    }),
  } as unknown as Commerce;
}

beforeAll(async () => {
  process.env.OWNER_EMAILS = OWNER;
  (await import("~/.server/site/config.server")).forgetConfig();
});
afterAll(async () => {
  delete process.env.OWNER_EMAILS;
  (await import("~/.server/site/config.server")).forgetConfig();
});

describe("who is the owner", () => {
  it.each(LOOK_ALIKES)("an unverified account written with %s is not the owner", async (_what, email) => {
    const { isOwner } = await import("~/.server/admin/owner.server");
    expect(await isOwner(memberCommerce(email, false))).toBe(false);
  });

  it("the owner's own address is not enough without a proved mailbox", async () => {
    const { isOwner } = await import("~/.server/admin/owner.server");
    expect(await isOwner(memberCommerce(OWNER, false))).toBe(false);
  });

  it("the verified account whose canonical address is listed is the owner, however it was typed", async () => {
    const { isOwner } = await import("~/.server/admin/owner.server");
    expect(await isOwner(memberCommerce(OWNER, true))).toBe(true);
    expect(await isOwner(memberCommerce("Boutique.Support@Outlook.FR.", true))).toBe(true);
  });

  it.each([
    ["a capital I with dot (U+0130)", "bout\u0130que.support@outlook.fr"],
    ["a Cyrillic o in the domain", "boutique.support@\u043Eutlook.fr"],
    ["an IDN domain that only looks the same", "boutique.support@outl\u00F6ok.fr"],
  ])("a verified account with %s is not the owner", async (_what, email) => {
    const { isOwner } = await import("~/.server/admin/owner.server");
    expect(await isOwner(memberCommerce(email, true))).toBe(false);
  });
});

describe("the back-office's owner protection", () => {
  function elevated(loginEmail: string, loginEmailVerified: boolean) {
    const calls: string[] = [];
    const admin = {
      members: {
        getMember: async () => ({ _id: "7b0c2f7e-3f1a-4c56-9a8e-2a1c8d9e0f11", loginEmail, loginEmailVerified }),
        blockMember: async () => calls.push("block"),
        deleteMember: async () => calls.push("delete"),
      },
    } as unknown as ElevatedClient;
    return { admin, calls };
  }

  it("the real owner can block and delete a look-alike account", async () => {
    const { memberAction } = await import("~/.server/admin/members.server");
    const { admin, calls } = elevated("boutique.support@outloo\u212A.fr", false);
    await memberAction(admin, "7b0c2f7e-3f1a-4c56-9a8e-2a1c8d9e0f11", "block");
    await memberAction(admin, "7b0c2f7e-3f1a-4c56-9a8e-2a1c8d9e0f11", "delete");
    expect(calls).toEqual(["block", "delete"]);
  });

  it("the owner's own verified account stays protected", async () => {
    const { memberAction } = await import("~/.server/admin/members.server");
    const { admin, calls } = elevated(OWNER, true);
    await expect(memberAction(admin, "7b0c2f7e-3f1a-4c56-9a8e-2a1c8d9e0f11", "block")).rejects.toThrow(/propriétaire/);
    expect(calls).toEqual([]);
  });
});
