// The rate limit `npm run wix:check` sees: every Wix API call it makes is counted (calls, the busiest minute, 429
// answers), and any header a rate limit could be told by is kept. Wix's "Rate Limits" page
// (https://dev.wix.com/docs/rest/articles/get-started/rate-limits) allows 200 requests a minute per instance and
// documents no header; this says what the site really answered.
import { wixApiUrl } from "../platform/index";

const RATE_HEADER = /^(retry-after|x-ratelimit-.*|ratelimit.*|x-rate-limit-.*)$/i;

export interface RateLimitWatch {
  /** Wraps the current global fetch (install it last, over the others); returns the restore. */
  install(): () => void;
  /** Lines for the report. */
  report(figure: { source: string; perMinute: number }): string[];
}

export function watchRateLimit(): RateLimitWatch {
  const times: number[] = [];
  const headers = new Map<string, string>();
  let throttled = 0;
  return {
    install() {
      const wrapped = globalThis.fetch;
      globalThis.fetch = async (input, init) => {
        const response = await wrapped(input, init);
        if (wixApiUrl(input)) {
          times.push(performance.now());
          if (response.status === 429) throttled++;
          for (const [name, value] of response.headers) if (RATE_HEADER.test(name)) headers.set(name.toLowerCase(), value);
        }
        return response;
      };
      return () => {
        globalThis.fetch = wrapped;
      };
    },
    report({ source, perMinute }) {
      let peak = 0;
      for (let i = 0, j = 0; i < times.length; i++) {
        while (times[i]! - times[j]! >= 60_000) j++;
        peak = Math.max(peak, i - j + 1);
      }
      const seconds = times.length ? Math.max(1, Math.round((times.at(-1)! - times[0]!) / 1000)) : 0;
      return [
        `rate limit: ${perMinute} API calls a minute for the site (${source})`,
        `  this check made ${times.length} call(s) in ${seconds} s, at most ${peak} in one minute; answered 429: ${throttled}`,
        `  rate-limit headers answered: ${headers.size ? [...headers].map(([n, v]) => `${n}: ${v}`).join(", ") : "none"}`,
      ];
    },
  };
}
