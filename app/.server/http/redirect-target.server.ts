import { percentDecodings } from "~/lib/percent-decoding";

/**
 * The one validation of every redirect target that comes from input (returnTo,
 * theme switch): a path on this site, or the fallback. Refused: anything not
 * starting with a single "/", backslashes (browsers read "/\evil" as "//evil"),
 * control, line-separator and bidirectional characters, raw or percent-encoded
 * (a CR LF in a Location header is a crash or a header injection; a TAB is
 * dropped by browsers, turning "/\t/evil.example" into "//evil.example").
 */

const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\\]/;
const BASE = "http://site.invalid";

function acceptable(value: string): boolean {
  for (const form of percentDecodings(value, 3)) {
    if (UNSAFE.test(form)) return false;
    if (!form.startsWith("/") || form.startsWith("//")) return false;
  }
  return true;
}

/**
 * Checked before and after URL normalisation: resolving dot segments can turn an innocent-looking
 * "/.//evil.example" into "//evil.example", so the result must pass the same checks (idempotent).
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2000 || !acceptable(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return acceptable(path) ? path : fallback;
}
