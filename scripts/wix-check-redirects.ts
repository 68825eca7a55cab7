// The part of `npm run wix:check` about the OAuth app's two redirect lists ("Allow Redirect URIs and Domains",
// https://dev.wix.com/docs/go-headless/authentication/setup/allow-redirect-uris-and-domains): the login callback must
// be registered exactly under "Allowed authorization redirect URIs", the site's domain under "Allowed redirect
// domains". It asks for a login URL with the site's callback, as the login form does, and says what came back.
import { createClient, OAuthStrategy } from "@wix/sdk";
import { createPlatform, EMBEDDED_CLIENT_ID, installPlatformFetch } from "../platform/index";
import { platformOptionsFromEnv } from "../platform/options";
import { loginCallbackUri } from "../app/.server/site/login-callback.server";

export interface RedirectCheck {
  lines: string[];
  ok: boolean;
}

export async function checkRedirects(env: Record<string, string | undefined>): Promise<RedirectCheck> {
  const origin = new URL(env.PUBLIC_ORIGIN?.trim() || "http://localhost:3000").origin;
  const callback = loginCallbackUri(origin);
  const lines = [
    `Allowed authorization redirect URIs must hold exactly: ${callback} (the login callback; PUBLIC_ORIGIN=${origin})`,
    `Allowed redirect domains must hold: ${new URL(origin).host} (checkout, logout and password-reset returns)`,
  ];
  const real = Boolean(env.WIX_CLIENT_ID);
  const platform = real
    ? undefined
    : createPlatform({ dbPath: ":memory:", outboxFile: false, defaultAppOrigin: origin, ...platformOptionsFromEnv(env) });
  const restore = platform ? installPlatformFetch(platform, { getAppOrigin: () => origin }) : () => undefined;
  try {
    const client = createClient({ auth: OAuthStrategy({ clientId: real ? env.WIX_CLIENT_ID! : EMBEDDED_CLIENT_ID }) });
    client.auth.setTokens(await client.auth.generateVisitorTokens());
    let authUrl: string;
    try {
      ({ authUrl } = await client.auth.getAuthUrl(client.auth.generateOAuthData(callback, origin), { responseMode: "query" }));
    } catch (error) {
      const app = (error as { details?: { applicationError?: { code?: unknown; description?: unknown } } }).details?.applicationError;
      lines.push(
        `✗ login callback ${callback} refused: ${String(app?.code ?? (error as Error).message)} ${String(app?.description ?? "")}`.trimEnd(),
      );
      return { lines, ok: false };
    }
    if (platform) {
      lines.push(`✓ login callback ${callback} accepted (login URL ${new URL(authUrl).origin}${new URL(authUrl).pathname})`);
      return { lines, ok: true };
    }
    // Wix creates the session and refuses at its authorize page, which then reads "Invalid redirect URI".
    const page = await fetch(authUrl, { redirect: "follow" }).then(
      (r) => r.text(),
      () => "",
    );
    const refused = /Invalid redirect URI/i.test(page);
    lines.push(
      refused
        ? `✗ login callback ${callback}: Wix's login page answers "Invalid redirect URI"`
        : `✓ login callback ${callback}: Wix's login page opens`,
    );
    return { lines, ok: !refused };
  } finally {
    restore();
    platform?.close();
  }
}
