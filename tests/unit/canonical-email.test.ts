// The canonical e-mail (docs/decisions/0026-canonical-email.md), one table through both copies of the rules: the
// app's (owner check, account forms) and the platform's (accounts, throttle, limits). They must never disagree.
import { describe, expect, it } from "vitest";
import { canonicalEmail as appCanonical } from "~/models/email";
import { canonicalEmail as platformCanonical } from "../../platform/core/email";
import { fullwidth, OWNER_ADDRESS, OWNER_LOOK_ALIKES } from "../support/email-spellings";

const TABLE: Array<[string, string, string | null]> = [
  ["plain", "boutique.support@outlook.fr", "boutique.support@outlook.fr"],
  ...OWNER_LOOK_ALIKES.map(([what, spelling]): [string, string, string] => [what, spelling, OWNER_ADDRESS]),
  ["mixed case", "Boutique.Support@OUTLOOK.FR", "boutique.support@outlook.fr"],
  ["KELVIN SIGN in the local part", "\u212Aiosque@outlook.fr", "kiosque@outlook.fr"],
  ["fullwidth @ and domain", `boutique.support\uFF20${fullwidth("outlook")}.fr`, "boutique.support@outlook.fr"],
  ["spaces around", "  boutique.support@outlook.fr ", "boutique.support@outlook.fr"],
  ["IDN domain (kept in ASCII)", "client@outl\u00F6ok.fr", "client@xn--outlok-zxa.fr"],
  ["all-Cyrillic IDN domain", "a@\u043F\u0440\u0438\u043C\u0435\u0440.\u0440\u0444", "a@xn--e1afmkfd.xn--p1ai"],
  ["U+0130 in the local part", "bout\u0130que@outlook.fr", null],
  ["U+0130 in the domain (a different domain)", "a@\u0130stanbul.com", "a@xn--istanbul-o0e.com"],
  ["Cyrillic о in a Latin domain (mixed scripts)", "boutique.support@\u043Eutlook.fr", null],
  ["Greek ο in a Latin domain (mixed scripts)", "boutique.support@\u03BFutlook.fr", null],
  ["Cyrillic а in the local part", "\u0430dmin@outlook.fr", null],
  ["two trailing dots", "a@outlook.fr..", null],
  ["dot at the end of the local part", "a.@outlook.fr", null],
  ["two dots in the local part", "a..b@outlook.fr", null],
  ["no domain dot", "a@localhost", null],
  ["IP literal", "a@[127.0.0.1]", null],
  ["IP address", "a@127.0.0.1", null],
  ["space inside", "a b@outlook.fr", null],
  ["two @", "a@b@outlook.fr", null],
  ["empty", "", null],
];

describe("the canonical e-mail", () => {
  it.each(TABLE)("%s: %j → %j (app and platform alike)", (_what, input, expected) => {
    expect(appCanonical(input)).toBe(expected);
    expect(platformCanonical(input)).toBe(expected);
  });
});
