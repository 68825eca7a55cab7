import { DEFAULT_RATE_LIMITS, EMBEDDED_CONTACT_FORM_ID, envSchema, type Env } from "./config-env.server";
import { loginCallbackUri } from "./login-callback.server";
import type { LegalIdentity } from "~/content/legal";
import { type AdminConfig, parseAdminConfig } from "../admin/config.server";
import { wixRequirementProblems } from "../wix/requirements.server";

export { DEFAULT_RATE_LIMITS, envSchema, type Env };

/**
 * The server's whole configuration, read from the environment once at start.
 * A bad value stops the server with a message naming the variable, because a
 * storefront half-configured (wrong origin, missing secret) fails in ways users
 * see long after deploy.
 */

/** The OAuth client id the embedded platform accepts (it is told the same value at start). */
export const EMBEDDED_CLIENT_ID = "embedded-demo-client";
/** The portrait the embedded platform seeds (platform/seed/photos: PORTRAIT_PATH), as Wix Media names an upload. */
export const EMBEDDED_PORTRAIT = "wix:image://v1/site__portrait.jpg/portrait.jpg#originWidth=1600&originHeight=1600";

export interface Config {
  env: Env["NODE_ENV"];
  port: number;
  /** The listening address (unset: every interface). */
  host?: string;
  shutdownGraceMs: number;
  sessionSecrets: string[];
  commerce: {
    platform: "embedded" | "wix";
    clientId: string;
    platformDb: string;
    /** The embedded platform's service (npm run platform:serve); undefined = the platform runs in this process. */
    platformUrl?: string;
    allowedOrigins: string[];
    /** Embedded platform only: the exact login callbacks its OAuth app registers (the site's own by default). */
    allowedRedirectUris: string[];
    /** Embedded platform only: its clock stands at this epoch-milliseconds date (PLATFORM_NOW); unset = the real clock. */
    platformNow?: number;
    /** Embedded platform only: sign-up policy, owner tool token, fault switch over HTTP (tests). */
    signupPolicy: "open" | "verify-email" | "owner-approval";
    /** Embedded platform only: the site's Stores catalog version (PLATFORM_CATALOG_VERSION). */
    catalogVersion: "V3_CATALOG" | "V1_CATALOG" | "STORES_NOT_INSTALLED";
    ownerToken?: string;
    /** Embedded platform only: the site's API calls a minute before it answers 429 (Wix's figure by default). */
    rateLimitPerMinute: number;
    faultControl: boolean;
    /** Embedded platform in this process: the latency mode's round trip per API answer (ms, ±20 %); 0 = off. */
    latencyMs: number;
    /** Longest wait for one platform call before the request fails with an error screen. */
    timeoutMs: number;
    /** Embedded platform: endpoints its events go to besides the app's own. */
    webhookUrls: string[];
    /** Real Wix: the key that verifies its webhooks, and the app id they are addressed to. */
    webhookPublicKey?: string;
    webhookAppId: string;
  };
  /** The origin users see: every absolute link, redirect and callback is built from it, never from request headers. */
  publicOrigin: string;
  trustProxy?: boolean | number | string[];
  rateLimits: typeof DEFAULT_RATE_LIMITS;
  /** Redis shared by the replicas for the rate limits; undefined = each process counts alone. */
  redisUrl?: string;
  site: { ownerName: string; title: string; description: string; image: string; portrait: string; profilePicture: string };
  contactFormId: string;
  legal: LegalIdentity;
  admin: AdminConfig;
}

