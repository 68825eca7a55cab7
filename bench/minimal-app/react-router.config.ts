import type { Config } from "@react-router/dev/config";
// The real app's config (bench/lib/builds.mjs puts a copy at the same place relative to the generated app).
import app from "../../react-router.config";

// Same framework settings as the real app, so the floor measures the same React Router code paths.
export default {
  ssr: app.ssr,
  buildDirectory: "build",
  future: app.future,
} satisfies Config;
