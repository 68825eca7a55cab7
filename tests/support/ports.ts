import { createServer } from "node:net";

/**
 * The ports test servers may use: 5100–5199 (the range agreed on this machine), or `TEST_PORT_RANGE=first-last`
 * when several runs share the machine and each was given a range of its own.
 */
function portRange(): { first: number; size: number } {
  const m = /^(\d{4,5})-(\d{4,5})$/.exec(process.env.TEST_PORT_RANGE?.trim() ?? "");
  if (!m) return { first: 5100, size: 100 };
  const [first, last] = [Number(m[1]), Number(m[2])];
  if (!(first >= 1024 && last <= 65535 && last >= first))
    throw new Error(`TEST_PORT_RANGE ${process.env.TEST_PORT_RANGE}: not a port range`);
  return { first, size: last - first + 1 };
}

/** A free loopback port of the test range (see portRange), none of `taken`. */
export async function freePortInRange(taken: Set<number> = new Set()): Promise<number> {
  const { first, size } = portRange();
  const offset = Math.floor(Math.random() * size);
  for (let i = 0; i < size; i++) {
    const port = first + ((offset + i) % size);
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
  throw new Error(`no free port in ${first}–${first + size - 1}`);
}
