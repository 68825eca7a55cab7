/**
 * The one canonical form of an e-mail address (docs/decisions/0026-canonical-email.md), so that two spellings of one
 * mailbox are one account and a look-alike of an address is never taken for it:
 * - Unicode NFKC first: compatibility characters become what they stand for (KELVIN SIGN → K, fullwidth letters →
 *   ASCII, LONG S → s), so they fold onto the address they imitate instead of making a second account;
 * - the local part is lower-cased and must then be ASCII (letters, digits and the RFC 5322 atom signs, dots between):
 *   no provider a shop deals with hands out non-ASCII local parts, and refusing them closes mixed-script tricks
 *   (Cyrillic "а" for Latin "a") and U+0130 ("İ" lower-cases to "i" + combining dot, not "i");
 * - the domain loses one trailing dot (the DNS root: "outlook.fr." is "outlook.fr") and goes through IDNA (UTS #46,
 *   the WHATWG URL parser's host rules, the same in Node and browsers) to its ASCII form: "outlöok.fr" becomes
 *   "xn--outlok-mua.fr", a different domain, shown as such; a label mixing Latin with Cyrillic or Greek letters is
 *   refused (the confusable scripts of UTS #39).
 * Null when the address has no canonical form: callers refuse it with their own message.
 * platform/core/email.ts writes the same rules again on purpose: the platform stands in for Wix and shares no code
 * with the app (decision 0021); tests/unit/canonical-email.test.ts runs one table of addresses through both.
 */

const MAX_LENGTH = 254;
const LOCAL_PART = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const ASCII_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const TOP_LABEL = /^([a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
const CONFUSABLE_SCRIPTS = [/\p{Script=Latin}/u, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u];

/** True when a domain label mixes letters of two of Latin, Cyrillic and Greek ("оutlook": Cyrillic о, Latin rest). */
function mixesScripts(label: string): boolean {
  let scripts = 0;
  for (const script of CONFUSABLE_SCRIPTS) if (script.test(label)) scripts++;
  return scripts > 1;
}

function asciiDomain(domain: string): string | null {
  if (!domain || /[\s/\\?#@:[\]%]/.test(domain)) return null;
  if (domain.split(".").some(mixesScripts)) return null;
  let host: string;
  try {
    host = new URL(`http://${domain}/`).hostname;
  } catch {
    return null;
  }
  const labels = host.split(".");
  if (labels.length < 2 || !labels.every((l) => ASCII_LABEL.test(l)) || !TOP_LABEL.test(labels.at(-1)!)) return null;
  return host;
}

export function canonicalEmail(input: string): string | null {
  const text = input.normalize("NFKC").trim();
  if (!text || text.length > MAX_LENGTH * 2) return null;
  const at = text.lastIndexOf("@");
  if (at <= 0) return null;
  const local = text.slice(0, at).toLowerCase();
  let domain = text.slice(at + 1);
  if (domain.endsWith(".")) domain = domain.slice(0, -1);
  if (local.length > 64 || !LOCAL_PART.test(local)) return null;
  const ascii = asciiDomain(domain);
  if (!ascii) return null;
  const address = `${local}@${ascii}`;
  return address.length <= MAX_LENGTH ? address : null;
}
