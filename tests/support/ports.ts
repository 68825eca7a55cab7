import { createServer } from "node:net";

/** A free loopback port in 5100–5199 (the range agreed on this machine for test servers), none of `taken`. */
export async function freePortInRange(taken: Set<number> = new Set()): Promise<number> {
  const offset = Math.floor(Math.random() * 100);
  for (let i = 0; i < 100; i++) {
    const port = 5100 + ((offset + i) % 100);
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
  throw new Error("no free port in 5100–5199");
}
