import { getHintUtils } from "@epic-web/client-hints";
import { clientHint as colorSchemeHint } from "@epic-web/client-hints/color-scheme";

/**
 * The system's colour-scheme preference, as Epic Stack reads it: a tiny inline
 * script (run before the first paint) stores `matchMedia('(prefers-color-scheme)')`
 * in the `CH-prefers-color-scheme` cookie and, when it differs from what the server
 * assumed, hides the page and reloads it once, so the first visit never shows the
 * wrong theme. Isomorphic: the server reads the cookie, the layout renders the script.
 */
const clientHints = getHintUtils({ theme: colorSchemeHint });

export const CLIENT_HINT_COOKIE = colorSchemeHint.cookieName;

const COOKIE_TAIL = "SameSite=Lax; path=/';";

/**
 * The library's check script, with `Secure` added to the hint cookie on https pages: every cookie of an https
 * site is Secure (tests/proxy checks it). Fails loudly at start if a new library version changes that line.
 */
export function clientHintCheckScript(): string {
  const script = clientHints.getClientHintCheckScript();
  if (!script.includes(COOKIE_TAIL))
    throw new Error("client-hints: the cookie line of the check script changed; update clientHintCheckScript()");
  return script.replaceAll(COOKIE_TAIL, `SameSite=Lax; path=/' + (location.protocol === 'https:' ? '; Secure' : '');`);
}
