// What was sent to, or tried on, a mailbox lately (core/email.ts's mailboxKey: one person's mailbox, whatever its
// +tag): the limits that count a person rather than a client read it. Verification codes sent and wrong codes typed
// (iam/mailbox-codes.ts), contact acknowledgements sent (forms/forms.ts). Rows older than a day are dropped.
import type { Ctx } from "./context";
import { nowSeconds } from "./db";
import { mailboxKey } from "./email";

export type MailboxEvent = "code-sent" | "wrong-code" | "acknowledgement";

const KEPT_SECONDS = 24 * 3600;

/** How many `kind` events the mailbox of `email` had in the last `withinSeconds` (a day at most). */
export function recentMailboxEvents(ctx: Ctx, email: string, kind: MailboxEvent, withinSeconds = KEPT_SECONDS): number {
  return (
    ctx.db
      .prepare("SELECT COUNT(*) AS n FROM mailbox_events WHERE mailbox = ? AND kind = ? AND at > ?")
      .get(mailboxKey(email), kind, nowSeconds() - withinSeconds) as { n: number }
  ).n;
}

export function recordMailboxEvent(ctx: Ctx, email: string, kind: MailboxEvent): void {
  ctx.db.prepare("DELETE FROM mailbox_events WHERE at < ?").run(nowSeconds() - KEPT_SECONDS);
  ctx.db.prepare("INSERT INTO mailbox_events (mailbox, kind, at) VALUES (?, ?, ?)").run(mailboxKey(email), kind, nowSeconds());
}

export function forgetMailboxEvents(ctx: Ctx, email: string, kind: MailboxEvent): void {
  ctx.db.prepare("DELETE FROM mailbox_events WHERE mailbox = ? AND kind = ?").run(mailboxKey(email), kind);
}
