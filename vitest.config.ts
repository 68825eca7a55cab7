import { defineConfig } from "vitest/config";

// Kept apart from vite.config.ts: with the React Router plugin loaded,
// component tests fail with "can't detect preamble".
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}", "tests/contract/**/*.test.ts"],
    environment: "node",
    setupFiles: ["tests/setup.ts"],
    testTimeout: 20_000,
  },
});
