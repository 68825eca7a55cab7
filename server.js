// Production (and dev) HTTP server: express in front of the React Router
// request handler built from server/app.ts. Plain JS so it runs without a build
// step of its own; everything else comes from ./build.
import compression from "compression";
import express from "express";
import { requestLog } from "./server/request-log.js";

const DEV = process.argv.includes("--dev");
if (!DEV) process.env.NODE_ENV ??= "production";
// The build to load (tests run several side by side). In production HOST and SHUTDOWN_GRACE_MS come from the build's
// validated configuration (app/.server/site/config.server.ts); the development server reads them as they are.
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const PORT = Number(process.env.PORT) || 3000;
let HOST = process.env.HOST || "0.0.0.0";
let SHUTDOWN_GRACE_MS = Number(process.env.SHUTDOWN_GRACE_MS) || 10_000;

const server = express();
server.disable("x-powered-by");

// One structured log line per request, with an id the error screen can show.
server.use(requestLog);
server.use(compression());

if (DEV) {
  const vite = await import("vite");
  const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
  server.use(viteDevServer.middlewares);
  server.use(async (req, res, next) => {
    try {
      const source = await viteDevServer.ssrLoadModule("./server/app.ts");
      return await source.app(req, res, next);
    } catch (error) {
      if (typeof error === "object" && error instanceof Error) viteDevServer.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  // Fingerprinted build assets never change: cache them for a year.
  server.use("/assets", express.static(`${BUILD_DIR}/client/assets`, { immutable: true, maxAge: "1y", index: false }));
  // The other public files (favicon.ico, profile.svg, …) all have an extension: pages skip the file lookup, which
  // cost a stat and a 404 error object (stack trace included) per page request (measured in bench/FINDINGS.md).
  const publicFiles = express.static(`${BUILD_DIR}/client`, { maxAge: "1h", index: false, redirect: false });
  server.use((req, res, next) => (/\.[a-z0-9]+$/i.test(req.path) ? publicFiles(req, res, next) : next()));
  let app, settings;
  try {
    ({ app, settings } = await import(`./${BUILD_DIR}/server/index.js`));
  } catch (error) {
    // Configuration, database or Redis that cannot be used: one line naming it, no stack trace.
    if (error && ["ConfigError", "PlatformDbError", "SharedStateError"].includes(error.name)) {
      console.error(error.message);
      process.exit(1);
    }
    if (error && error.code === "ERR_MODULE_NOT_FOUND" && String(error.message).includes(`${BUILD_DIR}/server`)) {
      console.error("No build found: run `npm run build` first (or `npm start`, which builds).");
      process.exit(1);
    }
    throw error;
  }
  server.set("trust proxy", settings.trustProxy);
  HOST = settings.host;
  SHUTDOWN_GRACE_MS = settings.shutdownGraceMs;
  server.use(app);
}

const listener = server.listen(PORT, HOST, () => {
  console.log(`Server ready on http://localhost:${PORT} (${DEV ? "development" : process.env.NODE_ENV})`);
});

// Graceful shutdown: stop accepting, let in-flight requests finish, then exit.
function shutdown(signal) {
  console.log(`${signal} received: closing the server`);
  listener.close(() => process.exit(0));
  // A keep-alive connection whose request finishes after the signal turns idle only then: close idle ones as they
  // come (not once), or close() waits for the client's keep-alive timeout and the grace period runs out (exit 1).
  listener.closeIdleConnections?.();
  setInterval(() => listener.closeIdleConnections?.(), 100).unref();
  setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
