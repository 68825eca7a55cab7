/**
 * The ids the platform hands out (GUIDs on Wix): letters, digits, `-` and `_`. An id taken from a URL or a form must
 * match before it reaches the SDK, which writes path parameters into the request URL unencoded: `../../members/v1/…`
 * as an "order id" would send the caller's token (or the owner's API key) to another endpoint. Zod-free: the form
 * rule (`idField`, models/fields.ts) and the loaders' checks share this pattern.
 */
export const PLATFORM_ID = /^[A-Za-z0-9_-]{1,100}$/;

export function isPlatformId(value: unknown): value is string {
  return typeof value === "string" && PLATFORM_ID.test(value);
}
