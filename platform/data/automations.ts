// A site automation on a collection ("When an item is added to SiteEmails, send an e-mail to its `to` address",
// Wix Automations' CMS trigger and e-mail action on a real site): the platform runs it as the site would, through its
// mail transport (the outbox here). The app writes the message; whoever runs the site's mail sends it.
import type { Ctx } from "../core/context";
import { newId } from "../core/context";
import { nowIso } from "../core/db";
import type { MailLink } from "../core/mail";
import { asObject, asString, UNSAFE_TEXT_RE } from "../core/http";

/** E-mails the item, when it holds an address and a subject; anything else is left as data (an automation skips it). */
export function runEmailAutomation(ctx: Ctx, item: Record<string, unknown>): void {
  const to = asString(item.to)?.trim();
  const subject = asString(item.subject)?.trim();
  const text = asString(item.text) ?? "";
  if (!to || !subject || !/^[^\s@]+@[^\s@]+$/.test(to) || to.length > 254 || UNSAFE_TEXT_RE.test(subject)) return;
  const links: MailLink[] = (Array.isArray(item.links) ? item.links : [])
    .map((l) => asObject(l))
    .filter((l): l is Record<string, unknown> => !!l && typeof l.url === "string" && typeof l.label === "string")
    .slice(0, 10)
    .map((l) => ({ label: String(l.label).slice(0, 200), url: String(l.url).slice(0, 2000) }));
  const message = {
    id: newId(),
    createdAt: nowIso(),
    kind: "site-automation" as const,
    to,
    subject: subject.slice(0, 300),
    text: text.slice(0, 20_000),
    links,
    data: {
      collection: "SiteEmails",
      ...(asString(item.kind) ? { kind: asString(item.kind) } : {}),
      ...(links[0] ? { url: links[0].url } : {}),
    },
  };
  try {
    void Promise.resolve(ctx.mail.send(message)).catch((err: unknown) => console.error("[platform] automation e-mail failed", err));
  } catch (err) {
    console.error("[platform] automation e-mail failed", err);
  }
}
