import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { parseConfig } from "~/.server/site/config.server";

/**
 * docs/configuration.md lists exactly the variables the server reads: those the configuration module reads (found by
 * running it on an environment that records every name asked of it) and those `server.js` and the build settings
 * read before it. Nothing else in app/ or server/ may read the environment. The platform's own variables are
 * documented with the platform.
 */

const ROOT = join(import.meta.dirname, "../..");
const read = (path: string) => readFileSync(join(ROOT, path), "utf8");
const VARIABLE = /^[A-Z][A-Z0-9_]*$/;

/** The names `parseConfig` asks of its environment. */
function variablesTheConfigurationReads(): Set<string> {
  const asked = new Set<string>();
  const note = (key: string | symbol) => {
    if (typeof key === "string" && VARIABLE.test(key)) asked.add(key);
  };
  const env = new Proxy({} as Record<string, string | undefined>, {
    get: (_, key) => (note(key), undefined),
    has: (_, key) => (note(key), false),
  });
  parseConfig(env);
  return asked;
}

const ENV_READ = /process\.env(?:\.([A-Z][A-Z0-9_]*)|\[\s*["']([A-Z][A-Z0-9_]*)["']\s*\])?/g;

/** `process.env.X` reads of a source, and whether it hands the whole environment to something. */
function envReads(source: string): { names: string[]; whole: boolean } {
  const names: string[] = [];
  let whole = false;
  for (const m of source.matchAll(ENV_READ)) {
    const name = m[1] ?? m[2];
    if (name) names.push(name);
    else whole = true;
  }
  return { names, whole };
}

function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|js|mjs)$/.test(e.name))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)));
}

/** The one module that hands the whole environment over: the configuration's `getConfig`. */
const CONFIG_MODULE = "app/.server/site/config.server.ts";

/** The backticked variable names of the first column of the tables in a markdown section. */
export function documentedVariables(markdown: string, heading: string): Set<string> {
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`no "${heading}" section`);
  const end = markdown.indexOf("\n## ", start + heading.length + 2);
  const section = markdown.slice(start, end < 0 ? undefined : end);
  const names = new Set<string>();
  for (const line of section.split("\n")) {
    const first = /^\|([^|]*)\|/.exec(line)?.[1] ?? "";
    for (const m of first.matchAll(/`([^`]+)`/g)) if (VARIABLE.test(m[1]!)) names.add(m[1]!);
  }
  return names;
}

/** What a documented list and a read list disagree on, in words. */
export function disagreements(documented: Set<string>, readByCode: Set<string>): string[] {
  return [
    ...[...readByCode].filter((v) => !documented.has(v)).map((v) => `${v}: read, not documented`),
    ...[...documented].filter((v) => !readByCode.has(v)).map((v) => `${v}: documented, never read`),
  ].sort();
}

const DOC = "docs/configuration.md";
const APP_SECTION = "## The app's variables";

describe("docs/configuration.md", () => {
  it("says which variables are missing from the page, and which the code no longer reads", () => {
    const doc =
      "# x\n\n## The app's variables\n\n| variable | meaning |\n|---|---|\n| `PORT`, `HOST` | … `NODE_ENV` |\n| `OLD` | gone |\n\n## Other\n\n| `LATER` | |\n";
    const documented = documentedVariables(doc, APP_SECTION);
    expect([...documented].sort()).toEqual(["HOST", "OLD", "PORT"]);
    expect(disagreements(documented, new Set(["PORT", "HOST", "NEW"]))).toEqual([
      "NEW: read, not documented",
      "OLD: documented, never read",
    ]);
  });

  it("lists exactly the variables the server reads", () => {
    const readByCode = variablesTheConfigurationReads();
    for (const file of ["server.js", "react-router.config.ts", ...sources("app"), ...sources("server")])
      for (const name of envReads(read(file)).names) readByCode.add(name);
    expect(disagreements(documentedVariables(read(DOC), APP_SECTION), readByCode)).toEqual([]);
  });

  it("nothing in app/ or server/ reads the environment but through the configuration", () => {
    const others = [...sources("app"), ...sources("server")].filter((file) => {
      const { names, whole } = envReads(read(file));
      return names.length > 0 || (whole && file !== CONFIG_MODULE);
    });
    expect(others).toEqual([]);
  });

  it("names every PLATFORM_* variable the platform service reads in platform/README.md or the deployment guide", () => {
    const pages = read("platform/README.md") + read("docs/deployment.md");
    const platformReads = new Set<string>();
    for (const file of sources("platform")) for (const m of read(file).matchAll(/\benv\.(PLATFORM_[A-Z0-9_]+)/g)) platformReads.add(m[1]!);
    expect(platformReads.size).toBeGreaterThan(10);
    expect([...platformReads].filter((name) => !pages.includes(`\`${name}\``))).toEqual([]);
  });
});
