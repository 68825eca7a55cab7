import type { members } from "@wix/members";
import { MAX_SAVED_ADDRESSES, type PostalAddress, type SavedAddress } from "~/models/address";
import type { CommerceSession } from "../wix/commerce-session.server";

/**
 * The member's saved addresses: Wix keeps them on the member, `contact.addresses` (the Members API; Wix's ecom keeps
 * no address book of its own), each with its id. Wix's list has no "default" mark: the first is the default one,
 * what the checkout starts from (docs/decisions/0080-member-addresses-first-is-default.md). Every change reads the
 * member and writes the whole list back (updateMember), so addresses written elsewhere (a street and number, a
 * region) are kept as they were.
 */

type WixAddress = NonNullable<NonNullable<members.Member["contact"]>["addresses"]>[number];

export type AddressChange = { ok: true } | { ok: false; message: string };

export const TOO_MANY_ADDRESSES = `Vous avez déjà ${MAX_SAVED_ADDRESSES} adresses : supprimez-en une pour en ajouter une autre.`;
export const ADDRESS_GONE = "Cette adresse n'existe plus : la liste a été mise à jour.";

/** The line a person reads: the address line, or Wix's street and number when that is what was saved. */
function lineOf(address: WixAddress): string {
  if (address.addressLine) return address.addressLine;
  const street = address.streetAddress;
  return street ? `${street.number ?? ""} ${street.name ?? ""}`.trim() : "";
}

export function savedAddressesOf(member: members.Member | null | undefined): SavedAddress[] {
  return (member?.contact?.addresses ?? []).flatMap((a) =>
    a._id ? [{ id: a._id, addressLine: lineOf(a), postalCode: a.postalCode ?? "", city: a.city ?? "", country: a.country ?? "" }] : [],
  );
}

/** Reads the member's list, lets `change` make the new one (or refuse), and writes it back. */
async function rewrite(commerce: CommerceSession, change: (list: WixAddress[]) => WixAddress[] | string): Promise<AddressChange> {
  const wix = await commerce.client();
  const { member } = await wix.members.getCurrentMember({ fieldsets: ["FULL"] });
  if (!member?._id) throw new Error("no current member");
  const next = change(member.contact?.addresses ?? []);
  if (typeof next === "string") return { ok: false, message: next };
  await wix.members.updateMember(member._id, { contact: { addresses: next } });
  return { ok: true };
}

const fields = (address: PostalAddress) => ({
  addressLine: address.addressLine,
  postalCode: address.postalCode,
  city: address.city,
  country: address.country,
});

/** A new address, last in the list (the first one saved becomes the default). */
export function addAddress(commerce: CommerceSession, address: PostalAddress) {
  return rewrite(commerce, (list) => (list.length >= MAX_SAVED_ADDRESSES ? TOO_MANY_ADDRESSES : [...list, fields(address)]));
}

/** The address `id` as typed now, in its place. */
export function editAddress(commerce: CommerceSession, id: string, address: PostalAddress) {
  return rewrite(commerce, (list) =>
    list.some((a) => a._id === id) ? list.map((a) => (a._id === id ? { _id: id, ...fields(address) } : a)) : ADDRESS_GONE,
  );
}

export function deleteAddress(commerce: CommerceSession, id: string) {
  return rewrite(commerce, (list) => (list.some((a) => a._id === id) ? list.filter((a) => a._id !== id) : ADDRESS_GONE));
}

/** The address `id` becomes the default one: first in the list, the others in their order after it. */
export function makeDefaultAddress(commerce: CommerceSession, id: string) {
  return rewrite(commerce, (list) => {
    const chosen = list.find((a) => a._id === id);
    return chosen ? [chosen, ...list.filter((a) => a !== chosen)] : ADDRESS_GONE;
  });
}
