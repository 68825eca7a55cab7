import { build } from "esbuild";
import { expect, test } from "./fixtures";
import { DEMO } from "./helpers";

// The SDK's own iframe login, getMemberTokensForDirectLogin (as public headless examples use it), in Chromium
// against the real server and platform: a hidden iframe loads the platform's authorize page in web_message mode,
// which posts {code, state} to the page under the real CSP and framing rules. The page that runs the SDK is a test
// page on the app's origin (the app itself logs in with redirects); the browser's calls to www.wixapis.com are
// forwarded to the same platform under /_platform/api, as DNS would send them to Wix.

const CLIENT_ID = "embedded-demo-client";

/** The SDK bundled for the browser, exposing one function that logs in and returns what the SDK resolved. */
async function sdkBundle(): Promise<string> {
  const result = await build({
    stdin: {
      contents: `
        import { createClient, OAuthStrategy } from "@wix/sdk";
        window.directLogin = async (clientId, email, password) => {
          const client = createClient({ modules: {}, auth: OAuthStrategy({ clientId }) });
          client.auth.setTokens(await client.auth.generateVisitorTokens());
          const login = await client.auth.login({ email, password });
          if (login.loginState !== "SUCCESS") return { loginState: login.loginState };
          const tokens = await client.auth.getMemberTokensForDirectLogin(login.data.sessionToken);
          return { role: tokens.refreshToken.role, iframes: document.querySelectorAll("iframe").length };
        };`,
      resolveDir: process.cwd(),
      loader: "js",
    },
    bundle: true,
    platform: "browser",
    format: "iife",
    write: false,
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
}

test("the SDK's getMemberTokensForDirectLogin logs a member in through the platform's web_message page @js", async ({ page, baseURL }) => {
  const bundle = await sdkBundle();
  await page.route(`${baseURL}/__sdk-direct-login`, (route) =>
    route.fulfill({ contentType: "text/html", body: `<!doctype html><html><body><script>${bundle}</script></body></html>` }),
  );
  const cors = { "access-control-allow-origin": baseURL!, "access-control-allow-headers": "*", "access-control-allow-methods": "*" };
  await page.route(/^https:\/\/(www|edge)\.wixapis\.com\//, async (route) => {
    if (route.request().method() === "OPTIONS") return route.fulfill({ status: 204, headers: cors });
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `${baseURL}/_platform/api${url.pathname}${url.search}` });
    await route.fulfill({ response, headers: { ...response.headers(), ...cors } });
  });
  const framed: string[] = [];
  page.on("frameattached", (frame) => framed.push(frame.url()));
  const authorizePage = page.waitForResponse((r) => r.url().startsWith(`${baseURL}/_platform/login`));

  await page.goto("/__sdk-direct-login");
  const result = await page.evaluate(
    ([clientId, email, password]) => window.directLogin(clientId!, email!, password!),
    [CLIENT_ID, DEMO.email, DEMO.password],
  );

  expect(result).toEqual({ role: "member", iframes: 0 });
  const answer = await authorizePage;
  expect(answer.headers()["content-security-policy"]).toContain(`frame-ancestors ${baseURL}`);
  expect(framed.length).toBeGreaterThan(0);
});

declare global {
  interface Window {
    directLogin(clientId: string, email: string, password: string): Promise<{ role?: string; iframes?: number; loginState?: string }>;
  }
}
