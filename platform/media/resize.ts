// One transformed image: the original cropped, scaled to fill or fit, sharpened and encoded by sharp (libvips).
import sharp from "sharp";
import type { Alignment, Transform } from "./transform";
import { TransformError } from "./transform";

export type OutputFormat = "avif" | "webp" | "jpeg" | "png" | "gif";

export const CONTENT_TYPES: Record<OutputFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
};

/** sharp's gravity for Wix's 9-grid alignment. */
const GRAVITY: Record<Alignment, string> = {
  c: "centre",
  t: "north",
  tl: "northwest",
  tr: "northeast",
  b: "south",
  bl: "southwest",
  br: "southeast",
  l: "west",
  r: "east",
};

/** The format of the answer: enc_auto/enc_avif pick from what the browser accepts, else the original's. */
export function outputFormat(t: Transform, originalFormat: string | undefined, accept: string): OutputFormat {
  const takes = (type: string) => accept.toLowerCase().includes(type);
  if (t.encoding === "avif" && takes("image/avif")) return "avif";
  if (t.encoding !== "none" && takes("image/webp")) return "webp";
  if (originalFormat === "png" || originalFormat === "gif" || originalFormat === "webp") return originalFormat;
  if (originalFormat === "heif") return "avif";
  return "jpeg";
}

/** Decoding refuses originals past this many pixels (the seeded ones are at most 7 Mpx). */
const INPUT_PIXELS = 50_000_000;

export async function resize(original: Buffer, t: Transform, format: OutputFormat): Promise<Buffer> {
  const meta = await sharp(original, { limitInputPixels: INPUT_PIXELS }).metadata();
  let width = meta.autoOrient?.width ?? meta.width ?? 0;
  let height = meta.autoOrient?.height ?? meta.height ?? 0;
  let image = sharp(original, { limitInputPixels: INPUT_PIXELS }).rotate();
  if (t.crop) {
    // As image-kit's getOverlappingRect: the part of the crop inside the image; none at all is refused.
    const w = Math.min(t.crop.width, width - t.crop.x);
    const h = Math.min(t.crop.height, height - t.crop.y);
    if (w <= 0 || h <= 0) throw new TransformError("crop : hors de l'image");
    image = sharp(await image.extract({ left: t.crop.x, top: t.crop.y, width: w, height: h }).toBuffer());
    width = w;
    height = h;
  }
  if (t.kind === "fit") image = image.resize(t.width, t.height, { fit: "inside" });
  else if (t.focal) {
    // Scale to cover, then cut the window centred on the focal point, kept inside the image.
    const scale = Math.max(t.width / width, t.height / height);
    const sw = Math.max(t.width, Math.round(width * scale));
    const sh = Math.max(t.height, Math.round(height * scale));
    const left = Math.min(sw - t.width, Math.max(0, Math.round(t.focal.x * sw - t.width / 2)));
    const top = Math.min(sh - t.height, Math.max(0, Math.round(t.focal.y * sh - t.height / 2)));
    image = sharp(await image.resize(sw, sh).toBuffer()).extract({ left, top, width: t.width, height: t.height });
  } else image = image.resize(t.width, t.height, { fit: "cover", position: GRAVITY[t.align] });
  // A mild unsharp mask as Wix applies after a downscale; its radius is capped (a large one costs, changes little).
  if (t.sharpen && t.sharpen.amount > 0)
    image = image.sharpen({ sigma: Math.min(Math.max(t.sharpen.radius, 0.3), 2), m2: Math.min(t.sharpen.amount, 3) });
  const quality = t.quality;
  switch (format) {
    case "avif":
      // effort 2: AVIF at libvips' default effort takes seconds a picture on a small server.
      return image.avif({ quality: quality ?? 50, effort: 2 }).toBuffer();
    case "webp":
      return image.webp({ quality: quality ?? 80 }).toBuffer();
    case "png":
      return image.png({ compressionLevel: 8 }).toBuffer();
    case "gif":
      return image.gif().toBuffer();
    default:
      return image.jpeg({ quality: quality ?? 80, mozjpeg: true }).toBuffer();
  }
}

export async function formatOf(original: Buffer): Promise<string | undefined> {
  return (await sharp(original, { limitInputPixels: INPUT_PIXELS }).metadata()).format;
}
