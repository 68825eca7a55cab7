// `npm run wix:check` itself: without WIX_CLIENT_ID it checks the embedded platform, so the switch to real Wix is
// tested here (the script, its output and its exit code), not only the comparer.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !["WIX_CLIENT_ID", "WIX_API_KEY", "WIX_SITE_ID"].includes(k)));

async function check(...args: string[]) {
  try {
    const { stdout } = await run(process.execPath, ["--import", "tsx", "scripts/wix-check.ts", ...args], { env, timeout: 120_000 });
    return { code: 0, stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string };
    return { code: e.code, stdout: e.stdout };
  }
}

describe("npm run wix:check", () => {
  it("checks the read-only answers of the embedded platform and exits 0 when every difference is known", async () => {
    const { code, stdout } = await check();
    expect(stdout.split("\n")[0]).toBe("wix:check against the embedded platform (set WIX_CLIENT_ID to check a real Wix site)");
    expect(stdout).toMatch(/^✓ GET \/stores-reader\/v1\/products\/\{id\} \(stores\/get-product\.json\)/m);
    expect(stdout).toMatch(/^✓ POST \/oauth2\/token \(iam\/token-anonymous\.json\)/m);
    expect(stdout).not.toMatch(/^✗/m);
    expect(stdout).toMatch(/\n\d+ endpoint answer\(s\) checked, 0 failed call\(s\), 0 unexplained difference\(s\)\n$/);
    // Only reads: no cart, order or member call.
    expect(stdout).not.toMatch(/carts\/current|\/cancel|members\/my/);
    expect(code).toBe(0);
  }, 150_000);

  it("prints each difference with its path and exits 1 when one is not explained (--strict)", async () => {
    const { code, stdout } = await check("--strict");
    expect(stdout).toMatch(/^ {4}product\.\S+: .+ — NOT IN known-differences\.json$/m);
    expect(stdout).toMatch(/[1-9]\d* unexplained difference\(s\)\n$/);
    expect(code).toBe(1);
  }, 150_000);
});
