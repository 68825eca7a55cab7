import "react-router";
import express from "express";
import { createRequestHandler } from "@react-router/express";
import { getConfig } from "../app/.server/config.server";
import { attachEmbeddedPlatform } from "./embedded-platform";

// Validates the environment now, at start: a bad value stops the server here
// with a message naming the variable (server.js prints it and exits).
const config = getConfig();

/** Settings server.js applies to the top-level express app. */
export const settings = { trustProxy: config.trustProxy ?? false };

export const app = express.Router();

// Liveness for the proxy and the container: answers without touching anything else.
app.get("/healthz", (_req, res) => {
  res.setHeader("Cache-Control", "no-store");
  res.type("text/plain").send("ok");
});

if (config.commerce.platform === "embedded") attachEmbeddedPlatform(app, config);

app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
    mode: config.env === "production" ? "production" : "development",
  }),
);
