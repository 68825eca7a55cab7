/**
 * The site's login callback (app/routes.ts: `account/callback`). A Wix OAuth app returns a login only to an exact
 * registered "allowed authorization redirect URI", so this one URI is what the operator registers
 * (docs/deployment.md), what `npm run wix:check` reports and what the embedded platform accepts by default.
 * No imports: scripts read it too.
 */
export const LOGIN_CALLBACK_PATH = "/account/callback";

export function loginCallbackUri(publicOrigin: string): string {
  return `${publicOrigin.replace(/\/+$/, "")}${LOGIN_CALLBACK_PATH}`;
}
