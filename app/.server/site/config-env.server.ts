import { z } from "zod";

/** Wix's API budget of one site ("Rate Limits": up to 200 requests a minute per instance); the platform's default too. */
export const WIX_REQUESTS_PER_MINUTE = 200;

/**
 * The environment variables the server reads (docs/configuration.md), each with its default and its check;
 * site/config.server.ts turns the result into the `Config` the code uses.
 */

/** The embedded platform's contact form (platform/forms/forms.ts CONTACT_FORM_ID). */
export const EMBEDDED_CONTACT_FORM_ID = "8f1c2d3e-4b5a-4c6d-9e7f-0a1b2c3d4e5f";

/**
 * Requests per minute per client IP (see server/rate-limits.ts): writes by what they do (the site's forms and the
 * platform API's calls in the same buckets), then every request to the platform API (`api`) and to the webhook
 * endpoint (`webhook`). The platform figures are what a person or a browser SDK needs, several times over: a
 * visitor gets one anonymous token per session, one redirect session per login or payment.
 */
export const DEFAULT_RATE_LIMITS = {
  login: 20,
  signup: 10,
  checkout: 20,
  cart: 120,
  contact: 5,
  token: 30,
  redirect: 20,
  write: 60,
  api: 300,
  webhook: 300,
};

/** A day ("2027-02-01", midnight UTC) or an instant with its zone ("2027-02-01T00:00:00Z"), in the calendar. */
const isoDay = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

/** An optional URL variable: empty is unset; `accept` gives the value to keep, or null to refuse it with `message`. */
const urlVariable = (accept: (url: URL, raw: string) => string | null, message: string) =>
  z
    .string()
    .trim()
    .transform((v, ctx) => {
      if (v === "") return undefined;
      let kept: string | null = null;
      try {
        kept = accept(new URL(v), v);
      } catch {
        // not a URL at all: reported below
      }
      if (kept !== null) return kept;
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    })
    .optional();

