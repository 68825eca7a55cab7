import type { SavedAddress } from "~/models/address";
import { savedAddressesOf } from "./addresses.server";
import type { CommerceSession } from "../wix/commerce-session.server";

/** The signed-in member's profile, as the account page shows and edits it. */
export interface Profile {
  id: string;
  email: string;
  /** Whether the login e-mail is proved (a changed one is not until its code comes back). */
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  nickname: string;
  slug: string;
  /** Her saved addresses, the default one first (addresses.server.ts). */
  addresses: SavedAddress[];
}

export async function getProfile(commerce: CommerceSession): Promise<Profile> {
  const wix = await commerce.client();
  const { member } = await wix.members.getCurrentMember({ fieldsets: ["FULL"] });
  return {
    id: member?._id ?? "",
    email: member?.loginEmail ?? "",
    emailVerified: member?.loginEmailVerified === true,
    firstName: member?.contact?.firstName ?? "",
    lastName: member?.contact?.lastName ?? "",
    nickname: member?.profile?.nickname ?? "",
    slug: member?.profile?.slug ?? "",
    addresses: savedAddressesOf(member),
  };
}

export async function updateProfile(
  commerce: CommerceSession,
  current: Profile,
  next: { firstName: string; lastName: string; nickname: string; slug: string },
): Promise<void> {
  const wix = await commerce.client();
  if (next.firstName !== current.firstName || next.lastName !== current.lastName || next.nickname !== current.nickname) {
    await wix.members.updateMember(current.id, {
      contact: { firstName: next.firstName, lastName: next.lastName },
      profile: { nickname: next.nickname },
    });
  }
  if (next.slug !== current.slug) await wix.members.updateCurrentMemberSlug(next.slug);
}

export async function deleteAccount(commerce: CommerceSession): Promise<void> {
  const wix = await commerce.client();
  await wix.members.deleteMyMember();
  commerce.clearTokens();
}
