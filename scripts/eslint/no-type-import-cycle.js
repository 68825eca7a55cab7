// An ESLint rule: no import cycle, type-only imports included. import-x/no-cycle skips `import type` on purpose
// (types are erased before anything runs), but a circle of types still ties two modules together: neither can be
// read, moved or split without the other. The graph is read with TypeScript's own pre-processor, which lists
// every import, export-from and dynamic import of a file, types included; specifiers resolve like tsconfig's
// paths (`~/` is app/) and Node's relative paths.
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import ts from "typescript";

const EXTENSIONS = ["", ".ts", ".tsx", ".js", ".mjs", "/index.ts", "/index.tsx"];
/** Each file's imports, kept while its modification time holds (one lint run reads each file once). */
const importsCache = new Map();

function resolveSpecifier(fromFile, specifier, root) {
  let base;
  if (specifier.startsWith("~/")) base = join(root, "app", specifier.slice(2));
  else if (specifier.startsWith(".")) base = resolve(dirname(fromFile), specifier);
  else return undefined;
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (/\.(ts|tsx|js|mjs)$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** The project files a file imports, each with the specifier that names it. */
function importsOf(file, root, text) {
  const mtime = text === undefined ? statSync(file).mtimeMs : undefined;
  const cached = importsCache.get(file);
  if (text === undefined && cached?.mtime === mtime) return cached.found;
  const source = text ?? readFileSync(file, "utf8");
  const found = [];
  for (const { fileName } of ts.preProcessFile(source, true, true).importedFiles) {
    const target = resolveSpecifier(file, fileName, root);
    if (target) found.push({ target, specifier: fileName });
  }
  if (text === undefined) importsCache.set(file, { mtime, found });
  return found;
}

/** A path of files from `start` back to `goal`, or undefined (breadth first, so the shortest one). */
function pathBack(start, goal, root) {
  const seen = new Set([start]);
  const queue = [[start]];
  while (queue.length) {
    const route = queue.shift();
    for (const { target } of importsOf(route.at(-1), root)) {
      if (target === goal) return route;
      if (seen.has(target)) continue;
      seen.add(target);
      queue.push([...route, target]);
    }
  }
  return undefined;
}

export default {
  meta: {
    type: "problem",
    docs: { description: "Refuses import cycles, type-only imports included." },
    schema: [],
    messages: { cycle: "Import cycle (types included): {{route}}. Move what both need into a module of its own." },
  },
  create(context) {
    const file = context.filename;
    const root = context.cwd;
    return {
      Program(node) {
        for (const { target, specifier } of importsOf(file, root, context.sourceCode.text)) {
          const route = pathBack(target, file, root);
          if (!route) continue;
          const names = [file, ...route, file].map((f) => f.slice(root.length + 1));
          context.report({ node, messageId: "cycle", data: { route: `${names.join(" → ")} (via "${specifier}")` } });
        }
      },
    };
  },
};
