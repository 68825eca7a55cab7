// Baseline (b), the framework floor: served like the real app's server.js
// (express 5, the same per-request log line, compression, static assets, then
// @react-router/express), so the difference is the app's own work.
import compression from "compression";
import express from "express";
import { createRequestHandler } from "@react-router/express";
// The real app's module (bench/lib/builds.mjs puts a copy at the same place relative to the generated app).
import { requestLog } from "../../server/request-log.js";

const server = express();
server.disable("x-powered-by");
server.use(requestLog);
server.use(compression());
server.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y", index: false }));
server.use(express.static("build/client", { maxAge: "1h", index: false }));
// The build module itself, as @react-router/serve passes it: a function would
// make React Router re-derive its route tables on every request (see FINDINGS.md).
const build = await import("./build/server/index.js");
server.use(createRequestHandler({ build, mode: "production" }));

const listener = server.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("minimal app ready"));
process.on("SIGTERM", () => listener.close(() => process.exit(0)));
