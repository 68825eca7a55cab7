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

/** The command line's values: the load options (as strings, `defaults` when absent) and the script's `own` options. */
export function benchOptions(defaults, own = {}) {
  const load = Object.fromEntries(LOAD_OPTIONS.map((name) => [name, { type: "string", default: String(defaults[name]) }]));
  return parseArgs({ options: { ...load, ...own } }).values;
}
