import { canonicalEmail } from "~/models/email";
import type { Commerce } from "../wix/commerce.server";
import { getConfig } from "../site/config.server";

/**
 * Who the owner is. The owner is a member whose login e-mail, in its canonical form (app/models/email.ts), is listed in
 * OWNER_EMAILS AND whose mailbox is proved (loginEmailVerified): anyone can type a look-alike of the owner's address,
 * nobody else can prove its mailbox (docs/decisions/0026-canonical-email.md).
 */

/** A member account that is one of the site's owners: its canonical login e-mail is listed, and proved. */
export function isOwnerAccount(member: { loginEmail?: string | null; loginEmailVerified?: boolean | null } | undefined): boolean {
  if (!member?.loginEmail || member.loginEmailVerified !== true) return false;
  const email = canonicalEmail(member.loginEmail);
  return email !== null && getConfig().admin.ownerEmails.includes(email);
}

// Owner-ness per access token, briefly: the header asks on every page, the platform need not answer each time.
const OWNER_CACHE_MS = 60_000;
const ownerCache = new Map<string, { owner: boolean; at: number }>();

/** True when the signed-in member is one of the site's owners (one members call, cached a minute per token). */
export async function isOwner(commerce: Commerce): Promise<boolean> {
  const owners = getConfig().admin.ownerEmails;
  if (!commerce.isMember || owners.length === 0) return false;
  const wix = await commerce.client();
  const token = wix.auth.getTokens().accessToken.value;
  const cached = ownerCache.get(token);
  if (cached && Date.now() - cached.at < OWNER_CACHE_MS) return cached.owner;
  const { member } = await wix.members.getCurrentMember({ fieldsets: ["EXTENDED"] });
  const owner = isOwnerAccount(member);
  if (ownerCache.size > 1000) ownerCache.clear();
  ownerCache.set(token, { owner, at: Date.now() });
  return owner;
}
