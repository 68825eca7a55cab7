// Writes the demo shop's photos (JPEGs drawn from platform/seed/demo.json) into platform/seed/media, skipping those
// already there from the same generator version. `npm run build` and `npm start` run it; the platform draws a
// missing one itself on its first request. Why they are generated and not committed:
// docs/decisions/0049-demo-photos-generated-from-the-seed.md.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { demoPhotos, PHOTOS_VERSION } from "../platform/seed/photos/index";

const seedDir = join(dirname(fileURLToPath(import.meta.url)), "..", "platform", "seed");
const mediaDir = join(seedDir, "media");
const stamp = join(mediaDir, ".photos-version");
const seed = JSON.parse(readFileSync(join(seedDir, "demo.json"), "utf8"));

// Photos of an older generator are drawn again: a scene that changed must not keep its old pictures.
const current = existsSync(stamp) && readFileSync(stamp, "utf8").trim() === String(PHOTOS_VERSION);
const specs = demoPhotos(seed.products, seed.collections);
const started = Date.now();
let written = 0;
for (const spec of specs) {
  const file = join(mediaDir, spec.rel);
  if (current && existsSync(file)) continue;
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, await spec.render());
  renameSync(tmp, file);
  written++;
}
writeFileSync(stamp, `${PHOTOS_VERSION}\n`);
if (written) console.log(`demo photos: ${written} of ${specs.length} drawn in ${((Date.now() - started) / 1000).toFixed(1)} s`);
