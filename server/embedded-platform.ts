import { AsyncLocalStorage } from "node:async_hooks";
import { createRequest, sendResponse } from "@remix-run/node-fetch-server";
import type { Request as ExpressRequest, Router } from "express";
import { createPlatform, installPlatformFetch, type Platform } from "../platform";
import type { Config } from "../app/.server/config.server";

/**
 * Attaches the embedded Wix-compatible platform to this process: the SDK's
 * requests to www/edge.wixapis.com are answered in-process (the SDK uses the
 * global fetch for tokens, so this is done once, process-wide), and the hosted
 * pages are served on the app's own origin under /_platform/.
 */

// The origin of the request being served, so the platform builds its hosted-page
// URLs (login, payment) on the origin the browser actually uses.
const currentOrigin = new AsyncLocalStorage<string>();

/** The origin the browser sees: configured, else the request's (trusted proxy headers only). */
export function requestOrigin(req: ExpressRequest, config: Config): string {
  return config.publicOrigin ?? `${req.protocol}://${req.host}`;
}

export function attachEmbeddedPlatform(router: Router, config: Config): Platform {
  const platform = createPlatform({
    dbPath: config.commerce.platformDb,
    clientId: config.commerce.clientId,
    signupPolicy: config.commerce.signupPolicy,
    ownerToken: config.commerce.ownerToken,
    faultControl: config.commerce.faultControl,
    allowedOrigins: config.commerce.allowedOrigins,
    defaultAppOrigin: config.publicOrigin ?? `http://localhost:${config.port}`,
  });
  installPlatformFetch(platform, { getAppOrigin: () => currentOrigin.getStore() });

  router.use((req, _res, next) => currentOrigin.run(requestOrigin(req, config), next));
  router.use("/_platform", async (req, res, next) => {
    try {
      const origin = new URL(requestOrigin(req, config));
      req.url = req.originalUrl;
      const request = createRequest(req, res, { protocol: origin.protocol, host: origin.host });
      await sendResponse(res, await platform.fetch(request));
    } catch (error) {
      next(error);
    }
  });
  process.once("exit", () => platform.close());
  return platform;
}
