// Size report from the build output: the client manifest React Router writes
// (build/client/assets/manifest-*.js, the same data the server build embeds)
// tells which modules and stylesheets each route loads on a document request.
// Stylesheets linked by root's `links()` are not in the manifest, so they are
// read from the served HTML of `/` and counted for every route.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const gz = new Map();
function gzipBytes(clientDir, href) {
  if (!gz.has(href)) {
    const file = join(clientDir, href.replace(/^\//, ""));
    const raw = readFileSync(file);
    gz.set(href, { raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length });
  }
  return gz.get(href);
}

export function readManifest(clientDir) {
  const assets = join(clientDir, "assets");
  const file = readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) throw new Error(`no React Router manifest in ${assets}`);
  const text = readFileSync(join(assets, file), "utf8");
  const json = text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1);
  return { href: `/assets/${file}`, manifest: JSON.parse(json) };
}

/** Hrefs of the stylesheets a served page links (root-level `links()`). */
export function stylesheetsIn(html) {
  return [...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*>/g)]
    .map((m) => /href="([^"]+)"/.exec(m[0])?.[1])
    .filter((h) => h && h.startsWith("/assets/"));
}

/** Hrefs of the modules a served page preloads or imports (what a browser fetches at load). */
export function modulesIn(html) {
  const hrefs = new Set();
  for (const m of html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) hrefs.add(m[1]);
  for (const m of html.matchAll(/import\s*(?:[\w*{}\s,]+from\s*)?\(?\s*"(\/assets\/[^"]+\.js)"/g)) hrefs.add(m[1]);
  return [...hrefs];
}

function total(clientDir, hrefs) {
  let raw = 0;
  let gzip = 0;
  for (const h of hrefs) {
    const s = gzipBytes(clientDir, h);
    raw += s.raw;
    gzip += s.gzip;
  }
  return { files: hrefs.length, raw, gzip };
}

/**
 * Per route (the chain root → … → route, as a document request loads it):
 * JS = manifest script + entry + every route module and its imports; CSS = the
 * routes' css plus the global stylesheets. `pages` cross-checks measured URLs
 * against what their HTML actually references.
 */
export function sizeReport(clientDir, { globalCss = [], pages = {} } = {}) {
  const { href: manifestHref, manifest } = readManifest(clientDir);
  const routes = manifest.routes;
  const report = { routes: {}, pages: {} };
  for (const id of Object.keys(routes)) {
    if (id === "root") continue;
    const chain = [];
    for (let r = routes[id]; r; r = r.parentId ? routes[r.parentId] : undefined) chain.unshift(r);
    if (!chain.some((r) => r.hasDefaultExport && r.id !== "root")) continue; // resource routes load nothing
    const js = new Set([manifestHref, manifest.entry.module, ...manifest.entry.imports]);
    const css = new Set(globalCss);
    for (const r of chain) {
      if (r.module) js.add(r.module);
      for (const i of r.imports ?? []) js.add(i);
      for (const c of r.css ?? []) css.add(c);
    }
    const path =
      "/" +
      chain
        .map((r) => (r.index ? "" : (r.path ?? "")))
        .filter(Boolean)
        .join("/");
    report.routes[id] = { path: path.replace(/\/+/g, "/"), js: total(clientDir, [...js]), css: total(clientDir, [...css]) };
  }
  for (const [name, html] of Object.entries(pages)) {
    const js = modulesIn(html);
    const manifestScript = [...html.matchAll(/"(\/assets\/manifest-[\w-]+\.js)"/g)].map((m) => m[1]);
    report.pages[name] = {
      js: total(clientDir, [...new Set([...js, ...manifestScript])]),
      css: total(
        clientDir,
        stylesheetsIn(html)
          .concat(cssLinksIn(html))
          .filter((v, i, a) => a.indexOf(v) === i),
      ),
    };
  }
  return report;
}

function cssLinksIn(html) {
  return [...html.matchAll(/<link\b[^>]*href="(\/assets\/[^"]+\.css)"/g)].map((m) => m[1]);
}
