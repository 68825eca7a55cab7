import { relative } from "node:path";
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
            modules: out.moduleIds.filter((id) => !id.startsWith("\0")).map((id) => relative(root, id.split("?")[0])),
            imports: out.imports.map((f) => "/" + f),
            dynamicImports: out.dynamicImports.map((f) => "/" + f),
          };
      this.emitFile({ type: "asset", fileName: CHUNK_MODULES_FILE, source: JSON.stringify(chunks, null, 1) });
    },
  };
}
