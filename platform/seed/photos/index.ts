// The demo shop's photos: which scene each seeded image path shows, its pixel size, and the JPEG itself.
// Generated from the seed, not committed: docs/decisions/0049-demo-photos-generated-from-the-seed.md.
import { readFileSync } from "node:fs";
import { desk, workbook } from "./scenes-desk";
import { bottle, cap, deskMat, garment, mug, scattered, tote } from "./scenes-goods";
import { PORTRAIT_SIZE, portrait } from "./scenes-portrait";
import { flatBook, notebook, poster, standingBook } from "./scenes-print";
import type { Subject } from "./subject";
import { INKS, rng, type Random } from "./svg";
import { renderJpeg, sceneSvg } from "./render";

/** Bumped when a scene changes, so photos generated before are drawn again (scripts/demo-photos.ts). */
export const PHOTOS_VERSION = 5;

export interface SeedProductLike {
  slug: string;
  name: string;
  collections: string[];
  media: string[];
}

export interface PhotoSpec {
  rel: string;
  width: number;
  height: number;
  render: () => Promise<Buffer>;
}

/** The site's own pictures (the CV portrait and the header's profile picture), served like the shop's. */
export const PORTRAIT_PATH = "site/portrait.jpg";

type Scene = (r: Random, s: Subject) => string;

function sceneFor(s: Subject): Scene {
  const goods: [RegExp, Scene][] = [
    [/t-shirt|sweat/, garment],
    [/mug/, mug],
    [/sticker|badge/, scattered],
    [/carnet/, notebook],
    [/casquette/, cap],
    [/tote/, tote],
    [/tapis/, deskMat],
    [/gourde/, bottle],
    [/poster/, poster],
  ];
  if (s.collection === "livres") return s.variant > 1 ? flatBook : standingBook;
  if (s.collection === "formations") return s.variant > 1 ? desk : workbook;
  if (s.collection === "goodies") return goods.find(([re]) => re.test(s.slug))?.[1] ?? mug;
  return desk;
}

/** Cameras and phones do not all make the same size: 12 Mpx phones, a 7 Mpx crop, a 3 Mpx export. */
const SIZES = [
  [2400, 1800],
  [3000, 2250],
  [2048, 1536],
] as const;

function hash(text: string): number {
  let h = 0;
  for (const c of text) h = (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0;
  return h;
}

/** Every photo the seed's products and collections name (a .jpg path under the media folder), with how to draw it. */
export function demoPhotos(products: SeedProductLike[], collections: { slug: string; image?: string }[]): PhotoSpec[] {
  const specs: PhotoSpec[] = [];
  const add = (rel: string, subject: Subject) => {
    const [width, height] = SIZES[hash(rel) % SIZES.length]!;
    const scene = sceneFor(subject);
    specs.push({ rel, width, height, render: () => renderJpeg(sceneSvg(scene(rng(rel), subject)), width, height, rel) });
  };
  for (const p of products) {
    const ink = INKS[hash(p.slug) % INKS.length]!;
    p.media.forEach((rel, i) => {
      if (rel.endsWith(".jpg")) add(rel, { slug: p.slug, name: p.name, collection: p.collections[0] ?? "", variant: i + 1, ink });
    });
  }
  for (const c of collections) {
    const first = products.find((p) => p.collections.includes(c.slug));
    if (c.image?.endsWith(".jpg") && first)
      add(c.image, { slug: first.slug, name: first.name, collection: c.slug, variant: 2, ink: INKS[hash(c.slug) % INKS.length]! });
  }
  specs.push({
    rel: PORTRAIT_PATH,
    width: PORTRAIT_SIZE,
    height: PORTRAIT_SIZE,
    render: () => renderJpeg(portrait(rng(PORTRAIT_PATH)), PORTRAIT_SIZE, PORTRAIT_SIZE, PORTRAIT_PATH),
  });
  return specs;
}

/**
 * The seed file's photos for the platform: their size before they are drawn, and how to draw one that is
 * missing. A seed file that is not the demo's, or unreadable, has none (its media are files, as given).
 */
export function seedPhotos(seedFile: string): {
  size: (rel: string) => { width: number; height: number } | undefined;
  draw: (rel: string) => (() => Promise<Buffer>) | undefined;
} {
  let specs = new Map<string, PhotoSpec>();
  try {
    const seed = JSON.parse(readFileSync(seedFile, "utf8")) as {
      products?: SeedProductLike[];
      collections?: { slug: string; image?: string }[];
    };
    specs = new Map(demoPhotos(seed.products ?? [], seed.collections ?? []).map((spec) => [spec.rel, spec]));
  } catch {
    // no photos to draw: media are read from the folder only
  }
  return {
    size: (rel) => {
      const spec = specs.get(rel);
      return spec && { width: spec.width, height: spec.height };
    },
    draw: (rel) => specs.get(rel)?.render,
  };
}
