// Lint gate (`npm run lint`, part of `npm test`): correctness rules, React hooks rules, the layer rules of
// docs/decisions/0004-layers.md (the table `LAYERS` below), no import cycle, and platform/'s own layers
// (docs/decisions/0021-platform-by-wix-module.md). Each crossing the layer rules refuse has a probe in
// tests/lint-fixtures/layers/, linted by tests/unit/lint-layers.test.ts. Formatting is Prettier's job
// (eslint-config-prettier turns style rules off).
import { builtinModules } from "node:module";
import { fileURLToPath } from "node:url";
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import noTypeImportCycle from "./scripts/eslint/no-type-import-cycle.js";

/**
 * What a layer may not import, each as a regular expression on the import's specifier and the message the linter
 * gives. `~/` is app/ (tsconfig paths); server/ and platform/ can only be reached with relative specifiers.
 */
const dir = (name) => String.raw`^(~|(\.\.?/)*\.\.)/${name}/`;
const FORBIDDEN = {
  serverModules: {
    regex: String.raw`(^|/)\.server(/|$)|\.server(\.[cm]?[jt]sx?)?$`,
    message:
      "Server-only code (SDK, cookies, secrets) is reached from routes and app/.server, never from components, hooks, lib, models or content.",
  },
  wixSdk: { regex: "^@wix/", message: "Only app/.server modules talk to the Wix SDK." },
  routes: {
    regex: String.raw`^(~|(\.\.?/)*\.\.?)/(routes/|root(\.tsx)?$)`,
    message: "Route modules are leaves: nothing imports them (what two routes share lives in a component, model or app/.server module).",
  },
  components: { regex: dir("components"), message: "Components sit above lib, models and content: what they share goes down a layer." },
  hooks: { regex: dir("hooks"), message: "Hooks are for components and routes: lib, models and app/.server stay free of React state." },
  lib: { regex: dir("lib"), message: "Models are the bottom layer: lib builds on models, never the other way round." },
  serverRoot: {
    regex: String.raw`^(\.\.?/)+server(/|\.js$|$)`,
    message: "server/ is the composition root: it imports the app and the platform, nothing imports it.",
  },
  platform: {
    regex: String.raw`^(\.\.?/)+platform(/|$)`,
    message:
      "The app reaches the platform only through the Wix SDK, as it would reach Wix (docs/decisions/0005-embedded-platform-instead-of-mocks.md).",
  },
  node: {
    regex: `^(node:|(${builtinModules.filter((m) => !m.startsWith("_")).join("|")})(/|$))`,
    message: "Node built-ins run on the server only: browser code never imports them.",
  },
  adminInternals: {
    regex: String.raw`^(~|(\.\.?/)*\.\.)/\.server/admin/(?!owner\.server$)`,
    message:
      "Routes reach the owner's commerce only through its handler: ownerOf(context) from ~/.server/admin/owner.server (docs/decisions/0048-owner-handler.md).",
  },
  app: { regex: String.raw`^(~/|(\.\.?/)+app/)`, message: "The platform stands alone: it imports nothing from the app or its server." },
  appViews: {
    regex: String.raw`(^|/)app/(routes|components|hooks)/`,
    message: "server/ reaches the app through its build and app/.server modules, never its routes, components or hooks.",
  },
};

/**
 * The layers (docs/decisions/0004-layers.md): routes → app/.server → models ← lib ← hooks ← components ← routes;
 * server/ composes the app and the platform. Each entry's files may not import what it lists, statically, with
 * `export … from`, `import type`, a dynamic `import()` or a type `import("…")`.
 */
const LAYERS = [
  {
    files: ["app/models/**", "app/content/**"],
    forbid: ["serverModules", "wixSdk", "routes", "components", "hooks", "lib", "serverRoot", "platform", "node"],
  },
  { files: ["app/lib/**"], forbid: ["serverModules", "wixSdk", "routes", "components", "hooks", "serverRoot", "platform", "node"] },
  { files: ["app/hooks/**"], forbid: ["serverModules", "wixSdk", "routes", "components", "serverRoot", "platform", "node"] },
  { files: ["app/components/**"], forbid: ["serverModules", "wixSdk", "routes", "serverRoot", "platform", "node"] },
  { files: ["app/.server/**"], forbid: ["routes", "components", "hooks", "serverRoot", "platform"] },
  { files: ["app/routes/**", "app/root.tsx"], forbid: ["wixSdk", "serverRoot", "platform", "node", "adminInternals"] },
  { files: ["app/entry.server.tsx"], forbid: ["wixSdk", "serverRoot", "platform"] },
  { files: ["server/**", "server.js"], forbid: ["appViews"] },
  { files: ["platform/**"], forbid: ["app", "serverRoot"] },
];

