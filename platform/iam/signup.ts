// Sign-up, for the IAM register endpoint and the hosted sign-up page alike (docs/decisions/0029-sign-up-proves-the-mailbox.md):
// - nothing is created until the mailbox is proved: a sign-up is a pending row (canonical e-mail, password hash,
//   names) and a 6-digit code e-mailed to the address; the account exists once the code comes back, already proved
//   (so guest orders of that address may join it), APPROVED or PENDING by the sign-up policy;
// - a taken address gets the same answer (a state token, the code step) and the same row, whose code is never sent:
//   its holder is told by e-mail instead. Whoever signs up cannot tell whether an account exists, and an account's
//   password cannot be attached to someone else's address;
// - codes are counted per mailbox across sign-ups (mailbox-codes.ts): a new sign-up brings no fresh tries.
import type { Ctx } from "../core/context";
import { newId, randomToken } from "../core/context";
import { nowSeconds } from "../core/db";
import { deliver } from "../core/mail";
import type { MemberRow } from "../members/members";
import { createMember, hashPassword, memberByEmail } from "../members/members";
import { codeHash, mail, newCode, sameHash, sendCode, VERIFICATION_MAX_ATTEMPTS, VERIFICATION_TTL_SECONDS } from "./codes";
import { claimGuestOrders } from "./order-claims";
import { mailboxLocked, mayEmailCode, recordWrongCode } from "./mailbox-codes";

export interface SignupInput {
  /** Canonical (core/email.ts): callers refuse an address without a canonical form. */
  email: string;
  password: string;
  firstName?: string | null;
  lastName?: string | null;
  nickname?: string | null;
}

export interface StartedSignup {
  stateToken: string;
  /** The id the account will have: the same kind of id whether or not the address is taken. */
  memberId: string;
}

/**
 * Records a sign-up and e-mails the address: its code, or (taken) a notice to the account's holder. The password is
 * hashed first, off the main thread (members.ts), then the row is written in one transaction.
 */
export async function startSignup(ctx: Ctx, input: SignupInput): Promise<StartedSignup> {
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(() => recordSignup(ctx, input, passwordHash)).immediate();
}

function recordSignup(ctx: Ctx, input: SignupInput, passwordHash: string): StartedSignup {
  const stateToken = randomToken();
  const memberId = newId();
  const code = newCode();
  const taken = memberByEmail(ctx, input.email) !== undefined;
  // A locked mailbox, or one sent its day's codes, gets the same step and no code (mailbox-codes.ts).
  const sent = !taken && mayEmailCode(ctx, input.email);
  ctx.db.prepare("DELETE FROM signups WHERE expires_at < ?").run(nowSeconds() - 86400);
  ctx.db
    .prepare(
      `INSERT INTO signups (state_token, member_id, email, password_hash, first_name, last_name, nickname, code_hash, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      stateToken,
      memberId,
      input.email,
      passwordHash,
      input.firstName ?? null,
      input.lastName ?? null,
      input.nickname ?? null,
      // A code that is not sent (taken address, locked mailbox) is one no code typed can match.
      codeHash(stateToken, sent ? code : newCode() + newCode()),
      nowSeconds() + VERIFICATION_TTL_SECONDS,
    );
  if (taken) deliver(ctx.mail, existingAccountNotice(input.email));
  else if (sent) sendCode(ctx, input.email, code);
  return { stateToken, memberId };
}

function existingAccountNotice(to: string) {
  return mail(
    "signup-existing",
    to,
    "Un compte existe déjà avec votre adresse",
    "Bonjour,\n\nQuelqu'un vient de demander à créer un compte avec votre adresse e-mail, qui en a déjà un. " +
      "Si c'est vous, connectez-vous, ou choisissez un nouveau mot de passe avec « Mot de passe oublié ? ».\n\n" +
      "Si ce n'est pas vous, ignorez ce message : rien n'a changé sur votre compte.",
    [],
    {},
  );
}

export type SignupOutcome = { kind: "ok"; member: MemberRow } | { kind: "wrong-code"; attemptsLeft: number } | { kind: "expired" };

/** Checks a sign-up's code; the right one creates the account. Null when `stateToken` is no sign-up's. */
export function completeSignup(ctx: Ctx, stateToken: string, code: string): SignupOutcome | null {
  return ctx.db
    .transaction((): SignupOutcome | null => {
      const row = ctx.db.prepare("SELECT * FROM signups WHERE state_token = ?").get(stateToken) as SignupRow | undefined;
      if (!row) return null;
      if (row.used || row.expires_at < nowSeconds() || row.attempts >= VERIFICATION_MAX_ATTEMPTS || mailboxLocked(ctx, row.email))
        return { kind: "expired" };
      if (!sameHash(codeHash(stateToken, code), row.code_hash)) {
        const attempts = row.attempts + 1;
        ctx.db.prepare("UPDATE signups SET attempts = ? WHERE state_token = ?").run(attempts, stateToken);
        recordWrongCode(ctx, row.email);
        return { kind: "wrong-code", attemptsLeft: VERIFICATION_MAX_ATTEMPTS - attempts };
      }
      ctx.db.prepare("UPDATE signups SET used = 1 WHERE state_token = ?").run(stateToken);
      // Two sign-ups of one address: the first proved wins, the other starts again.
      if (memberByEmail(ctx, row.email)) return { kind: "expired" };
      const member = createMember(ctx, {
        id: row.member_id,
        email: row.email,
        passwordHash: row.password_hash,
        firstName: row.first_name,
        lastName: row.last_name,
        nickname: row.nickname,
        status: ctx.opts.signupPolicy === "owner-approval" ? "PENDING" : "APPROVED",
        emailVerified: true,
      });
      claimGuestOrders(ctx, member.id); // the code proves the mailbox
      return { kind: "ok", member };
    })
    .immediate();
}

interface SignupRow {
  member_id: string;
  email: string;
  password_hash: string;
  first_name: string | null;
  last_name: string | null;
  nickname: string | null;
  code_hash: string;
  expires_at: number;
  attempts: number;
  used: number;
}
