// The per-request log line of server.js, in plain JS like server.js (loaded at run time, never bundled; the
// Dockerfile copies it beside server.js). The bench's floor app (bench/minimal-app/server.js) logs with it too, so
// the framework floor pays for the same line.
import { randomUUID } from "node:crypto";

// Query values that may be logged as they are; every other value is a possible secret (reset and owner tokens,
// OAuth codes and states, session ids of the hosted pages) and is written as "[redacted]".
const LOGGABLE_QUERY_KEYS = new Set(["q", "page", "sort", "category", "collection", "index", "_routes"]);

/** The request's path for the log: query values outside LOGGABLE_QUERY_KEYS redacted, long paths cut. */
export function loggablePath(originalUrl) {
  const cut = (s) => (s.length > 300 ? `${s.slice(0, 300)}…` : s);
  const q = originalUrl.indexOf("?");
  if (q < 0) return cut(originalUrl);
  const params = new URLSearchParams(originalUrl.slice(q + 1));
  const shown = [...params].map(
    ([key, value]) => `${encodeURIComponent(key)}=${LOGGABLE_QUERY_KEYS.has(key) ? encodeURIComponent(value) : "[redacted]"}`,
  );
  return cut(`${originalUrl.slice(0, q)}?${shown.join("&")}`);
}

/** Express middleware: one structured log line per request, with an id (X-Request-Id) the error screen can show. */
export function requestLog(req, res, next) {
  const started = process.hrtime.bigint();
  const id = randomUUID();
  res.locals.requestId = id;
  res.setHeader("X-Request-Id", id);
  res.on("finish", () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    process.stdout.write(
      JSON.stringify({
        time: new Date().toISOString(),
        level: res.statusCode >= 500 ? "error" : "info",
        requestId: id,
        method: req.method,
        path: loggablePath(req.originalUrl),
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
      }) + "\n",
    );
  });
  next();
}
