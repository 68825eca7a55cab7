import { defineConfig } from "vitest/config";

// `npm run test:topology`: nginx → two app replicas → one platform service + Redis, all on loopback. Needs a build
// (`npm run build`), nginx, openssl and redis-server (`.ci/run` installs them).
export default defineConfig({
  root: new URL("../..", import.meta.url).pathname,
  test: {
    include: ["tests/topology/**/*.test.ts"],
    environment: "node",
    testTimeout: 180_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // nginx's certificate is made at test time (self-signed): this process's fetch talks to it on loopback only.
    env: { NODE_TLS_REJECT_UNAUTHORIZED: "0" },
  },
});
