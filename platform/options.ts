// The embedded platform's options: what createPlatform accepts, and what the environment can set.
import { z } from "zod";
import type { MediaLimits } from "./media/budget";
import type { SignupPolicy } from "./core/context";
import { SIGNUP_POLICIES } from "./core/context";
import type { MailMessage, MailTransport } from "./core/mail";
import type { webhookOutbox } from "./events/webhooks";
import { parseCatalogVersion, type CatalogVersion } from "./stores/catalog-version";
import { parseLatencyMs } from "./core/latency";
import { parseRequestsPerMinute, type RateLimitStatus } from "./core/rate-limit";
import type { Faults } from "./core/faults";

export { cleanFaults, type Faults } from "./core/faults";

/** PLATFORM_NOW: a day ("2027-02-01", midnight UTC) or an instant with its zone, in the calendar. */
const ISO_DAY = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

export const EMBEDDED_CLIENT_ID = "embedded-demo-client"; // the only OAuth clientId the platform accepts by default

export interface PlatformOptions {
  dbPath: string; // SQLite file path; ":memory:" for tests; parent folder created if missing
  seed?: boolean; // load platform/seed/demo.json when the database is new (default true)
  clientId?: string; // accepted OAuth clientId (default EMBEDDED_CLIENT_ID)
  accessTokenTtlSeconds?: number; // default 4 * 3600
  refreshTokenTtlSeconds?: number; // default 30 days, the session cookie's lifetime
  /**
   * The OAuth app's "allowed redirect domains": origins, besides the app origin, that non-authorization redirects
   * (checkout, logout and password-reset returns) may go to, any path under them.
   */
  allowedOrigins?: string[];
  /**
   * The OAuth app's "allowed authorization redirect URIs": the exact URIs a login may return to (`redirectUri` of an
   * `auth` redirect session). Default: `<defaultAppOrigin>/account/callback`, the demo site's login callback, registered
   * the way Wix-managed Headless registers its own at setup. Anything else, another path on the same origin
   * included, is refused.
   */
  allowedRedirectUris?: string[];
  /**
   * The platform's "now" in epoch milliseconds, for what Wix schedules by date (the removal of Cart V1 and Checkout V1
   * on 2027-02-01); default the real clock. Env: PLATFORM_NOW (an ISO 8601 date).
   */
  now?: () => number;
  defaultAppOrigin?: string; // app origin used when a request carries no x-platform-app-origin (default "http://localhost:3000")
  /** Same as `signupPolicy: "owner-approval"` (kept for existing callers); signupPolicy wins when both are set. */
  requireMemberApproval?: boolean;
  /** Seed file to load instead of platform/seed/demo.json (its media are read from `<dir>/media`). */
  seedFile?: string;
  /**
   * What a new account gets, for the SDK's auth.register and the hosted sign-up page (default "open"):
   * "open" → logged in at once; "verify-email" → a 6-digit code is e-mailed first; "owner-approval" → PENDING
   * until approved at /_platform/owner/members.
   */
  signupPolicy?: SignupPolicy;
  /**
   * The site's API key: a request whose `Authorization` is exactly this value (and whose `wix-site-id`, when siteId
   * is set, matches) is the elevated identity of Wix's ApiKeyStrategy; unset = no elevated calls at all.
   */
  apiKey?: string;
  siteId?: string;
  /** "manual": the payment page only authorizes the card; the owner captures or voids (payments collector). */
  paymentCapture?: "automatic" | "manual";
  /** Protects /_platform/owner/members and /_platform/outbox (`?token=`); unset = open (local demo). */
  ownerToken?: string;
  /** JSON-lines copy of the outbox; default `<db dir>/outbox.jsonl` (none for ":memory:"); false = no file. */
  outboxFile?: string | false;
  /** Delivers the platform's e-mails instead of the local outbox (then nothing appears at /_platform/outbox). */
  mailTransport?: MailTransport;
  /** The site owner's address: the new-order notice (none = no notice) and contact requests (none = proprietaire@exemple.fr) go there. */
  ownerEmail?: string;
  /** The seller's name in the order e-mails (default "la boutique"). */
  shopName?: string;
  /**
   * Latency mode (core/latency.ts): every API answer waits this round trip, ±20 %, as a real site's calls to Wix do
   * (PLATFORM_LATENCY_MS, e.g. 120). Unset or 0: answers at once (the demo, the tests).
   */
  latencyMs?: number;
  /** Simulated outage at start (see setFaults). */
  faults?: Partial<Faults>;
  /** Allows `POST /_platform/faults` (JSON `{delayMs, failRate, down}`) to change the faults at run time. */
  faultControl?: boolean;
  /** Where events are POSTed as Wix webhooks (signed JWTs); none = no events are queued. */
  webhookUrls?: string[];
  /** The fetch used to deliver webhooks (tests); default the global fetch. */
  webhookFetch?: typeof fetch;
  /**
   * The site's Stores catalog (default "V3_CATALOG", like a site created today): its endpoints answer and the other
   * version's are refused with Wix's 428; `catalogVersioning.getCatalogVersion()` reports it. The demo catalog loads
   * into either. "STORES_NOT_INSTALLED": a site without Wix Stores (no catalog endpoint answers).
   */
  catalogVersion?: CatalogVersion;
  /** What resizing images may cost (media/budget.ts): cache size, new sizes a client may ask a minute, resizes at once. */
  mediaLimits?: Partial<MediaLimits>;
  /**
   * API calls the whole site may make in any minute, whoever makes them; past it they answer 429 (core/rate-limit.ts).
   * Default 200, Wix's figure per instance ("Rate Limits"). Tests that make more calls than a site would raise it.
   */
  rateLimitPerMinute?: number;
}

