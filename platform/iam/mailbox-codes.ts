// Verification codes counted per mailbox (docs/decisions/0055-verification-codes-counted-per-mailbox.md). A code has
// three tries of its own, but a new sign-up brings a new code: counted per code alone, anyone could guess at someone
// else's address for ever, one sign-up after another, slowed only by the per-IP limits (and IPv6 gives many IPs).
// So what counts is the mailbox (core/email.ts's mailboxKey: the canonical address without its +tag), across every
// sign-up, every door (the IAM API, the hosted pages) and every code of an existing account proving its address:
// - CODES_PER_DAY codes are e-mailed to a mailbox in a day; past that a sign-up answers the same code step (nothing
//   tells the caller) but sends nothing: the mailbox is not flooded and no fresh code comes to guess at;
// - the WRONG_CODES_PER_DAY-th wrong code in a day locks the mailbox for a day: every code waiting for it stops
//   working, the right one too, none is sent, and its holder is e-mailed once.
// A guesser thus gets at most WRONG_CODES_PER_DAY tries a day at a 1-in-a-million code, whatever the clients.
import type { Ctx } from "../core/context";
import { nowSeconds } from "../core/db";
import { mailboxKey } from "../core/email";
import { deliver } from "../core/mail";
import { forgetMailboxEvents, recentMailboxEvents, recordMailboxEvent } from "../core/mailbox-events";
import { mail } from "./codes";

export const CODES_PER_DAY = 5;
export const WRONG_CODES_PER_DAY = 5;
export const MAILBOX_LOCK_SECONDS = 24 * 3600;

/** True while wrong codes keep the mailbox of `email` locked: no code is sent to it and none is accepted. */
export function mailboxLocked(ctx: Ctx, email: string): boolean {
  const row = ctx.db.prepare("SELECT until FROM mailbox_locks WHERE mailbox = ?").get(mailboxKey(email)) as { until: number } | undefined;
  return !!row && row.until > nowSeconds();
}

/** Whether a code may be e-mailed to `email` now; when it may, it is counted as sent. */
export function mayEmailCode(ctx: Ctx, email: string): boolean {
  if (mailboxLocked(ctx, email) || recentMailboxEvents(ctx, email, "code-sent") >= CODES_PER_DAY) return false;
  recordMailboxEvent(ctx, email, "code-sent");
  return true;
}

/** Counts a wrong code typed for `email`; the WRONG_CODES_PER_DAY-th in a day locks its mailbox and tells its holder. */
export function recordWrongCode(ctx: Ctx, email: string): void {
  recordMailboxEvent(ctx, email, "wrong-code");
  if (mailboxLocked(ctx, email) || recentMailboxEvents(ctx, email, "wrong-code") < WRONG_CODES_PER_DAY) return;
  ctx.db
    .prepare("INSERT INTO mailbox_locks (mailbox, until) VALUES (?, ?) ON CONFLICT(mailbox) DO UPDATE SET until = excluded.until")
    .run(mailboxKey(email), nowSeconds() + MAILBOX_LOCK_SECONDS);
  // The lock's day starts afresh: the wrong codes that made it are not counted again after it.
  forgetMailboxEvents(ctx, email, "wrong-code");
  deliver(
    ctx.mail,
    mail(
      "verification-locked",
      email,
      "Codes de vérification bloqués pour votre adresse",
      "Bonjour,\n\nPlusieurs codes de vérification erronés ont été saisis pour créer un compte avec votre adresse e-mail. " +
        `Par sécurité, aucun code n'est plus envoyé ni accepté pour cette adresse pendant ${MAILBOX_LOCK_SECONDS / 3600} heures.\n\n` +
        "Si c'était vous, recommencez l'inscription après ce délai. Sinon, quelqu'un a essayé de créer un compte à votre nom : " +
        "aucun compte n'a été créé, vous n'avez rien à faire.",
      [],
      {},
    ),
  );
}
