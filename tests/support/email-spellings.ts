// Spellings for the canonical e-mail (docs/decisions/0026-canonical-email.md), one list for the tests of its rules
// (tests/unit/canonical-email.test.ts), of the owner check (tests/unit/owner-identity.test.ts) and of the platform's
// accounts (tests/unit/platform/accounts-security.test.ts).

/** `text` in fullwidth letters (U+FF01 onwards), which the canonical form folds back to ASCII. */
export const fullwidth = (text: string) => [...text].map((c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0)).join("");

/** The address the look-alikes imitate. */
export const OWNER_ADDRESS = "boutique.support@outlook.fr";

/** Other spellings of OWNER_ADDRESS, each of which is that address in canonical form: never a second account. */
export const OWNER_LOOK_ALIKES: Array<[string, string]> = [
  ["KELVIN SIGN (U+212A) for k", "boutique.support@outloo\u212A.fr"],
  ["fullwidth letters", `${fullwidth("boutique")}.support@outlook.fr`],
  ["LONG S (U+017F) for s", "boutique.\u017Fupport@outlook.fr"],
  ["a trailing dot", "boutique.support@outlook.fr."],
  ["upper case", "BOUTIQUE.SUPPORT@OUTLOOK.FR"],
];
