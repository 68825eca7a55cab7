import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("preferences/theme", "routes/preferences.theme.ts"),
  // Must stay last: every unknown URL answers the 404 screen.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
