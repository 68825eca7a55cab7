// `npm run wix:check`: the read-only part of the golden contract suite, printed difference by difference.
// With WIX_CLIENT_ID (and WIX_API_KEY + WIX_SITE_ID for the owner's reads) it asks the real Wix site; without,
// the embedded platform (in memory), so the check itself is tested here. `--all` (embedded only) also runs the
// calls that change data; `--strict` ignores known-differences.json (every difference counts). Exit code 1 when a
// call fails, a difference is not in known-differences.json, or the login callback (PUBLIC_ORIGIN/account/callback)
// is refused: it also names the OAuth app's two redirect lists and what each must hold (wix-check-redirects.ts), and
// the site's API budget it saw (wix-check-rate-limit.ts).
import { createPlatform, installPlatformFetch, WIX_REQUESTS_PER_MINUTE } from "../platform/index";
import { ADMIN_API_KEY, ADMIN_SITE_ID, calls, makeWorld, Unavailable } from "../tests/contract/golden/calls";
import { describe, explaining } from "../tests/contract/golden/compare";
import { loadFixtures, loadKnown, recordWixExchanges, runFixture } from "../tests/contract/golden/run";
import { checkRedirects } from "./wix-check-redirects";
import { watchRateLimit } from "./wix-check-rate-limit";

const real = Boolean(process.env.WIX_CLIENT_ID);
const all = process.argv.includes("--all") && !real;
const known = process.argv.includes("--strict") ? { ...loadKnown(), differences: [] } : loadKnown();

async function main(): Promise<number> {
  console.log(
    real
      ? `wix:check against the real site of WIX_CLIENT_ID=${process.env.WIX_CLIENT_ID} (owner's reads: ${process.env.WIX_API_KEY ? "WIX_API_KEY" : "skipped, no WIX_API_KEY"})`
      : `wix:check against the embedded platform (set WIX_CLIENT_ID to check a real Wix site)${all ? ", every call" : ""}`,
  );
  const redirects = await checkRedirects(process.env);
  for (const line of redirects.lines) console.log(line);
  // Counts every Wix API call of the check, whoever answers it (installed over the other fetch wrappers).
  const watch = watchRateLimit();
  const groups = new Map<string, ReturnType<typeof loadFixtures>>();
  for (const f of loadFixtures().filter((f) => all || calls[f.call]?.readOnly)) {
    const key = JSON.stringify(calls[f.call]?.platform ?? {});
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  let failures = 0;
  let unexplained = 0;
  let checked = 0;
  let perMinute = WIX_REQUESTS_PER_MINUTE;
  for (const [key, fixtures] of groups) {
    const platform = real
      ? undefined
      : createPlatform({
          dbPath: ":memory:",
          apiKey: ADMIN_API_KEY,
          siteId: ADMIN_SITE_ID,
          outboxFile: false,
          // The fixtures' calls are Catalog V1's unless they ask for V3 (calls.ts), as in the contract suite's kit.
          catalogVersion: "V1_CATALOG",
          ...(JSON.parse(key) as object),
        });
    const restorePlatform = platform ? installPlatformFetch(platform, { getAppOrigin: () => "http://localhost:3000" }) : () => undefined;
    if (platform) perMinute = platform.rateLimit().perMinute;
    const recorder = recordWixExchanges();
    const restoreRecorder = recorder.install();
    const unwatch = watch.install();
    const world = makeWorld(real ? "wix" : "embedded", platform ? () => platform : undefined);
    try {
      for (const fixture of fixtures) {
        let outcome;
        try {
          outcome = await runFixture(fixture, world, recorder, known);
        } catch (error) {
          if (!(error instanceof Unavailable)) throw error;
          console.log(`- ${fixture.endpoint} (${fixture.file}): not checked, ${error.message}`);
          continue;
        }
        checked++;
        if (outcome.failure) {
          failures++;
          console.log(`✗ ${fixture.endpoint} (${fixture.file}): ${outcome.failure}`);
          continue;
        }
        const mark = outcome.unexplained.length ? "✗" : "✓";
        console.log(
          `${mark} ${fixture.endpoint} (${fixture.file}): ${outcome.differences.length} difference(s), ${outcome.unexplained.length} unexplained`,
        );
        for (const d of outcome.differences) {
          const reason = explaining(d, known.differences, fixture.endpoint)?.reason ?? "NOT IN known-differences.json";
          console.log(`    ${describe(d)} — ${reason}`);
        }
        unexplained += outcome.unexplained.length;
      }
    } finally {
      unwatch();
      restoreRecorder();
      restorePlatform();
      platform?.close();
    }
  }
  const source = real ? "Wix's Rate Limits page, per instance" : "the embedded platform's budget, Wix's figure unless set";
  for (const line of watch.report({ source, perMinute })) console.log(line);
  console.log(`\n${checked} endpoint answer(s) checked, ${failures} failed call(s), ${unexplained} unexplained difference(s)`);
  return failures || unexplained || !redirects.ok ? 1 : 0;
}

process.exitCode = await main();
