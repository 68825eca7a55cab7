// Which Wix API calls each page makes (one request at a time, never under load).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Visitor } from "../../tests/support/visitor.ts";
import { stop } from "./proc.mjs";
import { PRODUCT_PAGE, postAdd } from "./scenarios.mjs";
import { startApp } from "./servers.mjs";

/** The calls lib/count-sdk-calls.mjs logged: `{ call, start, end }` each. */
export function readCalls(logFile) {
  return readFileSync(logFile, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

/**
 * One request at a time to a separate app server whose fetch is wrapped
 * (lib/count-sdk-calls.mjs): which Wix API calls each page makes, and how many
 * are repeats of the same endpoint within one request.
 */
export async function countSdkCalls(ctx, scenarios) {
  const logFile = join(ctx.work, "sdk-calls.log");
  writeFileSync(logFile, "");
  // The platform stays in this server's process here: the wrapped global fetch sees every call.
  const app = await startApp({
    ...ctx.appOptions,
    platformScript: undefined,
    nodeArgs: ["--import", join(ctx.benchDir, "lib", "count-sdk-calls.mjs")],
    extraEnv: { SDK_CALL_LOG: logFile },
  });
  const cartCookie = scenarios.cart?.cookie ?? "";
  const visitor = new Visitor(app.url);
  // A visitor who already has a session (no cart yet): what a second page view costs.
  await visitor.request("GET", "/products");
  const list = [
    ["GET / (no cookie)", "GET", "/", ""],
    ["GET / (with a cart)", "GET", "/", cartCookie],
    ["GET /products (no cookie)", "GET", "/products", ""],
    ["GET /products (visitor session)", "GET", "/products", visitor.cookieHeader()],
    ["GET /products/:slug (no cookie)", "GET", PRODUCT_PAGE, ""],
    ["GET /products/:slug (with a cart)", "GET", PRODUCT_PAGE, cartCookie],
    ["GET /cart (3 lines)", "GET", "/cart", cartCookie],
  ];
  if (scenarios.cycle) {
    // Its own visitor with a cart already (the 3-line cart stays as the load scenarios expect it).
    const first = await postAdd(visitor, scenarios.cycle.productPath);
    if (first.ok) list.push(["POST add to cart (with a cart)", "POST", scenarios.cycle.productPath, visitor.cookieHeader()]);
  }
  const out = [];
  try {
    for (const [name, method, path, cookie] of list) {
      if (name.includes("cart)") && !cookie) continue;
      writeFileSync(logFile, "");
      const res = await fetch(app.url + path, {
        method,
        redirect: "manual",
        headers: {
          ...(cookie ? { cookie } : {}),
          ...(method === "POST" ? { "content-type": "application/x-www-form-urlencoded", origin: app.url } : {}),
        },
        body: method === "POST" ? new URLSearchParams(scenarios.cycle.form) : undefined,
      });
      await res.arrayBuffer();
      const calls = readCalls(logFile).map((c) => c.call);
      const byCall = {};
      for (const c of calls) byCall[c] = (byCall[c] ?? 0) + 1;
      out.push({ name, status: res.status, calls: calls.length, repeats: calls.length - Object.keys(byCall).length, byCall });
    }
  } finally {
    await stop(app.child);
  }
  return out;
}
