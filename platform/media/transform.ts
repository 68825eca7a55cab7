// The transform part of a Wix media URL: `v1/[crop/x_,y_,w_,h_/]fill|fit/w_,h_[,params]/<name>`, as @wix/image-kit
// (behind @wix/sdk's media helpers) writes it. Anything else is refused: an unknown parameter is a 400, never
// ignored (what the platform does not implement must show, not pass silently).

/** @wix/image-kit's MAX_TRANSFORMED_IMAGE_WIDTH/HEIGHT: the client never asks past 5000 px a side nor 25 Mpx. */
export const MAX_SIDE = 5000;
export const MAX_AREA = MAX_SIDE * MAX_SIDE;

const ALIGNMENTS = ["c", "t", "tl", "tr", "b", "bl", "br", "l", "r"] as const;
export type Alignment = (typeof ALIGNMENTS)[number];

export interface Transform {
  crop?: { x: number; y: number; width: number; height: number };
  kind: "fill" | "fit";
  width: number;
  height: number;
  /** fill: which part is kept (9-grid), or a focal point in 0..1. */
  align: Alignment;
  focal?: { x: number; y: number };
  quality?: number;
  /** usm_<radius>_<amount>_<threshold>: image-kit adds it when it scales down. */
  sharpen?: { radius: number; amount: number; threshold: number };
  /** enc_auto: WebP where the browser takes it; enc_avif/enc_pavif: AVIF where it takes it; none: the original's format. */
  encoding: "auto" | "avif" | "none";
  /** The canonical form of everything above: the cache key, whatever order the URL wrote it in. */
  key: string;
}

export class TransformError extends Error {}

const INT = /^(0|[1-9]\d{0,5})$/;
const DECIMAL = /^\d{1,3}(\.\d{1,2})?$/;

function int(value: string | undefined, what: string, min: number, max: number): number {
  if (value === undefined || !INT.test(value)) throw new TransformError(`${what} : nombre entier attendu`);
  const n = Number(value);
  if (n < min || n > max) throw new TransformError(`${what} : entre ${min} et ${max}`);
  return n;
}

function decimal(value: string | undefined, what: string, min: number, max: number): number {
  if (value === undefined || !DECIMAL.test(value)) throw new TransformError(`${what} : nombre attendu`);
  const n = Number(value);
  if (n < min || n > max) throw new TransformError(`${what} : entre ${min} et ${max}`);
  return n;
}

/** `x_10,y_20` into {x: "10", y: "20"}; a repeated or malformed parameter is refused. */
function params(segment: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of segment.split(",")) {
    const m = /^([a-z]+)(?:_(.*))?$/.exec(part);
    if (!m) throw new TransformError(`paramètre illisible : ${part.slice(0, 40)}`);
    const name = m[1]!;
    if (out.has(name)) throw new TransformError(`paramètre répété : ${name}`);
    out.set(name, m[2] ?? "");
  }
  return out;
}

function size(p: Map<string, string>): { width: number; height: number } {
  const width = int(p.get("w"), "w", 1, MAX_SIDE);
  const height = int(p.get("h"), "h", 1, MAX_SIDE);
  if (width * height > MAX_AREA) throw new TransformError(`w × h : au plus ${MAX_AREA} pixels`);
  return { width, height };
}

/**
 * Parses the segments after `v1/` (without the file name). Throws TransformError with a French reason when the
 * URL is not one Wix's helpers write or asks past the limits.
 */
export function parseTransform(segments: string[]): Transform {
  let rest = segments;
  let crop: Transform["crop"];
  if (rest[0] === "crop") {
    const p = params(rest[1] ?? "");
    for (const name of p.keys()) if (!["x", "y", "w", "h"].includes(name)) throw new TransformError(`paramètre inconnu : ${name}`);
    crop = { x: int(p.get("x"), "x", 0, 100_000), y: int(p.get("y"), "y", 0, 100_000), ...size(p) };
    rest = rest.slice(2);
  }
  const kind = rest[0];
  if ((kind !== "fill" && kind !== "fit") || rest.length !== 2) throw new TransformError("transformation attendue : fill ou fit");
  const p = params(rest[1]!);
  const { width, height } = size(p);
  p.delete("w");
  p.delete("h");
  let align: Alignment = "c";
  let focal: Transform["focal"];
  let quality: number | undefined;
  let sharpen: Transform["sharpen"];
  let encoding: Transform["encoding"] = "none";
  for (const [name, value] of p) {
    if (name === "al" && kind === "fill" && (ALIGNMENTS as readonly string[]).includes(value)) align = value as Alignment;
    else if (name === "fp" && kind === "fill") {
      const [x, y, extra] = value.split("_");
      if (extra !== undefined) throw new TransformError("fp : deux valeurs attendues");
      focal = { x: decimal(x, "fp", 0, 1), y: decimal(y, "fp", 0, 1) };
    } else if (name === "q") quality = int(value, "q", 1, 100);
    else if (name === "usm") {
      const [radius, amount, threshold, extra] = value.split("_");
      if (extra !== undefined) throw new TransformError("usm : trois valeurs attendues");
      sharpen = {
        radius: decimal(radius, "usm", 0, 500),
        amount: decimal(amount, "usm", 0, 10),
        threshold: decimal(threshold, "usm", 0, 255),
      };
    } else if (name === "enc" && ["auto", "avif", "pavif"].includes(value) && encoding === "none")
      encoding = value === "auto" ? "auto" : "avif";
    // Flags image-kit writes that change nothing here: non-progressive, the upscale method, AVIF's automatic quality.
    else if (name === "bl" && value === "") continue;
    else if (name === "lg" && (value === "1" || value === "2")) continue;
    else if (name === "quality" && value === "auto") continue;
    else throw new TransformError(`paramètre inconnu ou non pris en charge : ${name}`);
  }
  if (p.has("al") && p.has("fp")) throw new TransformError("al et fp s'excluent");
  const key = [
    crop ? `crop:${crop.x},${crop.y},${crop.width},${crop.height}` : "",
    `${kind}:${width}x${height}`,
    focal ? `fp:${focal.x},${focal.y}` : `al:${align}`,
    `q:${quality ?? ""}`,
    sharpen ? `usm:${sharpen.radius},${sharpen.amount},${sharpen.threshold}` : "",
    `enc:${encoding}`,
  ].join("|");
  return {
    ...(crop ? { crop } : {}),
    kind,
    width,
    height,
    align,
    ...(focal ? { focal } : {}),
    ...(quality ? { quality } : {}),
    ...(sharpen ? { sharpen } : {}),
    encoding,
    key,
  };
}
