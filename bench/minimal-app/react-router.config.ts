import type { Config } from "@react-router/dev/config";

// Same framework settings as the real app (../../react-router.config.ts), so
// the floor measures the same React Router code paths.
export default {
  ssr: true,
  buildDirectory: "build",
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
