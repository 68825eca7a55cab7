import { defineConfig } from "vitest/config";

// `npm run test:container`: builds the Dockerfile for real (buildah, root) and runs the image. Kept apart from the
// other suites: it needs root, buildah, podman and debootstrap (`.ci/run` installs them).
export default defineConfig({
  root: new URL("../..", import.meta.url).pathname,
  test: {
    include: ["tests/container/**/*.test.ts"],
    environment: "node",
    testTimeout: 120_000,
    // The first run on a machine builds the stand-in base images and the image itself (about 10 minutes in all).
    hookTimeout: 900_000,
    fileParallelism: false,
  },
});
