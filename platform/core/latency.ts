// The distance to Wix: a real site's server reaches Wix over the internet, so every API call costs a round trip
// (tens to hundreds of milliseconds), and calls made one after another add up before a page's first byte. The
// latency mode gives the embedded platform that distance: every API answer waits one configured round trip, with
// jitter. Off by default (the demo and the tests answer at once); the bench turns it on (bench/README.md).

/** ± this share of the configured round trip, drawn evenly for each answer. */
export const LATENCY_JITTER = 0.2;
/** Longest round trip accepted: the SDK's own timeouts would end calls first. */
const MAX_LATENCY_MS = 10_000;

/**
 * The wait of one answer for a configured round trip of `ms`: uniform in [ms × 0.8, ms × 1.2], rounded to the
 * millisecond; 0 when the mode is off (`ms` 0 or absent). `random` is Math.random unless a test fixes it.
 */
export function roundTripMs(ms: number | undefined, random: () => number = Math.random): number {
  if (!ms || ms <= 0) return 0;
  return Math.round(ms * (1 - LATENCY_JITTER + 2 * LATENCY_JITTER * random()));
}

/** A configured round trip (PLATFORM_LATENCY_MS): a whole number of milliseconds, 0 to 10,000; throws otherwise. */
export function parseLatencyMs(raw: string | undefined, name = "PLATFORM_LATENCY_MS"): number | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 0 || ms > MAX_LATENCY_MS)
    throw new Error(`${name} must be a whole number of milliseconds from 0 to ${MAX_LATENCY_MS} (got "${value}")`);
  return ms || undefined;
}

/** Waits one round trip of `ms` (nothing when off). Timers only: the platform's CPU stays free for other answers. */
export function awaitRoundTrip(ms: number | undefined): Promise<void> | undefined {
  const wait = roundTripMs(ms);
  return wait > 0 ? new Promise((resolve) => setTimeout(resolve, wait)) : undefined;
}
