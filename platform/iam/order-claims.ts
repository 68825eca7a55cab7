// A guest's orders join the member account of the same e-mail once that member has proven the address (the
// e-mailed sign-up code, or a password-reset link). Before that proof nothing moves: under the "open" sign-up policy
// anyone may register any address, and a guest order holds a name, an address and what was bought.
import type { Ctx } from "../core/context";
import { nowIso } from "../core/db";

/** Moves every guest order placed with the member's login e-mail to the member; returns how many moved. */
export function claimGuestOrders(ctx: Ctx, memberId: string): number {
  const m = ctx.db.prepare("SELECT email, contact_id, email_verified FROM members WHERE id = ?").get(memberId) as
    { email: string; contact_id: string; email_verified: number } | undefined;
  if (!m || m.email_verified === 0) return 0;
  const rows = ctx.db
    // buyer_key: the canonical form of the address the guest typed at checkout (core/email.ts), as the member's is.
    .prepare("SELECT id, data FROM orders WHERE member_id IS NULL AND buyer_key = ?")
    .all(m.email) as { id: string; data: string }[];
  const now = nowIso();
  for (const row of rows) {
    const data = JSON.parse(row.data) as { buyerInfo?: Record<string, unknown> };
    data.buyerInfo = { memberId, contactId: m.contact_id, email: data.buyerInfo?.email ?? m.email };
    ctx.db
      .prepare("UPDATE orders SET member_id = ?, data = ?, updated_date = ? WHERE id = ?")
      .run(memberId, JSON.stringify(data), now, row.id);
  }
  return rows.length;
}

/** Where the address is proven while the member reads their orders: only when sign-up verifies e-mails. */
export function claimOnRead(ctx: Ctx, memberId: string | null): void {
  if (memberId && ctx.opts.signupPolicy === "verify-email") claimGuestOrders(ctx, memberId);
}
