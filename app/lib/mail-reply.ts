import { mailtoHref } from "./mailto";

/**
 * The owner's reply to a contact request: a `mailto:` that opens their mail client addressed to the sender, with
 * "Re: <subject>" and the request quoted. Built on mailtoHref (one plain address or nothing). The subject is one
 * line (control characters and line breaks removed: a header cannot be split), the body's line breaks are the
 * %0D%0A RFC 6068 asks for, and the whole link stays under what mail clients accept.
 */
const CONTROL = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;
const MAX_QUOTE = 1500;

export function replyMailto(address: string, request: { subject: string; message: string; name?: string; date?: string }): string | null {
  const to = mailtoHref(address);
  if (!to) return null;
  const subject = `Re: ${request.subject}`.replace(CONTROL, " ").replace(/\s+/g, " ").trim().slice(0, 150);
  const message = request.message.replace(/\r\n?/g, "\n").replace(/[\p{Cf}\u2028\u2029]/gu, "");
  const clipped = message.length > MAX_QUOTE ? `${message.slice(0, MAX_QUOTE)}…` : message;
  const intro = `${request.name ? request.name.replace(CONTROL, " ").trim() : "Vous"} a écrit${request.date ? ` le ${request.date}` : ""} :`;
  const body = ["Bonjour,", "", "", "", intro, ...clipped.split("\n").map((l) => `> ${l.replace(/\p{Cc}/gu, "")}`)].join("\r\n");
  return `${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
