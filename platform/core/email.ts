// The one canonical form of an account's e-mail address (docs/decisions/0026-canonical-email.md). The app applies
// the same rules for its owner check (app/models/email.ts): the platform stands alone (decision 0021), so the rules are
// written twice and tests/unit/canonical-email.test.ts runs one table of addresses through both.
//
// NFKC first (KELVIN SIGN → K, fullwidth → ASCII, LONG S → s: a look-alike folds onto the address it imitates);
// the local part lower-cased and then ASCII only (refusing U+0130, Cyrillic or Greek look-alikes); the domain
// without its trailing dot, through IDNA (WHATWG URL host parsing, UTS #46) to its ASCII form, a label mixing Latin
// with Cyrillic or Greek refused. Null when the address has no canonical form.

const MAX_LENGTH = 254;
const LOCAL_PART = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const ASCII_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const TOP_LABEL = /^([a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
const CONFUSABLE_SCRIPTS = [/\p{Script=Latin}/u, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u];

function mixesScripts(label: string): boolean {
  return CONFUSABLE_SCRIPTS.filter((script) => script.test(label)).length > 1;
}

function asciiDomain(domain: string): string | null {
  if (!domain || /[\s/\\?#@:[\]%]/.test(domain) || domain.split(".").some(mixesScripts)) return null;
  let host: string;
  try {
    host = new URL(`http://${domain}/`).hostname;
  } catch {
    return null;
  }
  const labels = host.split(".");
  return labels.length >= 2 && labels.every((l) => ASCII_LABEL.test(l)) && TOP_LABEL.test(labels.at(-1)!) ? host : null;
}

export function canonicalEmail(input: string): string | null {
  const text = input.normalize("NFKC").trim();
  if (!text || text.length > MAX_LENGTH * 2) return null;
  const at = text.lastIndexOf("@");
  if (at <= 0) return null;
  const local = text.slice(0, at).toLowerCase();
  const domain = text.slice(at + 1).replace(/\.$/, "");
  if (local.length > 64 || !LOCAL_PART.test(local)) return null;
  const ascii = asciiDomain(domain);
  const address = ascii ? `${local}@${ascii}` : null;
  return address && address.length <= MAX_LENGTH ? address : null;
}

/** The key an address is counted under (login throttle, coupon and unpaid-order limits): canonical, else as typed. */
export function emailKey(input: string): string {
  return canonicalEmail(input) ?? input.trim().toLowerCase();
}

/**
 * The mailbox an address reaches, for limits that count a person (sign-up codes, unpaid holds, once-per-customer
 * coupons, acknowledgements): its key (above) without the local part's `+tag`, since `ada+1@x.fr` and `ada+2@x.fr`
 * land in one mailbox that one person reads. Accounts stay keyed by the whole canonical address.
 */
export function mailboxKey(input: string): string {
  const key = emailKey(input);
  const at = key.lastIndexOf("@");
  const plus = key.indexOf("+");
  return at > 0 && plus > 0 && plus < at ? `${key.slice(0, plus)}${key.slice(at)}` : key;
}
