import { defineConfig, devices } from "@playwright/test";
import { PROXY_ORIGIN } from "./tests/proxy/ports";
import { E2E_PLATFORM_API_KEY, E2E_SECRET, OWNER_LOGIN, OWNER_TOKEN, TEST_RATE_LIMIT_PER_MINUTE } from "./tests/support/demo";

const PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_ORIGIN = `http://localhost:${PORT}`;

// Debian's Chromium: Playwright's own browser download cannot work offline.
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

/** The worker option of tests/e2e/fixtures.ts: which Stores catalog the site runs. */
type SiteOptions = { catalogVersion: "V1_CATALOG" | "V3_CATALOG" };

export default defineConfig<object, SiteOptions>({
  testDir: "tests/e2e",
  // Per build folder, so parallel runs (BUILD_DIR=build-x) don't wipe each other's artifacts.
  outputDir: `test-results/${process.env.BUILD_DIR ?? "build"}`,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: { baseURL: E2E_ORIGIN, locale: "fr-FR", trace: "retain-on-failure" },
  projects: [
    {
      name: "chromium-js",
      // Tests tagged @nojs are about pages without scripts (what a plain form post answers).
      grepInvert: /@nojs\b/,
      use: { ...devices["Desktop Chrome"], launchOptions },
    },
    {
      name: "chromium-nojs",
      // Tests tagged @js only make sense with scripts (fade-in, progress bar, sonner).
      grepInvert: /@js\b/,
      use: { ...devices["Desktop Chrome"], launchOptions, javaScriptEnabled: false },
    },
    // The catalog, options, cart and checkout again on a Catalog V1 site (the others run on V3, like a site created
    // today): its own server, started by tests/e2e/fixtures.ts; without scripts only, the plain-form path the store
    // must keep on both catalogs, to keep its added time small.
    {
      name: "catalog-v1-nojs",
      testMatch: [
        "catalog.spec.ts",
        "buyer-options.spec.ts",
        "buyer-cart.spec.ts",
        "cart-checkout.spec.ts",
        "buyer-session-date.spec.ts",
        "cart-v2-only.spec.ts",
        // VAT by product and delivery by destination: the tax groups hold on a V1 catalog's products too.
        "buyer-vat-delivery.spec.ts",
        // The owner's prices, stock and coupons go through Catalog V1's own calls on such a site.
        "admin-shop.spec.ts",
      ],
      grepInvert: /@js\b/,
      use: { ...devices["Desktop Chrome"], launchOptions, javaScriptEnabled: false, catalogVersion: "V1_CATALOG" },
    },
    // A purchase with scripts on a V1 site goes through Cart V2 only, like the one without (decision 0042).
    {
      name: "catalog-v1-js",
      testMatch: ["cart-v2-only.spec.ts"],
      grepInvert: /@nojs\b/,
      use: { ...devices["Desktop Chrome"], launchOptions, catalogVersion: "V1_CATALOG" },
    },
    // Behind Debian's nginx terminating TLS (tests/proxy/stack.ts): each of these
    // projects starts its own nginx + server in a worker fixture, so the projects
    // above never start nginx. The certificate is made at test time: self-signed.
    {
      name: "proxy-js",
      testDir: "tests/proxy",
      grepInvert: /@nojs\b/,
      use: { ...devices["Desktop Chrome"], launchOptions, baseURL: PROXY_ORIGIN, ignoreHTTPSErrors: true },
    },
    {
      name: "proxy-nojs",
      testDir: "tests/proxy",
      grepInvert: /@js\b/,
      use: { ...devices["Desktop Chrome"], launchOptions, baseURL: PROXY_ORIGIN, ignoreHTTPSErrors: true, javaScriptEnabled: false },
    },
  ],
  // The real production server (same command as the container), on the embedded platform.
  webServer: {
    command: "node server.js",
    url: `${E2E_ORIGIN}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      SESSION_SECRET: E2E_SECRET,
      COMMERCE_PLATFORM: "embedded",
      PUBLIC_ORIGIN: E2E_ORIGIN,
      PLATFORM_OWNER_TOKEN: OWNER_TOKEN,
      // The back-office tests (tests/e2e/admin.spec.ts): the demo owner, and the elevated client's key.
      OWNER_EMAILS: OWNER_LOGIN.email,
      PLATFORM_API_KEY: E2E_PLATFORM_API_KEY,
      // Every test logs in and checks out from 127.0.0.1: limits are unit-tested, not hit here.
      RATE_LIMITS:
        "login=10000,signup=10000,checkout=10000,cart=10000,contact=10000,token=10000,redirect=10000,write=10000,api=10000,webhook=10000",
      // Wix's per-site budget (200 API calls a minute) raised: the suite plays visitors, members and the owner back to
      // back from one worker, several calls a second, far past what one site's real traffic makes in a minute. The
      // budget at Wix's figure is tested on its own (tests/contract/rate-limit.test.ts, tests/unit/throttled-site.test.ts).
      PLATFORM_RATE_LIMIT_PER_MINUTE: String(TEST_RATE_LIMIT_PER_MINUTE),
      PLATFORM_DB: process.env.E2E_DB ?? ".data/e2e/platform.sqlite",
      // A site created today: Stores Catalog V3 (the catalog-v1-nojs project runs a V1 site beside it).
      PLATFORM_CATALOG_VERSION: "V3_CATALOG",
      ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
    },
  },
});
