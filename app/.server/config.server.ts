import { z } from "zod";
import { type AdminConfig, parseAdminConfig } from "./admin-config.server";

/**
 * The server's whole configuration, read from the environment once at start.
 * A bad value stops the server with a message naming the variable, because a
 * storefront half-configured (wrong origin, missing secret) fails in ways users
 * see long after deploy.
 */

/** POSTs per minute per client IP (see server/rate-limits.ts). */
export const DEFAULT_RATE_LIMITS = { login: 20, signup: 10, checkout: 20, cart: 120 };

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const origin = z
  .string()
  .trim()
  .transform((v, ctx) => {
    if (v === "") return undefined;
    try {
      const url = new URL(v);
      if ((url.protocol !== "http:" && url.protocol !== "https:") || url.origin !== v.replace(/\/$/, "")) {
        throw new Error("not an origin");
      }
      return url.origin;
    } catch {
      ctx.addIssue({ code: "custom", message: "must be an origin such as https://shop.example.com (scheme and host, no path)" });
      return z.NEVER;
    }
  })
  .optional();

const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): boolean | number | string[] | undefined => {
    if (v === "" || v === "false") return undefined;
    if (v === "true") return true;
    if (/^\d+$/.test(v)) return Number(v);
    const list = v
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const ok = list.every((item) => /^[0-9a-fA-F:./]+$/.test(item) || ["loopback", "linklocal", "uniquelocal"].includes(item));
    if (!ok) {
      ctx.addIssue({ code: "custom", message: "must be a hop count, 'true', or a comma-separated list of proxy addresses/subnets" });
      return z.NEVER;
    }
    return list;
  })
  .optional();

export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    SESSION_SECRET: optionalText,
    COMMERCE_PLATFORM: z.enum(["embedded", "wix"]).optional(),
    WIX_CLIENT_ID: optionalText,
    PUBLIC_ORIGIN: origin,
    TRUST_PROXY: trustProxy,
    PLATFORM_DB: z.string().trim().min(1).default(".data/platform.sqlite"),
    // The embedded platform as its own service (npm run platform:serve), reached over HTTP; unset = in this process.
    PLATFORM_URL: origin,
    // Shared store for the rate limits across replicas; unset = in this process's memory.
    REDIS_URL: z
      .string()
      .trim()
      .transform((v, ctx) => {
        if (v === "") return undefined;
        try {
          const url = new URL(v);
          if (url.protocol === "redis:" || url.protocol === "rediss:") return url.href;
        } catch {
          // reported below
        }
        ctx.addIssue({ code: "custom", message: "must be a redis:// or rediss:// URL such as redis://redis:6379" });
        return z.NEVER;
      })
      .optional(),
    PLATFORM_ALLOWED_ORIGINS: z
      .string()
      .optional()
      .transform((v) =>
        (v ?? "")
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    COMMERCE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    PLATFORM_SIGNUP_POLICY: z.enum(["open", "verify-email", "owner-approval"]).default("open"),
    PLATFORM_OWNER_TOKEN: optionalText,
    PLATFORM_FAULT_CONTROL: z
      .enum(["true", "false", ""])
      .optional()
      .transform((v) => v === "true"),
    RATE_LIMITS: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const limits = { ...DEFAULT_RATE_LIMITS };
        for (const part of (v ?? "")
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean)) {
          const [name, value] = part.split("=").map((s) => s.trim());
          if (!name || !(name in limits) || !/^\d+$/.test(value ?? "") || Number(value) < 1) {
            ctx.addIssue({
              code: "custom",
              message: `must look like "login=20,signup=10,checkout=20,cart=120" (requests per minute per IP)`,
            });
            return z.NEVER;
          }
          limits[name as keyof typeof limits] = Number(value);
        }
        return limits;
      }),
    SITE_OWNER_NAME: z.string().trim().min(1).max(80).default("Julien Moreau"),
    SITE_TITLE: z.string().trim().min(1).max(120).default("Conseil en informatique et architecture logicielle"),
    SITE_DESCRIPTION: z
      .string()
      .trim()
      .min(1)
      .max(300)
      .default("Informaticien — développeur full-stack et consultant en architecture logicielle, cloud et DevOps"),
    SITE_IMAGE: z.string().trim().min(1).default("/social-card.png"),
    SITE_PROFILE_PICTURE: z.string().trim().min(1).default("/profile.svg"),
    // The publisher's identity for the legal pages (mentions légales, CGV, confidentialité): demo values by default.
    LEGAL_BUSINESS_NAME: z.string().trim().max(160).optional(),
    LEGAL_SIRET: z.string().trim().min(1).max(40).default("000 000 000 00000 (démonstration)"),
    LEGAL_VAT_NUMBER: z.string().trim().min(1).max(40).default("FR00 000000000 (démonstration)"),
    LEGAL_ADDRESS: z.string().trim().min(1).max(300).default("10 rue de l'Exemple, 75000 Paris, France"),
    LEGAL_EMAIL: z.string().trim().email().default("contact@exemple.fr"),
    LEGAL_HOST: z.string().trim().min(1).max(300).default("Hébergeur de démonstration, 1 avenue du Serveur, 75000 Paris, France"),
    LEGAL_MEDIATOR: z
      .string()
      .trim()
      .min(1)
      .max(300)
      .default("Médiateur de la consommation de démonstration, https://mediateur.exemple.fr"),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "is required in production (comma-separated secrets, the first one signs; use 32+ random characters)",
      });
    }
    for (const secret of env.SESSION_SECRET?.split(",") ?? []) {
      if (secret.trim().length < 16) {
        ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "each secret must be at least 16 characters long" });
        break;
      }
    }
    if (env.NODE_ENV === "production" && !env.COMMERCE_PLATFORM && !env.WIX_CLIENT_ID) {
      ctx.addIssue({
        code: "custom",
        path: ["COMMERCE_PLATFORM"],
        message:
          "must be set in production: WIX_CLIENT_ID for a real Wix site, or COMMERCE_PLATFORM=embedded to run the demo platform on purpose",
      });
    }
    if (env.NODE_ENV === "production" && !env.PUBLIC_ORIGIN) {
      ctx.addIssue({
        code: "custom",
        path: ["PUBLIC_ORIGIN"],
        message:
          "is required in production: the https origin users see (e.g. https://shop.example.com); login, payment and e-mail links are built from it, never from the request's Host header",
      });
    }
    if (env.PLATFORM_OWNER_TOKEN && env.PLATFORM_OWNER_TOKEN.length < 24) {
      ctx.addIssue({ code: "custom", path: ["PLATFORM_OWNER_TOKEN"], message: "must be at least 24 characters long (use a random value)" });
    }
    if (env.PLATFORM_URL && (env.COMMERCE_PLATFORM === "wix" || (!env.COMMERCE_PLATFORM && env.WIX_CLIENT_ID))) {
      ctx.addIssue({ code: "custom", path: ["PLATFORM_URL"], message: "is the embedded platform's service: drop it to use real Wix" });
    }
    if (env.COMMERCE_PLATFORM === "wix" && !env.WIX_CLIENT_ID) {
      ctx.addIssue({ code: "custom", path: ["WIX_CLIENT_ID"], message: "is required when COMMERCE_PLATFORM=wix" });
    }
  });

