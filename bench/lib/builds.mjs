// Builds for the bench: the app (BUILD_DIR=build-bench), the embedded platform as its own service (the same
// esbuild bundle as `npm run build:platform`), and the minimal React Router app that is the framework floor.
import { execFileSync } from "node:child_process";
import { cpSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { floorTree } from "./floor-page.mjs";

/** Runs a React Router build; its chatter is shown only when it fails. */
export function reactRouterBuild(root, cwd, env) {
  try {
    execFileSync(process.execPath, [join(root, "node_modules/@react-router/dev/bin.js"), "build"], {
      cwd,
      env: { ...process.env, ...env, NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "pipe"],
      encoding: "utf8",
    });
  } catch (error) {
    console.error(error.stdout, error.stderr);
    throw new Error(`react-router build failed in ${cwd}`, { cause: error });
  }
}

export function buildApp(root, buildDir) {
  console.log(`building the app into ${buildDir}/ …`);
  reactRouterBuild(root, root, { BUILD_DIR: buildDir });
  // The demo shop's photos (drawn from the seed once, then kept): the image figures measure them.
  execFileSync("npm", ["run", "--silent", "photos"], { cwd: root, stdio: "inherit" });
}

/** The platform's service bundle, inside the repository so it resolves node_modules and platform/seed like the image. */
export function buildPlatform(root, buildDir) {
  const outfile = join(root, `${buildDir}-platform`, "serve.js");
  execFileSync(
    join(root, "node_modules/.bin/esbuild"),
    [
      "platform/serve.ts",
      "--bundle",
      "--platform=node",
      "--format=esm",
      "--target=node20",
      "--packages=external",
      `--outfile=${outfile}`,
      "--log-level=warning",
    ],
    { cwd: root, stdio: ["ignore", "inherit", "inherit"] },
  );
  return outfile;
}

/** The real app's files the minimal app imports (its config's framework settings, its server's request log). */
const SHARED_WITH_APP = ["react-router.config.ts", "server/request-log.js"];

/**
 * Generates the minimal app from bench/minimal-app into `dir`, reusing this project's node_modules. Its one route
 * renders `homeHtml`'s body markup as React elements (same tags, attributes and text), so the floor pays for the
 * same HTML weight as `/` and the ratio measures our code, not the bytes. `dir` is two levels below a folder of
 * its own (`<work>/bench/minimal-app`): the files it shares with the real app are copied two levels up, where its
 * imports (`../../react-router.config`) find them, as they do in the repository.
 */
export function buildMinimalApp(root, benchDir, dir, homeHtml) {
  cpSync(join(benchDir, "minimal-app"), dir, { recursive: true });
  for (const file of SHARED_WITH_APP) cpSync(join(root, file), join(dir, "..", "..", file));
  const tree = floorTree(homeHtml);
  writeFileSync(join(dir, "app", "floor.json"), JSON.stringify(tree.nodes));
  // Same versions as this project (React Router reads the dependencies to pick its server runtime).
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  const pick = (deps, names) => Object.fromEntries(names.filter((n) => deps?.[n]).map((n) => [n, deps[n]]));
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({
      name: "bench-minimal-app",
      private: true,
      type: "module",
      dependencies: pick(pkg.dependencies, [
        "@react-router/express",
        "@react-router/node",
        "compression",
        "express",
        "isbot",
        "react",
        "react-dom",
        "react-router",
      ]),
      devDependencies: pick(pkg.devDependencies, ["@react-router/dev", "vite"]),
    }),
  );
  symlinkSync(join(root, "node_modules"), join(dir, "node_modules"), "dir");
  console.log(`building the minimal React Router app (floor: ${tree.elements} elements, ${tree.bytes} bytes of body markup) …`);
  reactRouterBuild(root, dir, { BUILD_DIR: "" });
  return { dir, bodyBytes: tree.bytes, elements: tree.elements };
}
