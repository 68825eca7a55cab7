// Password reset by e-mailed single-use link (split from identity.ts).
import { createHash } from "node:crypto";
import type { Ctx } from "../core/context";
import { newId, randomToken } from "../core/context";
import { nowIso, nowSeconds } from "../core/db";
import { deliver } from "../core/mail";
import { hashPassword, memberByEmail } from "../members/members";
import { clearLoginFailures } from "./login-throttle";
import { claimGuestOrders } from "./order-claims";

export const RESET_TTL_SECONDS = 3600;
export const RESET_MAX_PER_HOUR = 5;
const sha256 = (value: string) => createHash("sha256").update(value).digest("base64url");

// ---------------------------------------------------------------- password reset

/** E-mails a single-use reset link (1 h) when the e-mail belongs to a member; silent otherwise. */
export function startPasswordReset(ctx: Ctx, email: string, appOrigin: string, redirectUrl: string | undefined): void {
  const member = memberByEmail(ctx, email);
  if (!member || member.status === "BLOCKED") return;
  ctx.db.prepare("DELETE FROM password_resets WHERE expires_at < ?").run(nowSeconds() - 86400);
  // Links still valid were all sent within the last hour: past RESET_MAX_PER_HOUR, stay silent (mailbox flooding).
  const { n } = ctx.db
    .prepare("SELECT COUNT(*) AS n FROM password_resets WHERE member_id = ? AND expires_at > ?")
    .get(member.id, nowSeconds()) as { n: number };
  if (n >= RESET_MAX_PER_HOUR) return;
  const token = randomToken();
  ctx.db
    .prepare("INSERT INTO password_resets (token_hash, member_id, redirect_url, expires_at) VALUES (?, ?, ?, ?)")
    .run(sha256(token), member.id, redirectUrl ?? null, nowSeconds() + RESET_TTL_SECONDS);
  const url = `${appOrigin}/_platform/reset-password?token=${encodeURIComponent(token)}`;
  deliver(ctx.mail, {
    id: newId(),
    createdAt: nowIso(),
    kind: "password-reset",
    to: member.email,
    subject: "Réinitialisation de votre mot de passe",
    text:
      "Bonjour,\n\nVous avez demandé à réinitialiser votre mot de passe. Ouvrez ce lien pour en choisir un nouveau " +
      `(valable 1 heure, utilisable une seule fois) :\n${url}\n\nSi vous n'êtes pas à l'origine de cette demande, ignorez ce message : ` +
      "votre mot de passe actuel reste valable.",
    links: [{ label: "Choisir un nouveau mot de passe", url }],
    data: { url },
  });
}

export interface ResetRow {
  token_hash: string;
  member_id: string;
  redirect_url: string | null;
  expires_at: number;
  used: number;
}

export function findReset(ctx: Ctx, token: string | null | undefined): ResetRow | null {
  if (!token) return null;
  const row = ctx.db.prepare("SELECT * FROM password_resets WHERE token_hash = ?").get(sha256(token)) as ResetRow | undefined;
  if (!row || row.used || row.expires_at < nowSeconds()) return null;
  return row;
}

/**
 * Sets the new password and uses the link up. Following the link proves the mailbox, so the e-mail counts as
 * verified; the member's sessions are revoked and any lock-out is lifted.
 */
export async function completeReset(ctx: Ctx, row: ResetRow, password: string): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  return ctx.db
    .transaction(() => {
      const used = ctx.db.prepare("UPDATE password_resets SET used = 1 WHERE token_hash = ? AND used = 0").run(row.token_hash);
      if (used.changes === 0) return false;
      const m = ctx.db.prepare("SELECT email FROM members WHERE id = ?").get(row.member_id) as { email: string } | undefined;
      if (!m) return false;
      ctx.db
        .prepare("UPDATE members SET password_hash = ?, email_verified = 1, updated_date = ? WHERE id = ?")
        .run(passwordHash, nowIso(), row.member_id);
      ctx.db.prepare("UPDATE refresh_tokens SET revoked = 1 WHERE member_id = ?").run(row.member_id);
      ctx.db.prepare("DELETE FROM access_tokens WHERE member_id = ?").run(row.member_id);
      ctx.db.prepare("UPDATE password_resets SET used = 1 WHERE member_id = ?").run(row.member_id);
      clearLoginFailures(ctx, m.email);
      claimGuestOrders(ctx, row.member_id); // the reset link proves the mailbox
      return true;
    })
    .immediate();
}
