// The address bounds before any route (server/address-limits.ts): 4,096 characters, the route discovery's own 8,192
// for exactly `/__manifest`, and a bound on the paths one discovery request may ask about, whatever spelling of
// `/__manifest` React Router answers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { request as httpRequest } from "node:http";
import { addressLimits, MAX_MANIFEST_PATHS } from "../../server/address-limits";

let server: Server;
let port = 0;

beforeAll(async () => {
  const app = express();
  app.use(addressLimits());
  app.use((_req, res) => res.status(200).send("route"));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** The status of a GET sent as written: no client-side resolution of `..` or `%2e%2e` (a crafted request does none). */
function status(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, method: "GET" }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
    req.end();
  });
}

/** `n` distinct paths of two or three letters, the cheapest to send and (each a 404 route) the dearest to match. */
function shortPaths(n: number): string[] {
  const chars = "abcdefghijklmnopqrstuvwxyz0123456789";
  const out: string[] = [];
  for (let i = 0; out.length < n; i++)
    out.push(chars[i % 36]! + chars[Math.floor(i / 36) % 36]! + (i >= 1296 ? chars[Math.floor(i / 1296) % 36]! : ""));
  return out;
}

const manifest = (paths: string[], path = "/__manifest") => `${path}?paths=${paths.join(",")}&version=0`;

describe("the address bounds", () => {
  it("refuses an address over 4,096 characters, and lets the route discovery of a long page of links through", async () => {
    expect(await status(`/products?q=${"a".repeat(4200)}`)).toBe(414);
    const links = Array.from({ length: 120 }, (_, i) => `/admin/products/${String(i).padStart(8, "0")}-0000-4000-8000-000000000000`);
    const url = manifest([encodeURIComponent(links.join(","))]);
    expect(url.length).toBeGreaterThan(4096);
    expect(await status(url)).toBe(200);
  });

  it("keeps the longer bound for exactly /__manifest: other spellings get 4,096", async () => {
    const long = `?paths=${"a,".repeat(2500)}&version=0`;
    for (const path of ["/__MANIFEST", "/__manifest/", "//__manifest", "/%5F%5Fmanifest", "/__manifest/../x", "/x/../__manifest"])
      expect(await status(`${path}${long}`), path).toBe(414);
  });

  it(`answers a discovery of ${MAX_MANIFEST_PATHS} paths, refuses more, whatever spelling React Router takes for /__manifest`, async () => {
    expect(await status(manifest(shortPaths(MAX_MANIFEST_PATHS)))).toBe(200);
    // The same path many times is one path (React Router reads them as a set).
    expect(await status(manifest(Array.from({ length: 1000 }, () => "a")))).toBe(200);
    expect(await status(manifest(shortPaths(MAX_MANIFEST_PATHS + 1)))).toBe(400);
    expect(await status(manifest(shortPaths(2000)))).toBe(400);
    // `..`, `%2e%2e` and backslashes are resolved by the URL parser React Router reads the request with.
    for (const path of ["/x/../__manifest", "/x/%2e%2e/__manifest", "/x/%2E%2e/__manifest", "/x\\..\\__manifest"])
      expect(await status(manifest(shortPaths(1000), path)), path).toBe(400);
    // Percent-encoded commas and slashes are what the browser sends.
    expect(
      await status(
        manifest([
          encodeURIComponent(
            shortPaths(1000)
              .map((p) => `/${p}`)
              .join(","),
          ),
        ]),
      ),
    ).toBe(400);
  });
});
