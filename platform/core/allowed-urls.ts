// Which URLs the platform sends a browser to, as the two lists of a Wix OAuth app allow them ("Allow Redirect URIs
// and Domains", https://dev.wix.com/docs/go-headless/authentication/setup/allow-redirect-uris-and-domains): a login
// returns only to an exact registered "authorization redirect URI"; every other return (checkout, logout, password
// reset) to any URL of an "allowed redirect domain" (here the app origin and `allowedOrigins`). Read by redirects/
// (sessions) and iam/ (the password-reset link's return URL); kept here so that iam/ needs no import of redirects/.
import type { Ctx } from "./context";
import { appError } from "./http";

function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    if (u.protocol !== "http:" && u.protocol !== "https:") return null;
    return u.origin;
  } catch {
    return null;
  }
}

/** Refuses any callback outside the app origin and the configured allowed origins, like Wix does. */
export function checkAllowedUrl(ctx: Ctx, appOrigin: string, url: string, field: string): string {
  const origin = originOf(url);
  const allowed = new Set([appOrigin, ...ctx.opts.allowedOrigins].map((o) => originOf(o) ?? o));
  if (!origin || !allowed.has(origin))
    throw appError(400, "INVALID_REDIRECT_URI", `L'URL de redirection n'est pas autorisée pour ce site : ${url}`, { field, url });
  return url;
}

/**
 * A login's `redirectUri`: exactly one of the registered authorization redirect URIs ("For authorization related
 * redirects, you need to provide exact matching URIs"), so another path, query or trailing slash on the app's own
 * origin is refused. Wix shows "Invalid redirect URI" at its authorize page (wix/skills#760); this platform refuses at
 * Create Redirect Session already, with its own code (platform/README.md).
 */
export function checkAuthorizationRedirect(ctx: Ctx, url: string, field: string): string {
  if (!ctx.opts.allowedRedirectUris.includes(url))
    throw appError(
      400,
      "INVALID_REDIRECT_URI",
      `Invalid redirect URI: ${url} n'est pas une URI de redirection d'autorisation enregistrée (elle doit être identique à l'une d'elles)`,
      { field, url },
    );
  return url;
}
