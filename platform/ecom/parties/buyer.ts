// Who a cart, checkout or order belongs to, on the wire: the owner key (`m:<memberId>` / `v:<visitorId>`) read as
// Wix's buyer ids, with the member's contact id and login e-mail.
import type { Ctx } from "../../core/context";

export function buyerInfoWire(ctx: Ctx, owner: string, email?: string | null) {
  const [kind, id] = [owner.slice(0, 1), owner.slice(2)];
  if (kind === "m") {
    const m = ctx.db.prepare("SELECT contact_id, email FROM members WHERE id = ?").get(id) as
      { contact_id: string; email: string } | undefined;
    return { memberId: id, ...(m ? { contactId: m.contact_id } : {}), ...(email || m?.email ? { email: email || m?.email } : {}) };
  }
  return { visitorId: id, ...(email ? { email } : {}) };
}

/** The event identity of an owner key. */
export function identityOf(owner: string): { memberId: string } | { visitorId: string } {
  return owner.startsWith("m:") ? { memberId: owner.slice(2) } : { visitorId: owner.slice(2) };
}
