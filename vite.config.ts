import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// The SSR build's entry is our express app (server/app.ts), so the production
// server (server.js) gets the React Router handler, the embedded platform and
// the middleware from one bundle.
export default defineConfig(({ isSsrBuild }) => ({
  build: {
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
  },
  plugins: [reactRouter()],
  resolve: { tsconfigPaths: true },
}));
