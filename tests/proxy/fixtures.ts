import type { Page, Response } from "@playwright/test";
import { test as e2eTest, expect } from "../e2e/fixtures";
import { startProxyStack, type ProxyStack } from "./stack";

export { expect };

export interface Traffic {
  responses: { method: string; url: string; status: number; location?: string; setCookies: string[] }[];
  requestUrls: string[];
  /** Problems found while recording (bodies that name the internal origin). */
  leaks: string[];
}

/**
 * Browser tests against the proxied stack: one nginx + server per worker (so per
 * project), the browser on https://localhost:<port> (self-signed: the projects set
 * ignoreHTTPSErrors), every response and request recorded for the origin checks.
 */
export const test = e2eTest.extend<{ traffic: Traffic }, { stack: ProxyStack }>({
  stack: [
    async ({}, use) => {
      const stack = await startProxyStack();
      try {
        await use(stack);
      } finally {
        await stack.stop();
      }
    },
    { scope: "worker", timeout: 60_000 },
  ],
  traffic: [
    async ({ page, stack: proxy }, use) => {
      const traffic: Traffic = { responses: [], requestUrls: [], leaks: [] };
      const internal = [proxy.upstream, "http://localhost", "http://127.0.0.1"];
      const pending: Promise<void>[] = [];
      page.on("request", (request) => traffic.requestUrls.push(request.url()));
      page.on("response", (response: Response) => {
        pending.push(
          (async () => {
            const headers = await response.headersArray();
            const location = headers.find((h) => h.name.toLowerCase() === "location")?.value;
            traffic.responses.push({
              method: response.request().method(),
              url: response.url(),
              status: response.status(),
              location,
              setCookies: headers.filter((h) => h.name.toLowerCase() === "set-cookie").map((h) => h.value),
            });
            const type = headers.find((h) => h.name.toLowerCase() === "content-type")?.value ?? "";
            if (response.status() < 300 || response.status() >= 400) {
              if (/text\/html|text\/x-script|application\/json/.test(type)) {
                const body = await response.text().catch(() => "");
                for (const bad of internal) if (body.includes(bad)) traffic.leaks.push(`${response.url()} names ${bad}`);
              }
            }
          })().catch(() => undefined),
        );
      });
      await use(traffic);
      await Promise.all(pending);
    },
    { auto: true },
  ],
});

/** Every checked response, redirect and URL-valued parameter is on the public https origin. */
export async function expectPublicOriginOnly(page: Page, traffic: Traffic, origin: string) {
  // Let the last responses' listeners finish.
  await page.waitForLoadState("load");
  expect(traffic.responses.length, "recorded responses").toBeGreaterThan(0);
  const problems: string[] = [...traffic.leaks];
  for (const r of traffic.responses) {
    if (!r.url.startsWith(`${origin}/`)) problems.push(`response from another origin: ${r.url}`);
    if (r.method === "POST" && r.status === 400) problems.push(`POST answered 400: ${r.url}`);
    if (r.status >= 500) problems.push(`${r.status}: ${r.method} ${r.url}`);
    if (r.location !== undefined && new URL(r.location, r.url).origin !== origin)
      problems.push(`redirect off the public origin: ${r.url} → ${r.location}`);
    for (const cookie of r.setCookies)
      if (!/;\s*secure\b/i.test(cookie)) problems.push(`cookie without Secure: ${cookie.split(";")[0]?.split("=")[0]} from ${r.url}`);
  }
  for (const url of traffic.requestUrls) {
    if (url.startsWith("data:")) continue;
    if (!url.startsWith(`${origin}/`)) problems.push(`request to another origin: ${url}`);
    for (const [key, value] of new URL(url).searchParams) {
      if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value) && new URL(value).origin !== origin)
        problems.push(`${key}=${value} in ${url} is not on the public origin`);
    }
  }
  expect(problems).toEqual([]);
  for (const cookie of await page.context().cookies()) expect(cookie.secure, `${cookie.name} is Secure`).toBe(true);
}
