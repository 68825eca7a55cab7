// `npm run wix:check` itself: without WIX_CLIENT_ID it checks the embedded platform, so the switch to real Wix is
// tested here (the script, its output and its exit code), not only the comparer.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { checkRedirects } from "../../scripts/wix-check-redirects";

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

  it("names both redirect lists with the login callback it sees, and fails when that callback is not registered exactly", async () => {
    // The script prints checkRedirects' lines first and exits 1 when it is not ok (scripts/wix-check.ts).
    const good = await checkRedirects({ PUBLIC_ORIGIN: "https://boutique.example" });
    expect(good.lines).toEqual([
      "Allowed authorization redirect URIs must hold exactly: https://boutique.example/account/callback (the login callback; PUBLIC_ORIGIN=https://boutique.example)",
      "Allowed redirect domains must hold: boutique.example (checkout, logout and password-reset returns)",
      "✓ login callback https://boutique.example/account/callback accepted (login URL https://boutique.example/_platform/login)",
    ]);
    expect(good.ok).toBe(true);
    // The operator registered the domain only: the login is refused, and the check says so.
    const domainOnly = await checkRedirects({
      PUBLIC_ORIGIN: "https://boutique.example",
      PLATFORM_ALLOWED_REDIRECT_URIS: "https://boutique.example/",
    });
    expect(domainOnly.lines[2]).toMatch(
      /^✗ login callback https:\/\/boutique\.example\/account\/callback refused: INVALID_REDIRECT_URI Invalid redirect URI/,
    );
    expect(domainOnly.ok).toBe(false);
  });
});
