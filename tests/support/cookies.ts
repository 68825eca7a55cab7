// The cookie jar of the test kit: name=value pairs, removed when the server expires them. Paths and domains are all
// "/" on loopback. Used by the Visitor and, for one simulated visitor per connection, by the bench's load generator.

export type CookieJar = Map<string, string>;

/** Applies `Set-Cookie` values (one header, a list, or none) to `jar`. */
export function applySetCookie(jar: CookieJar, setCookie: string | readonly string[] | undefined | null): CookieJar {
  if (!setCookie) return jar;
  for (const line of typeof setCookie === "string" ? [setCookie] : setCookie) {
    const [pair = "", ...attrs] = line.split(";");
    const eq = pair.indexOf("=");
    if (eq < 1) continue;
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expired = attrs.some((a) => {
      const [k = "", v = ""] = a.trim().split("=");
      if (k.toLowerCase() === "max-age") return Number(v) <= 0;
      if (k.toLowerCase() === "expires") return Date.parse(v) <= Date.now();
      return false;
    });
    if (expired || value === "") jar.delete(name);
    else jar.set(name, value);
  }
  return jar;
}

/** The `Cookie` header a browser would send with this jar ("" when it is empty). */
export function cookieHeader(jar: CookieJar): string {
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}
