// Wix's per-site API budget ("Rate Limits", https://dev.wix.com/docs/rest/articles/get-started/rate-limits: up to 200
// requests a minute per instance, then the app's requests fail), driven through the real SDK: one budget for every
// caller of the site, refused with 429, and what the refusal does not count.
import { describe, expect, it } from "vitest";
import { orders } from "@wix/ecom";
import { createPlatform, platformOptionsFromEnv, WIX_REQUESTS_PER_MINUTE } from "../../platform/index";
import { isWix, makeClient, rawApi, rejection, usePlatformWithOwner, type SdkError } from "./harness";

const API_KEY = "rate-limit-owner-key-0123456789abcdef";
const { ctx, owner } = usePlatformWithOwner(API_KEY, { orders });

type ThrottledError = SdkError & { status?: number };

/** A visitor of their own: one token call, then their SDK calls. */
async function visitor() {
  const client = makeClient();
  client.auth.setTokens(await client.auth.generateVisitorTokens());
  return client;
}

describe.skipIf(isWix)("the site's API budget", () => {
  it("past the figure, every caller of the site is refused with 429 RESOURCE_EXHAUSTED: visitors, tokens, the API key", async () => {
    ctx.platform.setRateLimit(5);
    // Five calls from three callers: two visitors' token calls and reads, and the owner's API key.
    const first = await visitor();
    const second = await visitor();
    await first.currentCartV2.getCurrentCart().catch(() => undefined);
    await second.currentCartV2.getCurrentCart().catch(() => undefined);
    await owner().orders.searchOrders({});
    expect(ctx.platform.rateLimit()).toMatchObject({ perMinute: 5, used: 5, refused: 0 });

    // The sixth call, whoever sends it, fails as Wix's throttled requests do.
    for (const call of [
      () => first.currentCartV2.getCurrentCart(),
      () => second.products.queryProducts().find(),
      () => owner().orders.searchOrders({}),
    ]) {
      const error = (await rejection(call)) as ThrottledError;
      expect(error.status).toBe(429);
      expect(error.details?.applicationError?.code).toBe("RESOURCE_EXHAUSTED");
    }
    // A new visitor cannot even get tokens.
    const token = await rawApi("/oauth2/token", { body: { clientId: "embedded-demo-client", grantType: "anonymous" } });
    expect(token.status).toBe(429);
    expect(token.headers.get("x-wix-request-id")).toMatch(/\S/);
    expect(((await token.json()) as SdkError & { details: unknown }).details).toMatchObject({
      applicationError: { code: "RESOURCE_EXHAUSTED" },
    });
    expect(ctx.platform.rateLimit()).toMatchObject({ used: 5, peak: 5, refused: 4 });
  });

  it("refused calls use none of the budget, and the hosted pages and the media are not API calls", async () => {
    ctx.platform.setRateLimit(2);
    const client = await visitor();
    await client.products.queryProducts().find();
    expect((await rejection(() => client.products.queryProducts().find())) as ThrottledError).toMatchObject({ status: 429 });
    // The login page and an image answer as ever: Wix's hosted pages and media are not its API.
    const login = await ctx.platform.fetch(new Request("http://localhost:3000/_platform/login"));
    expect(login.status).not.toBe(429);
    const media = await ctx.platform.fetch(new Request("http://localhost:3000/_platform/media/nothing-here.jpg"));
    expect(media.status).not.toBe(429);
    expect(ctx.platform.rateLimit()).toMatchObject({ used: 2, refused: 1 });
    // A new figure is counted afresh: the site answers again.
    ctx.platform.setRateLimit(10);
    expect((await client.products.queryProducts().find()).items.length).toBeGreaterThan(0);
  });

  it("Wix's figure by default: 200 calls in a minute answer, the 201st is refused", async () => {
    const platform = createPlatform({ dbPath: ":memory:", outboxFile: false });
    try {
      expect(platform.rateLimit().perMinute).toBe(WIX_REQUESTS_PER_MINUTE);
      const call = () => platform.fetch(new Request("https://www.wixapis.com/stores/v3/provision/version"));
      const statuses: number[] = [];
      for (let i = 0; i < 200; i++) statuses.push((await call()).status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(200);
      expect((await call()).status).toBe(429);
      expect(platform.rateLimit()).toMatchObject({ perMinute: 200, used: 200, peak: 200, refused: 1 });
    } finally {
      platform.close();
    }
  });

  it("PLATFORM_RATE_LIMIT_PER_MINUTE sets the figure; anything but a whole number stops the start", () => {
    expect(WIX_REQUESTS_PER_MINUTE).toBe(200);
    expect(platformOptionsFromEnv({ PLATFORM_RATE_LIMIT_PER_MINUTE: "1000" }).rateLimitPerMinute).toBe(1000);
    expect(platformOptionsFromEnv({}).rateLimitPerMinute).toBeUndefined();
    for (const bad of ["0", "-5", "2.5", "beaucoup"])
      expect(() => platformOptionsFromEnv({ PLATFORM_RATE_LIMIT_PER_MINUTE: bad })).toThrow(/PLATFORM_RATE_LIMIT_PER_MINUTE/);
    expect(() => createPlatform({ dbPath: ":memory:", rateLimitPerMinute: 0 })).toThrow(/rateLimitPerMinute/);
  });
});
