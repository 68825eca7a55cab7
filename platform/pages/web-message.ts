// OAuth's `web_message` response mode, which the SDK's getMemberTokensForDirectLogin uses (node_modules/@wix/sdk/
// build/auth/oauth2/OAuthStrategy.js + iframeUtils.js): the authorize page is loaded in a hidden iframe and, instead
// of redirecting, posts `{code, state}` (or `{error, error_description, state}`) to the window that framed it; the
// SDK takes the message whose `state` is its own. The page runs one same-origin script (no inline script: the
// app's CSP allows 'self' only) and may be framed by the redirect URI's origin alone.
import { e } from "../core/layout";

/** The script the answer page loads: reads the message and its target origin from the page, posts it once. */
export const WEB_MESSAGE_JS = `(function () {
  var el = document.getElementById("web-message");
  if (!el) return;
  var target = el.getAttribute("data-target-origin");
  var message = JSON.parse(el.getAttribute("data-message") || "{}");
  var to = window.parent !== window ? window.parent : window.opener;
  if (to && target) to.postMessage(message, target);
})();
`;

/** The answer page: the OAuth result for a window of the `target` origin, and nobody else. */
export function webMessageAnswer(target: string, message: Record<string, string>): Response {
  const body = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>Connexion</title>
<script src="/_platform/assets/web-message.js" defer></script></head>
<body><p id="web-message" data-target-origin="${e(target)}" data-message="${e(JSON.stringify(message))}">Connexion en cours…</p></body></html>`;
  return new Response(body, {
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "referrer-policy": "no-referrer",
      // Framed by the site that asked and only by it.
      "content-security-policy": `default-src 'none'; script-src 'self'; frame-ancestors ${target}; base-uri 'none'; form-action 'none'`,
      "x-frame-options": "SAMEORIGIN",
    },
  });
}