export type { LegalIdentity };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Pure: turns an environment into a Config or throws a ConfigError naming every bad variable. */
export function parseConfig(source: Record<string, string | undefined>): Config {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const name = issue.path.join(".") || "environment";
        const given = source[name];
        const shown = name === "SESSION_SECRET" || given === undefined ? "" : ` (got ${JSON.stringify(given)})`;
        return `${name}: ${issue.message}${shown}`;
      }),
    );
  }
  const env = result.data;
  const platform = env.COMMERCE_PLATFORM ?? (env.WIX_CLIENT_ID ? "wix" : "embedded");
  const { problems, admin } = parseAdminConfig(source, { platform, platformUrl: env.PLATFORM_URL });
  if (platform === "wix") problems.push(...wixRequirementProblems(env));
  if (problems.length) throw new ConfigError(problems);
  // On Wix the owner's portrait is in their Media Manager (SITE_PORTRAIT); the seeded one exists only here.
  const portrait = env.SITE_PORTRAIT ?? (platform === "wix" ? "/portrait.svg" : EMBEDDED_PORTRAIT);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    sessionSecrets: (env.SESSION_SECRET ?? devSecret()).split(",").map((s) => s.trim()),
    commerce: {
      platform,
      clientId: platform === "wix" ? env.WIX_CLIENT_ID! : EMBEDDED_CLIENT_ID,
      platformDb: env.PLATFORM_DB,
      platformUrl: env.PLATFORM_URL,
      allowedOrigins: env.PLATFORM_ALLOWED_ORIGINS,
      allowedRedirectUris: env.PLATFORM_ALLOWED_REDIRECT_URIS.length
        ? env.PLATFORM_ALLOWED_REDIRECT_URIS
        : [loginCallbackUri(env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`)],
      platformNow: env.PLATFORM_NOW,
      signupPolicy: env.PLATFORM_SIGNUP_POLICY,
      catalogVersion: env.PLATFORM_CATALOG_VERSION,
      ownerToken: env.PLATFORM_OWNER_TOKEN,
      rateLimitPerMinute: env.PLATFORM_RATE_LIMIT_PER_MINUTE,
      faultControl: env.PLATFORM_FAULT_CONTROL,
      latencyMs: env.PLATFORM_LATENCY_MS,
      timeoutMs: env.COMMERCE_TIMEOUT_MS,
      webhookUrls: env.PLATFORM_WEBHOOK_URLS,
      webhookPublicKey: env.WIX_WEBHOOK_PUBLIC_KEY,
      webhookAppId: env.WIX_APP_ID ?? (platform === "wix" ? env.WIX_CLIENT_ID! : EMBEDDED_CLIENT_ID),
    },
    // Outside production (dev server, unit tests) the local address is the only sensible default.
    publicOrigin: env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`,
    trustProxy: env.TRUST_PROXY,
    rateLimits: env.RATE_LIMITS,
    redisUrl: env.REDIS_URL,
    contactFormId: env.CONTACT_FORM_ID ?? EMBEDDED_CONTACT_FORM_ID,
    site: {
      ownerName: env.SITE_OWNER_NAME,
      title: env.SITE_TITLE,
      description: env.SITE_DESCRIPTION,
      image: env.SITE_IMAGE,
      portrait,
      profilePicture: env.SITE_PROFILE_PICTURE ?? portrait,
    },
    admin,
    legal: {
      businessName: env.LEGAL_BUSINESS_NAME || `${env.SITE_OWNER_NAME}, entrepreneur individuel`,
      siret: env.LEGAL_SIRET,
      vatNumber: env.LEGAL_VAT_NUMBER,
      vatExempt: env.LEGAL_VAT_EXEMPT,
      address: env.LEGAL_ADDRESS,
      email: env.LEGAL_EMAIL,
      host: env.LEGAL_HOST,
      mediator: env.LEGAL_MEDIATOR,
    },
  };
}

// Outside production a missing secret must not block `npm run dev` or unit tests;
// a per-process random secret only costs the developer their session on restart.
let generated: string | undefined;
function devSecret(): string {
  generated ??= crypto.randomUUID() + crypto.randomUUID();
  return generated;
}

let loaded: Config | undefined;

/** The process's configuration, validated on first use (server start). */
export function getConfig(): Config {
  loaded ??= parseConfig(process.env);
  return loaded;
}

/** Reads the environment again on next use: for unit tests that change a variable. */
export function forgetConfig(): void {
  loaded = undefined;
}
