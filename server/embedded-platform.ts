import { AsyncLocalStorage } from "node:async_hooks";
import { sendResponse } from "@remix-run/node-fetch-server";
import type { Router } from "express";
import { ipKeyGenerator } from "express-rate-limit";
import { createPlatform, installPlatformFetch, platformOptionsFromEnv, type Platform } from "../platform";
import { CLIENT_HEADER } from "../platform/http";
import type { Config } from "../app/.server/config.server";
import { toFetchRequest } from "./fetch-request";
import { configureWebhooks } from "../app/.server/webhooks.server";

/**
 * Attaches the embedded Wix-compatible platform to this process: the SDK's
 * requests to www/edge.wixapis.com are answered in-process (the SDK uses the
 * global fetch for tokens, so this is done once, process-wide), and the hosted
 * pages are served on the app's own origin under /_platform/.
 *
 * Every URL the platform builds (hosted pages, e-mail links, media) starts with
 * the configured public origin. The visitor's address travels with each call
 * (CLIENT_HEADER) so the platform can throttle logins per account and client.
 */

const currentClient = new AsyncLocalStorage<string>();

/**
 * The client as the rate limits count it: an IPv4 address, or an IPv6 /56 network (one subscriber's whole
 * allocation; counting single IPv6 addresses would give an attacker millions of fresh tries).
 */
function clientKey(ip: string | undefined): string {
  return ip ? ipKeyGenerator(ip, 56) : "unknown";
}

function loopbackHost(): string {
  const host = process.env.HOST?.trim();
  return !host || ["0.0.0.0", "::", "localhost"].includes(host) ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
}

export function attachEmbeddedPlatform(router: Router, config: Config): Platform {
  const platform = createPlatform({
    dbPath: config.commerce.platformDb,
    clientId: config.commerce.clientId,
    signupPolicy: config.commerce.signupPolicy,
    ownerToken: config.commerce.ownerToken,
    faultControl: config.commerce.faultControl,
    allowedOrigins: config.commerce.allowedOrigins,
    defaultAppOrigin: config.publicOrigin,
    // Events go to the app's own webhook endpoint, then to PLATFORM_WEBHOOK_URLS. This process's own endpoint is
    // reached on loopback: through PUBLIC_ORIGIN each event would leave through the proxy and come back.
    webhookUrls: [`http://${loopbackHost()}:${config.port}/webhooks/wix`, ...(platformOptionsFromEnv().webhookUrls ?? [])],
  });
  configureWebhooks({ publicKey: platform.webhookPublicKey(), appId: config.commerce.clientId });
  installPlatformFetch(platform, { getAppOrigin: () => config.publicOrigin, getClient: () => currentClient.getStore() });

  router.use((req, _res, next) => currentClient.run(clientKey(req.ip), next));
  router.use("/_platform", async (req, res, next) => {
    try {
      // Whatever the browser put in CLIENT_HEADER is overwritten: only this server says who the client is.
      const request = toFetchRequest(req, res, config.publicOrigin, { [CLIENT_HEADER]: clientKey(req.ip) });
      await sendResponse(res, await platform.fetch(request));
    } catch (error) {
      next(error);
    }
  });
  process.once("exit", () => platform.close());
  return platform;
}
