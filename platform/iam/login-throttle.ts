// Login throttling (per account and client) and the owner's approval of pending sign-ups; shared by the IAM
// endpoints and the hosted pages (split from identity.ts).
import type { Ctx } from "../core/context";
import { newId } from "../core/context";
import { nowIso } from "../core/db";
import { emailKey } from "../core/email";
import { deliver } from "../core/mail";
import type { MemberRow } from "../members/members";
import { memberEvent } from "../members/members";

export const LOCKOUT_MAX_FAILURES = 5;
export const LOCKOUT_WINDOW_MS = 15 * 60 * 1000;
export const LOCKOUT_DURATION_MS = 15 * 60 * 1000;

// ---------------------------------------------------------------- throttling (shared with the hosted login page)
//
// Failures are counted per (e-mail, client): LOCKOUT_MAX_FAILURES wrong attempts from one client throttle that
// client for that account, and nobody else. A hard lock per e-mail would let anyone lock any account forever with
// five requests; the per-IP rate limits of the site bound how fast one client can guess in the first place.
// Unknown e-mails are counted and answered exactly like wrong passwords, so neither the message nor the throttle
// tells whether an account exists.

// The account's canonical e-mail (core/email.ts): every spelling of an address counts against the one account, and
// no look-alike has a key of its own that could lift the real one's throttle.
const key = (email: string) => emailKey(email);

/** Seconds left before this client may try this e-mail again, or 0 when it is not throttled. */
export function lockRemainingSeconds(ctx: Ctx, email: string, client: string): number {
  const row = ctx.db.prepare("SELECT until_ms FROM login_throttles WHERE email = ? AND client = ?").get(key(email), client) as
    { until_ms: number } | undefined;
  if (!row) return 0;
  const left = row.until_ms - Date.now();
  if (left > 0) return Math.ceil(left / 1000);
  // The throttle is over: the count starts again from zero.
  ctx.db.prepare("DELETE FROM login_throttles WHERE email = ? AND client = ?").run(key(email), client);
  ctx.db.prepare("DELETE FROM login_throttle_failures WHERE email = ? AND client = ?").run(key(email), client);
  return 0;
}

/** Counts a failed login; the LOCKOUT_MAX_FAILURES-th within the window throttles this client for this e-mail. */
export function recordLoginFailure(ctx: Ctx, email: string, client: string): void {
  const now = Date.now();
  ctx.db.transaction(() => {
    ctx.db.prepare("DELETE FROM login_throttle_failures WHERE at_ms < ?").run(now - LOCKOUT_WINDOW_MS);
    ctx.db.prepare("INSERT INTO login_throttle_failures (email, client, at_ms) VALUES (?, ?, ?)").run(key(email), client, now);
    const { n } = ctx.db
      .prepare("SELECT COUNT(*) AS n FROM login_throttle_failures WHERE email = ? AND client = ?")
      .get(key(email), client) as { n: number };
    if (n >= LOCKOUT_MAX_FAILURES)
      ctx.db
        .prepare(
          "INSERT INTO login_throttles (email, client, until_ms) VALUES (?, ?, ?) ON CONFLICT(email, client) DO UPDATE SET until_ms = excluded.until_ms",
        )
        .run(key(email), client, now + LOCKOUT_DURATION_MS);
  })();
}

/** A successful login or a password reset lifts every throttle on the account. */
export function clearLoginFailures(ctx: Ctx, email: string): void {
  ctx.db.prepare("DELETE FROM login_throttle_failures WHERE email = ?").run(key(email));
  ctx.db.prepare("DELETE FROM login_throttles WHERE email = ?").run(key(email));
}

export interface LoginThrottle {
  email: string;
  client: string;
  untilMs: number;
}

/** Throttles in force, for the owner's page: who is being guessed at, from where, until when. */
export function activeThrottles(ctx: Ctx): LoginThrottle[] {
  return (
    ctx.db
      .prepare("SELECT email, client, until_ms FROM login_throttles WHERE until_ms > ? ORDER BY until_ms DESC LIMIT 100")
      .all(Date.now()) as {
      email: string;
      client: string;
      until_ms: number;
    }[]
  ).map((r) => ({ email: r.email, client: r.client, untilMs: r.until_ms }));
}

// ---------------------------------------------------------------- owner approval

export function listPendingMembers(ctx: Ctx): MemberRow[] {
  return ctx.db.prepare("SELECT * FROM members WHERE status = 'PENDING' ORDER BY created_date").all() as MemberRow[];
}

export function approveMember(ctx: Ctx, memberId: string): MemberRow | null {
  const r = ctx.db
    .prepare("UPDATE members SET status = 'APPROVED', updated_date = ? WHERE id = ? AND status = 'PENDING'")
    .run(nowIso(), memberId);
  if (r.changes === 0) return null;
  const m = ctx.db.prepare("SELECT * FROM members WHERE id = ?").get(memberId) as MemberRow;
  // Approved on the owner's page: her act, in the event too.
  memberEvent(ctx, "updated", m, { owner: true });
  deliver(ctx.mail, {
    id: newId(),
    createdAt: nowIso(),
    kind: "member-approved",
    to: m.email,
    subject: "Votre compte a été approuvé",
    text: "Bonjour,\n\nLe propriétaire du site a approuvé votre compte : vous pouvez maintenant vous connecter.",
    links: [],
    data: {},
  });
  return m;
}
