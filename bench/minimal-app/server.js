// Baseline (b), the framework floor: served like the real app's server.js
// (express 5, the same per-request log line, compression, static assets, then
// @react-router/express), so the difference is the app's own work.
import { randomUUID } from "node:crypto";
import compression from "compression";
import express from "express";
import { createRequestHandler } from "@react-router/express";

const server = express();
server.disable("x-powered-by");
server.use((req, res, next) => {
  const started = process.hrtime.bigint();
  const id = randomUUID();
  res.setHeader("X-Request-Id", id);
  res.on("finish", () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    process.stdout.write(
      JSON.stringify({
        time: new Date().toISOString(),
        level: "info",
        requestId: id,
        method: req.method,
        path: req.originalUrl,
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
      }) + "\n",
    );
  });
  next();
});
server.use(compression());
server.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y", index: false }));
server.use(express.static("build/client", { maxAge: "1h", index: false }));
// The build module itself, as @react-router/serve passes it: a function would
// make React Router re-derive its route tables on every request (see FINDINGS.md).
const build = await import("./build/server/index.js");
server.use(createRequestHandler({ build, mode: "production" }));

const listener = server.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("minimal app ready"));
process.on("SIGTERM", () => listener.close(() => process.exit(0)));