const origin = urlVariable(
  (url, raw) => ((url.protocol === "http:" || url.protocol === "https:") && url.origin === raw.replace(/\/$/, "") ? url.origin : null),
  "must be an origin such as https://shop.example.com (scheme and host, no path)",
);

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
    // The listening address (server.js); the in-process platform also reaches the app's webhook endpoint there.
    HOST: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9.:-]{1,255}$/, "must be a host name or an IP address")
      .optional(),
    // Graceful shutdown (server.js): how long in-flight requests get after SIGTERM.
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
    SESSION_SECRET: optionalText,
    COMMERCE_PLATFORM: z.enum(["embedded", "wix"]).optional(),
    WIX_CLIENT_ID: optionalText,
    // Real Wix: the public key of the app's webhooks (PEM; "\n" may stand for new lines) and the app id (audience).
    WIX_WEBHOOK_PUBLIC_KEY: optionalText.transform((v) => v?.replace(/\\n/g, "\n")),
    WIX_APP_ID: optionalText,
    PUBLIC_ORIGIN: origin,
    TRUST_PROXY: trustProxy,
    PLATFORM_DB: z.string().trim().min(1).default(".data/platform.sqlite"),
    // The embedded platform as its own service (npm run platform:serve), reached over HTTP; unset = in this process.
    PLATFORM_URL: origin,
    // What the replicas share (rate limits, webhook replays, double submits); unset = in this process's memory.
    REDIS_URL: urlVariable(
      (url) => (url.protocol === "redis:" || url.protocol === "rediss:" ? url.href : null),
      "must be a redis:// or rediss:// URL such as redis://redis:6379",
    ),
    PLATFORM_ALLOWED_ORIGINS: z
      .string()
      .optional()
      .transform((v) =>
        (v ?? "")
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    // The OAuth app's "allowed authorization redirect URIs" the embedded platform imitates: exact login callbacks;
    // unset = the site's own, PUBLIC_ORIGIN + /account/callback (what an operator registers on Wix).
    PLATFORM_ALLOWED_REDIRECT_URIS: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const uris = (v ?? "")
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean);
        const wrong = uris.find((uri) => !/^https?:\/\/[^\s#]+$/.test(uri));
        if (wrong) {
          ctx.addIssue({ code: "custom", message: `must be absolute http(s) URIs separated by commas (got ${wrong})` });
          return z.NEVER;
        }
        return uris;
      }),
    // The embedded platform's clock (ISO 8601), to run the site as it will be on a date Wix schedules something for
    // (Cart V1 and Checkout V1 end on 2027-02-01); unset = the real clock.
    PLATFORM_NOW: z
      .string()
      .trim()
      .optional()
      // ISO 8601 only, its zone said: Date.parse alone takes "1" for 2001 and "01/02/2027" for 2 January.
      .refine((v) => v === undefined || v === "" || isoDay.safeParse(v).success, "must be an ISO 8601 date such as 2027-02-01T00:00:00Z")
      .transform((v) => (v ? Date.parse(v) : undefined)),
    COMMERCE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    // Embedded platform: more endpoints its events are posted to, after the app's own /webhooks/wix.
    PLATFORM_WEBHOOK_URLS: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const urls = (v ?? "").split(/[\s,]+/).filter(Boolean);
        const wrong = urls.find((url) => !/^https?:\/\/[^\s]+$/.test(url));
        if (wrong) {
          ctx.addIssue({ code: "custom", message: `must be comma-separated http(s) URLs ("${wrong}" is not one)` });
          return z.NEVER;
        }
        return urls;
      }),
    PLATFORM_SIGNUP_POLICY: z.enum(["open", "verify-email", "owner-approval"]).default("open"),
    // Embedded platform: the site's Stores catalog (V3 when unset, like a site created today).
    PLATFORM_CATALOG_VERSION: z.enum(["V3_CATALOG", "V1_CATALOG", "STORES_NOT_INSTALLED"]).default("V3_CATALOG"),
    PLATFORM_OWNER_TOKEN: optionalText,
    // Embedded platform: the site's API calls a minute, whoever makes them (Wix's "Rate Limits": 200 per instance).
    PLATFORM_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000_000).default(WIX_REQUESTS_PER_MINUTE),
    PLATFORM_FAULT_CONTROL: z
      .enum(["true", "false", ""])
      .optional()
      .transform((v) => v === "true"),
    // Embedded platform: every API answer waits this round trip, ±20 % (the distance to Wix; the bench sets 120).
    PLATFORM_LATENCY_MS: z.coerce.number().int().min(0).max(10_000).default(0),
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
              message: `must look like "login=20,cart=120" (requests per minute per IP; buckets: ${Object.keys(DEFAULT_RATE_LIMITS).join(", ")})`,
            });
            return z.NEVER;
          }
          limits[name as keyof typeof limits] = Number(value);
        }
        return limits;
      }),
    // The Wix Forms form that receives /contact (its field targets: platform/forms/forms.ts); the embedded one by default
    // (site/config.server.ts), required with Wix (wix/requirements.server.ts).
    CONTACT_FORM_ID: z.string().trim().min(1).max(100).optional(),
    SITE_OWNER_NAME: z.string().trim().min(1).max(80).default("Julien Moreau"),
    SITE_TITLE: z.string().trim().min(1).max(120).default("Conseil en informatique et architecture logicielle"),
    SITE_DESCRIPTION: z
      .string()
      .trim()
      .min(1)
      .max(300)
      .default("Informaticien — développeur full-stack et consultant en architecture logicielle, cloud et DevOps"),
    SITE_IMAGE: z.string().trim().min(1).default("/social-card.png"),
    // The owner's portrait (the CV's photo; the header's picture unless SITE_PROFILE_PICTURE): a Wix Media URI
    // (wix:image://v1/…, as the Media Manager gives it) or a path. Default: the embedded platform's seeded portrait.
    SITE_PORTRAIT: z.string().trim().min(1).optional(),
    SITE_PROFILE_PICTURE: z.string().trim().min(1).optional(),
    // The publisher's identity for the legal pages (mentions légales, CGV, confidentialité): demo values by default.
    LEGAL_BUSINESS_NAME: z.string().trim().max(160).optional(),
    LEGAL_SIRET: z.string().trim().min(1).max(40).default("000 000 000 00000 (démonstration)"),
    LEGAL_VAT_NUMBER: z.string().trim().min(1).max(40).default("FR00 000000000 (démonstration)"),
    // Franchise en base de TVA (article 293 B du CGI): invoices and legal pages say so instead of a VAT number.
    LEGAL_VAT_EXEMPT: z
      .enum(["true", "false", ""])
      .optional()
      .transform((v) => v === "true"),
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
    // The switches take no token (a test drives them with plain requests): on a public site anyone could stop it.
    if (env.PLATFORM_FAULT_CONTROL && env.PUBLIC_ORIGIN?.startsWith("https:")) {
      ctx.addIssue({
        code: "custom",
        path: ["PLATFORM_FAULT_CONTROL"],
        message: "is for test servers only: anyone could switch the shop off with POST /_platform/faults; drop it from a site on https",
      });
    }
    if (env.COMMERCE_PLATFORM === "wix" && !env.WIX_CLIENT_ID) {
      ctx.addIssue({ code: "custom", path: ["WIX_CLIENT_ID"], message: "is required when COMMERCE_PLATFORM=wix" });
    }
  });

export type Env = z.infer<typeof envSchema>;
