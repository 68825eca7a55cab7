// What the bench scripts share: where they run from, and the load options every one of them takes (--duration S,
// --warmup S, --connections N, --rounds N), each script with its own defaults and options of its own beside them.
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

/** bench/ */
export const BENCH_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "..");
/** The project, whose build and server the bench runs. */
export const ROOT = resolve(BENCH_DIR, "..");

const LOAD_OPTIONS = ["duration", "warmup", "connections", "rounds"];

/**
 * The command line's values: the load options (as strings, `defaults` when absent) and the script's `own` options.
 * `--help` lists them all with their defaults, and exits.
 */
export function benchOptions(defaults, own = {}) {
  const load = Object.fromEntries(LOAD_OPTIONS.map((name) => [name, { type: "string", default: String(defaults[name]) }]));
  const options = { ...load, ...own };
  const { values } = parseArgs({ options: { ...options, help: { type: "boolean", default: false } } });
  if (values.help) {
    for (const [name, o] of Object.entries(options)) {
      const shown = o.type === "boolean" ? "" : ` (${o.multiple ? "repeatable" : (o.default ?? "no default")})`;
      console.log(`  --${name}${shown}`);
    }
    process.exit(0);
  }
  return values;
}
