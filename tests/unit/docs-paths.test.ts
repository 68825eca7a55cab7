import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The documentation names files that exist: every repository path it quotes (`app/…`, `platform/…`) and every
 * relative link, with its #anchor, reaches something. The recipes (docs/recipes.md) are checklists of files: one that
 * moved must move in the checklist too. Decision records are history and are not read.
 */

const ROOT = join(import.meta.dirname, "../..");
const TOP = ["app", "server", "platform", "tests", "scripts", "bench", "docs", "compose", "public"];
/** Made by a command, not kept in the repository. */
const GENERATED = ["compose/certs", "bench/results", "platform/seed/media"];

function documentationFiles(): string[] {
  const files = ["README.md"];
  for (const folder of ["docs", "platform", "tests", "bench"])
    for (const e of readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true }))
      if (e.isFile() && e.name.endsWith(".md") && !e.parentPath.includes("node_modules")) {
        const path = relative(ROOT, join(e.parentPath, e.name));
        if (!/^docs\/decisions\/\d{4}-/.test(path) && !/^bench\/FINDINGS/.test(path)) files.push(path);
      }
  return files;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchorsOf(markdown: string): Set<string> {
  return new Set(
    markdown
      .split("\n")
      .filter((l) => /^#{1,6} /.test(l))
      .map((l) => anchorOf(l.replace(/^#+ /, ""))),
  );
}

/** What a page quotes or links that does not exist: `path` or `path#anchor`, as written. */
export function brokenReferences(page: string, markdown: string, exists: (path: string) => boolean, read: (path: string) => string) {
  const broken: string[] = [];
  const quoted = markdown.matchAll(/`([^`\s]+)`/g);
  for (const [, path] of quoted) {
    const top = path!.split("/")[0]!;
    if (!TOP.includes(top) || !path!.includes("/") || /[<>*{}…]/.test(path!)) continue;
    const file = path!.replace(/[#:].*$/, "").replace(/\/$/, "");
    if (!GENERATED.some((g) => file.startsWith(g)) && !exists(file)) broken.push(path!);
  }
  for (const [, target] of markdown.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/.test(target!)) continue;
    const [file = "", anchor] = target!.split("#");
    const path = file ? join(dirname(page), file) : page;
    if (!exists(path)) broken.push(target!);
    else if (anchor && path.endsWith(".md") && !anchorsOf(read(path)).has(anchor)) broken.push(target!);
  }
  return broken;
}

describe("documentation references", () => {
  it("reports a quoted path, a link and an anchor that lead nowhere", () => {
    const files: Record<string, string> = { "docs/b.md": "# B\n\n## Some Title (`x`)\n", "app/a.ts": "" };
    const page = "See `app/a.ts`, `app/gone.ts`, [b](b.md#some-title-x), [c](c.md) and [b](b.md#missing).";
    expect(
      brokenReferences(
        "docs/a.md",
        page,
        (p) => p in files,
        (p) => files[p]!,
      ),
    ).toEqual(["app/gone.ts", "c.md", "b.md#missing"]);
  });

  it("every file and anchor the documentation names exists", () => {
    const broken = documentationFiles().flatMap((page) =>
      brokenReferences(
        page,
        readFileSync(join(ROOT, page), "utf8"),
        (p) => existsSync(join(ROOT, p)),
        (p) => readFileSync(join(ROOT, p), "utf8"),
      ).map((b) => `${page}: ${b}`),
    );
    expect(broken).toEqual([]);
  });
});

describe("the README", () => {
  it("stays a five-minute read: at most 10 KB, the long parts in docs/ and bench/", () => {
    expect(Buffer.byteLength(readFileSync(join(ROOT, "README.md"), "utf8"))).toBeLessThanOrEqual(10 * 1024);
  });
});
