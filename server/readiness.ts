import type { RequestHandler } from "express";
import type { Readiness } from "./embedded-platform";

/**
 * GET /readyz: 200 when the commerce platform answers (its SQLite database is whole, or its service is ready) and the
 * store's catalog can be read (the site's catalog version is known: app/.server/catalog/version.server.ts), 503
 * otherwise. Load balancers and orchestrators stop sending visitors to a replica that is not ready; /healthz
 * (liveness) stays 200 so it is not restarted in a loop over a database a restart cannot fix. The detailed reason goes
 * to the log; the caller gets which part is not ready, never its details.
 */
export function readyz(platform: () => Readiness, catalog: Readiness): RequestHandler {
  let lastLogged: string | null = null;
  return async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    const platformProblem = await platform()();
    const catalogProblem = platformProblem ? null : await catalog();
    const problem = platformProblem ?? (catalogProblem ? `catalog: ${catalogProblem}` : null);
    if (problem !== lastLogged) {
      if (problem) console.error(JSON.stringify({ time: new Date().toISOString(), level: "error", event: "not-ready", problem }));
      else if (lastLogged) console.log(JSON.stringify({ time: new Date().toISOString(), level: "info", event: "ready-again" }));
      lastLogged = problem;
    }
    if (platformProblem) res.status(503).type("text/plain").send("not ready");
    else if (catalogProblem) res.status(503).type("text/plain").send("not ready: the store's catalog cannot be read");
    else res.type("text/plain").send("ready");
  };
}
