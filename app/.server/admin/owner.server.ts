import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { canonicalEmail } from "~/models/email";
import { notFound } from "~/lib/http";
import { loginPath } from "../account/auth.server";
import { commerceOf, type Commerce } from "../wix/commerce.server";
import { buildElevatedClient, type ElevatedClient } from "./elevated-client.server";
import { getConfig } from "../site/config.server";

export { elevatedClientAfterCheck, type ElevatedClient } from "./elevated-client.server";

/**
 * The owner's identity and the elevated client (docs/decisions/0015-owner-elevated-client.md). The owner is a member
 * whose login e-mail, in its canonical form (app/models/email.ts), is listed in OWNER_EMAILS AND whose mailbox is proved
 * (loginEmailVerified): anyone can type a look-alike of the owner's address, nobody else can prove its mailbox
 * (docs/decisions/0026-canonical-email.md). The elevated client (API key) is built only after that check, by
 * `requireOwner`, and never leaves the server. Everyone else gets the 404 screen under /admin (visitors log in first).
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

/**
 * The owner check: a visitor goes to the login page (and comes back), a member who is not an owner gets the 404
 * screen, the owner gets the elevated client.
 */
async function requireOwner(commerce: Commerce, url: URL): Promise<ElevatedClient> {
  if (!commerce.isMember) throw redirect(loginPath(url.pathname + url.search));
  if (!(await isOwner(commerce))) notFound();
  return buildElevatedClient();
}

const elevatedClientKey = createContext<ElevatedClient>();

/**
 * The middleware of the /admin layout (app/routes/admin.tsx): it runs before every loader and action under /admin,
 * whichever of them a request asks for, so none of them can forget the owner check.
 */
export const ownerMiddleware: MiddlewareFunction<Response> = async ({ context, url }, next) => {
  context.set(elevatedClientKey, await requireOwner(commerceOf(context), url));
  return next();
};

/** The elevated client, for the loaders and actions under /admin (their layout's `ownerMiddleware` made it). */
export function elevatedClientOf(context: Readonly<RouterContextProvider>): ElevatedClient {
  return context.get(elevatedClientKey);
}

/**
 * The one order a guest's signed follow link grants (orders/follow-link.server.ts checked it), read with the site's API
 * key: the only use of the elevated client outside the back-office, read-only, one order id at a time
 * (docs/decisions/0032-guest-follow-link.md). Null when the site has no API key (real Wix without WIX_API_KEY).
 */
export async function orderForFollowLink(orderId: string): Promise<unknown | null> {
  if (!getConfig().admin.apiKey) return null;
  return buildElevatedClient().orders.getOrder(orderId);
}

/** Whether follow links can be read on this site (an API key is configured). */
export function followLinksAvailable(): boolean {
  return !!getConfig().admin.apiKey;
}
