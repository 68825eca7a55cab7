import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { Plugin } from "vite";

/** Where the client build lists each chunk's source modules (read by tests/e2e/client-chunks.spec.ts and the bench). */
export const CHUNK_MODULES_FILE = ".vite/chunk-modules.json";

/**
 * Writes, beside the client build, the source modules each JavaScript chunk carries (paths relative to the project,
 * node_modules kept as package paths): React Router's manifest names a route's chunks, this says what is in them, so
 * a test can hold "no page ships code it does not run" against what the bundler really emitted.
 */
export function chunkModules(root: string): Plugin {
  return {
    name: "chunk-modules",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks: Record<string, { modules: string[]; imports: string[]; dynamicImports: string[] }> = {};
      for (const out of Object.values(bundle))
        if (out.type === "chunk")
          chunks["/" + out.fileName] = {
            modules: [...new Set(out.moduleIds.filter((id) => !id.startsWith("\0")).map((id) => relative(root, id.split("?")[0])))],
            imports: out.imports.map((f) => "/" + f),
            dynamicImports: out.dynamicImports.map((f) => "/" + f),
          };
      this.emitFile({ type: "asset", fileName: CHUNK_MODULES_FILE, source: JSON.stringify(chunks, null, 1) });
    },
  };
}

type Manifest = { entry: { module: string; imports: string[] }; routes: Record<string, { module: string; imports?: string[] }> };
export type ClientChunks = Record<string, { modules: string[]; imports: string[]; dynamicImports: string[] }>;
export type ClientBuild = { manifest: Manifest; chunks: ClientChunks };

/** React Router's manifest and the chunk list of a client build (`<BUILD_DIR>/client`). */
export function readClientBuild(clientDir: string): ClientBuild {
  const file = readdirSync(join(clientDir, "assets")).find((f) => /^manifest-.*\.js$/.test(f));
  if (!file) throw new Error(`no React Router manifest in ${clientDir}/assets`);
  const source = readFileSync(join(clientDir, "assets", file), "utf8");
  const manifest = JSON.parse(source.slice(source.indexOf("=") + 1).replace(/;\s*$/, "")) as Manifest;
  const chunks = JSON.parse(readFileSync(join(clientDir, CHUNK_MODULES_FILE), "utf8")) as ClientChunks;
  return { manifest, chunks };
}

/** The source modules a route's page runs before any dynamic import: the entry's, the root's and its own chunks. */
export function staticModules({ manifest, chunks }: ClientBuild, routeId: string): Set<string> {
  const seen = new Set<string>();
  const todo = [manifest.entry.module, ...manifest.entry.imports];
  for (const id of ["root", routeId]) todo.push(manifest.routes[id].module, ...(manifest.routes[id].imports ?? []));
  while (todo.length) {
    const chunk = todo.pop()!;
    if (seen.has(chunk)) continue;
    seen.add(chunk);
    const c = chunks[chunk];
    if (!c) throw new Error(`${chunk} is not in ${CHUNK_MODULES_FILE}`);
    todo.push(...c.imports);
  }
  return new Set([...seen].flatMap((chunk) => chunks[chunk].modules));
}

export const BACK_OFFICE_OR_CHECKOUT = /^app\/(routes\/(admin|checkout)|components\/(admin|checkout)\/|models\/admin)/;
export const MOTION = /^node_modules\/(motion|motion-dom|motion-utils|framer-motion)\//;

/** Every route but the owner's back-office and the checkout. */
export function storefrontRoutes({ manifest }: ClientBuild): string[] {
  return Object.keys(manifest.routes).filter((id) => id !== "root" && !/^routes\/(admin|checkout)/.test(id));
}

/** "route: module" for each back-office, checkout or motion module a storefront page loads before it runs. */
export function storefrontLeaks(build: ClientBuild): string[] {
  return storefrontRoutes(build).flatMap((id) =>
    [...staticModules(build, id)].filter((m) => BACK_OFFICE_OR_CHECKOUT.test(m) || MOTION.test(m)).map((m) => `${id}: ${m}`),
  );
}

/** The chunks carrying motion, and the modules of the chunks that load them statically or on demand. */
export function motionChunks({ chunks }: ClientBuild) {
  const files = Object.keys(chunks).filter((f) => chunks[f].modules.some((m) => MOTION.test(m)));
  const importers = (key: "imports" | "dynamicImports") =>
    Object.keys(chunks)
      .filter((f) => files.some((m) => chunks[f][key].includes(m)))
      .flatMap((f) => chunks[f].modules);
  return { files, staticImporters: importers("imports"), dynamicImporters: importers("dynamicImports") };
}
