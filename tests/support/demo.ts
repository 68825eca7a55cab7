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