export interface Platform {
  fetch(request: Request): Promise<Response>;
  reset(): void;
  close(): void;
  /** The API calls answered, oldest first, as "METHOD /path" (the last 5000; also at /_platform/api-log, owner token). */
  apiLog(): string[];
  /** Replaces the simulated faults (omitted fields: none); `setFaults({})` ends the outage. */
  setFaults(faults: Partial<Faults>): Faults;
  getFaults(): Faults;
  /** Messages in the local outbox, newest first (empty when a custom mailTransport is used). */
  outbox(): MailMessage[];
  /** PEM public key that verifies the webhooks (also served at /_platform/webhooks/public-key). */
  webhookPublicKey(): string;
  /** Sends the webhooks that are due now and waits for them (tests); delivery otherwise runs on its own. */
  flushWebhooks(): Promise<number>;
  /** The webhook outbox rows (delivery state), oldest first. */
  webhookOutbox(): ReturnType<typeof webhookOutbox>;
  /** Readiness: null when the database answers and is whole (checked at most every 2 s), else the reason. */
  problem(): string | null;
  /** The site's Stores catalog moves (a V1 site migrated to V3, for tests): from now on the other version answers. */
  setCatalogVersion(version: CatalogVersion): void;
  /** The API's routes, "METHOD /path/:param" (the contract suite checks each one has its golden answer). */
  apiRoutes(): string[];
  /** The site's API budget: its figure, the calls of the last minute, the busiest minute, the calls refused. */
  rateLimit(): RateLimitStatus;
  /** A new figure for the budget, counted afresh (also `POST /_platform/rate-limit` with faultControl). */
  setRateLimit(perMinute: number): RateLimitStatus;
}

/**
 * Options read from the environment, for whoever creates the platform: PLATFORM_SIGNUP_POLICY
 * (open | verify-email | owner-approval), PLATFORM_OWNER_TOKEN, PLATFORM_OUTBOX_FILE, PLATFORM_FAULT_CONTROL (1/true),
 * PLATFORM_FAULT_DELAY_MS, PLATFORM_FAULT_RATE, PLATFORM_FAULT_DOWN (1/true), PLATFORM_OWNER_EMAIL and PLATFORM_SHOP_NAME
 * (order e-mails), PLATFORM_CATALOG_VERSION (V1_CATALOG | V3_CATALOG | STORES_NOT_INSTALLED), PLATFORM_LATENCY_MS (the
 * latency mode's round trip), PLATFORM_RATE_LIMIT_PER_MINUTE (the site's API calls a minute), PLATFORM_ALLOWED_REDIRECT_URIS
 * (exact login callbacks, comma-separated), PLATFORM_NOW (an ISO 8601 date: the platform's clock stands there). Throws on
 * an unknown sign-up policy or catalog version, a malformed latency or figure, a callback that is not an absolute
 * http(s) URI, or a date that does not parse.
 */
