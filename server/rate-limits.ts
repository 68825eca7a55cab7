import type { NextFunction, Request, RequestHandler, Response } from "express";
import { rateLimit, type Store } from "express-rate-limit";
import { percentDecodings } from "../app/lib/percent-decoding";

/**
 * Per-client-IP limits on the writes worth abusing: logins, sign-ups, checkouts, cart changes, contact requests,
 * and every write to the platform's public API (tokens, redirect sessions, anything else) in the bucket of what it
 * does, whichever door it comes through. On top of them every request to the platform's API and to the webhook
 * endpoint counts in a per-client allowance of its own (`api`, `webhook`), reads included. The IP is express's
 * `req.ip`, which only believes X-Forwarded-For from the proxies TRUST_PROXY names.
 */

export const RATE_LIMIT_BUCKETS = [
  "login",
  "signup",
  "checkout",
  "cart",
  "contact",
  "token",
  "redirect",
  "write",
  "api",
  "webhook",
] as const;
export type RateLimitBucket = (typeof RATE_LIMIT_BUCKETS)[number];
export type RateLimits = Record<RateLimitBucket, number>;

export const RATE_LIMIT_WINDOW_MS = 60_000;
export const RATE_LIMIT_MESSAGE = "Trop de demandes en peu de temps : patientez une minute avant de réessayer.";

/**
 * The path as React Router matches it: percent-decoding (repeated, so `%256C` cannot hide an `l`), case folded
 * (route matching ignores case), backslashes and repeated slashes collapsed, and the single-fetch suffixes
 * (`.data`, `/_.data`, `/_root.data`) removed. Every spelling that reaches an action lands in the same bucket.
 */
export function normalizePath(path: string): string {
  let p = percentDecodings(path, 4)
    .at(-1)!
    .toLowerCase()
    .replace(/\\/g, "/")
    .replace(/\/{2,}/g, "/");
  // Dot segments ("/./", "/x/../", "%2e") are resolved by the URL parser before any route matches: resolve them too.
  try {
    p = new URL(`http://path.invalid${p.startsWith("/") ? "" : "/"}${p}`).pathname.replace(/\/{2,}/g, "/");
  } catch {
    // An unparsable path reaches no route either.
  }
  p = p
    .replace(/\.data$/, "")
    .replace(/\/_(root)?$/, "")
    .replace(/^\/_root$/, "/");
  p = p.replace(/\/+$/, "");
  return p || "/";
}

const LOGIN_PATHS = new Set([
  "/account/login",
  "/account/verify",
  "/account/forgot-password",
  "/_platform/login",
  "/_platform/verify",
  "/_platform/forgot",
  "/_platform/reset-password",
]);

const PLATFORM_API = "/_platform/api";
/** Platform API calls sent with POST that only read (queries, searches, token introspection). */
const POST_READS = /\/(query|query-platformized|search|productoptionsavailability|token-info)$/;

/**
 * The bucket of a write to the platform's public API (`path` after /_platform/api, its `/_api` twin folded in): the
 * same bucket as the site's form doing the same thing, so neither door adds to the other's allowance.
 */
function platformWriteBucket(path: string): RateLimitBucket | null {
  const p = path.replace(/^\/_api(?=\/)/, "");
  // The identity API: the same guesses as the forms, the same limits.
  if (p.startsWith("/iam/")) return p.includes("/register") ? "signup" : "login";
  // Each submission e-mails the owner and the address typed, as the site's contact form does.
  if (p.startsWith("/form-submission-service/")) return "contact";
  if (POST_READS.test(p)) return null;
  if (p.startsWith("/oauth2/")) return "token";
  if (p.endsWith("/redirect-session")) return "redirect";
  if (p.startsWith("/ecom/v1/checkouts") || (p.startsWith("/ecom/v1/carts") && p.endsWith("/create-checkout"))) return "checkout";
  if (p.startsWith("/ecom/v1/carts")) return "cart";
  return "write";
}

