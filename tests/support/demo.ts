// The demo's secrets and accounts, once for every test kind (browser, unit, contract, proxy, topology): the values
// the test servers are started with, and the members of the seed (platform/seed/demo.json).

/** The owner token every test server runs with (the outbox and the approval page need it). */
export const OWNER_TOKEN = "test-owner-token-not-for-production-000001";

/** The browser tests' server (playwright.config.ts): its SESSION_SECRET and the elevated client's PLATFORM_API_KEY. */
export const E2E_SECRET = "e2e-session-secret-not-for-production-0001";
export const E2E_PLATFORM_API_KEY = "e2e-platform-api-key-not-for-production-0001";

/** Seeded members. */
export const DEMO = { email: "demo@exemple.fr", password: "motdepasse-demo" };
export const ALEX = { email: "alex@exemple.fr", password: "motdepasse-alex" };
/** The site's owner (OWNER_EMAILS of the test servers): the back-office. */
export const OWNER_LOGIN = { email: "proprietaire@exemple.fr", password: "motdepasse-proprio" };

/**
 * The site-wide API budget of the test kit's platforms and servers (PLATFORM_RATE_LIMIT_PER_MINUTE), raised far above
 * Wix's 200 calls a minute per instance: a test file plays dozens of visitors, members and owners from one machine in
 * seconds, far more calls a minute than a real site's traffic, so Wix's figure would refuse calls in the middle of
 * tests about something else. The budget itself is tested with Wix's figure: tests/contract/rate-limit.test.ts
 * drives the throttle through the SDK, tests/e2e/rate-limit.spec.ts runs a real server at 200 a minute.
 */
export const TEST_RATE_LIMIT_PER_MINUTE = 1_000_000;