export function platformOptionsFromEnv(env: Record<string, string | undefined> = process.env): Partial<PlatformOptions> {
  const out: Partial<PlatformOptions> = {};
  const flag = (v: string | undefined) => v !== undefined && /^(1|true|yes|on)$/i.test(v.trim());
  const policy = env.PLATFORM_SIGNUP_POLICY?.trim();
  if (policy) {
    if (!(SIGNUP_POLICIES as readonly string[]).includes(policy))
      throw new Error(`PLATFORM_SIGNUP_POLICY must be one of ${SIGNUP_POLICIES.join(", ")} (got "${policy}")`);
    out.signupPolicy = policy as SignupPolicy;
  }
  const catalogVersion = parseCatalogVersion(env.PLATFORM_CATALOG_VERSION, "PLATFORM_CATALOG_VERSION");
  if (catalogVersion) out.catalogVersion = catalogVersion;
  const latencyMs = parseLatencyMs(env.PLATFORM_LATENCY_MS);
  if (latencyMs) out.latencyMs = latencyMs;
  const perMinute = parseRequestsPerMinute(env.PLATFORM_RATE_LIMIT_PER_MINUTE?.trim(), "PLATFORM_RATE_LIMIT_PER_MINUTE");
  if (perMinute) out.rateLimitPerMinute = perMinute;
  if (env.PLATFORM_API_KEY?.trim()) out.apiKey = env.PLATFORM_API_KEY.trim();
  if (env.PLATFORM_SITE_ID?.trim()) out.siteId = env.PLATFORM_SITE_ID.trim();
  const capture = env.PLATFORM_PAYMENT_CAPTURE?.trim();
  if (capture) {
    if (capture !== "automatic" && capture !== "manual")
      throw new Error(`PLATFORM_PAYMENT_CAPTURE must be automatic or manual (got "${capture}")`);
    out.paymentCapture = capture;
  }
  if (env.PLATFORM_OWNER_TOKEN?.trim()) out.ownerToken = env.PLATFORM_OWNER_TOKEN.trim();
  if (env.PLATFORM_OUTBOX_FILE?.trim()) out.outboxFile = env.PLATFORM_OUTBOX_FILE.trim();
  if (env.PLATFORM_OWNER_EMAIL?.trim()) out.ownerEmail = env.PLATFORM_OWNER_EMAIL.trim();
  if (env.PLATFORM_SHOP_NAME?.trim()) out.shopName = env.PLATFORM_SHOP_NAME.trim();
  if (flag(env.PLATFORM_FAULT_CONTROL)) out.faultControl = true;
  const hooks = (env.PLATFORM_WEBHOOK_URLS ?? "").split(/[\s,]+/).filter(Boolean);
  for (const h of hooks) if (!/^https?:\/\//.test(h)) throw new Error(`PLATFORM_WEBHOOK_URLS: not an http(s) URL: ${h}`);
  if (hooks.length) out.webhookUrls = hooks;
  const callbacks = (env.PLATFORM_ALLOWED_REDIRECT_URIS ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const c of callbacks)
    if (!/^https?:\/\/[^\s#]+$/.test(c)) throw new Error(`PLATFORM_ALLOWED_REDIRECT_URIS: not an absolute http(s) URI: ${c}`);
  if (callbacks.length) out.allowedRedirectUris = callbacks;
  const now = env.PLATFORM_NOW?.trim();
  if (now) {
    // ISO 8601 only, its zone said: Date.parse alone takes "1" for 2001 and "01/02/2027" for 2 January.
    const at = ISO_DAY.safeParse(now).success ? Date.parse(now) : NaN;
    if (!Number.isFinite(at)) throw new Error(`PLATFORM_NOW must be an ISO 8601 date such as 2027-02-01T00:00:00Z (got "${now}")`);
    out.now = () => at;
  }
  if (env.PLATFORM_FAULT_DELAY_MS || env.PLATFORM_FAULT_RATE || flag(env.PLATFORM_FAULT_DOWN))
    out.faults = {
      delayMs: Number(env.PLATFORM_FAULT_DELAY_MS ?? 0),
      failRate: Number(env.PLATFORM_FAULT_RATE ?? 0),
      down: flag(env.PLATFORM_FAULT_DOWN),
    };
  return out;
}
