// /_platform/media/: Wix's static.wixstatic.com/media/ for the embedded site. `<id>` is the original as uploaded;
// `<id>/v1/fill|fit/w_…,h_…,…/<name>` is that image at another size and format, as @wix/sdk's media helpers ask.
import { existsSync, statSync } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname, extname, resolve, sep } from "node:path";
import { mediaIdToPath } from "../core/context";
import { clientOf } from "../core/http";
import { mediaBudget, type Cached, type MediaLimits } from "./budget";
import { CONTENT_TYPES, formatOf, outputFormat, resize } from "./resize";
import { parseTransform, TransformError } from "./transform";

const ORIGINAL_TYPES: Record<string, string> = {
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".gif": "image/gif",
  ".avif": "image/avif",
};

/** Formats the transform accepts as input (image-kit never transforms an SVG: it links the original). */
const TRANSFORMABLE = new Set([".png", ".jpg", ".jpeg", ".webp", ".gif", ".avif"]);

export interface MediaSource {
  /** The folder the originals live in. */
  dir: string;
  /** Draws a seeded photo that is not on disk yet; undefined when `rel` is none of them. */
  draw?: (rel: string) => (() => Promise<Buffer>) | undefined;
}

const IMMUTABLE = "public, max-age=31536000, immutable";

const text = (body: string, status: number, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", ...headers } });

export function mediaHandler(source: MediaSource, limits: MediaLimits) {
  const root = resolve(source.dir);
  const budget = mediaBudget(limits);
  const drawing = new Map<string, Promise<Buffer>>();

  /** The original's bytes: the file, or the seeded photo drawn once and kept on disk when the folder is writable. */
  async function original(rel: string): Promise<Buffer | null> {
    const file = resolve(root, rel);
    if (!file.startsWith(root + sep)) return null;
    if (existsSync(file)) return statSync(file).isFile() ? readFile(file) : null;
    const draw = source.draw?.(rel);
    if (!draw) return null;
    let pending = drawing.get(rel);
    if (!pending) {
      pending = draw().then(async (jpeg) => {
        const tmp = `${file}.${process.pid}.tmp`;
        try {
          await mkdir(dirname(file), { recursive: true });
          await writeFile(tmp, jpeg);
          await rename(tmp, file);
        } catch {
          // a read-only image folder (a container): answered from memory this time, drawn again next time
        }
        return jpeg;
      });
      drawing.set(rel, pending);
      void pending.finally(() => drawing.delete(rel)).catch(() => {});
    }
    return pending;
  }

  async function transformed(request: Request, rel: string, segments: string[], head: boolean): Promise<Response> {
    if (!TRANSFORMABLE.has(extname(rel).toLowerCase())) return text("Cette image ne se transforme pas", 400);
    let t;
    try {
      t = parseTransform(segments);
    } catch (err) {
      if (err instanceof TransformError) return text(`Transformation refusée : ${err.message}`, 400);
      throw err;
    }
    const accept = request.headers.get("accept") ?? "";
    // The format depends on Accept only through enc_*: the cache key carries the choice, not the whole header.
    const guessed = outputFormat(t, extname(rel).slice(1).toLowerCase().replace("jpg", "jpeg"), accept);
    const key = `${rel}|${t.key}|${guessed}`;
    // A missing image or an impossible crop is cached like an image: asking again costs nothing.
    const answer = budget.get(key, clientOf(request), async (): Promise<Cached> => {
      const bytes = await original(rel);
      if (!bytes) return { status: 404, body: Buffer.from("Image introuvable"), type: "" };
      const format = outputFormat(t, await formatOf(bytes), accept);
      try {
        return { status: 200, body: await resize(bytes, t, format), type: CONTENT_TYPES[format] };
      } catch (err) {
        if (!(err instanceof TransformError)) throw err;
        return { status: 400, body: Buffer.from(`Transformation refusée : ${err.message}`), type: "" };
      }
    });
    if (!(answer instanceof Promise))
      return text(
        answer.status === 429 ? "Trop de tailles d'image nouvelles, réessayez dans une minute" : "Serveur d'images occupé",
        answer.status,
        {
          "retry-after": String(answer.retryAfter),
        },
      );
    const { status, body, type } = await answer;
    if (status !== 200) return text(body.toString(), status);
    return new Response(head ? null : new Uint8Array(body), {
      headers: {
        "content-type": type,
        "content-length": String(body.length),
        "cache-control": IMMUTABLE,
        "x-content-type-options": "nosniff",
        ...(t.encoding === "none" ? {} : { vary: "Accept" }),
      },
    });
  }

  /** `sub` is the path after /_platform/media/. */
  return async function serveMedia(request: Request, sub: string): Promise<Response> {
    const method = request.method.toUpperCase();
    if (method !== "GET" && method !== "HEAD") return text("Méthode non autorisée", 405, { allow: "GET, HEAD" });
    let segments: string[];
    try {
      segments = sub.split("/").map(decodeURIComponent);
    } catch {
      return text("Image introuvable", 404);
    }
    if (segments.some((s) => s === "" || s === "." || s === ".." || s.includes("\\") || s.includes("\0")))
      return text("Image introuvable", 404);
    // `<id>/v1/<transform…>/<name>`: the name is the SEO file name Wix ignores.
    if (segments.length >= 4 && segments[1] === "v1")
      return transformed(request, mediaIdToPath(segments[0]!), segments.slice(2, -1), method === "HEAD");
    const rel = segments.length === 1 ? mediaIdToPath(segments[0]!) : segments.join("/");
    const type = ORIGINAL_TYPES[extname(rel).toLowerCase()];
    const bytes = type ? await original(rel) : null;
    if (!type || !bytes) return text("Image introuvable", 404);
    return new Response(method === "HEAD" ? null : new Uint8Array(bytes), {
      headers: {
        "content-type": type,
        "content-length": String(bytes.length),
        "cache-control": IMMUTABLE,
        "x-content-type-options": "nosniff",
        ...(type === "image/svg+xml" ? { "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'" } : {}),
      },
    });
  };
}