/** One config object per layer: both rules list every group, since a later object replaces a rule's options. */
function layerRules({ files, forbid }) {
  const groups = forbid.map((name) => FORBIDDEN[name]);
  return {
    files,
    rules: {
      "no-restricted-imports": ["error", { patterns: groups.map(({ regex, message }) => ({ regex, message })) }],
      // What no-restricted-imports does not see: `import("…")` as an expression or as a type.
      "no-restricted-syntax": [
        "error",
        ...groups.map(({ regex, message }) => ({
          selector: `:matches(ImportExpression, TSImportType)[source.value=/${regex.replaceAll("/", "\\/")}/]`,
          message,
        })),
      ],
    },
  };
}

// platform/ in layers, lowest first: a folder imports only the folders before it, never the top-level files
// (index.ts, the composition root, wires them together). docs/decisions/0021-platform-by-wix-module.md.
const platformLayers = [
  "core",
  "media",
  "events",
  "data",
  "stores",
  "categories",
  "members",
  "iam",
  "redirects",
  "ecom",
  "forms",
  "pages",
  "seed",
];
const platformZones = platformLayers.map((layer, i) => ({
  target: `platform/${layer}`,
  from: [
    ...platformLayers.slice(i + 1).map((above) => `platform/${above}`),
    ...["index.ts", "options.ts", "serve.ts", "cli.ts"].map((file) => `platform/${file}`),
  ],
  message: i
    ? `platform/${layer}/ may import only platform/{${platformLayers.slice(0, i).join(",")}}/ (see its README.md).`
    : "platform/core/ imports no other folder of platform/ (see its README.md).",
}));

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "build-*/**",
      ".react-router/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      "bench/results/**",
      "bench/minimal-app/build/**",
      ".data/**",
      "public/**",
      // Code lint must refuse, linted on purpose by tests/unit/lint-imports.test.ts and tests/unit/lint-layers.test.ts.
      "tests/lint-fixtures/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: "readonly",
        console: "readonly",
        Buffer: "readonly",
        URL: "readonly",
        URLSearchParams: "readonly",
        fetch: "readonly",
        Request: "readonly",
        Response: "readonly",
        Headers: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
        setInterval: "readonly",
        clearInterval: "readonly",
        AbortController: "readonly",
        AbortSignal: "readonly",
        TextEncoder: "readonly",
        TextDecoder: "readonly",
        crypto: "readonly",
        performance: "readonly",
        structuredClone: "readonly",
        document: "readonly",
        window: "readonly",
        navigator: "readonly",
        localStorage: "readonly",
        requestAnimationFrame: "readonly",
        FormData: "readonly",
        ReadableStream: "readonly",
        DOMException: "readonly",
        queueMicrotask: "readonly",
        globalThis: "readonly",
      },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      // Sanitizers and validators match control characters on purpose (forms, names, redirect targets).
      "no-control-regex": "off",
    },
  },
  {
    // Playwright fixtures take `{}` when they use no other fixture.
    files: ["tests/**"],
    rules: { "no-empty-pattern": "off", "@typescript-eslint/no-empty-object-type": "off", "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
  },
  // Layers (docs/decisions/0004-layers.md).
  ...LAYERS.map(layerRules),
  {
    // No import cycle in the app, its server or the platform (docs/decisions/0021-platform-by-wix-module.md); the
    // block after it refuses the type-only ones this rule skips.
    files: ["app/**", "server/**", "server.js", "platform/**", "tests/lint-fixtures/**"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [
        createNodeResolver({
          extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
          tsconfig: { configFile: fileURLToPath(new URL("tsconfig.json", import.meta.url)) },
        }),
      ],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    // import-x/no-cycle skips type-only imports; a circle of types still ties modules together.
    files: ["app/**", "server/**", "platform/**", "tests/lint-fixtures/**"],
    plugins: { local: { rules: { "no-type-import-cycle": noTypeImportCycle } } },
    rules: { "local/no-type-import-cycle": "error" },
  },
  {
    files: ["platform/**"],
    rules: {
      "import-x/no-restricted-paths": ["error", { basePath: fileURLToPath(new URL(".", import.meta.url)), zones: platformZones }],
    },
  },
  {
    files: ["**/*.js", "**/*.mjs"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  prettier,
);
