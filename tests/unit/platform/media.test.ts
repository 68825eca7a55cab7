import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { media } from "@wix/sdk";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mediaBudget, type Cached } from "../../../platform/media/budget";
import { mediaHandler } from "../../../platform/media/media";
import { MAX_AREA, parseTransform, TransformError } from "../../../platform/media/transform";

const after = (url: string) =>
  url
    .slice(url.indexOf("/v1/") + 4)
    .split("/")
    .slice(0, -1);
const URI = "wix:image://v1/products__photo.jpg/photo.jpg#originWidth=1200&originHeight=900";

describe("the transform Wix's helpers write", () => {
  it("reads every form @wix/image-kit writes: fill, fit, focal point, crop, quality, sharpening, encodings", () => {
    const urls = [
      media.getScaledToFillImageUrl(URI, 400, 300, {}),
      media.getScaledToFillImageUrl(URI, 400, 300, { focalPoint: { x: 20, y: 70 }, quality: 60 }),
      media.getScaledToFitImageUrl("wix:image://v1/products__photo.jpg/photo.jpg", 300, 300, {}),
      media.getCroppedImageUrl(URI, 10, 20, 600, 400, 300, 200, {}),
      media.getScaledToFillImageUrl(URI, 400, 300, { encoding: "AVIF", progressive: false, upscaleMethod: "super" }),
    ];
    const parsed = urls.map((url) => parseTransform(after(url)));
    expect(parsed[0]).toMatchObject({ kind: "fill", width: 400, height: 300, align: "c", encoding: "auto" });
    expect(parsed[1]).toMatchObject({ focal: { x: 0.2, y: 0.7 }, quality: 60 });
    expect(parsed[2]).toMatchObject({ kind: "fit", width: 300, height: 300 });
    expect(parsed[3]).toMatchObject({ crop: { x: 10, y: 20, width: 600, height: 400 }, kind: "fill", width: 300, height: 200 });
    expect(parsed[4]).toMatchObject({ encoding: "avif" });
    // One size, one key, whatever the order its parameters came in.
    expect(parseTransform(["fill", "enc_auto,q_80,w_400,h_300,al_c"]).key).toBe(
      parseTransform(["fill", "w_400,h_300,al_c,q_80,enc_auto"]).key,
    );
  });

  it("refuses what it does not know and what costs too much: past 5000 px a side or 25 Mpx, repeats, filters, junk", () => {
    const refused = [
      ["fill", "w_5001,h_10,al_c"],
      ["fill", `w_5000,h_${Math.floor(MAX_AREA / 5000) + 1},al_c`],
      ["fill", "w_4000,h_4000,al_c,w_10"],
      ["fill", "w_0,h_10,al_c"],
      ["fill", "w_10,h_10,al_x"],
      ["fit", "w_10,h_10,al_c"],
      ["fill", "w_10,h_10,al_c,blur_30"],
      ["fill", "w_10,h_10,al_c,wm_logo"],
      ["fill", "w_1e3,h_10"],
      ["fill", "w_10,h_10,al_c,fp_0.5_0.5"],
      ["stretch", "w_10,h_10"],
      ["fill", "w_10,h_10", "fill", "w_5,h_5"],
      ["crop", "x_0,y_0,w_10,h_10,z_1", "fill", "w_10,h_10"],
    ];
    for (const segments of refused) expect(() => parseTransform(segments), segments.join("/")).toThrow(TransformError);
    expect(parseTransform(["fill", "w_5000,h_5000,al_c"]).width).toBe(5000);
  });
});

