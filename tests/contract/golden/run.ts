// Loading the golden fixtures and running one of them: the SDK call it names, the HTTP exchange of its endpoint
// recorded on the way, the comparison with the documented shape. Shared by tests/contract/golden.test.ts and
// scripts/wix-check.ts.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { calls, type World } from "./calls";
import { compareShapes, unexplained, type Difference, type Json, type KnownDifference, type MapPath } from "./compare";
import { typingsOf } from "./typings";

export const GOLDEN_DIR = fileURLToPath(new URL(".", import.meta.url));

export interface Fixture {
  /** Path under tests/contract/golden, e.g. `ecom/get-current-cart.json`. */
  file: string;
  endpoint: string;
  call: string;
  source: { title: string; url: string; kind: "example" | "schema"; example?: string; note?: string };
  response: Json;
}

export interface KnownList {
  maps: MapPath[];
  differences: KnownDifference[];
  /** Routes of the platform with no fixture, each with its reason (aliases, deliberate refusals). */
  uncovered: Array<{ endpoint: string; reason: string }>;
}

export function loadFixtures(dir = GOLDEN_DIR): Fixture[] {
  const out: Fixture[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".json") && full !== join(dir, "known-differences.json"))
        out.push({ ...(JSON.parse(readFileSync(full, "utf8")) as Omit<Fixture, "file">), file: relative(dir, full) });
    }
  };
  walk(dir);
  // The calls' order (the registry's) decides the running order; within a call, the file name.
  const order = Object.keys(calls);
  return out.sort((a, b) => order.indexOf(a.call) - order.indexOf(b.call) || a.file.localeCompare(b.file));
}

export function loadKnown(dir = GOLDEN_DIR): KnownList {
  return JSON.parse(readFileSync(join(dir, "known-differences.json"), "utf8")) as KnownList;
}

export interface Exchange {
  method: string;
  url: URL;
  status: number;
  body: unknown;
}

/** `GET /ecom/v1/checkouts/{id}` → a matcher of method and path (the `{…}` segments match one path segment). */
export function endpointMatcher(endpoint: string): (method: string, path: string) => boolean {
  const [method, template] = endpoint.split(" ") as [string, string];
  const re = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}/?$`);
  return (m, p) => m === method && re.test(p);
}

/**
 * Records every request to www/edge.wixapis.com made through the global fetch (the SDK's module calls and its
 * token calls both use it) with the JSON answer. `install` wraps whatever fetch is in place (the embedded
 * platform's, or the network's); the returned function puts it back.
 */
export function recordWixExchanges(): { install(): () => void; take(): Exchange[] } {
  let log: Exchange[] = [];
  return {
    install() {
      const inner = globalThis.fetch;
      const recording: typeof fetch = async (input, init) => {
        const request = new Request(input, init);
        const res = await inner(input, init);
        const url = new URL(request.url);
        if (url.hostname === "www.wixapis.com" || url.hostname === "edge.wixapis.com") {
          const text = await res.clone().text();
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON: kept as text, the comparison then reports the type
          }
          log.push({ method: request.method.toUpperCase(), url, status: res.status, body });
        }
        return res;
      };
      globalThis.fetch = recording;
      return () => {
        if (globalThis.fetch === recording) globalThis.fetch = inner;
      };
    },
    take() {
      const taken = log;
      log = [];
      return taken;
    },
  };
}

export interface Outcome {
  fixture: Fixture;
  /** All differences found, and those the known-differences list does not explain. */
  differences: Difference[];
  unexplained: Difference[];
  /** Set when the call failed or its exchange was not a 200 JSON answer. */
  failure?: string;
}

/** Runs the fixture's call, finds its exchange, compares. */
export async function runFixture(
  fixture: Fixture,
  world: World,
  recorder: ReturnType<typeof recordWixExchanges>,
  known: KnownList,
): Promise<Outcome> {
  const call = calls[fixture.call];
  if (!call) return { fixture, differences: [], unexplained: [], failure: `unknown call ${fixture.call} (tests/contract/golden/calls.ts)` };
  recorder.take();
  let thrown: unknown;
  try {
    await call.run(world);
  } catch (error) {
    thrown = error;
  }
  const matches = endpointMatcher(fixture.endpoint);
  const exchange = recorder
    .take()
    .filter((e) => matches(e.method, e.url.pathname))
    .at(-1);
  if (!exchange) {
    const why = thrown instanceof Error ? thrown.message.split("\n")[0] : "the call sent no such request";
    return { fixture, differences: [], unexplained: [], failure: `no ${fixture.endpoint} answered: ${why}` };
  }
  if (exchange.status !== 200)
    return {
      fixture,
      differences: [],
      unexplained: [],
      failure: `${fixture.endpoint} answered ${exchange.status}: ${JSON.stringify(exchange.body).slice(0, 300)}`,
    };
  const differences = compareShapes(fixture.response, exchange.body, {
    maps: known.maps.map((m) => m.path),
    kind: fixture.source.kind,
    typings: typingsOf(fixture.call),
  });
  return { fixture, differences, unexplained: unexplained(differences, known.differences, fixture.endpoint) };
}
