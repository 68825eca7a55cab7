import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePortInRange } from "./ports";

/**
 * A throw-away redis-server on loopback (no persistence), for tests of what replicas share through REDIS_URL.
 * REDIS_TEST_PORT picks the port (a session's own range); otherwise a free one in the agreed test range.
 */
export async function startRedis(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = Number(process.env.REDIS_TEST_PORT) || (await freePortInRange());
  const dir = mkdtempSync(join(tmpdir(), "redis-test-"));
  const child: ChildProcess = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let log = "";
  child.stdout!.on("data", (chunk) => (log += String(chunk)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start on ${port}:\n${log}`)), 10_000);
    child.once("exit", (code) => reject(new Error(`redis-server exited (${code}):\n${log}`)));
    const check = setInterval(() => {
      if (!log.includes("Ready to accept connections")) return;
      clearInterval(check);
      clearTimeout(timer);
      resolve();
    }, 20);
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      const gone = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await gone;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
