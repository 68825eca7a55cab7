// Wix's image service through @wix/sdk's media helpers: the URLs the helpers write from the catalog's and the
// cart's images are answered with an image of the size and format they ask. On the embedded platform the helpers
// are given its base (`baseHostURL`), the app's only difference from a Wix site.
import { media } from "@wix/sdk";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { addBySlug, APP_ORIGIN, isWix, makeClient, productBySlug, usePlatform } from "./harness";

const ctx = usePlatform();
const client = makeClient();
const base = isWix ? {} : { baseHostURL: `${APP_ORIGIN}/_platform/media/` };
const CHROME_ACCEPT = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";

async function get(url: string, accept = CHROME_ACCEPT) {
  const request = new Request(url, { headers: { accept } });
  const res = isWix ? await fetch(request) : await ctx.platform.fetch(request);
  const body = Buffer.from(await res.arrayBuffer());
  const meta = res.status === 200 ? await sharp(body).metadata() : undefined;
  return { res, body, width: meta?.width, height: meta?.height, format: meta?.format };
}

const asked = (url: string) => /\/fill\/w_(\d+),h_(\d+),/.exec(url)!.slice(1).map(Number);

/** A catalog image as the URI the helpers read: Catalog V1 gives its media id and original size. */
async function productImage(slug: string): Promise<string> {
  const item = (await productBySlug(client, slug)).media!.items![0]!;
  return `wix:image://v1/${item._id}/${slug}.jpg#originWidth=${item.image!.width}&originHeight=${item.image!.height}`;
}

describe("media helpers against the image service", () => {
  it("getScaledToFillImageUrl: the product photo at the asked width and height, WebP for a browser that takes it", async () => {
    const uri = await productImage("audit-si");
    for (const [w, h] of [
      [400, 300],
      [1120, 840],
      [96, 96],
    ] as const) {
      const url = media.getScaledToFillImageUrl(uri, w, h, { ...base, devicePixelRatio: 1 });
      expect(url).toMatch(/\/v1\/fill\/w_\d+,h_\d+,al_c,q_\d+,usm_[\d._]+,enc_auto\//);
      const image = await get(url);
      expect(image.res.status).toBe(200);
      expect(image.res.headers.get("content-type")).toBe("image/webp");
      expect(image.format).toBe("webp");
      expect([image.width, image.height]).toEqual([w, h]);
      expect(image.res.headers.get("cache-control")).toMatch(/max-age=31536000/);
    }
  });

  it("enc_auto keeps the original's format (JPEG) for a client that takes no WebP; the original stays at its plain address", async () => {
    const uri = await productImage("livre-react");
    const url = media.getScaledToFillImageUrl(uri, 480, 360, { ...base, devicePixelRatio: 1 });
    const jpeg = await get(url, "image/jpeg,image/*;q=0.8");
    expect(jpeg.res.headers.get("content-type")).toBe("image/jpeg");
    expect([jpeg.width, jpeg.height]).toEqual([480, 360]);
    const original = await get(
      media
        .getImageUrl(uri)
        .url.replace(
          "https://static.wixstatic.com/media/",
          isWix ? "https://static.wixstatic.com/media/" : `${APP_ORIGIN}/_platform/media/`,
        ),
    );
    expect(original.res.status).toBe(200);
    const { width, height } = media.getImageUrl(uri);
    expect([original.width, original.height]).toEqual([width, height]);
    // The transformed image is a small part of what was uploaded.
    expect(jpeg.body.length * 10).toBeLessThan(original.body.length);
  });

  it("the cart's line image (a wix:image URI from @wix/ecom), fitted and cropped: the size the URL asks", async () => {
    const { cart } = await addBySlug(makeClient(), "mug-it-works");
    const uri = cart.lineItems![0]!.image!;
    expect(uri).toMatch(/^wix:image:\/\/v1\/[^/]+\/[^#]+#originWidth=\d+&originHeight=\d+$/);
    const fitted = media.getScaledToFitImageUrl(uri, 300, 300, { ...base, devicePixelRatio: 1 });
    const cropped = media.getCroppedImageUrl(uri, 200, 100, 800, 600, 200, 150, { ...base, devicePixelRatio: 1 });
    expect(cropped).toMatch(/\/v1\/crop\/x_200,y_100,w_800,h_600\/fill\/w_200,h_150,/);
    for (const url of [fitted, cropped]) {
      const image = await get(url);
      expect(image.res.status).toBe(200);
      expect([image.width, image.height]).toEqual(asked(url));
    }
  });
});