/**
 * Which limit a write counts against: a POST to the site (JS submissions go to `<path>.data`, the same bucket), or
 * any method but GET/HEAD to the platform's API.
 */
export function bucketOf(rawPath: string, method = "POST"): RateLimitBucket | null {
  const p = normalizePath(rawPath);
  if (method === "GET" || method === "HEAD") return null;
  if (p.startsWith(`${PLATFORM_API}/`)) return platformWriteBucket(p.slice(PLATFORM_API.length));
  if (method !== "POST") return null;
  if (LOGIN_PATHS.has(p)) return "login";
  // The account page's forms: its password change checks the current password as a login does, then hashes the new
  // one; the profile, address and deletion share the door (a person sends a few a minute).
  if (p === "/account") return "login";
  if (p === "/account/register" || p === "/_platform/signup") return "signup";
  if (p === "/checkout" || p === "/_platform/checkout") return "checkout";
  // A quote's answers and its pay button (Wix calls with the site's key, a payment session each), and the hosted page
  // of a payment request (a card attempt each): a payment started, as a checkout is.
  if (p === "/devis" || p === "/_platform/demande-paiement") return "checkout";
  // Each contact request e-mails the owner and the address typed: a few a minute is plenty for a person.
  if (p === "/contact") return "contact";
  if (p === "/cart" || /^\/products\/[^/]+$/.test(p)) return "cart";
  return null;
}

/** The per-client allowance every request to these doors counts in, whatever its method: they take JSON and JWTs. */
export function clientBucketOf(rawPath: string): RateLimitBucket | null {
  const p = normalizePath(rawPath);
  if (p === PLATFORM_API || p.startsWith(`${PLATFORM_API}/`)) return "api";
  if (p === "/webhooks/wix") return "webhook";
  return null;
}

function tooMany(req: Request, res: Response) {
  const reset = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
  const seconds = reset ? Math.max(1, Math.ceil((reset.getTime() - Date.now()) / 1000)) : RATE_LIMIT_WINDOW_MS / 1000;
  res.setHeader("Retry-After", String(seconds));
  res.status(429);
  if (req.accepts(["html", "text"]) === "html") {
    res
      .type("html")
      .send(
        `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Trop de demandes</title></head>` +
          `<body><h1>Trop de demandes</h1><p>${RATE_LIMIT_MESSAGE}</p><p><a href="/">Retour à la page d'accueil</a></p></body></html>`,
      );
  } else {
    res.type("text").send(RATE_LIMIT_MESSAGE);
  }
}

/** `storeFor` gives each bucket a shared store (Redis, server/shared-state.ts); without it counts stay in this process. */
export function rateLimits(limits: RateLimits, storeFor?: (bucket: RateLimitBucket) => Store): RequestHandler {
  const limiter = (bucket: RateLimitBucket): RequestHandler =>
    rateLimit({
      windowMs: RATE_LIMIT_WINDOW_MS,
      limit: limits[bucket],
      standardHeaders: "draft-7",
      legacyHeaders: false,
      handler: tooMany,
      // A shared store that fails (Redis away) lets requests through rather than failing every form: the
      // platform's own per-e-mail login lock (in its database) still holds. The error is logged by the store's client.
      ...(storeFor ? { store: storeFor(bucket), passOnStoreError: true } : {}),
    });
  const limiters = Object.fromEntries(RATE_LIMIT_BUCKETS.map((bucket) => [bucket, limiter(bucket)])) as Record<
    RateLimitBucket,
    RequestHandler
  >;
  const write = (req: Request, res: Response, next: NextFunction) => {
    const bucket = bucketOf(req.path, req.method);
    return bucket ? limiters[bucket](req, res, next) : next();
  };
  return (req: Request, res: Response, next: NextFunction) => {
    const door = clientBucketOf(req.path);
    // A request refused by its door's allowance is not counted again in its write bucket (the limiter answers, no next).
    return door ? limiters[door](req, res, () => write(req, res, next)) : write(req, res, next);
  };
}
