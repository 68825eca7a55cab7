import { elevatedClientAfterCheck } from "../admin/elevated-client.server";
import type { CommerceSession } from "../wix/commerce-session.server";
import { getConfig } from "../site/config.server";
import { parisToday } from "~/lib/paris-days";
import type { MemberQuote } from "~/models/quote";
import { quoteListRow } from "./list-row.server";
import { quoteUrl } from "./link.server";
import { quotesSentTo } from "./store.server";

/**
 * A member's "Mes devis": the quotes sent to their login e-mail, once Wix says they proved that mailbox (the one the
 * quotes' links are e-mailed to, so the list grants nothing the mailbox does not). Each quote's latest version sent,
 * with its signed link; read with the site's API key after that check.
 */
export async function memberQuotes(commerce: CommerceSession): Promise<MemberQuote[]> {
  if (!getConfig().admin.apiKey) return [];
  const wix = await commerce.client();
  const { member } = await wix.members.getCurrentMember({ fieldsets: ["FULL"] });
  if (!member?.loginEmail || member.loginEmailVerified !== true) return [];
  const versions = await quotesSentTo(elevatedClientAfterCheck(), member.loginEmail);
  const latest = new Map<string, (typeof versions)[number]>();
  for (const v of versions) if (!latest.has(v.number)) latest.set(v.number, v);
  const today = parisToday();
  return [...latest.values()].map((q) => ({
    id: q._id,
    ...quoteListRow(q, today),
    sentAt: q.sentAt ?? q.createdAt,
    link: quoteUrl(q._id),
  }));
}
