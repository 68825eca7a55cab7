// The member's address book over Wix member contact.addresses: the first is the default one, at most
// MAX_SAVED_ADDRESSES, an unknown id refused, and the parts of an address written elsewhere kept.
import { describe, expect, it } from "vitest";
import { MAX_SAVED_ADDRESSES } from "~/models/address";
import {
  ADDRESS_GONE,
  addAddress,
  deleteAddress,
  editAddress,
  makeDefaultAddress,
  savedAddressesOf,
  TOO_MANY_ADDRESSES,
} from "~/.server/account/addresses.server";
import type { CommerceSession } from "~/.server/wix/commerce-session.server";

type Saved = { _id?: string; addressLine?: string; postalCode?: string; city?: string; country?: string; subdivision?: string };

/** A member whose addresses live in memory, written back as Update Member would (ids given to new ones). */
function memberWith(addresses: Saved[]) {
  const state = { addresses, writes: 0 };
  let next = 0;
  const client = {
    members: {
      getCurrentMember: async () => ({ member: { _id: "m1", contact: { addresses: state.addresses.map((a) => ({ ...a })) } } }),
      updateMember: async (_id: string, patch: { contact: { addresses: Saved[] } }) => {
        state.writes += 1;
        state.addresses = patch.contact.addresses.map((a) => ({ ...a, _id: a._id ?? `n${(next += 1)}` }));
      },
    },
  };
  const commerce = { client: async () => client } as unknown as CommerceSession;
  const list = () => savedAddressesOf({ contact: { addresses: state.addresses } });
  return { commerce, state, list };
}

const LYON = { addressLine: "12 rue des Lilas", postalCode: "69003", city: "Lyon", country: "FR" };
const PARIS = { addressLine: "8 rue Lafayette", postalCode: "75009", city: "Paris", country: "FR" };

describe("the member's saved addresses", () => {
  it("adds at the end, makes one the default by moving it first, edits and deletes by id", async () => {
    const m = memberWith([]);
    expect(await addAddress(m.commerce, LYON)).toEqual({ ok: true });
    expect(await addAddress(m.commerce, PARIS)).toEqual({ ok: true });
    expect(m.list().map((a) => a.city)).toEqual(["Lyon", "Paris"]);
    const [lyon, paris] = m.list();
    await makeDefaultAddress(m.commerce, paris!.id);
    expect(m.list().map((a) => a.id)).toEqual([paris!.id, lyon!.id]);
    await editAddress(m.commerce, lyon!.id, { ...LYON, addressLine: "14 rue des Lilas" });
    expect(m.list().map((a) => a.addressLine)).toEqual(["8 rue Lafayette", "14 rue des Lilas"]);
    await deleteAddress(m.commerce, paris!.id);
    expect(m.list()).toEqual([{ id: lyon!.id, ...LYON, addressLine: "14 rue des Lilas" }]);
  });

  it(`keeps at most ${MAX_SAVED_ADDRESSES}, refuses an id it does not have, keeps what it does not edit`, async () => {
    const full = memberWith(Array.from({ length: MAX_SAVED_ADDRESSES }, (_, i) => ({ _id: `a${i}`, ...LYON })));
    expect(await addAddress(full.commerce, PARIS)).toEqual({ ok: false, message: TOO_MANY_ADDRESSES });
    expect(full.state.writes).toBe(0);
    for (const change of [
      () => editAddress(full.commerce, "inconnue", PARIS),
      () => deleteAddress(full.commerce, "inconnue"),
      () => makeDefaultAddress(full.commerce, "inconnue"),
    ])
      expect(await change()).toEqual({ ok: false, message: ADDRESS_GONE });
    expect(full.state.writes).toBe(0);

    const region = memberWith([
      { _id: "r1", ...LYON, subdivision: "FR-ARA" },
      { _id: "r2", ...PARIS },
    ]);
    await makeDefaultAddress(region.commerce, "r2");
    expect(region.state.addresses).toEqual([
      { _id: "r2", ...PARIS },
      { _id: "r1", ...LYON, subdivision: "FR-ARA" },
    ]);
  });
});
