// Lint gate (`npm run lint`, part of `npm test`): correctness rules, React hooks rules, and the layer rule of
// docs/decisions/0004-layers.md — routes → .server → models ← components, nothing crossing between .server and
// components, the platform standing alone. Formatting is Prettier's job (eslint-config-prettier turns style rules off).
import { fileURLToPath } from "node:url";
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const serverModules = {
  group: ["~/.server/*", "**/.server/*", "*.server", "**/*.server"],
  message: "Server-only code (SDK, cookies, secrets) is reached from routes, never from components or shared modules.",
};
// platform/ in layers, lowest first: a folder imports only the folders before it, never the top-level files
// (index.ts, the composition root, wires them together). docs/decisions/0021-platform-by-wix-module.md.
const platformLayers = ["core", "events", "stores", "categories", "members", "iam", "redirects", "ecom", "forms", "pages", "seed"];
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
const wixSdk = { group: ["@wix/*"], message: "Only app/.server modules talk to the Wix SDK." };

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
      // Code lint must refuse, linted on purpose by tests/unit/lint-imports.test.ts.
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
  {
    files: ["app/components/**", "app/lib/**", "app/models/**", "app/content/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [serverModules, wixSdk] }] },
  },
  {
    files: ["app/.server/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/components/*", "**/components/*", "~/routes/*", "**/routes/*"],
              message: "Server modules never import components or routes: shared types live in app/models.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/routes/**", "app/root.tsx"],
    rules: { "no-restricted-imports": ["error", { patterns: [wixSdk] }] },
  },
  {
    files: ["platform/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/app/*", "~/*", "**/server/*"],
              message: "The platform stands alone: it imports nothing from the app or its server.",
            },
          ],
        },
      ],
    },
  },
  {
    // No import cycle in the app, its server or the platform (docs/decisions/0021-platform-by-wix-module.md).
    // Type-only imports do not count: they are erased before anything runs.
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