describe("what a flood of sizes may cost", () => {
  const answer = (n: number): Cached => ({ status: 200, body: Buffer.alloc(n), type: "image/webp" });

  it("computes a size once however many ask at once, and answers it again from the cache for free", async () => {
    const budget = mediaBudget({ cacheBytes: 10_000, newSizesPerMinute: 1, concurrent: 1, queue: 10 });
    let computed = 0;
    const compute = async () => {
      computed++;
      await new Promise((r) => setTimeout(r, 20));
      return answer(100);
    };
    const all = await Promise.all(Array.from({ length: 5 }, () => budget.get("a", "client", compute) as Promise<Cached>));
    expect(computed).toBe(1);
    expect(all.every((a) => a === all[0])).toBe(true);
    // Cached: no allowance spent, though this client's single new size a minute is used up.
    await expect(budget.get("a", "client", compute)).resolves.toBe(all[0]);
    expect(computed).toBe(1);
  });

  it("gives each client its own allowance of new sizes a minute, then 429 until the minute is over", async () => {
    let now = 0;
    const budget = mediaBudget({ cacheBytes: 10_000, newSizesPerMinute: 3, concurrent: 2, queue: 10 }, () => now);
    const compute = async () => answer(10);
    for (const key of ["1", "2", "3"]) await budget.get(key, "flooder", compute);
    expect(budget.get("4", "flooder", compute)).toEqual({ status: 429, retryAfter: 60 });
    await expect(budget.get("4", "someone-else", compute)).resolves.toMatchObject({ status: 200 });
    now += 60_000;
    await expect(budget.get("5", "flooder", compute)).resolves.toMatchObject({ status: 200 });
  });

  it("keeps at most cacheBytes of answers, the least recently used dropped first", async () => {
    const budget = mediaBudget({ cacheBytes: 1000, newSizesPerMinute: 100, concurrent: 1, queue: 10 });
    for (const key of ["a", "b", "c", "d"]) await budget.get(key, "c", async () => answer(300));
    expect(budget.stats()).toMatchObject({ entries: 3, bytes: 900 });
    let computed = 0;
    await budget.get("a", "c", async () => (computed++, answer(300)));
    expect(computed).toBe(1);
  });

  it("runs `concurrent` resizes at once and refuses with 503 past a full queue", async () => {
    const budget = mediaBudget({ cacheBytes: 10_000, newSizesPerMinute: 100, concurrent: 1, queue: 1 });
    let release!: () => void;
    const slow = () => new Promise<Cached>((resolve) => (release = () => resolve(answer(1))));
    const first = budget.get("1", "c", slow) as Promise<Cached>;
    const second = budget.get("2", "c", async () => answer(1)) as Promise<Cached>;
    expect(budget.get("3", "c", async () => answer(1))).toEqual({ status: 503, retryAfter: 1 });
    release();
    await Promise.all([first, second]);
  });
});

describe("/_platform/media/ through the handler", () => {
  let dir: string;
  let serve: ReturnType<typeof mediaHandler>;
  let drawn = 0;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "media-"));
    mkdirSync(join(dir, "products"));
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#2455a4" } })
      .jpeg()
      .toBuffer();
    writeFileSync(join(dir, "products", "photo.jpg"), photo);
    serve = mediaHandler(
      {
        dir,
        draw: (rel) => (rel === "products/later.jpg" ? async () => (drawn++, photo) : undefined),
      },
      { cacheBytes: 1_000_000, newSizesPerMinute: 2, concurrent: 1, queue: 4 },
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const get = (path: string, client = "203.0.113.9", accept = "image/webp,*/*") =>
    serve(new Request(`http://shop.example/_platform/media/${path}`, { headers: { accept, "x-platform-client-ip": client } }), path);

  it("answers the asked size with a year's cache and Vary: Accept; a bad transform is a 400, a missing image a 404", async () => {
    const res = await get("products__photo.jpg/v1/fill/w_120,h_90,al_c,q_80,enc_auto/photo.jpg");
    expect(res.status).toBe(200);
    expect(res.headers.get("vary")).toBe("Accept");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 120, 90]);
    const bad = await get("products__photo.jpg/v1/fill/w_120,h_90,al_c,sepia_1/photo.jpg");
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("sepia");
    expect((await get("products__absent.jpg/v1/fill/w_10,h_10,al_c/absent.jpg", "198.51.100.1")).status).toBe(404);
    expect((await get("products__photo.jpg/v1/fill/w_10,h_10,al_c/..")).status).toBe(404);
  });

  it("a client past its allowance of new sizes gets 429; sizes already made still answer", async () => {
    const client = "192.0.2.77";
    expect((await get("products__photo.jpg/v1/fill/w_60,h_45,al_c/photo.jpg", client)).status).toBe(200);
    expect((await get("products__photo.jpg/v1/fill/w_61,h_45,al_c/photo.jpg", client)).status).toBe(200);
    const refused = await get("products__photo.jpg/v1/fill/w_62,h_45,al_c/photo.jpg", client);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("60");
    expect((await get("products__photo.jpg/v1/fill/w_60,h_45,al_c/photo.jpg", client)).status).toBe(200);
  });

  it("draws a seeded photo missing from disk once, then serves the file", async () => {
    expect((await get("products__later.jpg", "198.51.100.2")).status).toBe(200);
    expect((await get("products__later.jpg/v1/fill/w_40,h_30,al_c/later.jpg", "198.51.100.2")).status).toBe(200);
    expect(drawn).toBe(1);
  });
});
