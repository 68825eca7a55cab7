import { createServer } from "node:net";

/**
 * The loopback ports test and bench servers take: TEST_PORT_RANGE ("5500-5549") when set, so parallel runs on one
 * machine keep apart, else 5100–5199 (the range agreed on this machine for test servers).
 */
export function portRange(value = process.env.TEST_PORT_RANGE): { first: number; count: number } {
  const m = /^\s*(\d{4,5})\s*-\s*(\d{4,5})\s*$/.exec(value ?? "");
  if (!value) return { first: 5100, count: 100 };
  const [first, last] = m ? [Number(m[1]), Number(m[2])] : [NaN, NaN];
  if (!(first >= 1024 && last <= 65535 && first <= last)) throw new Error(`TEST_PORT_RANGE must read like 5500-5549, not "${value}"`);
  return { first, count: last - first + 1 };
}

/** A free loopback port in the range (portRange), none of `taken`. */
export async function freePortInRange(taken: Set<number> = new Set()): Promise<number> {
  const { first, count } = portRange();
  const offset = Math.floor(Math.random() * count);
  for (let i = 0; i < count; i++) {
    const port = first + ((offset + i) % count);
    if (taken.has(port)) continue;
    const free = await new Promise<boolean>((done) => {
      const srv = createServer();
      srv.once("error", () => done(false));
      srv.listen(port, "127.0.0.1", () => srv.close(() => done(true)));
    });
    if (free) {
      taken.add(port);
      return port;
    }
  }
  throw new Error(`no free port in ${first}–${first + count - 1}`);
}