export type Env = z.infer<typeof envSchema>;

/** The OAuth client id the embedded platform accepts (it is told the same value at start). */
export const EMBEDDED_CLIENT_ID = "embedded-demo-client";

export interface Config {
  env: Env["NODE_ENV"];
  port: number;
  sessionSecrets: string[];
  commerce: {
    platform: "embedded" | "wix";
    clientId: string;
    platformDb: string;
    /** The embedded platform's service (npm run platform:serve); undefined = the platform runs in this process. */
    platformUrl?: string;
    allowedOrigins: string[];
    /** Embedded platform only: sign-up policy, owner tool token, fault switch over HTTP (tests). */
    signupPolicy: "open" | "verify-email" | "owner-approval";
    ownerToken?: string;
    faultControl: boolean;
    /** Longest wait for one platform call before the request fails with an error screen. */
    timeoutMs: number;
  };
  /** The origin users see: every absolute link, redirect and callback is built from it, never from request headers. */
  publicOrigin: string;
  trustProxy?: boolean | number | string[];
  rateLimits: typeof DEFAULT_RATE_LIMITS;
  /** Redis shared by the replicas for the rate limits; undefined = each process counts alone. */
  redisUrl?: string;
  site: { ownerName: string; title: string; description: string; image: string; profilePicture: string };
  legal: LegalIdentity;
  admin: AdminConfig;
}

/** Who publishes the site and sells in the shop, as the legal pages must say. */
export interface LegalIdentity {
  businessName: string;
  siret: string;
  vatNumber: string;
  address: string;
  email: string;
  host: string;
  mediator: string;
}

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
  if (problems.length) throw new ConfigError(problems);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    sessionSecrets: (env.SESSION_SECRET ?? devSecret()).split(",").map((s) => s.trim()),
    commerce: {
      platform,
      clientId: platform === "wix" ? env.WIX_CLIENT_ID! : EMBEDDED_CLIENT_ID,
      platformDb: env.PLATFORM_DB,
      platformUrl: env.PLATFORM_URL,
      allowedOrigins: env.PLATFORM_ALLOWED_ORIGINS,
      signupPolicy: env.PLATFORM_SIGNUP_POLICY,
      ownerToken: env.PLATFORM_OWNER_TOKEN,
      faultControl: env.PLATFORM_FAULT_CONTROL,
      timeoutMs: env.COMMERCE_TIMEOUT_MS,
    },
    // Outside production (dev server, unit tests) the local address is the only sensible default.
    publicOrigin: env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`,
    trustProxy: env.TRUST_PROXY,
    rateLimits: env.RATE_LIMITS,
    redisUrl: env.REDIS_URL,
    site: {
      ownerName: env.SITE_OWNER_NAME,
      title: env.SITE_TITLE,
      description: env.SITE_DESCRIPTION,
      image: env.SITE_IMAGE,
      profilePicture: env.SITE_PROFILE_PICTURE,
    },
    admin,
    legal: {
      businessName: env.LEGAL_BUSINESS_NAME || `${env.SITE_OWNER_NAME}, entrepreneur individuel`,
      siret: env.LEGAL_SIRET,
      vatNumber: env.LEGAL_VAT_NUMBER,
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
