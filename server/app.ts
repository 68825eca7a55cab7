import "react-router";
import express from "express";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { sendResponse } from "@remix-run/node-fetch-server";
import * as build from "virtual:react-router/server-build";
import { getConfig } from "../app/.server/site/config.server";
import { requestInfoContext } from "../app/.server/http/request-info.server";
import { catalogProblem } from "../app/.server/catalog/version.server";
import { addressLimits } from "./address-limits";
import { bodyLimits } from "./body-limits";
import { attachEmbeddedPlatform, type Readiness } from "./embedded-platform";
import { configureWebhooks } from "../app/.server/wix/webhooks.server";
import { toFetchRequest } from "./fetch-request";
import { idempotentSubmissions, sessionOf, submissionId } from "./idempotency";
import { sameOriginWrites } from "./origin-check";
import { rateLimits } from "./rate-limits";
import { readyz } from "./readiness";
import { sharedRateLimitStores } from "./shared-state";
import { applySecurityHeaders } from "./security";

// Validates the environment now, at start: a bad value stops the server here
// with a message naming the variable (server.js prints it and exits).
const config = getConfig();

/** Settings server.js applies to the top-level express app. */
export const settings = {
  trustProxy: config.trustProxy ?? false,
  host: config.host ?? "0.0.0.0",
  shutdownGraceMs: config.shutdownGraceMs,
};

export const app = express.Router();

// Liveness for the proxy and the container: answers without touching anything else.
app.get("/healthz", (_req, res) => {
  res.setHeader("Cache-Control", "no-store");
  res.type("text/plain").send("ok");
});

// Readiness: the commerce platform answers (its database in this process, or its service; set below) and the store's
// catalog can be read.
let readiness: Readiness = async () => null;
app.get(
  "/readyz",
  readyz(() => readiness, catalogProblem),
);

applySecurityHeaders(app, config);

app.use(addressLimits());
// Cross-site writes are refused first: they must not even count against a visitor's rate limit.
app.use(sameOriginWrites(config.publicOrigin));
app.use(rateLimits(config.rateLimits, await sharedRateLimitStores()));
app.use(bodyLimits());

if (config.commerce.platform === "embedded") readiness = attachEmbeddedPlatform(app, config);
// Real Wix: its webhooks are verified with the app's public key (checked at start by site/config.server.ts), and the
// OAuth app must allow this origin as a redirect domain, which only the Wix dashboard can tell: said at start.
else {
  configureWebhooks({ publicKey: config.commerce.webhookPublicKey!, appId: config.commerce.webhookAppId });
  console.info(
    `[wix] Wix redirige vers ${config.publicOrigin} après la connexion (/account/callback) et le paiement (/checkout/complete, /cart) : ` +
      `ce domaine doit figurer dans les domaines de redirection autorisés de l'app OAuth (tableau de bord Wix › Headless). ` +
      `Vérification des réponses du site : npm run wix:check`,
  );
}

// Pages are read with GET and changed with POST forms; React Router would otherwise run actions for PUT/PATCH/DELETE too.
const PAGE_METHODS = new Set(["GET", "HEAD", "POST"]);
app.use((req, res, next) => {
  if (PAGE_METHODS.has(req.method)) return next();
  res.setHeader("Allow", "GET, HEAD, POST");
  res.status(405).type("text").send("Méthode non autorisée.");
});

// The module itself, not a function: with a function React Router rebuilds its route tables on every request.
const handleRequest = createRequestHandler(build, config.env === "production" ? "production" : "development");
const once = idempotentSubmissions();

app.use(async (req, res, next) => {
  try {
    const context = new RouterContextProvider(
      new Map([[requestInfoContext, { nonce: String(res.locals.cspNonce ?? ""), requestId: String(res.locals.requestId ?? "") }]]),
    );
    // The same form sent twice from one page render is answered once (server/idempotency.ts).
    const submission = submissionId(req, res.locals.body as Buffer | undefined);
    const run = () => handleRequest(toFetchRequest(req, res, config.publicOrigin, {}, { abortWhenClientLeaves: !submission }), context);
    await sendResponse(
      res,
      submission
        ? await once(submission, run, { dataRequest: req.path.endsWith(".data"), session: sessionOf(req.headers.cookie) })
        : await run(),
    );
  } catch (error) {
    next(error);
  }
});
