// The site's API budget, as Wix sets it. "Rate Limits" (https://dev.wix.com/docs/rest/articles/get-started/rate-limits):
// "Wix API limits are per instance. Wix API rate limits allow an app to perform up to 200 requests per minute, per
// instance. If this limit is exceeded, the app may be throttled - and API requests made by a throttled app will fail."
// The page says no more: not the status, body or headers of a refusal, nor how the minute is counted. So this
// platform counts every API call of the site in one budget, whoever makes it (each visitor's and member's token, the
// API key), over a sliding minute (never more than the figure in any 60 s, the strictest reading of "per minute"),
// and refuses the rest with 429 RESOURCE_EXHAUSTED (the status Wix's own error handler maps to that code, a code its
// "About Errors" page lists) and no Retry-After (none is documented). platform/README.md lists what is unconfirmed.
import { appError, type WixError } from "./errors";

export const WIX_REQUESTS_PER_MINUTE = 200;
export const RATE_WINDOW_MS = 60_000;

export interface RateLimitStatus {
  /** Calls the site may make in any 60 s. */
  perMinute: number;
  /** Calls answered in the last 60 s. */
  used: number;
  /** The most calls answered in any 60 s since the platform started (or since the limit was last set). */
  peak: number;
  /** Calls refused with 429 since then. */
  refused: number;
}

/** A per-minute figure from an option or a variable: a whole number from 1 to a billion, else an error naming it. */
export function parseRequestsPerMinute(value: unknown, name: string): number | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const n = typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof n !== "number" || !Number.isInteger(n) || n < 1 || n > 1_000_000_000)
    throw new Error(`${name} must be a whole number of API calls a minute, 1 or more (got ${JSON.stringify(value)})`);
  return n;
}

/** The site's sliding minute: the time of each call answered in the last 60 s, oldest first. */
export class SiteRateLimit {
  private times: number[] = [];
  private head = 0;
  private peak = 0;
  private refused = 0;

  constructor(
    readonly perMinute: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Counts one call and says whether it may go on; a refused call is not counted against the budget. */
  take(): boolean {
    const now = this.now();
    this.forget(now);
    if (this.times.length - this.head >= this.perMinute) {
      this.refused++;
      return false;
    }
    this.times.push(now);
    this.peak = Math.max(this.peak, this.times.length - this.head);
    return true;
  }

  status(): RateLimitStatus {
    this.forget(this.now());
    return { perMinute: this.perMinute, used: this.times.length - this.head, peak: this.peak, refused: this.refused };
  }

  private forget(now: number): void {
    while (this.head < this.times.length && this.times[this.head]! <= now - RATE_WINDOW_MS) this.head++;
    if (this.head > 1024 && this.head * 2 > this.times.length) {
      this.times = this.times.slice(this.head);
      this.head = 0;
    }
  }
}

/** The refusal of a call past the budget. */
export function siteThrottled(perMinute: number): WixError {
  return appError(
    429,
    "RESOURCE_EXHAUSTED",
    `Le site a dépassé ${perMinute} appels d'API par minute : la limite de Wix par instance refuse les suivants pour l'instant.`,
    {},
    "Too Many Requests",
  );
}
