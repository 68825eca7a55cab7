// One CPU profile of the app server per scenario (`--profile`): where the app's own time goes.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { measureCycle, measureGet } from "./load.mjs";
import { formatProfile, summarizeProfile } from "./profile.mjs";
import { stop } from "./proc.mjs";
import { startApp } from "./servers.mjs";

/** One CPU profile of the app server per scenario (fresh server each, same database and secret). */
export async function profileApp(ctx, scenarios) {
  const { connections, duration, warmup } = ctx;
  const dir = join(ctx.resultsDir, "profiles");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const list = [
    ...scenarios.gets.map((g) => ({
      scenario: g.name,
      run: (url, d) => measureGet({ url, path: g.path, connections, duration: d, warmup: 0 }),
    })),
    ...(scenarios.cart
      ? [
          {
            scenario: "/cart (3 lines)",
            run: (url, d) =>
              measureGet({ url, path: "/cart", headers: { cookie: scenarios.cart.cookie }, connections, duration: d, warmup: 0 }),
          },
        ]
      : []),
    ...(scenarios.cycle
      ? [
          {
            scenario: "add-to-cart cycle",
            run: (url, d) =>
              measureCycle({
                url,
                productPath: scenarios.cycle.productPath,
                form: scenarios.cycle.form,
                origin: url,
                connections,
                duration: d,
                warmup: 0,
              }),
          },
        ]
      : []),
  ];
  const out = [];
  for (const item of list) {
    const sub = join(dir, item.scenario.replace(/[^\w]+/g, "_").replace(/^_|_$/g, "") || "home");
    mkdirSync(sub, { recursive: true });
    const spawned = Date.now();
    const app = await startApp({ ...ctx.appOptions, nodeArgs: ["--cpu-prof", "--cpu-prof-dir", sub] });
    console.log(`profiling ${item.scenario} …`);
    if (warmup > 0) await item.run(app.url, warmup);
    const from = Date.now() - spawned;
    await item.run(app.url, duration);
    const to = Date.now() - spawned;
    await stop(app.child);
    if (app.platform) await stop(app.platform.child);
    const file = readdirSync(sub).find((f) => f.endsWith(".cpuprofile"));
    if (!file) {
      console.log(`  no profile written for ${item.scenario}`);
      continue;
    }
    // Start-up and warm-up samples are left out: only the measured load counts.
    const summary = summarizeProfile(join(sub, file), { root: ctx.root, top: 25, fromMs: from, toMs: to });
    writeFileSync(join(sub, "summary.txt"), formatProfile(summary) + "\n");
    out.push({ scenario: item.scenario, summary });
  }
  return out;
}
