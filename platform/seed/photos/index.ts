// The demo shop's photos: which scene each seeded image path shows, its pixel size, and the JPEG itself.
// Generated from the seed, not committed: docs/decisions/0048-demo-photos-generated-from-the-seed.md.
import { desk, workbook } from "./scenes-desk";
import { bottle, cap, deskMat, garment, mug, scattered, tote } from "./scenes-goods";
import { PORTRAIT_SIZE, portrait } from "./scenes-portrait";
import { flatBook, notebook, poster, standingBook } from "./scenes-print";
import type { Subject } from "./subject";
import { INKS, rng, type Random } from "./svg";
import { renderJpeg, sceneSvg } from "./render";

/** Bumped when a scene changes, so photos generated before are drawn again (scripts/demo-photos.ts). */
export const PHOTOS_VERSION = 1;

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
