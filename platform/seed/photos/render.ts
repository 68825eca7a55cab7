// Turns a scene (SVG) into a photo as a phone or a camera uploads it: rasterised by resvg with the DejaVu fonts
// (the same pixels on every machine), given sensor grain, and encoded as a large, high-quality JPEG with sharp.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Resvg } from "@resvg/resvg-js";
import sharp from "sharp";
import { H, rng, W } from "./svg";

const FONT_DIR = join(dirname(createRequire(import.meta.url).resolve("dejavu-fonts-ttf/package.json")), "ttf");
const FONTS = [
  "DejaVuSans.ttf",
  "DejaVuSans-Bold.ttf",
  "DejaVuSans-Oblique.ttf",
  "DejaVuSans-BoldOblique.ttf",
  "DejaVuSerif-Bold.ttf",
  "DejaVuSansMono-Bold.ttf",
  "DejaVuSansMono.ttf",
].map((file) => join(FONT_DIR, file));

/** Wraps a scene drawn on the W × H canvas in its SVG element. */
export function sceneSvg(body: string, width = W, height = H): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

/**
 * Luminance grain around mid-grey (soft-light leaves mid-grey untouched): a sensor's noise at base ISO. It is
 * what makes a photo weigh what a camera's does (a flat drawing compresses to almost nothing) and what a
 * resize must average away. Seeded, so a photo is the same bytes on every run.
 */
function grain(width: number, height: number, seed: string, strength: number): Buffer {
  const next = rng(seed);
  const out = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const g = (next() + next() + next() - 1.5) * strength;
    const v = Math.max(0, Math.min(255, Math.round(128 + g)));
    out[i * 3] = v;
    out[i * 3 + 1] = Math.max(0, Math.min(255, v + Math.round((next() - 0.5) * strength * 0.4)));
    out[i * 3 + 2] = v;
  }
  return out;
}

/** A JPEG of `svg` at width × height pixels. */
export async function renderJpeg(svg: string, width: number, height: number, seed: string): Promise<Buffer> {
  const raster = new Resvg(svg, {
    fitTo: { mode: "width", value: width },
    font: { fontFiles: FONTS, loadSystemFonts: false, defaultFontFamily: "DejaVu Sans" },
  }).render();
  const noise = grain(width, height, seed, 24);
  return sharp(Buffer.from(raster.pixels), { raw: { width: raster.width, height: raster.height, channels: 4 } })
    .removeAlpha()
    .composite([{ input: noise, raw: { width, height, channels: 3 }, blend: "soft-light" }])
    .jpeg({ quality: 92, chromaSubsampling: "4:2:0" })
    .withMetadata({ density: 72 })
    .toBuffer();
}
