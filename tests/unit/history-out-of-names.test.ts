import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Code, comments, test names and file names say which rule, decision record or test holds a choice, never which
 * tracker issue or work round it came from: the tracker is not in the repository, so "issue 29.4" tells a newcomer
 * nothing. The history lives in the decision records (docs/decisions/), bench/FINDINGS.md and the README's
 * performance diary, which are not read here.
 */

const ROOT = join(import.meta.dirname, "../..");
const FOLDERS = ["app", "platform", "server", "tests", "scripts", "bench"];
const TEXT = /\.(ts|tsx|js|mjs|cjs|md|css|json|sh|conf|ya?ml)$/;
const SKIPPED = [/(^|\/)node_modules\//, /^bench\/FINDINGS/, /^bench\/results\//, /^platform\/seed\/media\//];
const THIS_FILE = "tests/unit/history-out-of-names.test.ts";

const NUMBER = String.raw`(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)`;
/** "issue 29", "Issue 24 §6", "issues 12.4", "issue-12", "round three", "round 4", "buyer-round3" (not `round1(x)`). */
const HISTORY = new RegExp(String.raw`\bissues?[ -]#?\d+(?:\.\d+)?(?![\w-])|(?<![\w.])round[ -]${NUMBER}\b|(?<=[-_/])round\d+\b`, "i");

/** Every mention of history in `text`, with its line number. */
export function historyMentions(text: string): Array<{ line: number; text: string }> {
  return text
    .split("\n")
    .map((content, i) => ({ line: i + 1, text: content.trim(), found: HISTORY.test(content) }))
    .filter((l) => l.found)
    .map(({ line, text }) => ({ line, text }));
}

function sourceFiles(): string[] {
  // The root's own modules (server, build and test configuration) as well as the folders.
  const files = readdirSync(ROOT).filter((name) => /\.(ts|js|mjs|cjs)$/.test(name));
  for (const folder of FOLDERS)
    for (const entry of readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const path = relative(ROOT, join(entry.parentPath, entry.name));
      if (TEXT.test(path) && !SKIPPED.some((skip) => skip.test(path)) && path !== THIS_FILE) files.push(path);
    }
  return files;
}

describe("history out of names", () => {
  it("finds an issue or a round however it is written", () => {
    for (const text of [
      'test.describe("stock at add time (issue 29.1)", () => {',
      "/** Issue 24 §6: every decision record */",
      "// cost measured in bench/FINDINGS.md, round three",
      "the targets of issues 17 and 30",
      "| line `digitalFile` | no | branch issue-12 |",
      "tests/e2e/buyer-round3-buying.spec.ts",
      'test.describe("security round two @js", () => {',
      "the second round 4 measurement",
    ])
      expect(historyMentions(text), text).toHaveLength(1);
  });

  it("leaves words that only look like one alone", () => {
    for (const text of [
      "a platform that issues 1-second tokens",
      "In each of three rounds 20 new visitors pay",
      "loadAverage: { before: round1(loadBefore) }",
      "Math.round(x * 100) / 100",
      "const round2 = (x) => Math.round(x * 100) / 100;",
      "--rounds 8",
      "https://github.com/safak/next-ecommerce/issues/39",
    ])
      expect(historyMentions(text), text).toEqual([]);
  });

  it("no source file, comment, test name or file name names an issue or a round", () => {
    const found: string[] = [];
    for (const path of sourceFiles()) {
      if (HISTORY.test(path)) found.push(`${path} (its name)`);
      for (const m of historyMentions(readFileSync(join(ROOT, path), "utf8"))) found.push(`${path}:${m.line}: ${m.text}`);
    }
    expect(found).toEqual([]);
  });
});
