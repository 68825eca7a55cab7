// Every refusal the back-office can meet has French words, for the codes the SDK's typings give: the
// list of app/.server/admin/messages.server.ts is read against node_modules/@wix/auto_sdk_*'s `<Call>ApplicationErrors`
// (and `<Call>ValidationErrors` rule names), so a code the typings add or rename fails here.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BACKOFFICE_CALLS, BACKOFFICE_MESSAGES } from "../../app/.server/admin/messages.server";
import { applicationMessage } from "../../app/.server/wix/errors.server";

function typingsOf(pkg: string): string {
  const dir = join("node_modules", "@wix", `auto_sdk_${pkg}`, "build", "cjs");
  return readdirSync(dir)
    .filter((f) => f.endsWith(".d.ts"))
    .map((f) => readFileSync(join(dir, f), "utf8"))
    .join("\n");
}

/** The codes of `type <Call>ApplicationErrors = {code?: 'A'} | …;` and the rule names of `<Call>ValidationErrors`. */
function codesOf(typings: string, call: string): string[] {
  const codes = new Set<string>();
  for (const kind of ["ApplicationErrors", "ValidationErrors"]) {
    const m = new RegExp(`type ${call}${kind} = ([\\s\\S]*?);\\n(?:/\\*\\*|interface|type|declare)`).exec(typings);
    for (const c of m?.[1]?.matchAll(/(?:code|ruleName)\?: '([A-Z_]+)'/g) ?? []) codes.add(c[1]!);
  }
  return [...codes].sort();
}

describe("the back-office's refusals, against the SDK's typings", () => {
  for (const [key, listed] of Object.entries(BACKOFFICE_CALLS)) {
    const [pkg, call] = key.split(":") as [string, string];
    it(`${call} (@wix/auto_sdk_${pkg}): the codes the typings list, each with a French message`, () => {
      const typed = codesOf(typingsOf(pkg), call);
      expect(typed.length).toBeGreaterThan(0);
      expect([...listed].sort()).toEqual(typed);
      for (const code of typed) {
        expect(BACKOFFICE_MESSAGES[code], code).toMatch(/[a-zà-ÿ]/);
        expect(BACKOFFICE_MESSAGES[code], code).not.toBe(applicationMessage("UNKNOWN_CODE"));
      }
    });
  }

  it("the cancel refusal names the action that solves it", () => {
    expect(BACKOFFICE_MESSAGES.ORDER_HAS_AUTHORIZED_TRANSACTION).toContain("Annuler et libérer l'autorisation");
  });
});
