import { defineConfig } from "vitest/config";

// Kept out of `npm run test:unit`: these start the built server (`npm run build` first).
export default defineConfig({
  root: new URL("../..", import.meta.url).pathname,
  test: {
    include: ["tests/durability/**/*.test.ts"],
    environment: "node",
    testTimeout: 180_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
