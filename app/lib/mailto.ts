/**
 * A `mailto:` link for one address typed by someone else (a contact request, a member), or null. The address goes
 * into the URL, where `?`, `&`, `,` and `;` would start headers (`?bcc=…&body=…`) or add recipients: only a single
 * plain address (ASCII letters, digits and `. _ + -` before the @, a dotted domain after) becomes a link, and its
 * local part is percent-encoded. Anything else is shown as text by the caller.
 */
const PLAIN_ADDRESS = /^([A-Za-z0-9._+-]{1,64})@((?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63})$/;

export function mailtoHref(address: string): string | null {
  const m = PLAIN_ADDRESS.exec(address.trim());
  return m ? `mailto:${encodeURIComponent(m[1]!)}@${m[2]}` : null;
}
