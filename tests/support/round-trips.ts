// The Wix calls a piece of server code makes, in round trips: what the tests that pin a page's or a flow's calls to Wix
// count (never time: a test never asserts wall-clock durations).
import { vi } from "vitest";

/** Lets every call already sent reach the wrapper (the platform answers in the same process). */
const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
};

/**
 * The Wix calls `run` makes, in waves: every call of a wave was sent before any of them was answered, so the waves
 * are the round trips one after the other. Answers are held until no more calls come, then released together.
 */
export async function roundTrips<T>(run: () => Promise<T>): Promise<{ value: T; waves: string[][] }> {
  const real = globalThis.fetch;
  let wave: { calls: string[]; release: () => void; gate: Promise<void> } | null = null;
  const newWave = () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    return { calls: [] as string[], release, gate };
  };
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    wave ??= newWave();
    wave.calls.push(`${init?.method ?? request.method} ${url.pathname}`);
    await wave.gate;
    return real(input, init);
  });
  const waves: string[][] = [];
  let done = false;
  const result = run().finally(() => (done = true));
  result.catch(() => undefined);
  try {
    while (!done) {
      await settle();
      const current = wave as { calls: string[]; release: () => void } | null;
      if (!current) continue;
      wave = null;
      waves.push(current.calls.toSorted());
      current.release();
    }
    return { value: await result, waves };
  } finally {
    spy.mockRestore();
  }
}
