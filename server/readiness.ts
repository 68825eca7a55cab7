import type { RequestHandler } from "express";
import type { Readiness } from "./embedded-platform";

/**
 * GET /readyz: 200 when the commerce platform answers (its SQLite database is whole, or its service is ready),
 * 503 otherwise. Load balancers and orchestrators stop sending visitors to a replica that is not ready; /healthz
 * (liveness) stays 200 so it is not restarted in a loop over a database a restart cannot fix. The reason goes to
 * the log, never to the caller.
 */
export function readyz(current: () => Readiness): RequestHandler {
  let lastLogged: string | null = null;
  return async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    const problem = await current()();
    if (problem !== lastLogged) {
      if (problem) console.error(JSON.stringify({ time: new Date().toISOString(), level: "error", event: "not-ready", problem }));
      else if (lastLogged) console.log(JSON.stringify({ time: new Date().toISOString(), level: "info", event: "ready-again" }));
      lastLogged = problem;
    }
    if (problem) res.status(503).type("text/plain").send("not ready");
    else res.type("text/plain").send("ready");
  };
}
