import { media } from "@wix/sdk";
import type { ResponsiveImage } from "~/models/media";
import { getConfig } from "../site/config.server";

/**
 * Every image goes through @wix/sdk's media helpers, as on a Wix site: the only difference on the embedded platform
 * is the base the helpers write (their `baseHostURL` option), /_platform/media/ instead of static.wixstatic.com.
 * docs/decisions/0050-images-through-wix-media-helpers.md.
 */
function baseHostURL(): string | undefined {
  return getConfig().commerce.platform === "wix" ? undefined : "/_platform/media/";
}

/** A layout's image slot: the candidate widths (device pixels), the `sizes` it is drawn at, its box's ratio. */
export interface ImageLayout {
  widths: readonly number[];
  sizes: string;
  /** width / height of the slot (the image is cropped to fill it); none keeps the image's own ratio. */
  aspect?: number;
  /** The `width` attribute: the slot's usual CSS width (its ratio sets `height`). */
  width: number;
}

/**
 * Product cards, 4:3. The grid (catalog.css: auto-fill columns of at least 14rem, 1rem apart, in a page with 17px
 * sides and 1104px at most) has 1 column below 498px, 2 below 738px, 3 below 978px, then 4 of up to 264px.
 */
export const CARD: ImageLayout = {
  // The slots people see, in device pixels: 264 (a wide screen), 356 (a 390px phone at DPR 1), 468 (a tablet's
  // three columns at DPR 2), 528 (a wide screen at DPR 2), 662 (a 412px phone at DPR 1.75, Lighthouse's), 682 (375px
  // at DPR 2), 756 (412px at DPR 2), 978 and 1068 (360 and 390px phones at DPR 3). Each URL is written twice on a
  // catalog page (its HTML and its data): six candidates keep every pick within about a fifth of its slot, at 60 % of
  // the bytes of ten. A browser that already holds a larger one uses it: 400 keeps a narrow window's pick (then
  // reused at 768px) under twice its box (tests/e2e/images.spec.ts).
  widths: [320, 400, 560, 700, 880, 1120],
  sizes:
    "(min-width: 1138px) 264px, (min-width: 978px) calc(25vw - 20px), (min-width: 738px) calc(33.3vw - 22px), (min-width: 498px) calc(50vw - 25px), calc(100vw - 34px)",
  aspect: 4 / 3,
  width: 400,
};
/** The product page's main image: the page's width below 52rem, then the left column (564px at most). */
export const GALLERY: ImageLayout = {
  widths: [360, 480, 640, 720, 800, 960, 1120, 1280, 1440],
  sizes: "(min-width: 1152px) 564px, (min-width: 832px) calc(52.5vw - 41px), calc(100vw - 34px)",
  width: 640,
};
export const THUMB: ImageLayout = { widths: [72, 144, 216], sizes: "72px", width: 72 };
export const CART_LINE: ImageLayout = { widths: [96, 192, 288], sizes: "96px", aspect: 1, width: 96 };
export const ORDER_LINE: ImageLayout = { widths: [56, 112, 168], sizes: "56px", aspect: 1, width: 56 };
export const PORTRAIT: ImageLayout = { widths: [144, 192, 288, 384, 576], sizes: "(max-width: 40rem) 9rem, 12rem", aspect: 1, width: 192 };
export const PROFILE: ImageLayout = { widths: [40, 56, 80, 112, 168], sizes: "(max-width: 640px) 40px, 56px", aspect: 1, width: 56 };

