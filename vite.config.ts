import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { chunkModules } from "./scripts/chunk-modules";

// The SSR build's entry is our express app (server/app.ts), so the production
// server (server.js) gets the React Router handler, the embedded platform and
// the middleware from one bundle.
export default defineConfig(({ isSsrBuild }) => ({
  build: {
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
  },
  // The client build also lists what each chunk carries (scripts/chunk-modules.ts).
  plugins: [reactRouter(), ...(isSsrBuild ? [] : [chunkModules(import.meta.dirname)])],
  resolve: { tsconfigPaths: true },
}));
