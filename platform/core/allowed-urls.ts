// Which URLs the platform sends a browser to: the app origin and the configured allowed origins only, as Wix
// refuses any other redirect URI or callback. Read by redirects/ (sessions) and iam/ (the password-reset link's
// return URL); moved here from redirects.ts so that iam/ needs no import of redirects/.
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