const WIX_IMAGE = /^wix:image:\/\/v1\/[^/#]+/;

/** The size the helpers actually wrote: they never ask more than the original has (image-kit scales the box down). */
function writtenSize(url: string): { width: number; height: number } | null {
  const m = /\/v1\/fill\/w_(\d+),h_(\d+)/.exec(url);
  return m ? { width: Number(m[1]), height: Number(m[2]) } : null;
}

function fillUrl(uri: string, width: number, height: number, autoEncode = true): string {
  const base = baseHostURL();
  // devicePixelRatio 1: the candidates are already in device pixels (image-kit would otherwise read window's).
  return media.getScaledToFillImageUrl(uri, width, height, { devicePixelRatio: 1, autoEncode, ...(base ? { baseHostURL: base } : {}) });
}

/**
 * A `wix:image://v1/<id>/<name>#originWidth=…&originHeight=…` URI as the image a slot draws: a URL per candidate
 * width, cropped to the slot's ratio (fill, centred). Fill rather than the helpers' fit: @wix/sdk 1.21's
 * getScaledToFitImageUrl hands the original's height as its width to image-kit (and the reverse), so a landscape
 * photo "fitted" comes back portrait-sized; fill at the image's own ratio is the same picture. A plain URL (an
 * image outside Wix Media) is drawn as it is, without other sizes.
 */
export function responsiveImage(uri: string | null | undefined, layout: ImageLayout): ResponsiveImage | undefined {
  if (!uri) return undefined;
  // The helpers' URL building is most of a catalog page's server time (a card asks for ten sizes), and its answer
  // depends on the URI, the layout and the media base only: each is built once per process, the oldest forgotten
  // past the bound.
  let known = drawn.get(layout);
  if (!known) drawn.set(layout, (known = new Map()));
  const key = `${baseHostURL() ?? ""} ${uri}`;
  const hit = known.get(key);
  if (hit) return hit;
  const image = Object.freeze(drawImage(uri, layout));
  if (known.size >= MAX_DRAWN_PER_LAYOUT) known.delete(known.keys().next().value!);
  known.set(key, image);
  return image;
}

/** At most this many images of one layout are kept drawn (a catalog page shows 50). */
const MAX_DRAWN_PER_LAYOUT = 2000;
const drawn = new WeakMap<ImageLayout, Map<string, ResponsiveImage>>();

function drawImage(uri: string, layout: ImageLayout): ResponsiveImage {
  if (!WIX_IMAGE.test(uri)) {
    const height = Math.round(layout.width / (layout.aspect ?? 1));
    return { src: uri, width: layout.width, height };
  }
  const { width: ow, height: oh } = media.getImageUrl(uri);
  const aspect = layout.aspect ?? (ow > 0 && oh > 0 ? ow / oh : 1);
  const candidates = new Map<number, string>();
  for (const w of layout.widths) {
    const url = fillUrl(uri, w, Math.round(w / aspect));
    const size = writtenSize(url);
    if (size && !candidates.has(size.width)) candidates.set(size.width, url);
  }
  const height = Math.round(layout.width / aspect);
  if (!candidates.size) return { src: media.getImageUrl(uri).url, width: layout.width, height };
  const entries = [...candidates].sort((a, b) => a[0] - b[0]);
  // Browsers without srcset get the size the slot usually is at DPR 2.
  const fallback = entries.find(([w]) => w >= layout.width * 2) ?? entries[entries.length - 1]!;
  return {
    src: fallback[1],
    srcSet: entries.map(([w, url]) => `${url} ${w}w`).join(", "),
    sizes: layout.sizes,
    width: layout.width,
    height,
  };
}

/** A Catalog V1 media item (its id and size, not a URI) as the wix:image URI the helpers read. */
export function wixImageUri(id: string, width: number, height: number, name = id): string {
  return `wix:image://v1/${id}/${encodeURIComponent(name)}#originWidth=${width}&originHeight=${height}`;
}

/**
 * The absolute URL of the image at `width` × `height` (social cards: 1200 × 630), cropped to fill, in the
 * original's format whatever the client accepts: social networks' crawlers do not all read WebP.
 */
export function absoluteImageUrl(uri: string, width: number, height: number): string | undefined {
  if (!WIX_IMAGE.test(uri)) return undefined;
  return new URL(fillUrl(uri, width, height, false), getConfig().publicOrigin).href;
}
