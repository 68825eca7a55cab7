// The platform bootstrap of the test kit: real SDK clients, driven either through the embedded platform (default,
// in-memory) or against a real Wix site (when WIX_CLIENT_ID is set). Used by the contract suite and by the unit
// tests that run the app's own .server code against a platform.
import { afterAll, beforeAll } from "vitest";
import { ApiKeyStrategy, createClient, OAuthStrategy, type Descriptors, type Tokens } from "@wix/sdk";
import { collections, products } from "@wix/stores";
import { cartV2, checkout, currentCart, currentCartV2, deliverySolutions, orders } from "@wix/ecom";
import { members } from "@wix/members";
import { redirects } from "@wix/redirects";
import { createPlatform, EMBEDDED_CLIENT_ID, installPlatformFetch, type Platform, type PlatformOptions } from "../../platform/index";
import { TEST_RATE_LIMIT_PER_MINUTE } from "./demo";

export const target: "wix" | "embedded" = process.env.WIX_CLIENT_ID ? "wix" : "embedded";
export const isWix = target === "wix";
/** The embedded platform's owner token in this suite (its owner tools are closed without one). */
export const OWNER_TOKEN = "contract-owner-token-0123456789";
export const clientId = process.env.WIX_CLIENT_ID || EMBEDDED_CLIENT_ID;
export const APP_ORIGIN = "http://localhost:3000";
/** The login callbacks the suites' OAuth app registers (exact URIs, as on Wix): theirs and the site's own. */
export const TEST_CALLBACKS = [`${APP_ORIGIN}/callback`, `${APP_ORIGIN}/account/callback`];
/** Wix Stores' app id in ecom catalog references (catalog V1). */
export const STORES_APP_ID = "215238eb-22a5-4c36-9e7b-e7c08025e04e";

let announced = false;
function announceTarget(): void {
  if (announced) return;
  announced = true;
  console.info(
    isWix
      ? `[contract] target: real Wix site (WIX_CLIENT_ID=${clientId}); embedded-only tests are skipped`
      : "[contract] target: embedded platform (in-memory SQLite); set WIX_CLIENT_ID to run against a real Wix site",
  );
}

export function makeClient(tokens?: Tokens) {
  return createClient({
    modules: { products, collections, currentCart, currentCartV2, cartV2, deliverySolutions, checkout, orders, members, redirects },
    auth: OAuthStrategy(tokens ? { clientId, tokens } : { clientId }),
  });
}
export type Client = ReturnType<typeof makeClient>;

export interface PlatformHandle {
  /** The embedded platform; throws when the suite targets real Wix. */
  readonly platform: Platform;
}

/**
 * Registers beforeAll/afterAll that create a fresh in-memory platform for the calling file and route the SDK's
 * requests to it. Against real Wix it does nothing (and `platform` must not be used).
 */
export function usePlatform(options: Partial<PlatformOptions> = {}): PlatformHandle {
  return platformHooks(
    () => {
      announceTarget();
      return !isWix;
    },
    { ownerToken: OWNER_TOKEN, ...options },
    { getAppOrigin: () => APP_ORIGIN },
  );
}

/**
 * `usePlatform` answering `apiKey`, and a factory of the site owner's client on it (ApiKeyStrategy, as the
 * back-office's elevated client) with the SDK `modules` the suite calls.
 */
export function usePlatformWithOwner<T extends Descriptors>(apiKey: string, modules: T) {
  const ctx = usePlatform({ apiKey });
  const owner = () => createClient({ modules, auth: ApiKeyStrategy({ apiKey, siteId: "" }) });
  return { ctx, owner };
}

/**
 * `usePlatform` with the platform's webhooks captured: each signed JWT it sends lands in `received`, and the
 * delivery is answered `status` (the receiver's reply decides whether the outbox retries).
 */
export function usePlatformCapturingWebhooks(
  options: Partial<PlatformOptions> = {},
  status = 200,
): { ctx: PlatformHandle; received: string[] } {
  const received: string[] = [];
  const ctx = usePlatform({
    webhookUrls: ["http://127.0.0.1:9/hooks"],
    webhookFetch: async (_url, init) => {
      received.push(String(init?.body));
      return new Response(null, { status });
    },
    ...options,
  });
  return { ctx, received };
}

/**
 * The same around the embedded platform whatever the suite's target: for unit tests of the app's own code, which
 * need the embedded platform's answers (or faults). `route` says what the platform sees as the app origin and the
 * client's IP.
 */
export function useEmbeddedPlatform(options: Partial<PlatformOptions> = {}, route: PlatformRoute = {}): PlatformHandle {
  return platformHooks(() => true, options, route);
}

type PlatformRoute = NonNullable<Parameters<typeof installPlatformFetch>[1]>;

function platformHooks(wanted: () => boolean, options: Partial<PlatformOptions>, route: PlatformRoute): PlatformHandle {
  let platform: Platform | undefined;
  let restore: (() => void) | undefined;
  beforeAll(() => {
    if (!wanted()) return;
    // The suites written for Catalog V1 call its endpoints directly; a V3 suite asks for V3 (the platform's default).
    // Wix's per-site budget is raised for whole suites (the reason: TEST_RATE_LIMIT_PER_MINUTE); a test of the budget
    // passes its own `rateLimitPerMinute`.
    platform = createPlatform({
      dbPath: ":memory:",
      catalogVersion: "V1_CATALOG",
      allowedRedirectUris: TEST_CALLBACKS,
      rateLimitPerMinute: TEST_RATE_LIMIT_PER_MINUTE,
      ...options,
    });
    restore = installPlatformFetch(platform, route);
  });
  afterAll(() => {
    restore?.();
    platform?.close();
  });
  return {
    get platform(): Platform {
      if (!platform) throw new Error("the embedded platform is not available for this target");
      return platform;
    },
  };
}
