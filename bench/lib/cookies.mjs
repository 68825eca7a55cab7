// Just enough of a cookie jar for one simulated visitor: name=value pairs,
// removed when the server expires them. Paths and domains are all "/" on loopback.

/** Applies `Set-Cookie` values (string or array) to `jar` (a Map). */
export function applySetCookie(jar, setCookie) {
  if (!setCookie) return jar;
  for (const line of Array.isArray(setCookie) ? setCookie : [setCookie]) {
    const [pair, ...attrs] = line.split(";");
    const eq = pair.indexOf("=");
    if (eq < 1) continue;
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expired = attrs.some((a) => {
      const [k, v = ""] = a.trim().split("=");
      if (k.toLowerCase() === "max-age") return Number(v) <= 0;
      if (k.toLowerCase() === "expires") return Date.parse(v) <= Date.now();
      return false;
    });
    if (expired || value === "") jar.delete(name);
    else jar.set(name, value);
  }
  return jar;
}

export function cookieHeader(jar) {
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

/** `Set-Cookie` values of a fetch Response. */
export function setCookiesOf(res) {
  return typeof res.headers.getSetCookie === "function" ? res.headers.getSetCookie() : [];
}
