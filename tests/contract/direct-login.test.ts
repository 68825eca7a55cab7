// The SDK's iframe login (getMemberTokensForDirectLogin) on the platform: OAuth's web_message response mode. The
// SDK asks for a redirect session with responseMode "web_message", prompt "none", the session token of
// auth.login and no redirectUri, loads its URL in a hidden iframe and waits for a message {code, state}. Here the
// iframe is played by a request to the hosted page (the browser test, tests/e2e/direct-login.spec.ts, runs the SDK's
// own function in Chromium); the exchange of the code is the SDK's.
import { describe, expect, it } from "vitest";
import { APP_ORIGIN, Browser, decodeEntities, DEMO, isWix, makeClient, usePlatform } from "./harness";

const ctx = usePlatform();

/** What the answer page posts, and to which origin (read as the page's script reads it). */
function postedMessage(html: string) {
  const tag = /<p id="web-message" data-target-origin="([^"]*)" data-message="([^"]*)"/.exec(html);
  if (!tag) throw new Error(`no web-message answer in:\n${html.slice(0, 300)}`);
  return { targetOrigin: decodeEntities(tag[1]!), message: JSON.parse(decodeEntities(tag[2]!)) as Record<string, string> };
}

async function iframeFor(sessionToken: string) {
  const client = makeClient();
  client.auth.setTokens(await client.auth.generateVisitorTokens());
  // The SDK's getMemberTokensForDirectLogin: PKCE data without a redirect URI, web_message, prompt none.
  const oauthData = client.auth.generateOAuthData(undefined as unknown as string);
  const { authUrl } = await client.auth.getAuthUrl(oauthData, { responseMode: "web_message", prompt: "none", sessionToken } as never);
  const page = await new Browser(ctx.platform).get(authUrl);
  return { client, oauthData, page };
}

describe.skipIf(isWix)("web_message: the SDK's direct login in an iframe (embedded platform)", () => {
  it("answers a page that posts {code, state} to the app's origin only; the SDK turns the code into member tokens", async () => {
    const login = makeClient();
    login.auth.setTokens(await login.auth.generateVisitorTokens());
    const result = await login.auth.login(DEMO);
    expect(result.loginState).toBe("SUCCESS");
    const { client, oauthData, page } = await iframeFor((result as unknown as { data: { sessionToken: string } }).data.sessionToken);

    expect(page.res.status).toBe(200);
    // Framed by the app's origin alone; one same-origin script, no inline one.
    expect(page.res.headers.get("content-security-policy")).toContain(`frame-ancestors ${APP_ORIGIN}`);
    expect(page.res.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(page.html).toContain('<script src="/_platform/assets/web-message.js" defer></script>');
    const { targetOrigin, message } = postedMessage(page.html);
    expect(targetOrigin).toBe(APP_ORIGIN);
    expect(message).toEqual({ code: expect.any(String), state: oauthData.state });

    const tokens = await client.auth.getMemberTokens(message.code!, message.state!, oauthData);
    expect(tokens.refreshToken.role).toBe("member");
    client.auth.setTokens(tokens);
    const { member } = await client.members.getCurrentMember({ fieldsets: ["FULL"] });
    expect(member?.loginEmail).toBe(DEMO.email);
  });

  it("posts {error: login_required, state} for a used or forged session token, never a code", async () => {
    const { oauthData, page } = await iframeFor("jeton-forge");
    expect(postedMessage(page.html).message).toEqual({
      error: "login_required",
      error_description: expect.any(String),
      state: oauthData.state,
    });
  });

  it("serves the page's script: it posts the message to the framing window, for the target origin", async () => {
    const res = await ctx.platform.fetch(new Request(`${APP_ORIGIN}/_platform/assets/web-message.js`));
    expect(res.headers.get("content-type")).toMatch(/^text\/javascript/);
    const js = await res.text();
    expect(js).toContain("postMessage(message, target)");
    expect(js).toContain('getAttribute("data-target-origin")');
  });
});
