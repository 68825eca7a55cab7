// The latency mode: every API answer of the embedded platform waits one round trip to "Wix", with jitter, so the
// bench measures what a real site's calls cost. Off unless configured: the demo and the tests answer at once.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createPlatform, platformOptionsFromEnv, type Platform } from "../../../platform/index";
import { parseLatencyMs, roundTripMs } from "../../../platform/core/latency";

const tokenCall = () =>
  new Request("https://www.wixapis.com/oauth2/token", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ clientId: "embedded-demo-client", grantType: "anonymous" }),
  });

/** Whether `promise` has settled once fake time has moved on by `ms`. */
async function settledAfter(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await vi.advanceTimersByTimeAsync(ms);
  return settled;
}

let platform: Platform | undefined;
afterEach(() => {
  platform?.close();
  platform = undefined;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("latency mode", () => {
  it("draws each round trip within ±20 % of the configured one", () => {
    expect(roundTripMs(120, () => 0)).toBe(96);
    expect(roundTripMs(120, () => 0.5)).toBe(120);
    expect(roundTripMs(120, () => 0.999_999)).toBe(144);
  });

  it("is off when nothing is configured", () => {
    expect(roundTripMs(undefined, () => 0.5)).toBe(0);
    expect(roundTripMs(0, () => 0.5)).toBe(0);
    expect(platformOptionsFromEnv({}).latencyMs).toBeUndefined();
  });

  it("reads PLATFORM_LATENCY_MS and refuses what is not a whole number of milliseconds", () => {
    expect(platformOptionsFromEnv({ PLATFORM_LATENCY_MS: "120" }).latencyMs).toBe(120);
    expect(parseLatencyMs("0")).toBeUndefined();
    for (const wrong of ["-5", "1.5", "abc", "20000"]) expect(() => parseLatencyMs(wrong)).toThrow(/PLATFORM_LATENCY_MS/);
  });

  it("holds an API answer for the round trip, and no longer than its jitter allows", async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, "random").mockReturnValue(0.5);
    platform = createPlatform({ dbPath: ":memory:", latencyMs: 120 });
    const answer = platform.fetch(tokenCall());
    expect(await settledAfter(answer, 110)).toBe(false);
    expect(await settledAfter(answer, 40)).toBe(true);
    expect((await answer).status).toBe(200);
  });

  it("answers at once without it", async () => {
    vi.useFakeTimers();
    platform = createPlatform({ dbPath: ":memory:" });
    const answer = platform.fetch(tokenCall());
    expect(await settledAfter(answer, 0)).toBe(true);
    expect((await answer).status).toBe(200);
  });
});
