// The demo site's CMS collections, as the owner creates them in the dashboard on a real site (Wix Data's
// "The Data Items API only works with existing collections"): the quote flow's (docs/decisions/0058-quotes-in-wix-data.md)
// the store's credit notes (docs/decisions/0076-credit-notes-numbered-by-the-app.md) and the owner's shop settings
// (`SiteSettings`, data/site-settings.ts).
// Every operation is ADMIN: the SDK reaches them with the site's API key only, never with a visitor's or member's token.

export interface SiteCollection {
  id: string;
  /** Who may read and write its items; ADMIN = the elevated identity only. */
  permissions: "ADMIN";
}

export const SITE_COLLECTIONS: ReadonlyMap<string, SiteCollection> = new Map(
  ["Quotes", "QuoteAnswers", "Invoices", "InvoiceClaims", "CreditNotes", "SiteEmails", "SiteSettings"].map((id) => [
    id,
    { id, permissions: "ADMIN" as const },
  ]),
);

/** The collection whose new items the site's automation e-mails (data/automations.ts). */
export const EMAIL_COLLECTION = "SiteEmails";
