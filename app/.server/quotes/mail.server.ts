import type { ElevatedClient } from "../admin/elevated-client.server";

export interface SiteEmail {
  to: string;
  subject: string;
  text: string;
  links: Array<{ label: string; url: string }>;
  /** What it is about, for the owner's tools ("quote-sent", "deposit-invoice"…). */
  kind: string;
}

/**
 * E-mails a client through the site: an item added to the SiteEmails collection, which the site's automation sends
 * ("When an item is added, send an e-mail to its `to`"; the embedded platform runs it into its outbox). The headless
 * SDK cannot e-mail a contact other than the visitor (Triggered Emails), so the automation is the site's mail
 * (docs/decisions/0058-quotes-in-wix-data.md).
 */
export async function sendSiteEmail(admin: ElevatedClient, mail: SiteEmail): Promise<void> {
  await admin.items.insert("SiteEmails", { ...mail, createdAt: new Date().toISOString() });
}
