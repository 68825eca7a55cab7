import type { PostalAddress } from "~/models/address";
import type { CommerceSession } from "../wix/commerce-session.server";

/** The signed-in member's profile, as the account page shows and edits it. */
export interface Profile {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  nickname: string;
  slug: string;
  address?: Partial<PostalAddress>;
}

export async function getProfile(commerce: CommerceSession): Promise<Profile> {
  const wix = await commerce.client();
  const { member } = await wix.members.getCurrentMember({ fieldsets: ["FULL"] });
  const address = member?.contact?.addresses?.[0];
  return {
    id: member?._id ?? "",
    email: member?.loginEmail ?? "",
    firstName: member?.contact?.firstName ?? "",
    lastName: member?.contact?.lastName ?? "",
    nickname: member?.profile?.nickname ?? "",
    slug: member?.profile?.slug ?? "",
    address: address
      ? {
          addressLine: address.addressLine ?? undefined,
          postalCode: address.postalCode ?? undefined,
          city: address.city ?? undefined,
          country: address.country ?? undefined,
        }
      : undefined,
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

/**
 * Saves the profile's postal address as the member's first contact address (the one checkout prefills from);
 * other addresses the member may have are kept after it.
 */
export async function saveAddress(commerce: CommerceSession, address: PostalAddress): Promise<void> {
  const wix = await commerce.client();
  const { member } = await wix.members.getCurrentMember({ fieldsets: ["FULL"] });
  if (!member?._id) throw new Error("no current member");
  const [first, ...others] = member.contact?.addresses ?? [];
  await wix.members.updateMember(member._id, {
    contact: { addresses: [{ ...(first?._id ? { _id: first._id } : {}), ...address }, ...others] },
  });
}

export async function deleteAccount(commerce: CommerceSession): Promise<void> {
  const wix = await commerce.client();
  await wix.members.deleteMyMember();
  commerce.clearTokens();
}
