// The 6-digit codes e-mailed to prove a mailbox, shared by the sign-up (signup.ts) and the login of an account not
// yet proved (identity.ts): how they are made, stored (a hash bound to their state token) and checked.
import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import type { Ctx } from "../core/context";
import { newId } from "../core/context";
import { nowIso } from "../core/db";
import type { MailMessage } from "../core/mail";
import { deliver } from "../core/mail";

export const VERIFICATION_TTL_SECONDS = 15 * 60;
export const VERIFICATION_MAX_ATTEMPTS = 3;

export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, "0");

const sha256 = (value: string) => createHash("sha256").update(value).digest("base64url");

/** What is stored for a code: its hash, bound to its state token (a code is only valid for its own step). */
export const codeHash = (stateToken: string, code: string) => sha256(`${stateToken}:${code.trim()}`);

export function sameHash(a: string, b: string): boolean {
  const ba = Buffer.from(a);
  const bb = Buffer.from(b);
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}

export function mail(
  kind: MailMessage["kind"],
  to: string,
  subject: string,
  text: string,
  links: MailMessage["links"],
  data: Record<string, string>,
): MailMessage {
  return { id: newId(), createdAt: nowIso(), kind, to, subject, text, links, data };
}

/** E-mails `code` to `to`. */
export function sendCode(ctx: Ctx, to: string, code: string): void {
  deliver(
    ctx.mail,
    mail(
      "verification-code",
      to,
      "Votre code de vérification",
      `Bonjour,\n\nVoici votre code de vérification : ${code}\nIl est valable ${VERIFICATION_TTL_SECONDS / 60} minutes.\n\n` +
        "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message.",
      [],
      { code },
    ),
  );
}
