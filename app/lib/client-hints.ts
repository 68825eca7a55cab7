import { getHintUtils } from "@epic-web/client-hints";
import { clientHint as colorSchemeHint } from "@epic-web/client-hints/color-scheme";

/**
 * The system's colour-scheme preference, as Epic Stack reads it: a tiny inline
 * script (run before the first paint) stores `matchMedia('(prefers-color-scheme)')`
 * in the `CH-prefers-color-scheme` cookie and, when it differs from what the server
 * assumed, hides the page and reloads it once, so the first visit never shows the
 * wrong theme. Isomorphic: the server reads the cookie, the layout renders the script.
 */
export const clientHints = getHintUtils({ theme: colorSchemeHint });

export const CLIENT_HINT_COOKIE = colorSchemeHint.cookieName;
