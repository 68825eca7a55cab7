import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/** Every decision record says its status and date, and the index lists every record. */

const DIR = join(import.meta.dirname, "../../docs/decisions");
const records = readdirSync(DIR).filter((name) => /^\d{4}-.+\.md$/.test(name));

describe("decision records", () => {
  it.each(records)("%s starts with its status and date", (name) => {
    const third = readFileSync(join(DIR, name), "utf8").split("\n")[2];
    expect(third).toMatch(/^Status: (proposed|accepted|superseded by \d{4}|deprecated) · Date: \d{4}-\d{2}-\d{2}\b/);
  });

  it("the index links every record, once", () => {
    const index = readFileSync(join(DIR, "README.md"), "utf8");
    const linked = [...index.matchAll(/\]\((\d{4}-[^)]+\.md)\)/g)].map((m) => m[1]);
    expect(linked.sort()).toEqual(records.sort());
  });
});
