import { mailtoHref } from "~/lib/mailto";

/** A reply link only for one plain address: a typed `?bcc=…` or second recipient stays text (app/lib/mailto.ts). */
export function ReplyAddress({ email }: { email: string }) {
  const href = mailtoHref(email);
  return href ? <a href={href}>{email}</a> : <span>{email}</span>;
}
